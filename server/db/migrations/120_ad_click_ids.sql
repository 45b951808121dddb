-- Ad platforms' click ids on the click (issue 14 item 2, decision 164): a JSON object of the
-- ones the landing address carried (fbclid, gclid, ttclid, msclkid, wbraid, gbraid), NULL for
-- none, so a click without any costs one NULL. Reports read them from raw clicks.
ALTER TABLE clicks ADD COLUMN ad_click_ids TEXT;
