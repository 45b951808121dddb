-- Entities of DESIGN §3. Money columns hold integer micro-units (1e-6), see
-- docs/decisions/020-money-as-integers.md. Nested values (params, tokens, flows,
-- destinations, maps) are JSON text validated by the contracts before writing.
-- Nothing is deleted: archived = 1 hides a row, so foreign keys never dangle.

CREATE TABLE groups (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  group_id INTEGER,
  notes TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  archived INTEGER NOT NULL DEFAULT 0,
  type TEXT NOT NULL CHECK (type IN
    ('campaign', 'offer', 'landing', 'traffic-source', 'affiliate-network', 'rotation'))
) STRICT;

CREATE TABLE domains (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  group_id INTEGER REFERENCES groups (id),
  notes TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  archived INTEGER NOT NULL DEFAULT 0,
  host TEXT NOT NULL COLLATE NOCASE UNIQUE,
  is_default INTEGER NOT NULL DEFAULT 0,
  purpose TEXT NOT NULL CHECK (purpose IN ('tracking', 'landers', 'panel'))
) STRICT;

CREATE TABLE traffic_sources (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  group_id INTEGER REFERENCES groups (id),
  notes TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  archived INTEGER NOT NULL DEFAULT 0,
  currency TEXT NOT NULL,
  external_id_param TEXT NOT NULL,
  cost_param TEXT NOT NULL,
  tokens TEXT NOT NULL,
  postback_url TEXT NOT NULL,
  postback_statuses TEXT NOT NULL,
  postback_percent REAL NOT NULL,
  payout_percent REAL NOT NULL
) STRICT;

CREATE TABLE affiliate_networks (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  group_id INTEGER REFERENCES groups (id),
  notes TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  archived INTEGER NOT NULL DEFAULT 0,
  offer_url_template TEXT NOT NULL,
  postback_token TEXT NOT NULL,
  postback_ip_allowlist TEXT NOT NULL,
  status_map TEXT NOT NULL,
  currency TEXT NOT NULL
) STRICT;

CREATE TABLE offers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  group_id INTEGER REFERENCES groups (id),
  notes TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  archived INTEGER NOT NULL DEFAULT 0,
  url TEXT NOT NULL,
  affiliate_network_id INTEGER REFERENCES affiliate_networks (id),
  payout_mode TEXT NOT NULL CHECK (payout_mode IN ('fixed', 'auto')),
  payout INTEGER NOT NULL,
  currency TEXT NOT NULL,
  country TEXT NOT NULL,
  upsell INTEGER NOT NULL,
  daily_cap INTEGER,
  cap_fallback_offer_id INTEGER REFERENCES offers (id)
) STRICT;
CREATE INDEX offers_by_network ON offers (affiliate_network_id);

CREATE TABLE landings (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  group_id INTEGER REFERENCES groups (id),
  notes TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  archived INTEGER NOT NULL DEFAULT 0,
  url TEXT NOT NULL,
  offer_count INTEGER NOT NULL,
  protect INTEGER NOT NULL
) STRICT;

CREATE TABLE rotations (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  group_id INTEGER REFERENCES groups (id),
  notes TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  archived INTEGER NOT NULL DEFAULT 0,
  rules TEXT NOT NULL,
  default_paths TEXT NOT NULL
) STRICT;

CREATE TABLE campaigns (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  group_id INTEGER REFERENCES groups (id),
  notes TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  archived INTEGER NOT NULL DEFAULT 0,
  key TEXT NOT NULL UNIQUE,
  traffic_source_id INTEGER REFERENCES traffic_sources (id),
  domain_id INTEGER REFERENCES domains (id),
  cost_model TEXT NOT NULL CHECK (cost_model IN ('cpc', 'cpm', 'cpa', 'revshare', 'auto')),
  cost_value INTEGER NOT NULL,
  currency TEXT NOT NULL,
  destination TEXT NOT NULL,
  hide_referrer INTEGER NOT NULL,
  uniqueness_hours INTEGER NOT NULL,
  bot_policy TEXT NOT NULL CHECK (bot_policy IN ('route', 'block', 'flag')),
  postback_url TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'paused'))
) STRICT;

-- Every reference an entity makes (scalar ids and the ids inside flows), kept
-- on each write: "who uses X" (409 on archive) is one indexed lookup.
CREATE TABLE entity_refs (
  owner_table TEXT NOT NULL,
  owner_id INTEGER NOT NULL,
  ref_table TEXT NOT NULL,
  ref_id INTEGER NOT NULL,
  PRIMARY KEY (owner_table, owner_id, ref_table, ref_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX entity_refs_by_ref ON entity_refs (ref_table, ref_id);
