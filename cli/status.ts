/**
 * `rotor status`: what the developer monitor's build info shows, read from the
 * data folder (or the PostgreSQL store) — versions, commit, panel build,
 * database size, mode, licence, and the last server start (running or not,
 * and for how long).
 */
import type { Command } from "commander";
import { join } from "node:path";
import { formatDuration } from "../contracts/duration.ts";
import { DEFAULT_PANEL_DIR, VERSION } from "../server/deps.ts";
import { getLicence } from "../server/licence/service.ts";
import { getMode } from "../server/settings/mode.ts";
import {
  databaseBytes,
  gitCommit,
  lastServerStart,
  panelBuiltAt,
  type ServerStart,
  sqliteVersion,
  upstreamOrigin,
} from "../server/monitor/build_info.ts";
import { safeUrl } from "../server/db/pg/bridge.ts";
import { type GlobalOptions, openData } from "./context.ts";

/** Whether the recorded server process still runs (Linux: its /proc entry names the server). */
export function isRunning(start: ServerStart): boolean | undefined {
  try {
    return Deno.readTextFileSync(`/proc/${start.pid}/cmdline`).includes("server/main.ts");
  } catch (err) {
    return err instanceof Deno.errors.NotFound ? false : undefined;
  }
}

function serverLine(start: ServerStart | undefined, now: number): string {
  if (!start) return "never started on this data folder";
  const at = new Date(start.startedAt).toISOString();
  const running = isRunning(start);
  if (running === true) {
    const up = formatDuration((now - start.startedAt) / 1000);
    return `running since ${at} (pid ${start.pid}, up ${up})`;
  }
  return `${running === false ? "not running" : "unknown"}; last started ${at} (pid ${start.pid})`;
}

/** The status facts, in print order: of PostgreSQL's store when `database` is set. */
export function statusFacts(options: GlobalOptions, now = Date.now()): Array<[string, string]> {
  const { data, database } = options;
  const db = openData(options);
  try {
    const licence = getLicence(db);
    const size = `${(databaseBytes(db, data) / 1024 / 1024).toFixed(2)} MiB`;
    return [
      ["version", VERSION],
      ["commit", gitCommit()],
      ["panel built", panelBuiltAt(DEFAULT_PANEL_DIR) ?? "not built (deno task build)"],
      [
        "deno",
        `${Deno.version.deno} (V8 ${Deno.version.v8}, TypeScript ${Deno.version.typescript})`,
      ],
      // `sqlite_version()` reads PostgreSQL's `server_version` there.
      [database ? "postgresql" : "sqlite", sqliteVersion(db)],
      ["data folder", data],
      ["database", `${size} (${database ? safeUrl(database) : join(data, "rotor.db")})`],
      ["mode", getMode(db)],
      ["licence", `${licence.state} (tracker id ${licence.trackerId})`],
      ["server", serverLine(lastServerStart(db), now)],
      ["upstream", upstreamOrigin(Deno.env.get("ROTOR_UPSTREAM")) ?? "none (own store)"],
      ["click writer", "queue depth and last flush live in the server: see build info"],
    ];
  } finally {
    db.close();
  }
}

export function registerStatus(program: Command) {
  program.command("status")
    .description("show version, commit, database size, mode, licence and server state")
    .option("--json", "print one JSON object")
    .action((opts: { json?: boolean }, cmd: Command) => {
      const facts = statusFacts(cmd.optsWithGlobals<GlobalOptions>());
      if (opts.json) {
        console.log(JSON.stringify(Object.fromEntries(facts), null, 2));
        return;
      }
      const width = Math.max(...facts.map(([k]) => k.length));
      for (const [key, value] of facts) console.log(`${`${key}:`.padEnd(width + 2)}${value}`);
    });
}
