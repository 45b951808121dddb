/** `rotor seed`: loads the demo fixtures; running it again changes nothing. */
import type { Command } from "commander";
import { seedDemoData } from "../fixtures/demo.ts";
import { seedDemoTraffic } from "../fixtures/demo_traffic.ts";
import { type GlobalOptions, openData } from "./context.ts";

export function registerSeed(program: Command) {
  program.command("seed")
    .description("load the demo data set and two weeks of demo traffic (idempotent)")
    .option("--no-traffic", "entities only: no demo clicks and conversions")
    .action(async (opts: { traffic: boolean }, cmd: Command) => {
      const db = openData(cmd.optsWithGlobals<GlobalOptions>());
      await seedDemoData(db);
      console.log("seeded demo data");
      if (!opts.traffic) return;
      const traffic = await seedDemoTraffic(db);
      console.log(
        traffic.clicks
          ? `seeded ${traffic.clicks} demo clicks and ${traffic.conversions} conversions`
          : "demo traffic: the database already has clicks, none added",
      );
    });
}
