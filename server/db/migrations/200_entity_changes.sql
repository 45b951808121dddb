-- Changes to the money an entity sets for what comes after it (decision 185): an offer's payout,
-- its mode and currency; a campaign's cost model, value and currency. Who (the panel user or API
-- key's user, or the trigger), when, the field, and the values before and after as the API shows
-- them (JSON). A stored click's or conversion's own amounts have their records (click_changes,
-- conversion_changes).
CREATE TABLE entity_changes (
  id INTEGER PRIMARY KEY,
  entity_table TEXT NOT NULL,
  entity_id INTEGER NOT NULL,
  ts INTEGER NOT NULL,
  author TEXT NOT NULL,
  field TEXT NOT NULL,
  before TEXT NOT NULL,
  after TEXT NOT NULL
) STRICT;
CREATE INDEX entity_changes_by_entity ON entity_changes (entity_table, entity_id, id);
