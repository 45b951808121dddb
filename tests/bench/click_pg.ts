/**
 * `deno task bench click --store postgres` (issue 16 item 2, decision 172):
 * Rotor's click path on PostgreSQL against SQLite in the same run. A
 * throwaway cluster (`tests/helpers/postgres.ts`) is pinned to core 0 with
 * the server (`taskset`), wrk runs on core 1 (`-t1 -c64`, 3 s warm-up, then
 * `--seconds` s, 10 by default). Three runs: one SQLite node, one PostgreSQL
 * node, two PostgreSQL nodes on one database (two wrk processes of 32
 * connections each, one per node). CPU per click counts the servers and every
 * PostgreSQL process (postmaster and backends, from /proc); clicks per
 * core-second are 10^6 / that. After the two-node run both servers stop (each
 * writes its rollup sums) and the rollups are checked against the raw clicks.
 * `--rounds N` repeats the SQLite and one-node PostgreSQL runs alternately.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import postgres from "postgres";
import { ROOT, spawnServer, stopServer } from "../helpers/server.ts";
import { freshDatabase, useCluster } from "../helpers/postgres.ts";
import { runWrk, type WrkResult } from "./wrk.ts";
import { campaignKey, luaScript } from "./click.ts";

const PASSWORD = "bench-password-123";

/** A process's stat fields after its name. */
function stat(pid: number): string[] | null {
  try {
    return Deno.readTextFileSync(`/proc/${pid}/stat`).split(") ")[1].split(" ");
  } catch {
    return null;
  }
}

/** CPU time (user + system) of `pid`, with its reaped children's when `children`, in ms. */
function cpuMs(pid: number, children = false): number {
  const f = stat(pid);
  if (!f) return 0;
  const own = Number(f[11]) + Number(f[12]);
  return (children ? own + Number(f[13]) + Number(f[14]) : own) * 10;
}

/** The live children of `parent`. */
function childrenOf(parent: number): number[] {
  const out: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const f = stat(Number(entry.name));
    if (f && Number(f[1]) === parent) out.push(Number(entry.name));
  }
  return out;
}

/** CPU of PostgreSQL: the postmaster, its live backends and the ones it reaped (ms). */
function pgCpuMs(postmaster: number): number {
  return childrenOf(postmaster).reduce((sum, pid) => sum + cpuMs(pid), cpuMs(postmaster, true));
}

async function loadavg(): Promise<string> {
  return (await Deno.readTextFile("/proc/loadavg")).trim();
}

/** Pins the postmaster and its processes to `cpu` (new backends inherit it). */
async function pin(postmaster: number, cpu: string): Promise<void> {
  for (const pid of [postmaster, ...childrenOf(postmaster)]) {
    await new Deno.Command("taskset", { args: ["-a", "-cp", cpu, String(pid)], stdout: "null" })
      .output();
  }
}

type Run = { label: string; rate: number; p99Ms: number; cpuUs: number; pgShare: number };

function show(r: Run, load: string): void {
  console.log(
    `${r.label.padEnd(26)} ${Math.round(r.rate).toString().padStart(6)} req/s  p99 ${
      r.p99Ms.toFixed(2)
    } ms  CPU ${r.cpuUs.toFixed(1)} µs/click (PostgreSQL ${(r.pgShare * 100).toFixed(0)} %)  ${
      Math.round(1e6 / r.cpuUs)
    } clicks/core-s  [load ${load}]`,
  );
}

