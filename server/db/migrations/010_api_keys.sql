-- Per-user API keys for the public API (`Api-Key` header). Only a SHA-256 of
-- the key is kept; `prefix` (the first characters) lets a user tell keys apart.
-- Scope `click` keys reach only the click API.
CREATE TABLE api_keys (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  scope TEXT NOT NULL DEFAULT 'api' CHECK (scope IN ('api', 'click')),
  prefix TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER,
  revoked_at INTEGER
) STRICT;
CREATE INDEX api_keys_by_user ON api_keys (user_id);
