/**
 * The monitor page's live health figures (`GET /api/monitor/health`, admins
 * only): what an operator of a self-hosted tracker watches — click
 * throughput, the click writer, the rollups, the database and its WAL, the
 * S2S postback queue, the read threads, the process's memory and backups.
 * Times are ms since the epoch; sizes are bytes. Figures a store does not
 * have are null (PostgreSQL has no WAL of Rotor's to bound).
 */
import { z } from "zod";

/** The card a warning belongs to. */
export const HealthCard = z.enum([
  "process",
  "clicks",
  "writer",
  "rollups",
  "database",
  "s2s",
  "reads",
  "backup",
]);
export type HealthCard = z.infer<typeof HealthCard>;

/** Something an operator should look at, on the card it concerns. */
export const HealthWarning = z.object({ card: HealthCard, message: z.string() });
export type HealthWarning = z.infer<typeof HealthWarning>;

/** `GET /api/monitor/health`. */
export const Health = z.object({
  /** The server's clock when it answered. */
  at: z.number(),
  process: z.object({
    startedAt: z.number(),
    uptimeSeconds: z.number(),
    version: z.string(),
    store: z.enum(["sqlite", "postgres"]),
    /** This node's name (PostgreSQL: whose clicks are whose; SQLite: the host's name). */
    node: z.string(),
    rssBytes: z.number(),
    heapUsedBytes: z.number(),
    heapTotalBytes: z.number(),
  }),
  /** Clicks recorded by this process (redirects, blocked bots, click API, direct). */
  clicks: z.object({
    /** Over the last few seconds. */
    perSecond: z.number(),
    lastMinute: z.number(),
    lastHour: z.number(),
    sinceStart: z.number(),
  }),
  /** The group-commit click writer. */
  writer: z.object({
    /** Rows queued and not yet committed. */
    queue: z.number(),
    /** The queue length sampled once a second, oldest first (up to a minute). */
    queueTrend: z.array(z.number()),
    /** Rows committed since start (clicks and lander click-throughs). */
    committed: z.number(),
    lastCommitAt: z.number().nullable(),
    /** Commits held for a WAL checkpoint right now. */
    paused: z.boolean(),
  }),
  /** Report sums held in memory and the watermark of what is written. */
  rollups: z.object({
    /** Time of the newest click whose sums are written; null before the first. */
    watermarkAt: z.number().nullable(),
    /** Clicks whose sums wait in memory (written before every report read). */
    pendingClicks: z.number(),
    lastFlushAt: z.number().nullable(),
    /** How long the oldest sums in memory have waited (0 when none wait). */
    lagSeconds: z.number(),
  }),
  database: z.object({
    /** The database's size: the SQLite file, or PostgreSQL's `pg_database_size`. */
    sizeBytes: z.number(),
    /** SQLite's write-ahead log; null on PostgreSQL and for an in-memory database. */
    walBytes: z.number().nullable(),
    /** Past this the checkpoint thread pauses the writer (SQLite only). */
    walPauseBytes: z.number().nullable(),
    /** Writer pauses for checkpoints since start, and the longest (SQLite only). */
    walPauses: z.number().nullable(),
    longestPauseMs: z.number().nullable(),
    /** Why figures are missing, when they are. */
    note: z.string().nullable(),
  }),
  s2s: z.object({
    /** Postbacks to traffic sources waiting in the queue (every node's). */
    pending: z.number(),
    /** Of those, the ones whose last attempt failed (waiting for a retry). */
    retrying: z.number(),
    /** When the oldest queued one is due; null when none wait. */
    nextDueAt: z.number().nullable(),
    /** Sent, and given up after the last retry, by this process in the last hour. */
    sentLastHour: z.number(),
    failedLastHour: z.number(),
  }),
  reads: z.object({
    /** Report, list and stats reads waiting for a read thread's answer. */
    pendingJobs: z.number(),
    /** Read threads running (started on first use). */
    threads: z.number(),
    /** False for an in-memory database (tests): reads then run on the server's thread. */
    offThread: z.boolean(),
  }),
  backup: z.object({
    /** The newest complete backup in the backup folder, or the last run's time. */
    lastAt: z.number().nullable(),
    lastPath: z.string().nullable(),
    /** The last run's error, when it failed. */
    lastError: z.string().nullable(),
    /** Scheduled backups: every this many hours, null when off. */
    everyHours: z.number().nullable(),
  }),
  warnings: z.array(HealthWarning),
});
export type Health = z.infer<typeof Health>;
