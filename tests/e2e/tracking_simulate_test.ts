/** The small traffic scenario against the real server and CLI: every figure matches exactly. */
import assert from "node:assert/strict";
import { ADMIN_PASSWORD, runCli, startServer } from "../helpers/server.ts";

Deno.test({
  name: "simulate: the small scenario's clicks, uniques, conversions and revenue match exactly",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const server = await startServer({ env: { ROTOR_TRUST_PROXY: "1" } });
    try {
      const result = await runCli(
        ["simulate", "small", "--url", server.url, "--password", ADMIN_PASSWORD, "--quiet"],
        { dataDir: server.dataDir },
      );
      assert.equal(result.code, 0, `${result.stdout}\n${result.stderr}`);
      assert.match(result.stdout, /all figures match/);
      assert.match(result.stdout, /Keto US\s+revenue/);
    } finally {
      await server.stop();
    }
  },
});

Deno.test({
  name: "simulate: a difference exits non-zero (the server does not trust X-Forwarded-For)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    // Without ROTOR_TRUST_PROXY every visitor shares the test's IP, so uniques differ.
    const server = await startServer();
    try {
      const scenario = await Deno.makeTempFile({ suffix: ".json" });
      const small = JSON.parse(
        await Deno.readTextFile(new URL("../../fixtures/scenarios/small.json", import.meta.url)),
      );
      await Deno.writeTextFile(scenario, JSON.stringify({ ...small, clicks: 60 }));
      const result = await runCli(
        ["simulate", scenario, "--url", server.url, "--password", ADMIN_PASSWORD, "--quiet"],
        { dataDir: server.dataDir },
      );
      assert.equal(result.code, 1, result.stdout + result.stderr);
      assert.match(result.stdout, /uniqueClicks.*✗/);
      await Deno.remove(scenario);
    } finally {
      await server.stop();
    }
  },
});
