/**
 * `deno task bench click-path` (decision 168): the click's own work without
 * HTTP — enrichment, routing, uniqueness, the durable insert and the rollups —
 * in one process pinned to core 0: `clickAnswer` for 64 clicks at a time on a
 * real data folder, 2 s of warm-up, then 8 s. Prints clicks a second and the
 * process's CPU time per click (all threads), which the machine's noise on the
 * socket path does not reach, so two commits compare more steadily than with
 * `bench click`. The campaign, user agents and client IPs are `bench click`'s.
 */
import process from "node:process";
import { fileURLToPath } from "node:url";
import { parseConfig } from "../../server/config.ts";
import { openDataDir } from "../../server/db/connection.ts";
import { ensureFirstAdmin } from "../../server/users/service.ts";
import { loadEnrichmentData } from "../../server/tracking/enrich/visitor.ts";
import { createDeps } from "../../server/deps.ts";
import { createApp } from "../../server/app.ts";
import { clickAnswer } from "../../server/tracking/click_route.ts";
import { campaignKey, clickScenario } from "./click.ts";

const PASSWORD = "bench-password-123";
const BATCH = 64;

async function measure(seconds: number): Promise<void> {
  const dataDir = await Deno.makeTempDir({ prefix: "rotor-click-path-" });
  const config = parseConfig({
    PORT: "0",
    ROTOR_DATA: dataDir,
    ROTOR_ADMIN_PASSWORD: PASSWORD,
    ROTOR_TRUST_PROXY: "1",
  });
  const db = openDataDir(config.dataDir);
  await ensureFirstAdmin(db, { username: config.adminUser, password: config.adminPassword });
  loadEnrichmentData();
  const deps = createDeps(db, config);
  const app = createApp(deps);
  // The panel API creates the campaign, as for `bench click`.
  const panel = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen() {} },
    (req, info) => app.fetch(req, { remoteAddr: info.remoteAddr }),
  );
  const key = await campaignKey(`http://127.0.0.1:${panel.addr.port}`);
  const { agents, prefixes } = clickScenario();
  let n = 0;
  const click = () => {
    n++;
    const ip = `${prefixes[n % prefixes.length]}.${Math.floor(Math.random() * 256)}.${
      1 + Math.floor(Math.random() * 254)
    }`;
    return clickAnswer(deps, {
      query: `subid=b${n}&zone=z${n % 50}`,
      // A fresh string each time, as node:http's parser gives it.
      userAgent: (" " + agents[n % agents.length]).slice(1),
      acceptLanguage: "en-US,en;q=0.9",
      referrer: null,
      host: "127.0.0.1:8080",
      https: false,
    }, { key, ip });
  };
  const run = async (ms: number) => {
    const cpu = process.cpuUsage();
    const from = n;
    const start = performance.now();
    while (performance.now() - start < ms) {
      const batch = Array.from({ length: BATCH }, click);
      for (const answer of await Promise.all(batch)) {
        if (answer.status !== 302) throw new Error(`a click answered ${answer.status}`);
      }
    }
    const used = process.cpuUsage(cpu);
    return {
      rate: (n - from) / ((performance.now() - start) / 1000),
      cpuUs: (used.user + used.system) / (n - from),
    };
  };
  await run(2000);
  const r = await run(seconds * 1000);
  console.log(
    `click path (no HTTP)   ${Math.round(r.rate)} clicks/s   CPU ${
      r.cpuUs.toFixed(2)
    } µs a click   ` +
      `load ${Deno.readTextFileSync("/proc/loadavg").trim()}`,
  );
  await panel.shutdown();
  await deps.tracking.close();
  db.close();
  await Deno.remove(dataDir, { recursive: true });
}

export const bench = {
  describe: "the click's work without HTTP (clickAnswer, 64 at a time, core 0, 8 s): CPU per click",
  async run() {
    const child = new Deno.Command("taskset", {
      args: ["-c", "0", Deno.execPath(), "run", "-A", fileURLToPath(import.meta.url)],
      stdout: "inherit",
      stderr: "inherit",
    }).spawn();
    if (!(await child.status).success) throw new Error("the click-path run failed");
  },
};

if (import.meta.main) {
  await measure(8);
  Deno.exit(0);
}
