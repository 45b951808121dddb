-- Conversion events (issue 14 item 3, decision 167). A conversion may carry an event type the
-- buyer named (Settings → Postback processing → Events: registration, ftd, deposit …) beside its base status; '' for
-- none. `event_payout` is the payout the network reported for it; `payout` (what revenue sums)
-- holds the same amount, or 0 for an event type whose payout does not count as revenue.
ALTER TABLE conversions ADD COLUMN event TEXT NOT NULL DEFAULT '';
ALTER TABLE conversions ADD COLUMN event_payout INTEGER NOT NULL DEFAULT 0;

-- Events of different types on one click are different conversions: the event joins the key.
DROP INDEX conversions_once;
CREATE UNIQUE INDEX conversions_once ON conversions (click_id, txid, status, event);

-- The report's event columns read only conversions with an event, by their time or their click's.
CREATE INDEX conversions_events_by_ts ON conversions (ts) WHERE event != '';
CREATE INDEX conversions_events_by_click ON conversions (click_id) WHERE event != '';

-- Numeric events 1–10 of a click (`/click/update?clickid=…&event1=…`, Binom style): the value
-- each last took, summed by reports at the click's time. A cleared click takes them along.
CREATE TABLE click_events (
  click_id TEXT NOT NULL REFERENCES clicks (id) ON DELETE CASCADE,
  n INTEGER NOT NULL CHECK (n BETWEEN 1 AND 10),
  value REAL NOT NULL,
  ts INTEGER NOT NULL,
  PRIMARY KEY (click_id, n)
) STRICT, WITHOUT ROWID;

-- The events a traffic source takes back, each with an optional URL of its own (JSON list).
ALTER TABLE traffic_sources ADD COLUMN postback_events TEXT NOT NULL DEFAULT '[]';
