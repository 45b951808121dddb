/**
 * `deno task start`: parse configuration, migrate, create the first admin,
 * optionally seed demo data, then serve until SIGTERM/SIGINT.
 */
import { ConfigError, parseConfig } from "./config.ts";
import { ensureClickPartitions, openStore } from "./db/connection.ts";
import { serveHandler } from "./app.ts";
import { onceAcrossNodes } from "./db/jobs.ts";
import { createDeps } from "./deps.ts";
import { ensureFirstAdmin } from "./users/service.ts";
import { logEvent } from "./log.ts";
import { loadEnrichmentData } from "./tracking/enrich/visitor.ts";
import { seedDemoData } from "../fixtures/demo.ts";
import { seedDemoTraffic } from "../fixtures/demo_traffic.ts";
import { writeDemoLander } from "../fixtures/demo_lander.ts";
import { recordServerStart } from "./monitor/build_info.ts";
import { startAutoClearing } from "./settings/auto_clearing.ts";
import { startCostFolding } from "./costs/shares.ts";
import { oneAtATime } from "./costs/apply.ts";
import { startTriggerScheduler } from "./triggers/scheduler.ts";
import { serveHttp } from "./serve.ts";
import { startScheduledBackups } from "./backup/schedule.ts";
import { startEcbSchedule } from "./currency/ecb_schedule.ts";
import { allowlist } from "./triggers/egress.ts";

export async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(Deno.env.toObject(), Deno.args);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    Deno.exit(2);
  }
  const db = openStore(config);
  const admin = await ensureFirstAdmin(db, {
    username: config.adminUser,
    password: config.adminPassword,
  });
  if (admin.generatedPassword) {
    // Printed once, on first start only; it is stored hashed.
    console.log(
      `\nFirst start: created super-admin '${config.adminUser}' with password ` +
        `${admin.generatedPassword}\nChange it in the panel (settings → user).\n`,
    );
  }
  if (config.seed) {
    await seedDemoData(db);
    writeDemoLander(config.dataDir);
    await seedDemoTraffic(db);
  }
  // Geo and ASN tables load now (~1 s) so no click pays for them.
  loadEnrichmentData();
  const deps = createDeps(db, config);
  recordServerStart(deps);
  deps.tracking.s2s.start();
  const handler = serveHandler(deps);
  startAutoClearing(db);
  // Cost updates' read-time shares reach the rows in the background (decision 160, update 3).
  startCostFolding(deps.tracking, (fn) => oneAtATime(deps.tracking, fn));
  // PostgreSQL: the clicks' day partitions stay a week ahead (nothing to do on SQLite), by
  // one node an hour.
  const partitions = { name: "click-partitions", everyMs: 3_600_000 };
  Deno.unrefTimer(setInterval(
    () => void onceAcrossNodes(db, partitions, () => ensureClickPartitions(db)),
    partitions.everyMs,
  ));
  // In forward mode the upstream runs the triggers (its data, its panel).
  if (!config.upstream) startTriggerScheduler({ db, reads: deps.tracking.reads });
  startScheduledBackups(deps);
  // In forward mode the upstream keeps the rates its reports convert with.
  if (!config.upstream) startEcbSchedule(db, allowlist(config.feedAllow));
  // Deno's HTTP server on each connection, with header, idle and connection limits (decision 176).
  const server = serveHttp({
    port: config.port,
    hostname: config.host,
    headersTimeoutMs: config.headersTimeoutMs,
    maxConnections: config.maxConnections,
    onListen: ({ hostname, port }) => {
      deps.listening = { hostname, port };
      const shown = hostname === "0.0.0.0" ? "localhost" : hostname;
      logEvent("info", "listening", { url: `http://${shown}:${port}/panel/`, port });
    },
  }, handler);

  const stop = () => {
    logEvent("info", "stopping", {});
    // Endless answers (the live log) end; requests in flight finish; idle connections end now.
    deps.stopping.abort();
    server.shutdown();
  };
  Deno.addSignalListener("SIGTERM", stop);
  Deno.addSignalListener("SIGINT", stop);
  // Stopping drains requests in flight (their clicks commit first), then flushes and closes.
  await server.finished;
  await deps.tracking.close();
  db.close();
  logEvent("info", "stopped", {});
  Deno.exit(0);
}

if (import.meta.main) await main();
