-- Cost updates are applied in short transactions (decision 160 update), so a click never waits
-- behind a whole update: an update is 'applying' until its last part is written, 'undoing'
-- while its old costs come back. At start, an update left 'applying' by a crash is rolled back
-- ('failed'), one left 'undoing' is finished: every update is all or nothing.
ALTER TABLE cost_updates ADD COLUMN state TEXT NOT NULL DEFAULT 'done'
  CHECK (state IN ('applying', 'done', 'failed', 'undoing'));
