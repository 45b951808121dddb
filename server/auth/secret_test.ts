import assert from "node:assert/strict";
import { TEST_PASSWORD, testApp } from "../../tests/helpers/api.ts";
import { writeSection } from "../settings/sections.ts";
import { createApiKey } from "./api_keys.ts";

async function setup() {
  const app = testApp();
  writeSection(app.deps.db, "public-api", { value: { enabled: true } });
  const userId = await app.addUser("alice", "admin");
  const cookie = await app.signIn("alice", TEST_PASSWORD);
  const { key } = createApiKey(app.deps.db, { userId, name: "reporting" });
  const secret = async () =>
    (await (await app.request("/api/auth/secret", { cookie })).json()).secret as string;
  /** Whether opening the panel with `?auth=value` starts a session (no cookie sent). */
  const linkSignsIn = async (value: string) => {
    const res = await app.request(`/panel/?auth=${encodeURIComponent(value)}`, {
      headers: { accept: "text/html" },
    });
    await res.body?.cancel();
    return res.headers.getSetCookie().some((c) => c.startsWith("rotor_session="));
  };
  return { app, cookie, key, secret, linkSignsIn };
}

Deno.test("auth secret: an API key can neither read it nor mint API keys", async () => {
  const s = await setup();
  const read = await s.app.request("/api/auth/secret", { headers: { "Api-Key": s.key } });
  assert.equal(read.status, 403);
  assert.equal((await read.json()).error.code, "SESSION_REQUIRED");
  const mint = await s.app.send("/api/settings/public-api/keys", { name: "child" }, {
    headers: { "Api-Key": s.key },
  });
  assert.equal(mint.status, 403);
  const rotate = await s.app.send("/api/auth/secret/rotate", {}, {
    headers: { "Api-Key": s.key },
  });
  assert.equal(rotate.status, 403);
  assert.equal(
    (await s.app.send("/api/settings/public-api/keys", { name: "mine" }, { cookie: s.cookie }))
      .status,
    201,
    "a signed-in session still creates keys",
  );
});

Deno.test("auth secret: rotating on demand or changing the password ends links with the old one", async () => {
  const s = await setup();
  const first = await s.secret();
  assert.equal(await s.secret(), first, "stable until rotated");
  const rotated = await s.app.send("/api/auth/secret/rotate", {}, { cookie: s.cookie });
  assert.equal(rotated.status, 200);
  const second = (await rotated.json()).secret;
  assert.notEqual(second, first);
  assert.equal(await s.secret(), second);
  const changed = await s.app.send("/api/users/me/password", {
    currentPassword: TEST_PASSWORD,
    newPassword: "another password 1",
  }, { cookie: s.cookie, method: "PATCH" });
  assert.equal(changed.status, 200);
  const third = await s.secret();
  assert.notEqual(third, second, "a new password gives a new secret");
  if (await s.linkSignsIn(third)) {
    assert.equal(await s.linkSignsIn(first), false);
    assert.equal(await s.linkSignsIn(second), false);
  }
});
