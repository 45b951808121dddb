-- Redirect modes (issue 14 item 4, decision 165): the `hide_referrer` flag becomes a mode.
-- A campaign that hid its referrer answers with the same no-referrer refresh page ('meta').
ALTER TABLE campaigns ADD COLUMN redirect_mode TEXT NOT NULL DEFAULT '302'
  CHECK (redirect_mode IN ('302', 'meta', 'double-meta'));
UPDATE campaigns SET redirect_mode = 'meta' WHERE hide_referrer = 1;
ALTER TABLE campaigns DROP COLUMN hide_referrer;
