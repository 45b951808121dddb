-- Domains and links (issue 12 item 11): a campaign may answer clicks only on its tracking
-- domain, and a domain may send its root address (https://domain/) to a campaign.
ALTER TABLE campaigns ADD COLUMN domain_only INTEGER NOT NULL DEFAULT 0;
ALTER TABLE domains ADD COLUMN root_campaign_id INTEGER REFERENCES campaigns (id);
