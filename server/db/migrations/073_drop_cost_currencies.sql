-- A campaign's and a traffic source's "currency" changed nothing: costs are stored per
-- click in micro-units without a currency, and summed as they are (issue 12). Both fields
-- left the forms and the contracts; their NOT NULL columns (no default) would refuse new rows.
ALTER TABLE campaigns DROP COLUMN currency;
ALTER TABLE traffic_sources DROP COLUMN currency;
