-- Read-time shares of cost updates (issue 13, decision 160 "Update 3"): a cost update that covers
-- every click of a campaign-hour records the hour's share per click instead of writing every
-- click and cube row. Reports, lists and the click log read a click's cost through the share
-- (in a shared campaign-hour a row's stored cost counts only when `replaces = 0`, and every
-- non-bot click adds `share` in `currency`); a background job folds shares into the rows.

-- The effective share of a campaign-hour: every update of its chain, in order. The clicks with an
-- id in [extra_from, extra_to) get one micro-unit more (an update's remainder: its first clicks).
CREATE TABLE cost_hour_shares (
  campaign_id INTEGER NOT NULL,
  hour INTEGER NOT NULL,
  replaces INTEGER NOT NULL,
  share INTEGER NOT NULL,
  currency TEXT NOT NULL,
  extra_from TEXT,
  extra_to TEXT,
  PRIMARY KEY (campaign_id, hour)
) WITHOUT ROWID;
CREATE INDEX cost_hour_shares_by_hour ON cost_hour_shares (hour);

-- Each update's own share of each campaign-hour it covers, until folded into the rows.
CREATE TABLE cost_hour_chain (
  update_id INTEGER NOT NULL REFERENCES cost_updates (id),
  campaign_id INTEGER NOT NULL,
  hour INTEGER NOT NULL,
  mode TEXT NOT NULL,
  share INTEGER NOT NULL,
  currency TEXT NOT NULL,
  extra_from TEXT,
  extra_to TEXT,
  PRIMARY KEY (update_id, campaign_id, hour)
);
CREATE INDEX cost_hour_chain_by_hour ON cost_hour_chain (campaign_id, hour, update_id);
