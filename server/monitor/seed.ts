/**
 * The seed page's job: loads the fixture set step by step in the background,
 * and reports progress that the page polls. One job per database at a time;
 * every step is idempotent, so running it again changes nothing.
 */
import type { SeedJob } from "../../contracts/monitor.ts";
import { seedDemoData } from "../../fixtures/demo.ts";
import { DEMO_LANDER_FOLDER, writeDemoLander } from "../../fixtures/demo_lander.ts";
import type { Deps } from "../context.ts";
import type { Db } from "../db/connection.ts";
import { HttpError } from "../errors.ts";
import { logEvent } from "../log.ts";

const TABLES = [
  "campaigns",
  "offers",
  "landings",
  "rotations",
  "traffic_sources",
  "affiliate_networks",
  "domains",
  "groups",
] as const;

/** A step: its name and what it does; it answers a line saying what changed. */
export type SeedStep = { name: string; run: (deps: Deps) => Promise<string> | string };

const jobs = new WeakMap<Db, SeedJob>();

const IDLE: SeedJob = {
  state: "idle",
  done: 0,
  total: 0,
  steps: [],
  current: null,
  error: null,
  startedAt: null,
  finishedAt: null,
};

function counts(db: Db): Record<string, number> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    out[table] = Number(
      db.prepare(`SELECT count(*) AS n FROM ${table} WHERE archived = 0`).get()?.n ?? 0,
    );
  }
  return out;
}

/** The fixture set, in order. */
export const SEED_STEPS: SeedStep[] = [
  {
    name: "Demo account and entities",
    run: async ({ db }) => {
      const before = counts(db);
      await seedDemoData(db);
      const after = counts(db);
      const added = TABLES.filter((t) => after[t] > before[t])
        .map((t) => {
          const n = after[t] - before[t];
          const noun = t.replace("landings", "landers").replaceAll("_", " ");
          return `${n} ${n === 1 ? noun.slice(0, -1) : noun}`;
        });
      return added.length ? `added ${added.join(", ")}` : "already present";
    },
  },
  {
    name: "Sample hosted lander",
    run: ({ config }) =>
      writeDemoLander(config.dataDir) === "created"
        ? `created /lp/files/${DEMO_LANDER_FOLDER}/index.html`
        : `already present at /lp/files/${DEMO_LANDER_FOLDER}/`,
  },
];

/** The job of this database (idle when none ran). */
export function seedJob(db: Db): SeedJob {
  return jobs.get(db) ?? IDLE;
}

/** Starts the job (409 while one runs); resolves when it has finished. */
export function startSeed(deps: Deps, steps: SeedStep[] = SEED_STEPS): Promise<void> {
  if (seedJob(deps.db).state === "running") {
    throw new HttpError(409, "SEED_RUNNING", "Seeding is already running");
  }
  const job: SeedJob = {
    ...IDLE,
    state: "running",
    total: steps.length,
    current: steps[0]?.name ?? null,
    startedAt: Date.now(),
  };
  jobs.set(deps.db, job);
  logEvent("info", "seed_started", { steps: steps.length });
  return (async () => {
    try {
      for (const step of steps) {
        job.current = step.name;
        const detail = await step.run(deps);
        job.steps.push({ name: step.name, detail });
        job.done++;
      }
      job.state = "done";
      logEvent("info", "seed_finished", { steps: job.done });
    } catch (err) {
      job.state = "failed";
      job.error = (err as Error).message;
      logEvent("error", "seed_failed", { step: job.current, message: job.error });
    } finally {
      job.current = null;
      job.finishedAt = Date.now();
    }
  })();
}
