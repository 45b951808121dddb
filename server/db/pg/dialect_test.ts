import assert from "node:assert/strict";
import { toPostgres } from "./dialect.ts";

Deno.test("dialect: placeholders are numbered outside strings, quoted names and comments", () => {
  assert.equal(
    toPostgres("SELECT * FROM t WHERE a = ? AND b IN (?, ?)"),
    "SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)",
  );
  assert.equal(
    toPostgres(`SELECT '?', "a?b", x -- what?\n FROM t /* or? */ WHERE y = ?`),
    `SELECT '?', "a?b", x -- what?\n FROM t /* or? */ WHERE y = $1`,
  );
  assert.equal(toPostgres("SELECT 'it''s ?' WHERE a = ?"), "SELECT 'it''s ?' WHERE a = $1");
});

Deno.test("dialect: SQLite's transaction kinds become a plain BEGIN", () => {
  assert.equal(toPostgres("BEGIN IMMEDIATE"), "BEGIN");
  assert.equal(toPostgres("  begin deferred"), "BEGIN");
  assert.equal(toPostgres("COMMIT"), "COMMIT");
});

Deno.test("dialect: membership in a JSON array compares as text", () => {
  assert.equal(
    toPostgres("SELECT * FROM t WHERE c.campaign_id IN (SELECT value FROM json_each(?)) AND b = ?"),
    "SELECT * FROM t WHERE (c.campaign_id)::text IN (SELECT value FROM rotor_json_each($1)) AND b = $2",
  );
  assert.equal(
    toPostgres("WHERE lower(x.y) NOT IN (SELECT value FROM json_each(?))"),
    "WHERE (lower(x.y))::text NOT IN (SELECT value FROM rotor_json_each($1))",
  );
  assert.equal(
    toPostgres("AND (? IS NULL OR ? IN (SELECT value FROM json_each(campaign_ids)))"),
    "AND (CAST($1 AS text) IS NULL OR ($2)::text IN (SELECT value FROM rotor_json_each(campaign_ids)))",
  );
});

Deno.test("dialect: INSERT OR IGNORE, temp tables, WITHOUT ROWID and LIKE", () => {
  assert.equal(
    toPostgres("INSERT OR IGNORE INTO r (a, b) VALUES (?, ?)"),
    "INSERT INTO r (a, b) VALUES ($1, $2) ON CONFLICT DO NOTHING",
  );
  assert.equal(
    toPostgres("INSERT OR IGNORE INTO r (a) VALUES (?) RETURNING a"),
    "INSERT INTO r (a) VALUES ($1) ON CONFLICT DO NOTHING RETURNING a",
  );
  assert.equal(toPostgres("DELETE FROM temp.fx"), "DELETE FROM pg_temp.fx");
  assert.equal(
    toPostgres("CREATE TEMP TABLE fx (a INTEGER, PRIMARY KEY (a)) WITHOUT ROWID"),
    "CREATE TEMP TABLE fx (a bigint, PRIMARY KEY (a))",
  );
  assert.equal(
    toPostgres("WHERE url LIKE '%/lp/%' AND a NOT LIKE ?"),
    `WHERE (url) COLLATE "C" ILIKE '%/lp/%' AND (a) COLLATE "C" NOT ILIKE $1`,
  );
  assert.equal(
    toPostgres("SELECT id FROM t ORDER BY name COLLATE NOCASE asc NULLS FIRST, id asc"),
    `SELECT id FROM t ORDER BY lower((name) COLLATE "C") asc NULLS FIRST, id asc`,
  );
  assert.equal(
    toPostgres("CREATE TABLE t (host TEXT NOT NULL COLLATE NOCASE UNIQUE)"),
    "CREATE TABLE t (host TEXT NOT NULL COLLATE NOCASE UNIQUE)",
  );
});

Deno.test("dialect: an upsert names its table's key; ?N placeholders keep their number", () => {
  const keyOf = (t: string) => (t === "r" ? ["a", "b"] : undefined);
  assert.equal(
    toPostgres(
      "INSERT INTO r (a, b, n) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n, m = m - excluded.m",
      keyOf,
    ),
    "INSERT INTO r (a, b, n) VALUES ($1, $2, $3) ON CONFLICT (a, b) DO UPDATE SET n = r.n + excluded.n, m = r.m - excluded.m",
  );
  assert.equal(
    toPostgres("SELECT * FROM t WHERE a > ?1 AND b < ?2 OR c = ?1"),
    "SELECT * FROM t WHERE a > $1 AND b < $2 OR c = $1",
  );
});

Deno.test("dialect: SQLite's scalar max and min", () => {
  assert.equal(
    toPostgres("UPDATE w SET id = max(id, ?), n = min(coalesce(a, 0), b), m = max(x)"),
    "UPDATE w SET id = greatest(id, $1), n = least(coalesce(a, 0), b), m = max(x)",
  );
});

Deno.test("dialect: null-safe comparisons and SQLite's type names", () => {
  assert.equal(
    toPostgres("WHERE id IS NOT ? AND a IS b AND c IS NULL AND d IS NOT NULL"),
    "WHERE id IS DISTINCT FROM $1 AND a IS NOT DISTINCT FROM b AND c IS NULL AND d IS NOT NULL",
  );
  assert.equal(
    toPostgres("SELECT CAST(x AS INTEGER), CAST(y AS REAL)"),
    "SELECT CAST(x AS bigint), CAST(y AS double precision)",
  );
});

Deno.test("dialect: a subquery in FROM or JOIN gets a name when it has none", () => {
  assert.equal(
    toPostgres("SELECT a FROM (SELECT a FROM t) GROUP BY a"),
    "SELECT a FROM (SELECT a FROM t) AS sub_1 GROUP BY a",
  );
  assert.equal(
    toPostgres("SELECT * FROM (SELECT 1) x JOIN (SELECT 2 AS b) ON true"),
    "SELECT * FROM (SELECT 1) x JOIN (SELECT 2 AS b) AS sub_1 ON true",
  );
  assert.equal(toPostgres("SELECT * FROM (SELECT (1)) AS s"), "SELECT * FROM (SELECT (1)) AS s");
});

Deno.test("dialect: empty IN lists", () => {
  assert.equal(
    toPostgres("WHERE (a IS NULL OR a NOT IN ()) AND b IN ( )"),
    "WHERE (a IS NULL OR a <> ALL ('{}')) AND b = ANY ('{}')",
  );
});

Deno.test("dialect: an untyped value tested for NULL; an explicit upsert target's sums; table info", () => {
  assert.equal(
    toPostgres("WHERE (? IS NULL OR id = ?) AND (?3 IS NOT NULL)"),
    "WHERE (CAST($1 AS text) IS NULL OR id = $2) AND (CAST($3 AS text) IS NOT NULL)",
  );
  assert.equal(
    toPostgres(
      "INSERT INTO e (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = v + excluded.v",
    ),
    "INSERT INTO e (k, v) VALUES ($1, $2) ON CONFLICT (k) DO UPDATE SET v = e.v + excluded.v",
  );
  assert.match(toPostgres("SELECT name FROM pragma_table_info('clicks')"), /table_name = 'clicks'/);
});
