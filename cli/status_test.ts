import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../tests/helpers/server.ts";
import { postgresTest } from "../tests/helpers/postgres.ts";

Deno.test("cli: status reads build facts from the data folder", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "rotor-status-" });
  try {
    const text = await runCli(["status"], { dataDir });
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^version: +\d+\.\d+\.\d+$/m);
    assert.match(text.stdout, /^sqlite: +3\.\d+/m);
    assert.match(text.stdout, /^server: +never started on this data folder$/m);
    const json = await runCli(["status", "--json"], { dataDir });
    const facts = JSON.parse(json.stdout);
    assert.equal(facts.mode, "normal");
    assert.match(facts.commit, /^([0-9a-f]{40}|unknown)$/);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

postgresTest(
  "cli: status --database reads the PostgreSQL store, not the data folder",
  async (_t, url) => {
    const dataDir = await Deno.makeTempDir({ prefix: "rotor-status-pg-" });
    try {
      const demo = await runCli(["--database", url, "mode", "demo"], { dataDir });
      assert.equal(demo.code, 0, demo.stderr);
      // The cluster trusts local connections; the password is only there to be hidden.
      const withPassword = url.replace("rotor@", "rotor:s3cret@");
      const res = await runCli(["--database", withPassword, "status", "--json"], { dataDir });
      assert.equal(res.code, 0, res.stderr);
      const facts = JSON.parse(res.stdout);
      assert.equal(facts.mode, "demo", "the store's mode");
      assert.match(facts.postgresql, /^\d+/);
      assert.ok(String(facts.database).includes(new URL(url).pathname), facts.database);
      assert.ok(!res.stdout.includes("s3cret"), "the password is not shown");
      assert.equal(facts.sqlite, undefined);
      assert.ok(!existsSync(join(dataDir, "rotor.db")), "no SQLite database was created");
    } finally {
      await Deno.remove(dataDir, { recursive: true });
    }
  },
);
