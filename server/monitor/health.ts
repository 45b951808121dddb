/**
 * The monitor page's live figures (`GET /api/monitor/health`): read from the
 * running engine's own counters — the click store's running count and the
 * meters sampling it, the group-commit writer, the rollups held in memory,
 * the read worker (threads, WAL pauses), the S2S queue — plus two cheap
 * queries (the database's size, the S2S queue's counts), the process's memory
 * and the backup folder. Nothing here touches the click path.
 */
import { basename } from "node:path";
import type { Health, HealthWarning } from "../../contracts/monitor_health.ts";
import type { Deps } from "../context.ts";
import { dialectOf } from "../db/connection.ts";
import { WAL_PAUSE_BYTES } from "../reads/worker.ts";
import { clickIdTime } from "../tracking/click_id.ts";
import { defaultNodeId } from "../tracking/click_rows.ts";
import { listBackups } from "../backup/backup.ts";
import { backupFolder, lastBackupRun } from "../backup/schedule.ts";
import { readSection } from "../settings/sections.ts";

const MINUTE = 60_000;
const HOUR = 3_600_000;
/** Seconds of queue growth, one sample a second, after which the writer is said to fall behind. */
const GROWING_SAMPLES = 5;
/** Nothing committed for this long while rows wait: the writer is stuck. */
const STALLED_MS = 5000;
/** Reads waiting past this many: the read threads are behind. */
const READS_BEHIND = 10;
/** PostgreSQL writes the sums in memory every second: past this they are late. */
const ROLLUP_LATE_SECONDS = 10;

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function fileSize(path: string): number | null {
  try {
    return Deno.statSync(path).size;
  } catch {
    return null;
  }
}

function nodeName(deps: Deps): string {
  const node = deps.tracking.clicks.node ?? deps.config.nodeId;
  if (node) return node;
  try {
    return defaultNodeId();
  } catch {
    return "this server"; // no --allow-sys
  }
}

function processFigures(deps: Deps, now: number): Health["process"] {
  const memory = Deno.memoryUsage();
  return {
    startedAt: deps.startedAt,
    uptimeSeconds: Math.max(0, Math.round((now - deps.startedAt) / 1000)),
    version: deps.version,
    store: dialectOf(deps.db),
    node: nodeName(deps),
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    heapTotalBytes: memory.heapTotal,
  };
}

function clickFigures(deps: Deps, now: number): Health["clicks"] {
  const meter = deps.tracking.meters.get("clicks");
  return {
    perSecond: Math.round(meter.rate(5000, now) * 10) / 10,
    lastMinute: meter.growth(MINUTE, now),
    lastHour: meter.growth(HOUR, now),
    sinceStart: deps.tracking.clicks.received,
  };
}

function writerFigures(deps: Deps): Health["writer"] {
  const writer = deps.tracking.clicks.writer;
  return {
    queue: writer.depth,
    queueTrend: deps.tracking.meters.get("writerQueue").recent(60),
    committed: writer.committed,
    lastCommitAt: writer.lastFlushAt || null,
    paused: writer.paused,
  };
}

function rollupFigures(deps: Deps, now: number): Health["rollups"] {
  const state = deps.tracking.clicks.rollupState();
  return {
    watermarkAt: state.watermark ? clickIdTime(state.watermark) : null,
    pendingClicks: state.pending,
    lastFlushAt: Math.round(state.flushedAt),
    lagSeconds: state.pending > 0 ? Math.max(0, Math.round((now - state.flushedAt) / 1000)) : 0,
  };
}

function databaseFigures(deps: Deps): Health["database"] {
  const db = deps.db;
  if (dialectOf(db) === "postgres") {
    const size = db.prepare("SELECT pg_database_size(current_database()) AS n").get()?.n;
    return {
      sizeBytes: Number(size ?? 0),
      walBytes: null,
      walPauseBytes: null,
      walPauses: null,
      longestPauseMs: null,
      note:
        "PostgreSQL manages its own write-ahead log: the WAL and writer-pause figures are SQLite's only",
    };
  }
  const pages = Number(db.prepare("PRAGMA page_count").get()?.page_count ?? 0);
  const pageSize = Number(db.prepare("PRAGMA page_size").get()?.page_size ?? 0);
  const location = db.location();
  const reads = deps.tracking.reads;
  return {
    sizeBytes: pages * pageSize,
    walBytes: location ? fileSize(reads.walPath ?? `${location}-wal`) ?? 0 : null,
    walPauseBytes: WAL_PAUSE_BYTES,
    walPauses: reads.pauses,
    longestPauseMs: Math.round(reads.longestPauseMs),
    note: location ? null : "An in-memory database has no file and no WAL",
  };
}

