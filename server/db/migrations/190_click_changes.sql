-- Changes to a stored click's money that no conversion or cost update made (decision 184): a
-- `/click/update` adding cost or marking the click a bot (cost to 0). Who (the call and the
-- caller's address), when, the field, and the value before and after, as the click log shows
-- them. A cleared click takes its changes along.
CREATE TABLE click_changes (
  id INTEGER PRIMARY KEY,
  click_id TEXT NOT NULL REFERENCES clicks (id) ON DELETE CASCADE,
  ts INTEGER NOT NULL,
  author TEXT NOT NULL,
  field TEXT NOT NULL,
  before TEXT NOT NULL,
  after TEXT NOT NULL
) STRICT;
CREATE INDEX click_changes_by_click ON click_changes (click_id, ts);
