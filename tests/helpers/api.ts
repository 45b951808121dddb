/**
 * In-process API testing (STYLE 12): a fresh in-memory database per app, real
 * middleware, `app.request(...)` with a client IP, and a cookie jar.
 */
import { type Db, openDatabase, openPostgres } from "../../server/db/connection.ts";
import { freshDatabaseSync } from "./postgres.ts";
import { createApp } from "../../server/app.ts";
import { createDeps } from "../../server/deps.ts";
import { type Config, parseConfig } from "../../server/config.ts";
import type { Deps } from "../../server/context.ts";
import { setLogQuiet } from "../../server/log.ts";
import { createUser } from "../../server/users/service.ts";
import type { Role } from "../../contracts/auth.ts";

setLogQuiet(Deno.env.get("ROTOR_TEST_LOG") !== "1");

export type TestApp = {
  deps: Deps;
  /** Sends a request as if from `ip` (default 203.0.113.1), with the jar's cookie. */
  request: (
    path: string,
    init?: RequestInit & { ip?: string; cookie?: string },
  ) => Promise<Response>;
  /** Sends JSON with the method given (default POST). */
  send: (
    path: string,
    body: unknown,
    init?: RequestInit & { ip?: string; cookie?: string },
  ) => Promise<Response>;
  /** Creates a user and returns its id. */
  addUser: (username: string, role: Role, password?: string) => Promise<number>;
  /** Signs in and returns the session cookie (`rotor_session=…`). */
  signIn: (login: string, password: string) => Promise<string>;
};

export const TEST_PASSWORD = "correct horse battery";

/**
 * The store the API tests run on: SQLite in memory, or PostgreSQL when
 * `ROTOR_TEST_STORE=postgres` (each app a fresh database in a throwaway
 * cluster; `server/db/pg/api_suite_test.ts` runs the files that pass there).
 */
export const TEST_STORE = Deno.env.get("ROTOR_TEST_STORE") === "postgres" ? "postgres" : "sqlite";

/** PostgreSQL test stores still open, oldest first: past a few, the oldest is closed. */
const openStores: Db[] = [];
const OPEN_STORES_AT_MOST = 24;

/** A new empty (migrated) database on the test store. */
export function testDatabase(): Db {
  if (TEST_STORE === "sqlite") return openDatabase(":memory:");
  const db = openPostgres(freshDatabaseSync((url) => openPostgres(url).close()));
  openStores.push(db);
  if (openStores.length > OPEN_STORES_AT_MOST) openStores.shift()!.close();
  return db;
}

/** A new app on a new database of the test store (or on `db`: another node of one database). */
export function testApp(
  options: { config?: Partial<Config>; deps?: Partial<Deps>; db?: Db } = {},
): TestApp {
  const db = options.db ?? testDatabase();
  // Every answer is checked against its route's declaration (decision 171).
  const config = { ...parseConfig({}), strictAnswers: true, ...options.config };
  const deps = createDeps(db, config, options.deps);
  const app = createApp(deps);
  const request: TestApp["request"] = (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("cookie", init.cookie);
    return Promise.resolve(
      app.request(`http://localhost${path}`, { ...init, headers }, {
        remoteAddr: { hostname: init.ip ?? "203.0.113.1" },
      }),
    );
  };
  const send: TestApp["send"] = (path, body, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("content-type", "application/json");
    return request(path, { method: "POST", ...init, headers, body: JSON.stringify(body) });
  };
  return {
    deps,
    request,
    send,
    addUser: (username, role, password = TEST_PASSWORD) =>
      createUser(db, { username, role, password }),
    signIn: async (login, password) => {
      const res = await send("/api/user/sign_in", { login, password });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      return sessionCookie(res)!;
    },
  };
}

/** The `rotor_session=…` pair from a response's Set-Cookie, if any. */
export function sessionCookie(res: Response): string | undefined {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("rotor_session="));
  return header?.split(";")[0];
}
