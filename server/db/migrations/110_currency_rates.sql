-- Currency rates (issue 13 item 2): one rate per currency per UTC day, in the European
-- Central Bank's convention: how many units of `currency` one euro buys (EUR itself is
-- always 1 and never stored). A day without a row uses the latest earlier one. Reports
-- convert every amount at read time, so changing a rate changes past reports and no
-- stored amount is rewritten. Each change is kept in currency_rate_changes.
CREATE TABLE currency_rates (
  currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency != 'EUR'),
  day TEXT NOT NULL,
  per_eur REAL NOT NULL CHECK (per_eur > 0),
  source TEXT NOT NULL CHECK (source IN ('manual', 'csv', 'ecb')),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (currency, day)
) STRICT, WITHOUT ROWID;

CREATE TABLE currency_rate_changes (
  id INTEGER PRIMARY KEY,
  ts INTEGER NOT NULL,
  user_id INTEGER,
  username TEXT NOT NULL,
  source TEXT NOT NULL,
  currency TEXT NOT NULL,
  day TEXT NOT NULL,
  before REAL,
  after REAL
) STRICT;
CREATE INDEX currency_rate_changes_by_day ON currency_rate_changes (currency, day);
