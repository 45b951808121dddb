-- Rollups summed in memory (decision 110): the click writer keeps new clicks' sums in
-- memory for up to a second and writes them in one transaction with this watermark, the
-- newest click id whose contribution is in the rollups. Every stored click at or below it
-- is counted; every click above it is not, and start-up adds those from the raw rows.
-- Until now every click was counted in its own batch.
CREATE TABLE rollup_watermark (click_id TEXT NOT NULL) STRICT;
INSERT INTO rollup_watermark (click_id) SELECT coalesce(max(id), '') FROM clicks;
