/** `rotor seed`: loads the demo fixtures; running it again changes nothing. */
import type { Command } from "commander";
import { seedDemoData } from "../fixtures/demo.ts";
import { type GlobalOptions, openData } from "./context.ts";

export function registerSeed(program: Command) {
  program.command("seed")
    .description("load the demo data set (idempotent)")
    .action(async (_opts, cmd: Command) => {
      const db = openData(cmd.optsWithGlobals<GlobalOptions>());
      await seedDemoData(db);
      console.log("seeded demo data");
    });
}
