/**
 * The clicker: runs a traffic scenario (`fixtures/scenarios/*.json`) against
 * this very server over real HTTP with the tracking engine's runner, in the
 * background, and keeps its progress and the expected-against-recorded report
 * for the page to poll. The runner signs in as the operator, so the operator
 * re-enters their password (it is used for that sign-in only, never stored).
 */
import type { ClickerJob } from "../../contracts/monitor.ts";
import type { Deps } from "../context.ts";
import type { Db } from "../db/connection.ts";
import { HttpError } from "../errors.ts";
import { logEvent } from "../log.ts";
import { loadScenario } from "../tracking/simulate/scenario.ts";
import { runSimulation } from "../tracking/simulate/runner.ts";

/** The browser runs scenarios up to this size; `rotor simulate` runs the big ones. */
export const MAX_BROWSER_CLICKS = 50_000;
const SCENARIO_DIR = new URL("../../fixtures/scenarios/", import.meta.url);

const jobs = new WeakMap<Db, ClickerJob>();
const IDLE: ClickerJob = {
  state: "idle",
  scenario: null,
  done: 0,
  total: 0,
  report: null,
  error: null,
};

/** The scenarios of `fixtures/scenarios/` with their click counts, smallest first. */
export async function listScenarios(): Promise<Array<{ name: string; clicks: number }>> {
  const list: Array<{ name: string; clicks: number }> = [];
  for await (const entry of Deno.readDir(SCENARIO_DIR)) {
    const name = /^([\w-]+)\.json$/.exec(entry.name)?.[1];
    if (!entry.isFile || !name) continue;
    try {
      list.push({ name, clicks: (await loadScenario(name)).clicks });
    } catch { /* an unreadable scenario is not offered */ }
  }
  return list.sort((a, b) => a.clicks - b.clicks);
}

/**
 * This process's own address as seen from itself: loopback on the listening
 * port (or the one address it listens on). 503 when it is not listening.
 */
export function ownLoopbackUrl(deps: Deps): string {
  const at = deps.listening;
  if (!at) throw new HttpError(503, "NOT_LISTENING", "The server is not listening yet");
  const any = at.hostname === "0.0.0.0" || at.hostname === "::" || at.hostname === "";
  const host = any ? "127.0.0.1" : at.hostname;
  return `http://${host.includes(":") ? `[${host}]` : host}:${at.port}`;
}

/** The clicker job of this database. */
export function clickerJob(db: Db): ClickerJob {
  return jobs.get(db) ?? IDLE;
}

/**
 * Starts `scenario` against this server's own loopback address as `user`; 409 while a run is going, 400 for
 * an unknown or too large scenario. Resolves once the run has started, with
 * `finished` for its end (an object, so awaiting the start does not await the run).
 */
export async function startClicker(
  deps: Deps,
  options: { scenario: string; user: string; password: string },
): Promise<{ finished: Promise<void> }> {
  if (clickerJob(deps.db).state === "running") {
    throw new HttpError(409, "CLICKER_RUNNING", "A scenario is already running");
  }
  const known = (await listScenarios()).find((s) => s.name === options.scenario);
  if (!known) throw new HttpError(400, "UNKNOWN_SCENARIO", `No scenario ${options.scenario}`);
  if (known.clicks > MAX_BROWSER_CLICKS) {
    throw new HttpError(
      400,
      "SCENARIO_TOO_LARGE",
      `${known.name} sends ${known.clicks} clicks; run it with \`rotor simulate\` instead`,
    );
  }
  const url = ownLoopbackUrl(deps);
  const scenario = await loadScenario(known.name);
  const job: ClickerJob = { ...IDLE, state: "running", scenario: known.name, total: known.clicks };
  jobs.set(deps.db, job);
  logEvent("info", "clicker_started", { scenario: known.name, clicks: known.clicks });
  const finished = (async () => {
    try {
      job.report = await runSimulation(scenario, {
        url,
        user: options.user,
        password: options.password,
        onProgress: (done) => job.done = done,
      });
      job.state = "done";
      logEvent("info", "clicker_finished", {
        scenario: known.name,
        differences: job.report.differences.length,
        seconds: job.report.seconds,
      });
    } catch (err) {
      job.state = "failed";
      job.error = (err as Error).message;
      logEvent("error", "clicker_failed", { scenario: known.name, message: job.error });
    }
  })();
  return { finished };
}
