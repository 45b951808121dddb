import assert from "node:assert/strict";
import { TEST_PASSWORD, testApp } from "../tests/helpers/api.ts";
import { setMode } from "./settings/mode.ts";
import { setLicence } from "./licence/service.ts";
import { DEMO_UNAVAILABLE } from "../contracts/messages.ts";

Deno.test("mode: /api/mode follows the stored mode without a restart", async () => {
  const t = testApp();
  assert.deepEqual(await (await t.request("/api/mode")).json(), { mode: "normal" });
  setMode(t.deps.db, "demo");
  assert.deepEqual(await (await t.request("/api/mode")).json(), { mode: "demo" });
});

Deno.test("demo mode: state-changing calls answer 410 with the demo text", async () => {
  const t = testApp();
  await t.addUser("alice", "admin");
  const cookie = await t.signIn("alice", TEST_PASSWORD);
  setMode(t.deps.db, "demo");
  const res = await t.send("/api/anything", { x: 1 }, { cookie });
  assert.equal(res.status, 410);
  const body = await res.json();
  assert.equal(body.error.message, DEMO_UNAVAILABLE);
  assert.match(body.error.message, /14 days/);
  assert.equal((await t.request("/api/user/role", { cookie })).status, 200, "reads still work");
  assert.equal((await t.send("/api/user/logout", {}, { cookie })).status, 200, "logout works");
});

Deno.test("licence: an expired licence answers 402 with the text and the tracker id", async (t) => {
  const app = testApp();
  await app.addUser("alice", "admin");
  const cookie = await app.signIn("alice", TEST_PASSWORD);
  const licence = setLicence(app.deps.db, "expired", "Your licence expired on 1 May");
  await t.step("on a session call", async () => {
    const res = await app.request("/api/user/role", { cookie });
    assert.equal(res.status, 402);
    assert.deepEqual(await res.json(), {
      error: "Your licence expired on 1 May",
      trackerId: licence.trackerId,
    });
  });
  await t.step("on sign-in too", async () => {
    const res = await app.send("/api/user/sign_in", { login: "alice", password: TEST_PASSWORD });
    assert.equal(res.status, 402);
  });
  await t.step("but not on /api/mode", async () => {
    assert.equal((await app.request("/api/mode")).status, 200);
  });
  await t.step("a missing licence says 'License not found'", async () => {
    setLicence(app.deps.db, "missing");
    const body = await (await app.request("/api/user/role", { cookie })).json();
    assert.equal(body.error, "License not found");
    assert.equal(body.trackerId, licence.trackerId);
  });
  await t.step("a valid licence lets calls through again", async () => {
    setLicence(app.deps.db, "valid");
    assert.equal((await app.request("/api/user/role", { cookie })).status, 200);
  });
});

Deno.test("headers: every response carries the security headers", async () => {
  const t = testApp();
  for (const path of ["/api/mode", "/api/nope", "/somewhere", "/panel/"]) {
    const res = await t.request(path);
    await res.body?.cancel();
    const csp = res.headers.get("content-security-policy") ?? "";
    assert.match(csp, /script-src 'self'/, path);
    assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/, path);
    assert.match(csp, /object-src 'none'/);
    assert.match(csp, /base-uri 'none'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(res.headers.get("referrer-policy"), "no-referrer");
    assert.match(res.headers.get("strict-transport-security") ?? "", /max-age=31536000/);
  }
});

Deno.test("errors: an unknown API route answers the one error shape", async () => {
  const t = testApp();
  const res = await t.request("/api/nope");
  assert.equal(res.status, 404);
  assert.deepEqual(Object.keys((await res.json()).error).sort(), ["code", "message", "status"]);
});
