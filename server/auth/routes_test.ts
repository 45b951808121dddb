import assert from "node:assert/strict";
import { sessionCookie, TEST_PASSWORD, testApp } from "../../tests/helpers/api.ts";
import { setLicence } from "../licence/service.ts";
import { setMode } from "../settings/mode.ts";
import { ensureDemoUser } from "../users/service.ts";
import { DEMO_CREDENTIALS } from "../../contracts/auth.ts";
import { WRONG_CREDENTIALS } from "../../contracts/messages.ts";
import { findSession, SESSION_IDLE_MS } from "./sessions.ts";
import { type LogLine, subscribeToLog } from "../log.ts";

Deno.test("sign-in: right credentials set an HttpOnly SameSite=Lax session cookie", async () => {
  const t = testApp();
  await t.addUser("alice", "admin");
  const res = await t.send("/api/user/sign_in", { login: "alice", password: TEST_PASSWORD });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { status: "ok" });
  const header = res.headers.getSetCookie().find((c) => c.startsWith("rotor_session="))!;
  assert.match(header, /HttpOnly/);
  assert.match(header, /SameSite=Lax/);
  assert.match(header, /Path=\//);
  const token = header.split(";")[0].split("=")[1];
  assert.ok(token.length >= 22, "at least 128 bits of randomness");
});

Deno.test("sign-in: a wrong password and an unknown user get the same 401", async () => {
  const t = testApp();
  await t.addUser("alice", "user");
  const wrong = await t.send("/api/user/sign_in", { login: "alice", password: "nope-nope" });
  const unknown = await t.send("/api/user/sign_in", { login: "nobody", password: "nope-nope" });
  assert.equal(wrong.status, 401);
  assert.equal(unknown.status, 401);
  const a = await wrong.json();
  const b = await unknown.json();
  assert.deepEqual(a, b);
  assert.equal(a.error.message, WRONG_CREDENTIALS);
  assert.equal(sessionCookie(wrong), undefined);
});

Deno.test("sign-in: the login matches a name ignoring the case of ASCII letters only", async () => {
  const t = testApp();
  await t.addUser("alice", "user");
  const status = async (login: string) =>
    (await t.send("/api/user/sign_in", { login, password: TEST_PASSWORD })).status;
  assert.equal(await status("ALICE"), 200);
  // PostgreSQL's ICU `nocase` collation took these for "alice" (SQLite's NOCASE does not).
  assert.equal(await status("ａｌｉｃｅ"), 401, "full-width letters");
  assert.equal(await status("alice\u200b"), 401, "a zero-width space");
  assert.equal(await status("al\u00adice"), 401, "a soft hyphen");
});

Deno.test("sign-in: the 11th quick wrong try from one IP gets 429 with Retry-After", async () => {
  const t = testApp();
  await t.addUser("alice", "user");
  for (let i = 0; i < 10; i++) {
    const res = await t.send("/api/user/sign_in", { login: "alice", password: `bad-${i}` });
    assert.equal(res.status, 401);
    await res.body?.cancel();
  }
  const eleventh = await t.send("/api/user/sign_in", { login: "alice", password: TEST_PASSWORD });
  assert.equal(eleventh.status, 429);
  const wait = Number(eleventh.headers.get("retry-after"));
  assert.ok(wait > 0 && wait <= 600, `Retry-After ${wait}`);
  assert.equal((await eleventh.json()).error.code, "TOO_MANY_ATTEMPTS");
  const other = await t.send("/api/user/sign_in", { login: "alice", password: TEST_PASSWORD }, {
    ip: "198.51.100.7",
  });
  assert.equal(other.status, 200, "another IP is not limited");
});

Deno.test("sign-in: bad input answers 400 with field issues", async (t) => {
  const app = testApp();
  await t.step("missing password", async () => {
    const res = await app.send("/api/user/sign_in", { login: "alice" });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.error.code, "VALIDATION_ERROR");
    assert.equal(body.error.issues[0].path, "password");
  });
  await t.step("not JSON", async () => {
    const res = await app.request("/api/user/sign_in", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "login=a&password=b",
    });
    assert.equal(res.status, 415);
  });
  await t.step("malformed JSON", async () => {
    const res = await app.request("/api/user/sign_in", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    assert.equal(res.status, 400);
    assert.ok((await res.json()).error.message);
  });
});

