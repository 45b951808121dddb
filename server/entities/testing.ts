/**
 * Test helpers for the entity APIs: an in-process app with a signed-in
 * user, and JSON calls that answer `{status, body}`.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { z } from "zod";
import type { Role } from "../../contracts/auth.ts";
import { type AnswerOf, type CallInput, type RouteDecl, routeUrl } from "../../contracts/route.ts";
import { TEST_PASSWORD, type TestApp, testApp } from "../../tests/helpers/api.ts";

/** A JSON answer. */
export type Answer = { status: number; body: Record<string, unknown> & { [key: string]: unknown } };

/** JSON calls as one signed-in user. */
export type Api = {
  /** Calls a declared route with typed input; fails unless it answers its declared status, and returns the typed answer. */
  call: <D extends RouteDecl>(decl: D, input: CallInput<D>) => Promise<AnswerOf<D>>;
  /** Calls a declared route, any status (refusals and errors). */
  attempt: <D extends RouteDecl>(decl: D, input: CallInput<D>) => Promise<Answer>;
  get: (path: string) => Promise<Answer>;
  post: (path: string, body?: unknown) => Promise<Answer>;
  patch: (path: string, body: unknown) => Promise<Answer>;
  put: (path: string, body: unknown) => Promise<Answer>;
  del: (path: string) => Promise<Answer>;
};

async function answer(res: Response): Promise<Answer> {
  return { status: res.status, body: await res.json() };
}

/** Calls as the holder of `cookie` (anonymous when absent). */
export function apiAs(app: TestApp, cookie?: string): Api {
  const attempt: Api["attempt"] = async (decl, input) => {
    const url = routeUrl(decl, input as Parameters<typeof routeUrl>[1]);
    const method = decl.method.toUpperCase();
    const res = decl.method === "get" || decl.method === "delete"
      ? await app.request(url, { cookie, method })
      : await app.send(url, input.body ?? {}, { cookie, method });
    return answer(res);
  };
  return {
    attempt,
    call: async (decl, input) => {
      const res = await attempt(decl, input);
      if (res.status !== (decl.status ?? 200)) {
        throw new Error(`${decl.method} ${decl.path}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      return res.body as AnswerOf<typeof decl>;
    },
    get: async (path) => answer(await app.request(path, { cookie })),
    post: async (path, body = {}) => answer(await app.send(path, body, { cookie })),
    patch: async (path, body) => answer(await app.send(path, body, { cookie, method: "PATCH" })),
    put: async (path, body) => answer(await app.send(path, body, { cookie, method: "PUT" })),
    del: async (path) => answer(await app.request(path, { cookie, method: "DELETE" })),
  };
}

/** Creates a user (with `permissions` when given) and signs them in. */
export async function signedIn(
  app: TestApp,
  user: {
    username: string;
    role: Role;
    permissions?: Record<string, string>;
    hideProfit?: boolean;
  },
): Promise<Api> {
  const id = await app.addUser(user.username, user.role);
  app.deps.db.prepare("UPDATE users SET permissions = ?, hide_profit = ? WHERE id = ?")
    .run(JSON.stringify(user.permissions ?? {}), user.hideProfit ? 1 : 0, id);
  return apiAs(app, await app.signIn(user.username, TEST_PASSWORD));
}

/** A fresh app with a signed-in super-admin. */
export async function adminApi(): Promise<{ app: TestApp; api: Api }> {
  const app = testApp();
  return { app, api: await signedIn(app, { username: "root", role: "super-admin" }) };
}

/** The body's `id`, as a number (fails loudly when absent). */
export function idOf(res: Answer): number {
  if (typeof res.body.id !== "number") {
    throw new Error(`no id in ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.id;
}

/** Rotor's error answer (`server/errors.ts`). */
const ErrorAnswer = z.object({
  error: z.object({
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

/** The error of a refused call (fails unless the body has Rotor's error shape). */
export function errorOf(res: Answer): z.infer<typeof ErrorAnswer>["error"] {
  return ErrorAnswer.parse(res.body).error;
}

/** An answer's `id`, as a number (fails loudly when absent). */
export function idIn(body: { id?: unknown }): number {
  if (typeof body.id !== "number") throw new Error(`no id in ${JSON.stringify(body)}`);
  return body.id;
}

/**
 * One case of a create-then-get round trip, inside a fast-check property:
 * `raw` the contract refuses is skipped; otherwise what is created at `path`
 * must come back parsing to the same input.
 */
export async function assertRoundTrip(
  api: Api,
  path: string,
  options: { input: z.ZodType; raw: unknown },
): Promise<void> {
  const parsed = options.input.safeParse(options.raw);
  fc.pre(parsed.success);
  const created = await api.post(path, parsed.data);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const got = await api.get(`${path}/${idOf(created)}`);
  assert.deepEqual(withoutFlowIds(options.input.parse(got.body)), parsed.data);
}

/** A copy without the ids the server gives flow rules and paths (decision 123). */
export function withoutFlowIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutFlowIds);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).map(([k, v]) => [k, withoutFlowIds(v)] as const);
  const flowItem = "offers" in value || "criteria" in value;
  return Object.fromEntries(entries.filter(([k]) => !(flowItem && k === "id")));
}
