-- Settings → Feedback: messages users leave for the team running the tracker,
-- with the build info they chose to attach (JSON, or NULL).
CREATE TABLE feedback (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  message TEXT NOT NULL,
  build_info TEXT,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX feedback_by_time ON feedback (created_at);
