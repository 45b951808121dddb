-- Manual conversion status changes (issue 12 item 9): who changed which conversion, when,
-- from what to what, and what became of the source postback the change called for.
CREATE TABLE conversion_changes (
  id INTEGER PRIMARY KEY,
  conversion_id INTEGER NOT NULL REFERENCES conversions (id),
  ts INTEGER NOT NULL,
  user_id INTEGER,
  username TEXT NOT NULL,
  field TEXT NOT NULL,
  before TEXT NOT NULL,
  after TEXT NOT NULL,
  postback_outcome TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX conversion_changes_by_conversion ON conversion_changes (conversion_id, ts);
