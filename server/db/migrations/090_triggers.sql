-- Triggers (issue 15, decision 150): rules over report figures and URLs, with
-- their scheduler state, the cooldown per watched subject, the record of every
-- action (undoable), in-panel notifications and the channel settings.

CREATE TABLE triggers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  group_id INTEGER REFERENCES groups (id),
  notes TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  archived INTEGER NOT NULL DEFAULT 0,
  enabled INTEGER NOT NULL DEFAULT 1,
  scope TEXT NOT NULL,
  logic TEXT NOT NULL DEFAULT 'all',
  conditions TEXT NOT NULL,
  min_clicks INTEGER NOT NULL DEFAULT 0,
  formulas TEXT NOT NULL DEFAULT '[]',
  actions TEXT NOT NULL,
  check_every_minutes INTEGER NOT NULL DEFAULT 5,
  cooldown_minutes INTEGER NOT NULL DEFAULT 60,
  -- Claimed by one UPDATE … WHERE next_check_at <= now: one process checks it.
  next_check_at INTEGER NOT NULL DEFAULT 0
) STRICT;

-- A subject (campaign:3, token:zone42) fires again only after `until`.
CREATE TABLE trigger_cooldowns (
  trigger_id INTEGER NOT NULL REFERENCES triggers (id),
  subject TEXT NOT NULL,
  until INTEGER NOT NULL,
  PRIMARY KEY (trigger_id, subject)
) STRICT, WITHOUT ROWID;

CREATE TABLE trigger_actions (
  id INTEGER PRIMARY KEY,
  ts INTEGER NOT NULL,
  trigger_id INTEGER NOT NULL REFERENCES triggers (id),
  trigger_name TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  label TEXT NOT NULL,
  why TEXT NOT NULL,
  figures TEXT NOT NULL,
  changes TEXT NOT NULL DEFAULT '[]',
  error TEXT NOT NULL DEFAULT '',
  -- The figures include profit metrics: hidden from hide-profit users.
  profit INTEGER NOT NULL DEFAULT 0,
  undone_at INTEGER,
  undone_by INTEGER REFERENCES users (id)
) STRICT;
CREATE INDEX trigger_actions_by_trigger ON trigger_actions (trigger_id, id);

CREATE TABLE notifications (
  id INTEGER PRIMARY KEY,
  ts INTEGER NOT NULL,
  trigger_id INTEGER REFERENCES triggers (id),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  profit INTEGER NOT NULL DEFAULT 0,
  read_at INTEGER
) STRICT;

CREATE TABLE trigger_channels (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  settings TEXT NOT NULL
) STRICT;

-- Defaults of a new install: three alerts, on, notifying in the panel.
INSERT INTO triggers (name, created_at, updated_at, scope, conditions, actions,
  check_every_minutes, cooldown_minutes)
VALUES
  ('Postbacks silent while clicks flow', 0, 0,
   '{"type":"affiliate-network","ids":[],"campaignId":null,"token":null}',
   '[{"kind":"noPostbacks","window":{"amount":3,"unit":"hours"},"minClicks":100}]',
   '[{"kind":"notify","channels":["panel"]}]', 15, 360),
  ('Spend with no conversions', 0, 0,
   '{"type":"campaign","ids":[],"campaignId":null,"token":null}',
   '[{"kind":"metric","metric":"cost","window":{"amount":6,"unit":"hours"},"compare":"value","op":">=","value":20},{"kind":"metric","metric":"conversions","window":{"amount":6,"unit":"hours"},"compare":"value","op":"=","value":0}]',
   '[{"kind":"notify","channels":["panel"]}]', 15, 360),
  ('Lander or offer URL down', 0, 0,
   '{"type":"pages","ids":[],"campaignId":null,"token":null}',
   '[{"kind":"urlDown","mustContain":""}]',
   '[{"kind":"notify","channels":["panel"]}]', 10, 120);
