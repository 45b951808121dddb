-- Stable ids of flow rules and paths (decision 123). The flows (rotations.rules and
-- default_paths, campaigns.destination) carry the ids; this registry says which flow owns
-- each one (so a copied id gets a new one) and keeps its last label for old clicks' reports.
-- Ids start at 1000: clicks stored before hold positions (0–99) in clicks.rule and path.
CREATE TABLE flow_items (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('rule', 'path')),
  owner TEXT NOT NULL,
  label TEXT NOT NULL
) STRICT;
