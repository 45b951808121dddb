/**
 * `deno task start`: parse configuration, migrate, create the first admin,
 * optionally seed demo data, then serve until SIGTERM/SIGINT.
 */
import { ConfigError, parseConfig } from "./config.ts";
import { openDataDir } from "./db/connection.ts";
import { createApp } from "./app.ts";
import { createDeps } from "./deps.ts";
import { ensureFirstAdmin } from "./users/service.ts";
import { logEvent } from "./log.ts";
import { seedDemoData } from "../fixtures/demo.ts";

async function main() {
  let config;
  try {
    config = parseConfig(Deno.env.toObject(), Deno.args);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    Deno.exit(2);
  }
  const db = openDataDir(config.dataDir);
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
  if (config.seed) await seedDemoData(db);
  const deps = createDeps(db, config);
  const app = createApp(deps);
  const controller = new AbortController();
  const server = Deno.serve({
    port: config.port,
    hostname: config.host,
    signal: controller.signal,
    onListen: ({ hostname, port }) => {
      const shown = hostname === "0.0.0.0" ? "localhost" : hostname;
      logEvent("info", "listening", { url: `http://${shown}:${port}/panel/`, port });
    },
  }, (req, info) => app.fetch(req, { remoteAddr: info.remoteAddr }));

  const stop = () => {
    logEvent("info", "stopping", {});
    controller.abort();
  };
  Deno.addSignalListener("SIGTERM", stop);
  Deno.addSignalListener("SIGINT", stop);
  await server.finished;
  db.close();
  logEvent("info", "stopped", {});
}

if (import.meta.main) await main();
