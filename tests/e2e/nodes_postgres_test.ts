/**
 * Two real server processes on one PostgreSQL database (issue 16 item 2,
 * decision 172 "Several nodes"): started together on an empty database they
 * migrate once and make one admin; a campaign edited through B routes on A
 * within 1 s; a session made on B works on A; a click on either node is in
 * both nodes' click log.
 */
import assert from "node:assert/strict";
import { buildCampaign } from "../../fixtures/builders.ts";
import { postgresTest } from "../helpers/postgres.ts";
import { ADMIN_PASSWORD, startServer } from "../helpers/server.ts";
import { waitFor } from "../helpers/wait.ts";

/** One JSON call with a session cookie; the parsed answer (throws unless 2xx). */
async function call(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json", cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/user/sign_in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: "admin", password: ADMIN_PASSWORD }),
  });
  await res.body?.cancel();
  assert.equal(res.status, 200);
  return res.headers.getSetCookie().find((c) => c.startsWith("rotor_session="))!.split(";")[0];
}

/** Where a click on `base` is sent (the Location of its 302). */
async function clickOn(base: string, key: string): Promise<string | null> {
  const res = await fetch(`${base}/c/${key}`, {
    redirect: "manual",
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36" },
  });
  await res.body?.cancel();
  return res.headers.get("location");
}

postgresTest(
  "Two server processes on one PostgreSQL database act as one tracker",
  async (t, url) => {
    const env = (node: string) => ({ ROTOR_DATABASE_URL: url, ROTOR_NODE_ID: node });
    // Started together on an empty database: one migrates while the other waits, one admin.
    const [a, b] = await Promise.all([
      startServer({ env: env("a") }),
      startServer({ env: env("b") }),
    ]);
    try {
      const cookie = await signIn(b.url);
      const created = await call(
        b.url,
        cookie,
        "POST",
        "/api/campaigns",
        buildCampaign({ destination: { type: "url", url: "https://first.example.com/" } }),
      );
      const key = String(created.key);

      await t.step("a campaign edited through B routes on A within 1 s", async () => {
        assert.equal(await clickOn(a.url, key), "https://first.example.com/");
        const figures: number[] = [];
        for (let round = 1; round <= 3; round++) {
          const target = `https://edit-${round}.example.com/`;
          await call(b.url, cookie, "PATCH", `/api/campaigns/${created.id}`, {
            destination: { type: "url", url: target },
          });
          const started = performance.now();
          await waitFor(async () => await clickOn(a.url, key) === target, {
            timeoutMs: 30_000,
            intervalMs: 1,
            message: "A routing the edit",
          });
          figures.push(performance.now() - started);
        }
        console.log(`B's edit routed on A after ${figures.map((f) => f.toFixed(1)).join(", ")} ms`);
        for (const ms of figures) assert.ok(ms <= 1000, `${ms} ms`);
      });

      await t.step("a session made on B works on A; one admin exists", async () => {
        const users = await call(a.url, cookie, "GET", "/api/users");
        const items = (users.items ?? users) as { username: string }[];
        assert.deepEqual(items.map((u) => u.username), ["admin"]);
      });

      await t.step("a click on either node is in the other's click log", async () => {
        const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
        const until = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
        const clickIds = async (base: string) =>
          (await call(base, cookie, "GET", `/api/clicks?from=${since}&to=${until}&tz=UTC&limit=20`))
            .items.map((row: Record<string, unknown>) => String(row.id));
        for (const [here, there] of [[a.url, b.url], [b.url, a.url]]) {
          const res = await fetch(`${here}/c/${key}`, { redirect: "manual" });
          await res.body?.cancel();
          const id = res.headers.getSetCookie().find((c) => c.startsWith("rotor_click="))!
            .split(";")[0].slice("rotor_click=".length);
          await waitFor(async () => (await clickIds(there)).includes(id), {
            timeoutMs: 30_000,
            message: `click ${id} from ${here} in ${there}'s log`,
          });
        }
      });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  },
);