Deno.test("sign-in: a cross-origin request is refused before credentials are checked", async () => {
  const t = testApp();
  await t.addUser("alice", "user");
  const byOrigin = await t.send("/api/user/sign_in", { login: "alice", password: TEST_PASSWORD }, {
    headers: { origin: "https://evil.example" },
  });
  assert.equal(byOrigin.status, 403);
  assert.equal((await byOrigin.json()).error.code, "CROSS_ORIGIN");
  const bySite = await t.send("/api/user/sign_in", { login: "alice", password: TEST_PASSWORD }, {
    headers: { "sec-fetch-site": "cross-site" },
  });
  assert.equal(bySite.status, 403);
  const same = await t.send("/api/user/sign_in", { login: "alice", password: TEST_PASSWORD }, {
    headers: { origin: "http://localhost", "sec-fetch-site": "same-origin" },
  });
  assert.equal(same.status, 200);
});

Deno.test("sign-in: a second sign-in of the same session while one runs is refused", async () => {
  const t = testApp();
  await t.addUser("alice", "user");
  const cookie = "rotor_session=same-browser";
  const body = { login: "alice", password: TEST_PASSWORD };
  // Hold the slot the way a running sign-in of this browser session does.
  t.deps.signInsInFlight.add("same-browser");
  const refused = await t.send("/api/user/sign_in", body, { cookie });
  assert.equal(refused.status, 409);
  assert.equal((await refused.json()).error.code, "SIGN_IN_IN_PROGRESS");
  const otherBrowser = await t.send("/api/user/sign_in", body, { cookie: "rotor_session=other" });
  assert.equal(otherBrowser.status, 200);
  t.deps.signInsInFlight.delete("same-browser");
  assert.equal((await t.send("/api/user/sign_in", body, { cookie })).status, 200);
  assert.equal(t.deps.signInsInFlight.size, 0, "the slot is freed after each sign-in");
});

Deno.test("sign-in: the session id is replaced at every sign-in", async () => {
  const t = testApp();
  await t.addUser("alice", "user");
  const first = await t.signIn("alice", TEST_PASSWORD);
  const res = await t.send("/api/user/sign_in", { login: "alice", password: TEST_PASSWORD }, {
    cookie: first,
  });
  const second = sessionCookie(res)!;
  assert.notEqual(first, second);
  assert.equal((await t.request("/api/user/role", { cookie: first })).status, 403);
  assert.equal((await t.request("/api/user/role", { cookie: second })).status, 200);
});

Deno.test("sign-in: every outcome is logged as one JSON line without the password", async () => {
  const t = testApp();
  await t.addUser("alice", "user");
  const lines: LogLine[] = [];
  const stop = subscribeToLog((line) => lines.push(line));
  try {
    await (await t.send("/api/user/sign_in", { login: "alice", password: "secret-wrong" })).body
      ?.cancel();
    await t.signIn("alice", TEST_PASSWORD);
  } finally {
    stop();
  }
  const signIns = lines.filter((l) => l.event === "sign_in");
  assert.deepEqual(signIns.map((l) => l.outcome), ["failure", "success"]);
  const text = JSON.stringify(signIns);
  assert.ok(!text.includes("secret-wrong") && !text.includes(TEST_PASSWORD));
  assert.ok(signIns.every((l) => l.ip === "203.0.113.1" && l.login === "alice"));
});

Deno.test("role: answers id and role, with super_admin on the wire", async () => {
  const t = testApp();
  const id = await t.addUser("root", "super-admin");
  const cookie = await t.signIn("root", TEST_PASSWORD);
  const res = await t.request("/api/user/role", { cookie });
  assert.deepEqual(await res.json(), { id: String(id), role: "super_admin", username: "root" });
});

Deno.test("role: without a valid session answers 403 AUTHENTICATION_ERROR", async () => {
  const t = testApp();
  for (const cookie of [undefined, "rotor_session=forged"]) {
    const res = await t.request("/api/user/role", { cookie });
    assert.equal(res.status, 403);
    const body = await res.json();
    assert.equal(body.error.code, "AUTHENTICATION_ERROR");
    assert.match(body.error.message, /AUTHENTICATION_ERROR/);
  }
});

Deno.test("session check: answers who is signed in, and null without an error status", async (t) => {
  const app = testApp();
  const id = await app.addUser("root", "super-admin");
  const cookie = await app.signIn("root", TEST_PASSWORD);
  await t.step("signed in: the user as the role call names them", async () => {
    const res = await app.request("/api/user/session", { cookie });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {
      user: { id: String(id), role: "super_admin", username: "root" },
    });
  });
  await t.step("no session, or a forged one: 200 with no user", async () => {
    for (const other of [undefined, "rotor_session=forged"]) {
      const res = await app.request("/api/user/session", { cookie: other });
      assert.equal(res.status, 200, String(other));
      assert.deepEqual(await res.json(), { user: null });
    }
  });
  await t.step("an expired licence still answers 402 with its message", async () => {
    const licence = setLicence(app.deps.db, "expired", "Your licence expired on 1 May");
    const res = await app.request("/api/user/session");
    assert.equal(res.status, 402);
    assert.deepEqual(await res.json(), {
      error: "Your licence expired on 1 May",
      trackerId: licence.trackerId,
    });
  });
});

