import assert from "node:assert/strict";
import { openApiDocument } from "../openapi/document.ts";
import { TEST_PASSWORD } from "../../tests/helpers/api.ts";
import { trackingApp } from "../tracking/testing.ts";

/** Calls every documented operation as `cookie`; answers `METHOD path → status` for each. */
async function sweep(
  s: Awaited<ReturnType<typeof trackingApp>>,
  cookie: string | undefined,
  ids: Record<string, number>,
): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  const { paths } = openApiDocument("test") as { paths: Record<string, Record<string, unknown>> };
  const documented = Object.entries(paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => ({ method, path })));
  for (const op of documented) {
    if (op.path === "/api/user/logout" || op.path === "/api/user/sign_in") continue;
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name] ?? 1));
    const method = op.method.toUpperCase();
    const init: RequestInit & { cookie?: string } = { method, cookie };
    if (method !== "GET" && method !== "DELETE") {
      init.headers = { "content-type": "application/json" };
      init.body = "{}";
    }
    const res = await s.app.request(path, init);
    await res.body?.cancel();
    seen.set(`${method} ${op.path}`, res.status);
  }
  return seen;
}

/** Open to anyone: the mode and the API documentation. */
const PUBLIC = new Set([
  "GET /api/mode",
  // Who is signed in: null for no one (the sign-in page's check), never another's data.
  "GET /api/user/session",
  "GET /api/openapi.json",
  "GET /api/docs",
  "GET /api/docs/docs.js",
]);

/** What a signed-in user reaches whatever their rights: their own account and settings. */
const OWN = new Set([
  ...PUBLIC,
  "GET /api/user/role",
  "GET /api/auth/secret",
  "POST /api/auth/secret/rotate",
  "GET /api/users/me",
  "GET /api/settings/public-api/keys",
  "GET /api/settings/feedback/messages",
  "GET /api/settings/feedback/build-info",
  "GET /api/settings/auto-clearing/last-run",
  "GET /api/settings/integration/templates",
  // The rates every user's figures are converted with (Settings → Stats → Currency rates, read-only).
  "GET /api/currency-rates",
  "GET /api/currency-rates/changes",
  "GET /api/currency-rates/fetch/last-run",
  // Marking one's own notifications read changes nothing but that user's unread count.
  "POST /api/notifications/read",
  ...["user", "ui", "stats", "columns"].map((s) => `PUT /api/settings/${s}`),
]);

/** Tracker settings sections every user may read (the panel shows them read-only). */
const isSectionRead = (op: string) => /^GET \/api\/settings\/[a-z-]+$/.test(op);

Deno.test("rights sweep: every route answers only what each identity's rights allow", async () => {
  const s = await trackingApp();
  const signIn = async (username: string, permissions: Record<string, string>) => {
    await s.app.addUser(username, "user");
    s.app.deps.db.prepare("UPDATE users SET permissions = ? WHERE username = ?")
      .run(JSON.stringify(permissions), username);
    return await s.app.signIn(username, TEST_PASSWORD);
  };
  const ids = { id: s.campaignId };
  const anon = await sweep(s, undefined, ids);
  const none = await sweep(s, await signIn("nobody", { "*": "none" }), ids);
  const read = await sweep(s, await signIn("reader", { "*": "read" }), ids);
  assert.ok(anon.size > 100, `${anon.size} operations swept`);
  const leaks: string[] = [];
  for (const [op, status] of anon) {
    if (!PUBLIC.has(op) && status !== 401 && status !== 403) {
      leaks.push(`anonymous ${op} ${status}`);
    }
  }
  for (const [op, status] of none) {
    if (status < 300 && !OWN.has(op) && !isSectionRead(op)) leaks.push(`no rights ${op} ${status}`);
  }
  for (const [op, status] of read) {
    if (status < 300 && !op.startsWith("GET ") && !OWN.has(op)) {
      leaks.push(`read-only ${op} ${status}`);
    }
  }
  assert.deepEqual(leaks, []);
});

Deno.test("rights: the network's postback token needs read on networks", async () => {
  const s = await trackingApp();
  await s.app.addUser("buyer", "user");
  s.app.deps.db.prepare("UPDATE users SET permissions = ? WHERE username = 'buyer'")
    .run(JSON.stringify({ "*": "none", campaign: "read" }));
  const cookie = await s.app.signIn("buyer", TEST_PASSWORD);
  const base = "/api/settings/tracking-links/links";
  assert.equal((await s.app.request(base, { cookie })).status, 200);
  const withNetwork = await s.app.request(`${base}?affiliateNetworkId=${s.networkId}`, { cookie });
  assert.equal(withNetwork.status, 403);
  assert.doesNotMatch(await withNetwork.text(), /s3cr3t-token/);
});

Deno.test("rights: report grouping by an entity needs read on that entity type", async () => {
  const s = await trackingApp();
  await s.app.addUser("buyer", "user");
  s.app.deps.db.prepare("UPDATE users SET permissions = ? WHERE username = 'buyer'")
    .run(JSON.stringify({ "*": "none", campaign: "read" }));
  const cookie = await s.app.signIn("buyer", TEST_PASSWORD);
  const report = (groupBy: string) =>
    s.app.request(
      `/api/report?subjectType=campaign&subjectIds=${s.campaignId}&groupBy=${groupBy}`,
      {
        cookie,
      },
    );
  assert.equal((await report("day")).status, 200);
  assert.equal((await report("campaign")).status, 200);
  for (const groupBy of ["offer", "affiliateNetwork", "landing", "day,offer", "trafficSource"]) {
    const res = await report(groupBy);
    assert.equal(res.status, 403, groupBy);
    await res.body?.cancel();
  }
});

Deno.test("rights: a read-only user neither creates clicks through the click API nor changes the feedback address", async () => {
  const s = await trackingApp();
  await s.app.addUser("reader", "user");
  s.app.deps.db.prepare("UPDATE users SET permissions = ? WHERE username = 'reader'")
    .run(JSON.stringify({ "*": "read" }));
  const cookie = await s.app.signIn("reader", TEST_PASSWORD);
  const key = String(
    s.app.deps.db.prepare("SELECT key FROM campaigns WHERE id = ?").get(s.campaignId)!.key,
  );
  const before = Number(s.app.deps.db.prepare("SELECT count(*) AS n FROM clicks").get()!.n);
  const click = await s.app.send("/api/click-api/v1", { key, ip: "198.51.100.7" }, { cookie });
  assert.equal(click.status, 403);
  const after = Number(s.app.deps.db.prepare("SELECT count(*) AS n FROM clicks").get()!.n);
  assert.equal(after, before, "no click was recorded");
  const feedback = await s.app.send("/api/settings/feedback", { replyTo: "me@example.com" }, {
    cookie,
    method: "PUT",
  });
  assert.equal(feedback.status, 403);
  const stored = await (await s.app.request("/api/settings/feedback", { cookie })).json();
  assert.equal(stored.replyTo, "");
});
