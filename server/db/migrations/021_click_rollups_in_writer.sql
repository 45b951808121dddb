-- New clicks reach the rollups through the click writer, summed once per
-- group-commit batch in the batch's transaction (server/tracking/click_rollup.ts,
-- decision 054): the per-row trigger cost ~11 µs a click. Lander click-throughs,
-- cost changes and conversions keep their triggers (020_rollups.sql).
DROP TRIGGER rollup_click_insert;
