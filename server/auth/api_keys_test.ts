import assert from "node:assert/strict";
import { testApp } from "../../tests/helpers/api.ts";
import { createApiKey, findUserByApiKey, listApiKeys, revokeApiKey } from "./api_keys.ts";

Deno.test("api keys: shown once, stored hashed, found by value, revoked at once", async (t) => {
  const app = testApp();
  const db = app.deps.db;
  const userId = await app.addUser("alice", "admin");
  const created = createApiKey(db, { userId, name: "reporting" });

  await t.step("the key is long, prefixed, and only its digest is stored", () => {
    assert.match(created.key, /^rk_[\w-]{43}$/);
    const row = db.prepare("SELECT * FROM api_keys WHERE id = ?").get(created.id)!;
    assert.ok(!Object.values(row).includes(created.key), "the raw key is nowhere in the row");
    assert.equal(String(row.key_hash).length, 64);
    assert.ok(created.key.startsWith(created.prefix));
  });
  await t.step("lists never carry the key", () => {
    const list = listApiKeys(db, userId);
    assert.equal(list.length, 1);
    assert.equal("key" in list[0], false);
    assert.equal(list[0].name, "reporting");
  });
  await t.step("the key finds its owner; a near miss does not", () => {
    assert.equal(findUserByApiKey(db, created.key)?.username, "alice");
    assert.equal(findUserByApiKey(db, created.key.slice(0, -1) + "x"), undefined);
    assert.equal(findUserByApiKey(db, ""), undefined);
  });
  await t.step("another user cannot revoke it", async () => {
    const bob = await app.addUser("bob", "user");
    assert.throws(() => revokeApiKey(db, bob, created.id), /not found/);
    assert.ok(findUserByApiKey(db, created.key));
  });
  await t.step("revoked, it stops working", () => {
    const revoked = revokeApiKey(db, userId, created.id);
    assert.ok(revoked.revokedAt);
    assert.equal(findUserByApiKey(db, created.key), undefined);
  });
});

Deno.test("api keys: a click-only key is refused where the full API is asked", async () => {
  const app = testApp();
  const userId = await app.addUser("alice", "admin");
  const { key } = createApiKey(app.deps.db, { userId, name: "lander", scope: "click" });
  assert.equal(findUserByApiKey(app.deps.db, key), undefined);
  assert.equal(findUserByApiKey(app.deps.db, key, { scope: "click" })?.username, "alice");
  const res = await app.request("/api/user/role", { headers: { "Api-Key": key } });
  assert.equal(res.status, 403);
});

Deno.test("Api-Key header: authenticates /api/* as the key's owner", async (t) => {
  const app = testApp();
  const userId = await app.addUser("alice", "admin");
  const { key, id } = createApiKey(app.deps.db, { userId, name: "script" });

  await t.step("a read answers as the owner", async () => {
    const res = await app.request("/api/user/role", { headers: { "Api-Key": key } });
    assert.equal(res.status, 200);
    assert.equal((await res.json()).role, "admin");
  });
  await t.step("a write from another origin works: no cookie, so no CSRF check", async () => {
    const res = await app.send("/api/groups", { name: "By script", type: "offer" }, {
      headers: {
        "Api-Key": key,
        origin: "https://elsewhere.example",
        "sec-fetch-site": "cross-site",
      },
    });
    assert.equal(res.status, 201, await res.clone().text());
  });
  await t.step("a write still needs a JSON body", async () => {
    const res = await app.request("/api/groups", {
      method: "POST",
      headers: { "Api-Key": key, "content-type": "application/x-www-form-urlencoded" },
      body: "name=x&type=offer",
    });
    assert.equal(res.status, 415);
  });
  await t.step("a wrong key is a 401, not an anonymous request", async () => {
    const res = await app.request("/api/user/role", { headers: { "Api-Key": "rk_nope" } });
    assert.equal(res.status, 401);
    assert.equal((await res.json()).error.code, "AUTHENTICATION_ERROR");
  });
  await t.step("a wrong key is refused even with a valid session cookie", async () => {
    const cookie = await app.signIn("alice", "correct horse battery");
    const res = await app.request("/api/user/role", { cookie, headers: { "Api-Key": "rk_x" } });
    assert.equal(res.status, 401);
  });
  await t.step("the key's use is recorded", () => {
    assert.ok(listApiKeys(app.deps.db, userId)[0].lastUsedAt);
  });
  await t.step("a revoked key is a 401 at once", async () => {
    revokeApiKey(app.deps.db, userId, id);
    const res = await app.request("/api/user/role", { headers: { "Api-Key": key } });
    assert.equal(res.status, 401);
  });
});

Deno.test("Api-Key header: a disabled owner's key stops working", async () => {
  const app = testApp();
  const userId = await app.addUser("alice", "user");
  const { key } = createApiKey(app.deps.db, { userId, name: "k" });
  app.deps.db.prepare("UPDATE users SET disabled = 1 WHERE id = ?").run(userId);
  const res = await app.request("/api/user/role", { headers: { "Api-Key": key } });
  assert.equal(res.status, 401);
});
