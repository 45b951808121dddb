-- Cost updates (issue 13 item 1, decision 160): who set which spend, over which
-- clicks, and each touched click's cost before, so an update can be undone.
-- Money in integer micro-units (decision 020).
CREATE TABLE cost_updates (
  id INTEGER PRIMARY KEY,
  ts INTEGER NOT NULL,
  user_id INTEGER,
  username TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('panel', 'api', 'csv', 'keitaro')),
  campaign_ids TEXT NOT NULL,
  period_from TEXT NOT NULL,
  period_to TEXT NOT NULL,
  tz TEXT NOT NULL,
  filters TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('replace', 'add')),
  unique_only INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  clicks INTEGER NOT NULL,
  cost_before INTEGER NOT NULL,
  cost_after INTEGER NOT NULL,
  undone_at INTEGER,
  undone_by TEXT
) STRICT;

CREATE TABLE cost_update_clicks (
  update_id INTEGER NOT NULL REFERENCES cost_updates (id),
  click_id TEXT NOT NULL,
  before INTEGER NOT NULL,
  PRIMARY KEY (update_id, click_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX cost_update_clicks_by_click ON cost_update_clicks (click_id);
