import assert from "node:assert/strict";
import { buildUser } from "../../fixtures/builders.ts";
import { TEST_PASSWORD, testApp } from "../../tests/helpers/api.ts";
import { ErrorBody } from "../../contracts/common.ts";
import { USER_ROUTES } from "../../contracts/api/users.ts";
import { type Api, apiAs, idOf, signedIn } from "../entities/testing.ts";

async function setup() {
  const app = testApp();
  const root = await signedIn(app, { username: "root", role: "super-admin" });
  const admin = await signedIn(app, { username: "admin", role: "admin" });
  return { app, root, admin };
}

/** The usernames the list finds for `search`. */
async function namesFound(api: Api, search: string) {
  const { items } = await api.call(USER_ROUTES.list, { query: { search } });
  return items.map((u) => u.username);
}

Deno.test("users: create, get, list, update, clone, mass edit, archive, restore; no secret is ever answered", async () => {
  const { root } = await setup();
  const created = await root.post("/api/users", buildUser({ hideProfit: true, notes: "buyer" }));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = idOf(created);
  const text = JSON.stringify(created.body);
  for (const secret of ["password", "Hash", "secret", TEST_PASSWORD]) {
    assert.ok(!text.includes(secret));
  }
  assert.equal(created.body.username, "buyer");
  assert.equal(created.body.name, "buyer");
  assert.deepEqual(created.body.permissions, { "*": "read" });
  assert.deepEqual((await root.get(`/api/users/${id}`)).body, created.body);
  assert.ok((await namesFound(root, "buy")).includes("buyer"));

  const patched = await root.patch(`/api/users/${id}`, { permissions: { offer: "write" } });
  assert.deepEqual(patched.body.permissions, { offer: "write" });
  const clone = await root.post(`/api/users/${id}/clone`, {
    username: "buyer2",
    password: "another password",
  });
  assert.equal(clone.status, 201, JSON.stringify(clone.body));
  assert.deepEqual(clone.body.permissions, { offer: "write" });
  assert.equal(clone.body.hideProfit, true);
  const mass = await root.patch("/api/users/mass", {
    ids: [id, idOf(clone)],
    patch: { hideProfit: false },
  });
  assert.equal(mass.status, 200);
  assert.equal((await root.del(`/api/users/${id}`)).body.archived, true);
  assert.equal((await root.post(`/api/users/${id}/restore`)).body.archived, false);
  const taken = await root.post("/api/users", buildUser());
  assert.equal(taken.status, 400);
  assert.match(JSON.stringify(taken.body), /"path":"username"/);
  assert.equal(
    (await root.post("/api/users", buildUser({ username: "x", password: "short" }))).status,
    400,
  );
  assert.equal((await root.get("/api/users/999")).status, 404);
});

Deno.test("users: an admin cannot change, archive or make a super-admin", async () => {
  const { app, root, admin } = await setup();
  const [{ id: rootId }] = (await root.call(USER_ROUTES.list, { query: { search: "root" } }))
    .items;
  assert.equal((await admin.patch(`/api/users/${rootId}`, { notes: "x" })).status, 403);
  assert.equal(
    (await admin.patch(`/api/users/${rootId}`, { password: "takeover123" })).status,
    403,
  );
  assert.equal((await admin.del(`/api/users/${rootId}`)).status, 403);
  assert.equal((await admin.post("/api/users", buildUser({ role: "super-admin" }))).status, 403);
  const plain = idOf(await admin.post("/api/users", buildUser()));
  assert.equal((await admin.patch(`/api/users/${plain}`, { role: "super-admin" })).status, 403);
  assert.equal((await admin.patch(`/api/users/${plain}`, { role: "admin" })).status, 200);
  assert.equal((await root.patch(`/api/users/${plain}`, { role: "super-admin" })).status, 200);
  assert.equal(
    app.deps.db.prepare("SELECT role FROM users WHERE id = ?").get(plain)?.role,
    "super-admin",
  );
});

Deno.test("users: disabling or archiving ends the user's sessions and stops sign-in", async (t) => {
  const { app, root } = await setup();
  for (const how of ["disable", "archive"] as const) {
    await t.step(how, async () => {
      const username = `victim-${how}`;
      const id = idOf(
        await root.post("/api/users", buildUser({ username, password: TEST_PASSWORD })),
      );
      const victim: Api = apiAs(app, await app.signIn(username, TEST_PASSWORD));
      assert.equal((await victim.get("/api/offers")).status, 200);
      if (how === "disable") await root.patch(`/api/users/${id}`, { disabled: true });
      else await root.del(`/api/users/${id}`);
      assert.equal((await victim.get("/api/offers")).status, 401);
      await assert.rejects(app.signIn(username, TEST_PASSWORD));
    });
  }
  await t.step("nobody disables or archives themselves", async () => {
    const me = (await root.call(USER_ROUTES.list, { query: { search: "root" } })).items;
    assert.equal((await root.patch(`/api/users/${me[0].id}`, { disabled: true })).status, 403);
    assert.equal((await root.del(`/api/users/${me[0].id}`)).status, 403);
  });
});

Deno.test("users: anyone signed in changes their own password with the current one", async () => {
  const { app } = await setup();
  const user = await signedIn(app, { username: "plain", role: "user" });
  const other = apiAs(app, await app.signIn("plain", TEST_PASSWORD));
  const wrong = await user.patch("/api/users/me/password", {
    currentPassword: "nope",
    newPassword: "a new password",
  });
  assert.equal(wrong.status, 400);
  assert.match(JSON.stringify(wrong.body), /currentPassword/);
  const ok = await user.patch("/api/users/me/password", {
    currentPassword: TEST_PASSWORD,
    newPassword: "a new password",
  });
  assert.equal(ok.status, 200);
  assert.equal((await user.get("/api/user/role")).status, 200, "this session stays");
  assert.equal((await other.get("/api/user/role")).status, 403, "other sessions end");
  await app.signIn("plain", "a new password");
  assert.equal((await apiAs(app).patch("/api/users/me/password", {})).status, 401);
});

Deno.test("users: the current-password check of a password change stops after 5 wrong tries", async () => {
  const app = testApp();
  const user = await signedIn(app, { username: "plain", role: "user" });
  const change = (currentPassword: string) =>
    user.patch("/api/users/me/password", { currentPassword, newPassword: "a new password" });
  for (let i = 0; i < 5; i++) assert.equal((await change("guess" + i)).status, 400);
  const limited = await change(TEST_PASSWORD);
  assert.equal(limited.status, 429, "even the right one waits");
  assert.equal(ErrorBody.parse(limited.body).error.code, "TOO_MANY_ATTEMPTS");
  await app.signIn("plain", TEST_PASSWORD); // the password did not change
});

Deno.test("users: anyone signed in reads their own account at /me, rights included; nobody else's", async () => {
  const app = testApp();
  const buyer = await signedIn(app, {
    username: "reader",
    role: "user",
    permissions: { "*": "read", offer: "write" },
    hideProfit: true,
  });
  const me = await buyer.get("/api/users/me");
  assert.equal(me.status, 200, JSON.stringify(me.body));
  assert.equal(me.body.username, "reader");
  assert.equal(me.body.hideProfit, true);
  assert.deepEqual(me.body.permissions, { "*": "read", offer: "write" });
  assert.ok(!JSON.stringify(me.body).includes("Hash"));
  assert.equal((await buyer.get("/api/users/1")).status, 403);
  assert.equal((await apiAs(app).get("/api/users/me")).status, 401);
});