export const bench = {
  describe: "click path on PostgreSQL vs SQLite (`bench click --store postgres`)",
  async run(flags: string[] = []) {
    const at = flags.indexOf("--seconds");
    const seconds = at >= 0 ? Number(flags[at + 1]) : 10;
    const roundsAt = flags.indexOf("--rounds");
    const rounds = roundsAt >= 0 ? Number(flags[roundsAt + 1]) : 1;
    const { cluster, release } = await useCluster();
    const admin = postgres(cluster.url("postgres"), { max: 1, onnotice: () => {} });
    const [{ pid: backend }] = await admin`SELECT pg_backend_pid() AS pid`;
    const postmaster = Number(stat(Number(backend))![1]);
    await pin(postmaster, "0");
    const runs: Run[] = [];
    try {
      /** One node (or two) answering wrk for `seconds`; CPU of the servers and PostgreSQL. */
      const measure = async (
        label: string,
        nodes: { url: string; pid: number }[],
        key: string,
        stored: () => Promise<number>,
      ): Promise<Run> => {
        const script = await Deno.makeTempFile({ suffix: ".lua" });
        await Deno.writeTextFile(script, luaScript(key));
        const connections = 64 / nodes.length;
        await Promise.all(
          nodes.map((n) => runWrk(`${n.url}/c/${key}`, { seconds: 3, script, connections })),
        );
        const before = await stored();
        const cpu0 = nodes.reduce((s, n) => s + cpuMs(n.pid), 0);
        const pg0 = pgCpuMs(postmaster);
        const results: WrkResult[] = await Promise.all(
          nodes.map((n) =>
            runWrk(`${n.url}/c/${key}`, { seconds, script, connections, warm: false })
          ),
        );
        const cpu = nodes.reduce((s, n) => s + cpuMs(n.pid), 0) - cpu0;
        const pg = pgCpuMs(postmaster) - pg0;
        // Wait for the last commits, then count what the run stored.
        await new Promise((r) => setTimeout(r, 200));
        const clicks = (await stored()) - before;
        await Deno.remove(script);
        const own = label.includes("SQLite") ? 0 : pg;
        const run = {
          label,
          rate: results.reduce((s, r) => s + r.rate, 0),
          p99Ms: Math.max(...results.map((r) => r.p99Ms)),
          cpuUs: (cpu + own) * 1000 / clicks,
          pgShare: own / (cpu + own),
        };
        show(run, await loadavg());
        runs.push(run);
        return run;
      };

      const sqliteRun = async () => {
        const dataDir = await Deno.makeTempDir({ prefix: "rotor-bench-" });
        const server = await spawnServer(join(ROOT, "server/main.ts"), {
          cpu: "0",
          env: { ROTOR_DATA: dataDir, ROTOR_ADMIN_PASSWORD: PASSWORD, ROTOR_TRUST_PROXY: "1" },
        });
        const key = await campaignKey(server.url);
        const db = new DatabaseSync(join(dataDir, "rotor.db"), { readOnly: true });
        const stored = () =>
          Promise.resolve(Number(db.prepare("SELECT count(*) AS n FROM clicks").get()!.n));
        await measure(
          "SQLite, one node",
          [{ url: server.url, pid: server.child.pid }],
          key,
          stored,
        );
        db.close();
        await stopServer(server);
        await Deno.remove(dataDir, { recursive: true });
      };

      const pgNodes = async (count: number) => {
        const url = await freshDatabase(cluster);
        const dataDir = await Deno.makeTempDir({ prefix: "rotor-bench-" });
        const servers = [];
        for (let i = 1; i <= count; i++) {
          servers.push(
            await spawnServer(join(ROOT, "server/main.ts"), {
              cpu: "0",
              env: {
                ROTOR_DATA: dataDir,
                ROTOR_DATABASE_URL: url,
                ROTOR_NODE_ID: `node-${i}`,
                ROTOR_ADMIN_PASSWORD: PASSWORD,
                ROTOR_TRUST_PROXY: "1",
              },
            }),
          );
        }
        await pin(postmaster, "0");
        const key = await campaignKey(servers[0].url);
        const sql = postgres(url, { max: 1, onnotice: () => {} });
        const stored = async () => Number((await sql`SELECT count(*) AS n FROM clicks`)[0].n);
        await measure(
          count === 1 ? "PostgreSQL, one node" : `PostgreSQL, ${count} nodes`,
          servers.map((s) => ({ url: s.url, pid: s.child.pid })),
          key,
          stored,
        );
        for (const s of servers) await stopServer(s);
        // Both nodes wrote their sums at shutdown: the hourly rollup holds every stored click.
        const [check] = await sql`SELECT (SELECT count(*) FROM clicks) AS raw,
          (SELECT coalesce(sum(clicks), 0) FROM rollup_flow) AS rolled,
          (SELECT coalesce(sum(cost), 0) FROM clicks) AS raw_cost,
          (SELECT coalesce(sum(cost), 0) FROM rollup_flow) AS rolled_cost`;
        console.log(
          `  rollups after shutdown: ${check.rolled} clicks, cost ${check.rolled_cost}; raw ${check.raw}, cost ${check.raw_cost} ${
            String(check.raw) === String(check.rolled) &&
              String(check.raw_cost) === String(check.rolled_cost)
              ? "(equal)"
              : "(DIFFERENT)"
          }`,
        );
        await sql.end();
        await Deno.remove(dataDir, { recursive: true });
      };

      console.log(`load average at the start: ${await loadavg()}`);
      for (let round = 0; round < rounds; round++) {
        await sqliteRun();
        await pgNodes(1);
      }
      await pgNodes(2);
      const sqlite = runs.filter((r) => r.label.startsWith("SQLite"));
      const one = runs.filter((r) => r.label === "PostgreSQL, one node");
      const perCore = (rs: Run[]) => rs.reduce((s, r) => s + 1e6 / r.cpuUs, 0) / rs.length;
      console.log(
        `PostgreSQL node / SQLite node, clicks per core-second: ${
          (perCore(one) / perCore(sqlite)).toFixed(2)
        } (≥ 0.6 wanted)`,
      );
    } finally {
      await admin.end();
      await release();
    }
  },
};