Deno.test("sessions: an idle session expires", async () => {
  const t = testApp();
  await t.addUser("alice", "user");
  const cookie = await t.signIn("alice", TEST_PASSWORD);
  const token = cookie.split("=")[1];
  assert.ok(await findSession(t.deps.db, token));
  assert.equal(await findSession(t.deps.db, token, Date.now() + SESSION_IDLE_MS + 1), undefined);
  assert.equal((await t.request("/api/user/role", { cookie })).status, 403, "deleted on sight");
});

Deno.test("logout: ends the session on the server", async () => {
  const t = testApp();
  await t.addUser("alice", "user");
  const cookie = await t.signIn("alice", TEST_PASSWORD);
  const res = await t.send("/api/user/logout", {}, { cookie });
  assert.equal(res.status, 200);
  assert.match(res.headers.getSetCookie().join(), /rotor_session=;/);
  assert.equal((await t.request("/api/user/role", { cookie })).status, 403);
});

Deno.test("hide_profit: own flag, others only for admins", async (t) => {
  const app = testApp();
  const userId = await app.addUser("plain", "user");
  const otherId = await app.addUser("other", "user");
  await app.addUser("boss", "admin");
  const plain = await app.signIn("plain", TEST_PASSWORD);
  const boss = await app.signIn("boss", TEST_PASSWORD);
  await t.step("own", async () => {
    const res = await app.request(`/api/user/${userId}/hide_profit`, { cookie: plain });
    assert.deepEqual(await res.json(), { hideProfit: false });
  });
  await t.step("someone else's, as a user", async () => {
    const res = await app.request(`/api/user/${otherId}/hide_profit`, { cookie: plain });
    assert.equal(res.status, 403);
  });
  await t.step("someone else's, as an admin", async () => {
    const res = await app.request(`/api/user/${otherId}/hide_profit`, { cookie: boss });
    assert.equal(res.status, 200);
  });
  await t.step("unknown and malformed ids", async () => {
    assert.equal((await app.request("/api/user/999/hide_profit", { cookie: boss })).status, 404);
    assert.equal((await app.request("/api/user/abc/hide_profit", { cookie: boss })).status, 400);
  });
  await t.step("anonymous", async () => {
    const res = await app.request(`/api/user/${userId}/hide_profit`);
    assert.equal(res.status, 401);
    assert.equal((await res.json()).error.code, "AUTHENTICATION_ERROR");
  });
});

Deno.test("auth secret: created on first use, stable after, and signs a panel address in", async () => {
  const t = testApp();
  await t.addUser("alice", "user");
  const cookie = await t.signIn("alice", TEST_PASSWORD);
  const first = (await (await t.request("/api/auth/secret", { cookie })).json()).secret;
  const second = (await (await t.request("/api/auth/secret", { cookie })).json()).secret;
  assert.equal(typeof first, "string");
  assert.ok(first.length >= 32);
  assert.equal(first, second);
  assert.equal((await t.request("/api/auth/secret")).status, 401);

  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/index.html`, "<!doctype html>");
  t.deps.panelDir = dir;
  const opened = await t.request(`/panel/campaigns?auth=${first}`);
  const session = sessionCookie(opened);
  assert.ok(session, "the auth value became a session");
  assert.equal((await t.request("/api/user/role", { cookie: session })).status, 200);
  const forged = await t.request("/panel/campaigns?auth=not-a-real-secret-at-all");
  assert.equal(sessionCookie(forged), undefined);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("demo mode: the demo account signs in only in demo mode", async () => {
  const t = testApp();
  await ensureDemoUser(t.deps.db);
  const normal = await t.send("/api/user/sign_in", DEMO_CREDENTIALS);
  assert.equal(normal.status, 401);
  setMode(t.deps.db, "demo");
  const demo = await t.send("/api/user/sign_in", DEMO_CREDENTIALS);
  assert.equal(demo.status, 200);
  const role = await (await t.request("/api/user/role", { cookie: sessionCookie(demo) })).json();
  assert.equal(role.role, "user");
});
