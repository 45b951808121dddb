/** Builds the dependencies of the app from a configuration and a database. */
import { recoverCostUpdates } from "./costs/apply.ts";
import { sealClearSecrets } from "./auth/seal.ts";
import { fileURLToPath } from "node:url";
import denoJson from "../deno.json" with { type: "json" };
import type { Config } from "./config.ts";
import type { Deps } from "./context.ts";
import type { Db } from "./db/connection.ts";
import { FailureLimiter } from "./auth/rate_limit.ts";
import { ensureTrackerId } from "./licence/service.ts";
import { TrackingEngine } from "./tracking/engine.ts";

/** Rotor's version, from deno.json. */
export const VERSION: string = denoJson.version;

/** Where `deno task build` writes the panel. */
export const DEFAULT_PANEL_DIR = fileURLToPath(new URL("../client/dist", import.meta.url));

/** Everything the app needs, made once. */
export function createDeps(db: Db, config: Config, overrides: Partial<Deps> = {}): Deps {
  ensureTrackerId(db);
  sealClearSecrets(db);
  recoverCostUpdates(db);
  const tracking = overrides.tracking ?? new TrackingEngine(db, { node: config.nodeId });
  return {
    db,
    config,
    version: VERSION,
    startedAt: Date.now(),
    // On PostgreSQL the counts are shared by the nodes (`shared`: their table).
    signInLimiter: new FailureLimiter({
      max: 10,
      windowMs: 10 * 60_000,
      shared: { db, name: "sign-in" },
    }),
    signInsInFlight: new Set(),
    passwordCheckLimiter: new FailureLimiter({
      max: 5,
      windowMs: 15 * 60_000,
      shared: { db, name: "password-check" },
    }),
    panelDir: DEFAULT_PANEL_DIR,
    tracking,
    reads: tracking.reads,
    stopping: new AbortController(),
    ...overrides,
  };
}
