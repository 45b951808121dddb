/**
 * `rotor` — the command line of Rotor (`deno task rotor …`). Every command
 * works on the same data folder as the server and calls the same services.
 */
import { Command } from "commander";
import { VERSION } from "../server/deps.ts";
import { describeError, type GlobalOptions, postgresUrl } from "./context.ts";
import { registerLicence } from "./licence.ts";
import { registerMode } from "./mode.ts";
import { registerSeed } from "./seed.ts";
import { registerSimulate } from "./simulate.ts";
import { registerUser } from "./user.ts";
import { registerStatus } from "./status.ts";
import { registerExport } from "./export.ts";
import { registerImport } from "./import.ts";
import { registerClear } from "./clear.ts";
import { registerApiKey } from "./apikey.ts";
import { registerBackup } from "./backup.ts";
import { registerMigrate } from "./migrate.ts";
import { refuseInForwardMode } from "./forward_guard.ts";

/** Builds the program; exported so tests can inspect it. */
export function buildProgram(): Command {
  const program = new Command("rotor")
    .description("Rotor — self-hosted tracker for paid traffic")
    .version(VERSION)
    .option(
      "--data <dir>",
      "the data folder (holds rotor.db)",
      Deno.env.get("ROTOR_DATA") ?? "./data",
    )
    .option(
      "--database <url>",
      "a PostgreSQL store (postgres://…) instead of the data folder's rotor.db",
      Deno.env.get("ROTOR_DATABASE_URL"),
    )
    .showHelpAfterError()
    .configureOutput({ outputError: (text, write) => write(text) });
  registerMode(program);
  registerLicence(program);
  registerUser(program);
  registerSeed(program);
  registerSimulate(program);
  registerStatus(program);
  registerExport(program);
  registerImport(program);
  registerClear(program);
  registerApiKey(program);
  registerBackup(program);
  registerMigrate(program);
  refuseInForwardMode(program);
  // Before any command opens it: the driver's own failure on a foreign URL is slow and unclear.
  program.hook("preAction", (_program, action) => {
    const { database } = action.optsWithGlobals<GlobalOptions>();
    if (database) postgresUrl(database, "--database (or ROTOR_DATABASE_URL)");
  });
  return program;
}

if (import.meta.main) {
  try {
    await buildProgram().parseAsync(Deno.args, { from: "user" });
  } catch (err) {
    console.error(`error: ${describeError(err)}`);
    Deno.exit(1);
  }
}
