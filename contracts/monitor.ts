/**
 * The developer monitor (SPEC §2 `/monitor/developer/*`): build info, the
 * seed job, and the server's log lines streamed to the messages page.
 */
import { z } from "zod";

/** The group-commit click writer's figures. */
export const ClickWriterInfo = z.object({
  /** Rows queued and not yet committed. */
  depth: z.number(),
  /** Rows committed since start. */
  committed: z.number(),
  /** When the last batch committed (ms since epoch), 0 when never. */
  lastFlushAt: z.number(),
});
export type ClickWriterInfo = z.infer<typeof ClickWriterInfo>;

/** `GET /api/monitor/build-info` (admins only). */
export const BuildInfo = z.object({
  version: z.string(),
  /** The git commit the server started from, or "unknown". */
  commit: z.string(),
  /** When the panel was built (ISO), or null when it was not. */
  builtAt: z.string().nullable(),
  startedAt: z.string(),
  uptimeSeconds: z.number(),
  deno: z.string(),
  v8: z.string(),
  typescript: z.string(),
  sqlite: z.string(),
  /** The database file with its write-ahead log, in bytes. */
  databaseBytes: z.number(),
  dataDir: z.string(),
  /** Null until the tracking engine's writer runs in this process. */
  clickWriter: ClickWriterInfo.nullable(),
  /** The upstream tracker in forward mode (origin only), else null. */
  upstream: z.string().nullable(),
});
export type BuildInfo = z.infer<typeof BuildInfo>;

/** Log levels, least severe first. */
export const LogLevel = z.enum(["debug", "info", "warn", "error"]);
export type LogLevel = z.infer<typeof LogLevel>;

/** One server log line as the messages stream sends it (secrets already redacted). */
export const LogLine = z.looseObject({ ts: z.string(), level: LogLevel, event: z.string() });
export type LogLine = z.infer<typeof LogLine>;

/** `GET /api/monitor/messages?level=`: lines at this level or more severe. */
export const MessagesQuery = z.object({ level: LogLevel.default("debug") });

/** The seed job's state (`POST` starts it, `GET` reads it). */
export const SeedJob = z.object({
  state: z.enum(["idle", "running", "done", "failed"]),
  /** Steps done and the total. */
  done: z.number(),
  total: z.number(),
  /** What each finished step did, and the current one. */
  steps: z.array(z.object({ name: z.string(), detail: z.string() })),
  current: z.string().nullable(),
  error: z.string().nullable(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
});
export type SeedJob = z.infer<typeof SeedJob>;

/** Per-offer figures the clicker compares. Revenue in integer micro-units. */
export const OfferFigures = z.object({
  clicks: z.number(),
  uniqueClicks: z.number(),
  conversions: z.number(),
  revenue: z.number(),
});

/** A scenario the clicker can run from the browser. */
export const ClickerScenario = z.object({ name: z.string(), clicks: z.number() });

/** `GET /api/monitor/clicker/scenarios`. */
export const ClickerScenarios = z.object({ scenarios: z.array(ClickerScenario) });

/** `POST /api/monitor/clicker`: the scenario and the signed-in user's password (re-entered). */
export const ClickerInput = z.object({
  scenario: z.string().regex(/^[\w-]{1,64}$/, "must be a scenario name"),
  password: z.string().min(1, "Enter your password").max(1024),
});
export type ClickerInput = z.infer<typeof ClickerInput>;

/** The clicker job: progress, then expected against recorded per offer. */
export const ClickerJob = z.object({
  state: z.enum(["idle", "running", "done", "failed"]),
  scenario: z.string().nullable(),
  done: z.number(),
  total: z.number(),
  report: z.object({
    offers: z.array(z.object({
      name: z.string(),
      id: z.number(),
      expected: OfferFigures,
      recorded: OfferFigures,
    })),
    differences: z.array(z.object({
      offer: z.string(),
      figure: z.string(),
      expected: z.number(),
      recorded: z.number(),
    })),
    seconds: z.number(),
  }).nullable(),
  error: z.string().nullable(),
});
export type ClickerJob = z.infer<typeof ClickerJob>;
