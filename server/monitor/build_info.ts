/**
 * Build info for the developer monitor and `rotor status`: version, commit,
 * panel build time, runtime and SQLite versions, database size, uptime and the
 * click writer's queue. The commit is read from `.git` (what `git rev-parse
 * HEAD` prints) without running git, which the server has no permission to do.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BuildInfo, ClickWriterInfo } from "../../contracts/monitor.ts";
import type { Deps } from "../context.ts";
import { type Db, dialectOf } from "../db/connection.ts";
import { readSetting, writeSetting } from "../settings/store.ts";
import { z } from "zod";
import { logEvent } from "../log.ts";

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

function readText(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path).trim();
  } catch {
    return undefined;
  }
}

/** The commit checked out in `repoRoot`, or "unknown" (no `.git`, or unreadable). */
export function gitCommit(repoRoot = REPO_ROOT): string {
  const gitDir = join(repoRoot, ".git");
  const head = readText(join(gitDir, "HEAD"));
  if (!head) return "unknown";
  if (/^[0-9a-f]{40}$/.test(head)) return head;
  const ref = /^ref: (.+)$/.exec(head)?.[1];
  if (!ref) return "unknown";
  const loose = readText(join(gitDir, ref));
  if (loose && /^[0-9a-f]{40}$/.test(loose)) return loose;
  const packed = readText(join(gitDir, "packed-refs")) ?? "";
  const line = packed.split("\n").find((l) => l.endsWith(` ${ref}`));
  return line?.slice(0, 40) ?? "unknown";
}

let commitAtStart: string | undefined;

/** The commit, read once per process. */
export function startCommit(): string {
  return commitAtStart ??= gitCommit();
}

/** When the panel in `panelDir` was built (its index.html's time), or null. */
export function panelBuiltAt(panelDir: string): string | null {
  try {
    return Deno.statSync(join(panelDir, "index.html")).mtime?.toISOString() ?? null;
  } catch {
    return null;
  }
}

/** The database's size on disk: pages plus the write-ahead log (PostgreSQL: the database's files). */
export function databaseBytes(db: Db, dataDir?: string): number {
  if (dialectOf(db) === "postgres") {
    return Number(db.prepare("SELECT pg_database_size(current_database()) AS n").get()?.n ?? 0);
  }
  const pages = Number(db.prepare("PRAGMA page_count").get()?.page_count ?? 0);
  const size = Number(db.prepare("PRAGMA page_size").get()?.page_size ?? 0);
  let wal = 0;
  if (dataDir) {
    try {
      wal = Deno.statSync(join(dataDir, "rotor.db-wal")).size;
    } catch { /* no WAL file yet */ }
  }
  return pages * size + wal;
}

/** The store's version: SQLite's, or the PostgreSQL server's. */
export function sqliteVersion(db: Db): string {
  return String(db.prepare("SELECT sqlite_version() AS v").get()?.v ?? "unknown");
}

/** The click writer's figures (the tracking engine's group-commit writer). */
function clickWriterOf(deps: Deps): ClickWriterInfo | null {
  const writer = deps.tracking?.clicks.writer;
  if (!writer) return null;
  return { depth: writer.depth, committed: writer.committed, lastFlushAt: writer.lastFlushAt };
}

/** The origin of an upstream URL (never its credentials or path). */
export function upstreamOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Everything the build-info page shows. */
export function buildInfo(deps: Deps, now = Date.now()): BuildInfo {
  return {
    version: deps.version,
    commit: startCommit(),
    builtAt: panelBuiltAt(deps.panelDir),
    startedAt: new Date(deps.startedAt).toISOString(),
    uptimeSeconds: Math.max(0, Math.round((now - deps.startedAt) / 1000)),
    deno: Deno.version.deno,
    v8: Deno.version.v8,
    typescript: Deno.version.typescript,
    sqlite: sqliteVersion(deps.db),
    databaseBytes: databaseBytes(deps.db, deps.config.dataDir),
    dataDir: deps.config.dataDir,
    clickWriter: clickWriterOf(deps),
    upstream: upstreamOrigin(deps.config.upstream),
  };
}

const ServerStart = z.object({
  pid: z.number(),
  startedAt: z.number(),
  version: z.string(),
  commit: z.string(),
  upstream: z.string().nullable(),
});
/** What the last server start recorded in its data folder (for `rotor status`). */
export type ServerStart = z.infer<typeof ServerStart>;

/** Records this process's start in the data folder, so `rotor status` can show it. */
export function recordServerStart(deps: Deps): void {
  const record: ServerStart = {
    pid: Deno.pid,
    startedAt: deps.startedAt,
    version: deps.version,
    commit: startCommit(),
    upstream: upstreamOrigin(deps.config.upstream),
  };
  writeSetting(deps.db, "server.start", record);
  if (record.upstream) logEvent("info", "forward_mode", { upstream: record.upstream });
}

/** The last recorded server start, if any. */
export function lastServerStart(db: Db): ServerStart | undefined {
  return readSetting(db, "server.start", { schema: ServerStart.optional(), fallback: undefined });
}
