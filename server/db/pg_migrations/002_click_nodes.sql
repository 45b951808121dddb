-- The click path with several nodes on one database (issue 16 item 2, decision 172: "The click
-- path on PostgreSQL"). PostgreSQL only: SQLite has one node.
-- A click remembers the node that wrote it (`ROTOR_NODE_ID`); NULL for clicks written before
-- (copied from SQLite, or by this database's first node before this migration: all counted).
ALTER TABLE clicks ADD COLUMN node text COLLATE "C";

-- One watermark per node: every click of node N with an id up to N's `click_id` is in the
-- rollups, every later click of N is not. The row the baseline made keeps the node '' (the
-- clicks without a node); a node's own row is made at its first start from the newest mark.
ALTER TABLE rollup_watermark ADD COLUMN node text COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE rollup_watermark ADD PRIMARY KEY (node);
