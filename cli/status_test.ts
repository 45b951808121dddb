import assert from "node:assert/strict";
import { runCli } from "../tests/helpers/server.ts";

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
