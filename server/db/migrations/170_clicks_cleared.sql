-- Where auto-clearing has removed raw clicks (decision 160, "Update 5"): the clicks of a campaign
-- older than `before_ts` may be gone while the rollups still count them, so a cost update over
-- those hours is planned from the clicks, not from the cubes. Campaign 0 stands for every campaign.
CREATE TABLE clicks_cleared (
  campaign_id INTEGER PRIMARY KEY,
  before_ts INTEGER NOT NULL
) STRICT;

-- A clearing that ran before this table existed: its cut is not known, only that it came before
-- the end of the last run.
INSERT INTO clicks_cleared (campaign_id, before_ts)
  SELECT 0, json_extract(value, '$.finishedAt') FROM settings
  WHERE key = 'auto-clearing.last-run' AND json_extract(value, '$.finishedAt') IS NOT NULL;
