/**
 * What every handler can reach: the dependencies made once at start, and the
 * signed-in user (if any) of the current request.
 */
import type { Config } from "./config.ts";
import type { Db } from "./db/connection.ts";
import type { FailureLimiter } from "./auth/rate_limit.ts";
import type { Session } from "./auth/sessions.ts";
import type { UserRow } from "./users/store.ts";
import type { TrackingEngine } from "./tracking/engine.ts";

export type Deps = {
  db: Db;
  config: Config;
  version: string;
  startedAt: number;
  /** Failed sign-ins per IP. */
  signInLimiter: FailureLimiter;
  /** Failed re-entries of a signed-in user's own password (password change, clicker), by user. */
  passwordCheckLimiter: FailureLimiter;
  /** Sign-ins running now, by session (or IP and login when no session yet). */
  signInsInFlight: Set<string>;
  /** Where `/panel/*` files come from. */
  panelDir: string;
  /** The click path: entity cache, click writer, uniqueness, S2S queue. */
  tracking: TrackingEngine;
  /** Where this process listens (set by `main` once listening; absent in-process). */
  listening?: { hostname: string; port: number };
};

export type AppEnv = {
  Bindings: { remoteAddr?: { hostname: string } };
  Variables: { deps: Deps; user?: UserRow; session?: Session };
};
