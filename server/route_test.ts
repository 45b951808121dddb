import assert from "node:assert/strict";
import { Hono } from "hono";
import { z } from "zod";
import { route } from "../contracts/route.ts";
import type { AppEnv } from "./context.ts";
import { handleError } from "./errors.ts";
import { implement, routes } from "./route.ts";
import { TEST_PASSWORD, testApp } from "../tests/helpers/api.ts";
import { signedIn } from "./entities/testing.ts";
import { createApp } from "./app.ts";
import { loadSession } from "./auth/middleware.ts";

const Thing = z.object({ id: z.number().int(), name: z.string() });
const read = route({
  method: "get",
  path: "/api/things/{id}",
  tag: "Things",
  summary: "One thing",
  access: ["offer", "read"],
  query: z.object({ upper: z.enum(["0", "1"]).default("0") }),
  answer: Thing,
});
const write = route({
  method: "post",
  path: "/api/things/{id}",
  tag: "Things",
  summary: "Rename a thing",
  access: ["offer", "write"],
  body: z.object({ name: z.string().min(1) }),
  answer: Thing,
});
const broken = route({
  method: "get",
  path: "/api/broken",
  tag: "Things",
  summary: "Answers off its schema",
  access: "public",
  answer: Thing,
});

/** A test app with the three routes above mounted in front of the real one (for sign-in). */
function thingsApp(strictAnswers: boolean) {
  const app = testApp({ config: { strictAnswers } });
  const seen: unknown[] = [];
  const things = routes([
    implement(read, (_c, { params, query }) => {
      seen.push(params.id);
      return { id: params.id, name: query.upper === "1" ? "THING" : "thing" };
    }),
    implement(write, (_c, { params, body }) => ({ id: params.id, name: body.name })),
    implement(broken, () => ({ id: "seven", name: 7 }) as unknown as z.input<typeof Thing>),
  ]);
  const server = new Hono<AppEnv>();
  server.onError(handleError);
  server.use("*", async (c, next) => {
    c.set("deps", app.deps);
    await next();
  });
  server.use("/api/*", loadSession);
  server.route("/", things);
  server.route("/", createApp(app.deps));
  const request = (path: string, init: RequestInit & { cookie?: string } = {}) =>
    server.request(`http://localhost${path}`, {
      ...init,
      headers: {
        ...(init.cookie ? { cookie: init.cookie } : {}),
        "content-type": "application/json",
      },
    }, { remoteAddr: { hostname: "203.0.113.1" } });
  return { app, request, seen };
}

Deno.test("route: a declaration's right, params, query and body are enforced; answers are checked in tests", async (t) => {
  const { app, request, seen } = thingsApp(true);
  await signedIn(app, { username: "reader", role: "user", permissions: { offer: "read" } });
  const cookie = await app.signIn("reader", TEST_PASSWORD);
  await t.step("no user: 401; a user without the right: 403", async () => {
    assert.equal((await request("/api/things/3")).status, 401);
    const res = await request("/api/things/3", { method: "POST", body: '{"name":"x"}', cookie });
    assert.equal(res.status, 403);
  });
  await t.step("params arrive as numbers, the query with its defaults", async () => {
    const res = await request("/api/things/3?upper=1", { cookie });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { id: 3, name: "THING" });
    assert.deepEqual(seen, [3]);
  });
  await t.step("bad params and bad queries answer 400 with the field", async () => {
    const bad = await request("/api/things/x1", { cookie });
    assert.equal(bad.status, 400);
    const query = await request("/api/things/3?upper=2", { cookie });
    assert.equal(query.status, 400);
    assert.match(JSON.stringify(await query.json()), /upper/);
  });
  await t.step("an answer off its declared schema is a 500 naming the field", async () => {
    const res = await request("/api/broken");
    assert.equal(res.status, 500);
    assert.match((await res.json()).error.message, /GET \/api\/broken answered off its schema: id/);
  });
});

Deno.test("route: without strict answers (production) the answer is sent as the handler made it", async () => {
  const { request } = thingsApp(false);
  const res = await request("/api/broken");
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { id: "seven", name: 7 });
});
