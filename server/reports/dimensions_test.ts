import assert from "node:assert/strict";
import { DIMENSIONS } from "../../contracts/report.ts";
import { DIMENSION_BY_NAME, DIMENSION_SQL } from "./dimensions.ts";

Deno.test("dimensions: every contract dimension has its SQL on the server, and no SQL is orphaned", () => {
  const names = DIMENSIONS.map((d) => d.name);
  assert.deepEqual(Object.keys(DIMENSION_SQL).sort(), [...names].sort());
  for (const d of DIMENSIONS) {
    const server = DIMENSION_BY_NAME.get(d.name);
    assert.ok(server, d.name);
    assert.equal(server.label, d.label);
    assert.ok(server.sql.length > 0 && server.columns.length > 0, d.name);
  }
  assert.ok(
    DIMENSIONS.every((d) => !("sql" in d)),
    "the contract (shipped to the panel) holds no SQL",
  );
});