function s2sFigures(deps: Deps, now: number): Health["s2s"] {
  const row = deps.db.prepare(
    `SELECT count(*) AS n, coalesce(sum(CASE WHEN attempts > 0 THEN 1 ELSE 0 END), 0) AS retrying,
       min(next_at) AS next_at FROM s2s_queue`,
  ).get();
  const meters = deps.tracking.meters;
  return {
    pending: Number(row?.n ?? 0),
    retrying: Number(row?.retrying ?? 0),
    nextDueAt: row?.next_at == null ? null : Number(row.next_at),
    sentLastHour: meters.get("s2sSent").growth(HOUR, now),
    failedLastHour: meters.get("s2sGivenUp").growth(HOUR, now),
  };
}

/** `rotor-backup-20261123-211502-123` → its time. */
function backupTime(path: string): number | null {
  const m = /^rotor-backup-(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)(\d\d)-(\d{3})$/.exec(basename(path));
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms] = m;
  return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
}

function backupFigures(deps: Deps): Health["backup"] {
  const settings = readSection(deps.db, "backups");
  const run = lastBackupRun(deps);
  let newest: string | null = null;
  try {
    newest = listBackups(backupFolder(deps)).at(-1) ?? null;
  } catch { /* an unreadable folder: the last run tells */ }
  const fromFolder = newest ? backupTime(newest) : null;
  const fromRun = run && !run.error ? run.finishedAt : null;
  const useFolder = fromFolder !== null && (fromRun === null || fromFolder >= fromRun - 60_000);
  return {
    lastAt: useFolder ? fromFolder : fromRun,
    lastPath: useFolder ? newest : run?.path ?? null,
    lastError: run?.error ?? null,
    everyHours: settings.enabled ? settings.everyHours : null,
  };
}

/** What is wrong, on the card it concerns. */
export function healthWarnings(h: Omit<Health, "warnings">): HealthWarning[] {
  const out: HealthWarning[] = [];
  const trend = h.writer.queueTrend.slice(-GROWING_SAMPLES);
  if (
    trend.length === GROWING_SAMPLES && trend.every((v, i) => i === 0 || v > trend[i - 1])
  ) {
    out.push({
      card: "writer",
      message:
        `The click writer's queue has grown for ${GROWING_SAMPLES} s (${h.writer.queue} rows): ` +
        "commits are not keeping up",
    });
  }
  const lastCommit = h.writer.lastCommitAt ?? h.process.startedAt;
  if (h.writer.queue > 0 && trend.slice(-3).every((v) => v > 0) && h.at - lastCommit > STALLED_MS) {
    out.push({
      card: "writer",
      message: `${h.writer.queue} rows wait and nothing was committed for ` +
        `${Math.round((h.at - lastCommit) / 1000)} s`,
    });
  }
  const db = h.database;
  if (db.walBytes !== null && db.walPauseBytes !== null && db.walBytes > db.walPauseBytes) {
    out.push({
      card: "database",
      message: `The WAL is ${mb(db.walBytes)}, past its pause size (${mb(db.walPauseBytes)}): ` +
        "checkpoints are behind",
    });
  }
  if (h.s2s.retrying > 0) {
    out.push({
      card: "s2s",
      message: h.s2s.retrying === 1
        ? "1 postback to a traffic source failed and waits for a retry"
        : `${h.s2s.retrying} postbacks to traffic sources failed and wait for a retry`,
    });
  }
  if (h.s2s.failedLastHour > 0) {
    out.push({
      card: "s2s",
      message: `${h.s2s.failedLastHour} postback${h.s2s.failedLastHour === 1 ? "" : "s"} ` +
        "given up in the last hour",
    });
  }
  if (h.reads.pendingJobs >= READS_BEHIND) {
    out.push({ card: "reads", message: `${h.reads.pendingJobs} reports wait for a read thread` });
  }
  if (h.process.store === "postgres" && h.rollups.lagSeconds > ROLLUP_LATE_SECONDS) {
    out.push({
      card: "rollups",
      message: `Report sums have waited ${h.rollups.lagSeconds} s in memory: other nodes' ` +
        "reports miss them",
    });
  }
  if (h.backup.lastError) {
    out.push({ card: "backup", message: `The last backup failed: ${h.backup.lastError}` });
  }
  const every = h.backup.everyHours;
  if (every !== null && (h.backup.lastAt ?? h.process.startedAt) < h.at - 2 * every * HOUR) {
    out.push({
      card: "backup",
      message: `No backup for over ${2 * every} h (scheduled every ${every} h)`,
    });
  }
  return out;
}

/** Every figure the monitor page shows, as of `now`. */
export function health(deps: Deps, now = Date.now()): Health {
  const figures = {
    at: now,
    process: processFigures(deps, now),
    clicks: clickFigures(deps, now),
    writer: writerFigures(deps),
    rollups: rollupFigures(deps, now),
    database: databaseFigures(deps),
    s2s: s2sFigures(deps, now),
    reads: {
      pendingJobs: deps.tracking.reads.pendingJobs,
      threads: deps.tracking.reads.threads,
      offThread: deps.tracking.reads.offThread,
    },
    backup: backupFigures(deps),
  };
  return { ...figures, warnings: healthWarnings(figures) };
}
