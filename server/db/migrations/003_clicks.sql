-- Minimal clicks and conversions: enough for the lists' stats. The tracking
-- feature refines these in a later migration. Money in integer micro-units.

-- Click ids are time-ordered (time prefix + randomness), so inserts append.
CREATE TABLE clicks (
  id TEXT PRIMARY KEY,
  ts INTEGER NOT NULL,
  campaign_id INTEGER,
  traffic_source_id INTEGER,
  rotation_id INTEGER,
  landing_id INTEGER,
  offer_id INTEGER,
  is_unique INTEGER NOT NULL DEFAULT 0,
  is_bot INTEGER NOT NULL DEFAULT 0,
  lp_click_ts INTEGER,
  cost INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX clicks_by_ts ON clicks (ts);
CREATE INDEX clicks_by_campaign ON clicks (campaign_id, ts);
CREATE INDEX clicks_by_traffic_source ON clicks (traffic_source_id, ts);
CREATE INDEX clicks_by_rotation ON clicks (rotation_id, ts);
CREATE INDEX clicks_by_landing ON clicks (landing_id, ts);
CREATE INDEX clicks_by_offer ON clicks (offer_id, ts);

CREATE TABLE conversions (
  id INTEGER PRIMARY KEY,
  click_id TEXT NOT NULL REFERENCES clicks (id),
  ts INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('lead', 'sale', 'rejected', 'hold')),
  original_status TEXT NOT NULL DEFAULT '',
  payout INTEGER NOT NULL DEFAULT 0,
  currency TEXT NOT NULL DEFAULT 'USD',
  txid TEXT NOT NULL DEFAULT '',
  is_upsell INTEGER NOT NULL DEFAULT 0,
  postback_outcome TEXT NOT NULL DEFAULT ''
) STRICT;
-- The same click, txid and status is one conversion (DESIGN §4).
CREATE UNIQUE INDEX conversions_once ON conversions (click_id, txid, status);
CREATE INDEX conversions_by_ts ON conversions (ts);
