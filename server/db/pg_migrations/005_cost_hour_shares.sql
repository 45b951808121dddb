-- The twin of SQLite's 160 (read-time shares of cost updates, decision 160 "Update 3"). The tables
-- exist so that both stores have one schema; on PostgreSQL cost updates write the rows (its row
-- locks never hold a click insert), so they stay empty.
CREATE TABLE cost_hour_shares (
  campaign_id bigint NOT NULL,
  hour bigint NOT NULL,
  replaces bigint NOT NULL,
  share bigint NOT NULL,
  currency text COLLATE "C" NOT NULL,
  extra_from text COLLATE "C",
  extra_to text COLLATE "C",
  PRIMARY KEY (campaign_id, hour)
);
CREATE INDEX cost_hour_shares_by_hour ON cost_hour_shares (hour);

CREATE TABLE cost_hour_chain (
  update_id bigint NOT NULL REFERENCES cost_updates (id),
  campaign_id bigint NOT NULL,
  hour bigint NOT NULL,
  mode text COLLATE "C" NOT NULL,
  share bigint NOT NULL,
  currency text COLLATE "C" NOT NULL,
  extra_from text COLLATE "C",
  extra_to text COLLATE "C",
  PRIMARY KEY (update_id, campaign_id, hour)
);
CREATE INDEX cost_hour_chain_by_hour ON cost_hour_chain (campaign_id, hour, update_id);
