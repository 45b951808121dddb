-- Tracking tables (issue 5), replacing 003's minimal ones. See
-- docs/decisions/050-click-storage.md. Money in integer micro-units (decision 020).
--
-- A click row must stay small (≤ 400 bytes on disk): the table is clustered on
-- its time-ordered id (WITHOUT ROWID, so no second key), user agents and places
-- are interned in dictionaries, and there is no secondary index: every insert
-- appends at the right edge of one B-tree. Time ranges read the id range;
-- uniqueness is answered from memory (rebuilt from recent clicks at start).

CREATE TABLE user_agents (
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL UNIQUE,
  device_type TEXT NOT NULL,
  brand TEXT NOT NULL,
  model TEXT NOT NULL,
  os TEXT NOT NULL,
  os_version TEXT NOT NULL,
  browser TEXT NOT NULL,
  browser_version TEXT NOT NULL
) STRICT;

CREATE TABLE places (
  id INTEGER PRIMARY KEY,
  country TEXT NOT NULL,
  region TEXT NOT NULL,
  city TEXT NOT NULL,
  isp TEXT NOT NULL,
  UNIQUE (country, region, city, isp)
) STRICT;

CREATE TABLE clicks_v2 (
  id TEXT PRIMARY KEY,
  ts INTEGER NOT NULL,
  campaign_id INTEGER,
  traffic_source_id INTEGER,
  rotation_id INTEGER,
  -- Index of the matched rule in the flow (NULL: default paths) and of the path in it.
  rule INTEGER,
  path INTEGER,
  landing_id INTEGER,
  offer_id INTEGER,
  external_id TEXT,
  cost INTEGER NOT NULL DEFAULT 0,
  ip TEXT,
  place_id INTEGER,
  ua_id INTEGER,
  language TEXT,
  referrer TEXT,
  -- t1…tN as a JSON array (trailing empty tokens dropped), NULL when none.
  tokens TEXT,
  is_unique INTEGER NOT NULL DEFAULT 0,
  is_bot INTEGER NOT NULL DEFAULT 0,
  bot_reason TEXT,
  lp_click_ts INTEGER
) STRICT, WITHOUT ROWID;

INSERT INTO clicks_v2 (id, ts, campaign_id, traffic_source_id, rotation_id, landing_id, offer_id,
  is_unique, is_bot, lp_click_ts, cost)
SELECT id, ts, campaign_id, traffic_source_id, rotation_id, landing_id, offer_id,
  is_unique, is_bot, lp_click_ts, cost FROM clicks;

CREATE TABLE conversions_v2 (
  id INTEGER PRIMARY KEY,
  click_id TEXT NOT NULL REFERENCES clicks_v2 (id),
  ts INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('lead', 'sale', 'rejected', 'hold')),
  original_status TEXT NOT NULL DEFAULT '',
  payout INTEGER NOT NULL DEFAULT 0,
  currency TEXT NOT NULL DEFAULT 'USD',
  txid TEXT NOT NULL DEFAULT '',
  is_upsell INTEGER NOT NULL DEFAULT 0,
  -- 0 once a later postback for the same click (same txid for upsells) replaced it.
  current INTEGER NOT NULL DEFAULT 1,
  -- The S2S postback to the traffic source: '', queued, sent …, failed …, skipped ….
  postback_outcome TEXT NOT NULL DEFAULT ''
) STRICT;

INSERT INTO conversions_v2 (id, click_id, ts, status, original_status, payout, currency, txid,
  is_upsell, postback_outcome)
SELECT id, click_id, ts, status, original_status, payout, currency, txid, is_upsell,
  postback_outcome FROM conversions;

DROP TABLE conversions;
DROP TABLE clicks;
ALTER TABLE clicks_v2 RENAME TO clicks;
ALTER TABLE conversions_v2 RENAME TO conversions;

-- The same click, txid and status is one conversion (DESIGN §4), across retries and restarts.
CREATE UNIQUE INDEX conversions_once ON conversions (click_id, txid, status);
CREATE INDEX conversions_by_ts ON conversions (ts);

-- S2S postbacks waiting to be sent (or retried) to traffic sources.
CREATE TABLE s2s_queue (
  id INTEGER PRIMARY KEY,
  conversion_id INTEGER NOT NULL REFERENCES conversions (id),
  url TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL
) STRICT;
CREATE INDEX s2s_queue_due ON s2s_queue (next_at);
