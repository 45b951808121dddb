-- The time zone a campaign's weekday and hour rules run in (decision 121): an IANA name,
-- or '' for the tracker's report time zone.
ALTER TABLE campaigns ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
