/** `rotor seed`: loads the demo fixtures; running it again changes nothing. */
import type { Command } from "commander";
import { seedDemoData } from "../fixtures/demo.ts";
import { seedDemoTraffic } from "../fixtures/demo_traffic.ts";
import { writeDemoLander } from "../fixtures/demo_lander.ts";
import { type GlobalOptions, openData } from "./context.ts";

export function registerSeed(program: Command) {
  program.command("seed")
    .description("load the demo data set and two weeks of demo traffic (idempotent)")
    .option("--no-traffic", "entities only: no demo clicks and conversions")
    .action(async (opts: { traffic: boolean }, cmd: Command) => {
      const globals = cmd.optsWithGlobals<GlobalOptions>();
      const db = openData(globals);
      await seedDemoData(db);
      const lander = writeDemoLander(globals.data);
      console.log(`seeded demo data (hosted lander page ${lander})`);
      if (!opts.traffic) return;
      const traffic = await seedDemoTraffic(db);
      console.log(
        traffic.clicks
          ? `seeded ${traffic.clicks} demo clicks and ${traffic.conversions} conversions`
          : "demo traffic: the database already has clicks, none added",
      );
    });
}
