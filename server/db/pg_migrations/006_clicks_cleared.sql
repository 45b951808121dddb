-- The twin of SQLite's 170: where auto-clearing has removed raw clicks (decision 160, "Update 5").
-- Cost updates on PostgreSQL write the rows and never read it; it is kept so both stores have one
-- schema.
CREATE TABLE clicks_cleared (
  campaign_id bigint PRIMARY KEY,
  before_ts bigint NOT NULL
);

INSERT INTO clicks_cleared (campaign_id, before_ts)
  SELECT 0, (value::jsonb ->> 'finishedAt')::bigint FROM settings
  WHERE key = 'auto-clearing.last-run' AND value::jsonb ->> 'finishedAt' IS NOT NULL;
