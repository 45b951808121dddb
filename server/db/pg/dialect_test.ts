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
