import assert from "node:assert/strict";
import { TEST_PASSWORD, testApp } from "../../tests/helpers/api.ts";
import { writeSection } from "../settings/sections.ts";
import { createApiKey } from "./api_keys.ts";
import { join } from "node:path";
import { createDeps } from "../deps.ts";
import { openDatabase } from "../db/connection.ts";
import { getUser } from "../users/store.ts";
import { KEY_FILE } from "./seal.ts";
import { getOrCreateAuthSecret } from "./secret.ts";
import { SESSION_ROUTES } from "../../contracts/api/session.ts";
import { apiAs } from "../entities/testing.ts";

async function setup() {
  const app = testApp();
  writeSection(app.deps.db, "public-api", { value: { enabled: true } });
  const userId = await app.addUser("alice", "admin");
  const cookie = await app.signIn("alice", TEST_PASSWORD);
  const { key } = createApiKey(app.deps.db, { userId, name: "reporting" });
  const secret = async () => (await apiAs(app, cookie).call(SESSION_ROUTES.secret, {})).secret;
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

Deno.test("auth secret: stored sealed, never in clear; it still signs in, and an old clear one is sealed at start", async () => {
  const s = await setup();
  const value = await s.secret();
  const stored = String(
    s.app.deps.db.prepare("SELECT auth_secret FROM users WHERE username = 'alice'").get()!
      .auth_secret,
  );
  assert.ok(stored.startsWith("v1:"), stored);
  assert.ok(!stored.includes(value), "the column does not hold the secret");
  assert.equal(await s.linkSignsIn(value), true);

  // An install from before sealing: the secret in clear (and its digest) is sealed at start.
  s.app.deps.db.prepare("UPDATE users SET auth_secret = ? WHERE username = 'alice'").run(value);
  createDeps(s.app.deps.db, s.app.deps.config);
  const resealed = String(
    s.app.deps.db.prepare("SELECT auth_secret FROM users WHERE username = 'alice'").get()!
      .auth_secret,
  );
  assert.ok(resealed.startsWith("v1:"));
  assert.equal(await s.secret(), value, "the same secret reads back");
  assert.equal(await s.linkSignsIn(value), true);
});

Deno.test("auth secret: the key lives beside the database, not in it; a copy without it yields a new secret", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const db = openDatabase(join(dir, "rotor.db"));
    db.prepare(
      `INSERT INTO users (id, username, password_hash, role, created_at, updated_at)
       VALUES (1, 'alice', 'x', 'admin', 0, 0)`,
    ).run();
    const value = await getOrCreateAuthSecret(db, getUser(db, 1)!);
    const info = await Deno.stat(join(dir, KEY_FILE));
    assert.equal(info.mode! & 0o777, 0o600);
    db.close();
    // The same folder opens it again; the database copied elsewhere cannot.
    const again = openDatabase(join(dir, "rotor.db"));
    assert.equal(await getOrCreateAuthSecret(again, getUser(again, 1)!), value);
    again.close();
    const elsewhere = await Deno.makeTempDir();
    await Deno.copyFile(join(dir, "rotor.db"), join(elsewhere, "rotor.db"));
    const copy = openDatabase(join(elsewhere, "rotor.db"));
    assert.notEqual(await getOrCreateAuthSecret(copy, getUser(copy, 1)!), value);
    copy.close();
    await Deno.remove(elsewhere, { recursive: true });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("auth secret: a signed-in browser learns whose a link is and switches to it only by a POST", async () => {
  const s = await setup();
  await s.app.addUser("bob", "user");
  const bobCookie = await s.app.signIn("bob", TEST_PASSWORD);
  const bobSecret =
    (await (await s.app.request("/api/auth/secret", { cookie: bobCookie })).json()).secret;
  const whose = (secret: string) =>
    s.app.send("/api/auth/secret/owner", { secret }, { cookie: s.cookie });
  assert.deepEqual(await (await whose(bobSecret)).json(), { username: "bob", current: false });
  assert.deepEqual(await (await whose(await s.secret())).json(), {
    username: "alice",
    current: true,
  });
  assert.deepEqual(await (await whose("x".repeat(40))).json(), { username: null, current: false });
  // The GET with the foreign value changes nothing: alice stays signed in.
  const page = await s.app.request(`/panel/?auth=${bobSecret}`, { cookie: s.cookie });
  await page.body?.cancel();
  assert.equal(page.headers.getSetCookie().length, 0);
  const keyed = await s.app.send("/api/auth/switch", { secret: bobSecret }, {
    headers: { "Api-Key": s.key },
  });
  assert.equal(keyed.status, 403, "an API key cannot switch sessions");
  const bad = await s.app.send("/api/auth/switch", { secret: "y".repeat(40) }, {
    cookie: s.cookie,
  });
  assert.equal(bad.status, 404);
  const switched = await s.app.send("/api/auth/switch", { secret: bobSecret }, {
    cookie: s.cookie,
  });
  assert.equal(switched.status, 200);
  const cookie = switched.headers.getSetCookie().find((c) => c.startsWith("rotor_session="))!;
  const role = await s.app.request("/api/user/role", { cookie: cookie.split(";")[0] });
  assert.equal((await role.json()).username, "bob");
  const old = await s.app.request("/api/user/role", { cookie: s.cookie });
  assert.equal(old.status, 403, "alice's session in this browser ended");
});
