import assert from "node:assert/strict";
import { ConfigError, parseConfig } from "./config.ts";

Deno.test("config: defaults when nothing is set", () => {
  assert.deepEqual(parseConfig({}), {
    port: 8080,
    host: "0.0.0.0",
    dataDir: "./data",
    databaseUrl: undefined,
    nodeId: undefined,
    adminUser: "admin",
    adminPassword: undefined,
    trustProxy: false,
    updateManifestUrl: undefined,
    seed: false,
    upstream: undefined,
    upstreamTimeoutMs: 30_000,
    headersTimeoutMs: 15_000,
    maxConnections: 0,
    strictAnswers: false,
    feedAllow: [],
  });
});

Deno.test("config: env is read and flags win over env", () => {
  const config = parseConfig(
    {
      PORT: "9000",
      ROTOR_DATA: "/srv/rotor",
      ROTOR_TRUST_PROXY: "yes",
      ROTOR_ADMIN_USER: "boss",
      ROTOR_STRICT_ANSWERS: "1",
    },
    ["--port", "9100", "--seed"],
  );
  assert.equal(config.port, 9100);
  assert.equal(config.dataDir, "/srv/rotor");
  assert.equal(config.trustProxy, true);
  assert.equal(config.adminUser, "boss");
  assert.equal(config.seed, true);
  assert.equal(config.strictAnswers, true);
  const pg = parseConfig({}, ["--database", "postgres://rotor@db.internal:5432/rotor"]);
  assert.equal(pg.databaseUrl, "postgres://rotor@db.internal:5432/rotor");
  assert.equal(parseConfig({ ROTOR_NODE_ID: "eu-1" }, ["--node", "us-2"]).nodeId, "us-2");
  const feeds = parseConfig({ ROTOR_FEED_ALLOW: "10.0.0.0/8, 192.168.1.5,fd00::1" }).feedAllow;
  assert.deepEqual(feeds, ["10.0.0.0/8", "192.168.1.5", "fd00::1"]);
});

Deno.test("config: bad values stop the start with a message naming them", async (t) => {
  const cases: [Record<string, string>, string[], RegExp][] = [
    [{ PORT: "eighty" }, [], /PORT/],
    [{ PORT: "70000" }, [], /PORT/],
    [{ ROTOR_TRUST_PROXY: "maybe" }, [], /ROTOR_TRUST_PROXY/],
    [{ ROTOR_ADMIN_PASSWORD: "short" }, [], /ROTOR_ADMIN_PASSWORD: must be at least 8/],
    [{ ROTOR_UPDATE_MANIFEST_URL: "ftp://x" }, [], /ROTOR_UPDATE_MANIFEST_URL/],
    [{ ROTOR_UPSTREAM: "tracker.example" }, [], /ROTOR_UPSTREAM/],
    [{}, ["--database", "mysql://db/rotor"], /ROTOR_DATABASE_URL: must start with postgres/],
    [{ ROTOR_UPSTREAM_TIMEOUT: "0" }, [], /ROTOR_UPSTREAM_TIMEOUT/],
    [{ ROTOR_NODE_ID: "eu 1" }, [], /ROTOR_NODE_ID: 1–64 letters/],
    [{ ROTOR_FEED_ALLOW: "10.0.0.0/8,intranet" }, [], /ROTOR_FEED_ALLOW: must be IPv4\/IPv6/],
    [{}, ["--nope"], /Invalid configuration.*nope/],
  ];
  for (const [env, args, message] of cases) {
    await t.step(JSON.stringify({ env, args }), () => {
      assert.throws(() => parseConfig(env, args), (err: Error) => {
        assert.ok(err instanceof ConfigError);
        assert.match(err.message, message);
        return true;
      });
    });
  }
});
