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
import type { ReadWorker } from "./reads/worker.ts";
import { HttpError } from "./errors.ts";
import { AUTH_ERROR_CODE } from "../contracts/wire.ts";

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
  /**
   * Report, list and stats reads off the server's thread. The click engine owns
   * it (it checkpoints the WAL after the engine's commits); readers take it here.
   */
  reads: ReadWorker;
  /**
   * Aborted when the process starts to stop (SIGTERM, SIGINT): answers that
   * would otherwise never end, such as the live log, end then, so stopping
   * waits only for requests that finish.
   */
  stopping: AbortController;
  /** Where this process listens (set by `main` once listening; absent in-process). */
  listening?: { hostname: string; port: number };
};

export type AppEnv = {
  Bindings: { remoteAddr?: { hostname: string } };
  Variables: { deps: Deps; user?: UserRow; session?: Session };
};

/**
 * The signed-in user of a request behind `requireUser`; a request without one
 * is refused here (401, `AUTHENTICATION_ERROR`) rather than read as `undefined`.
 */
export function userOf(c: { readonly var: { readonly user?: UserRow } }): UserRow {
  const user = c.var.user;
  if (!user) {
    throw new HttpError(401, AUTH_ERROR_CODE, `${AUTH_ERROR_CODE}: sign in to continue`);
  }
  return user;
}
