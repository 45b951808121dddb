/**
 * `rotor clear --older-than 30d`: deletes raw clicks older than the age, in
 * small batches. Converted clicks stay, and so do campaigns the auto-clearing
 * settings keep longer or forever.
 */
import type { Command } from "commander";
import { parseAge, runClearing } from "../server/settings/auto_clearing.ts";
import { readSection } from "../server/settings/sections.ts";
import { type GlobalOptions, openData } from "./context.ts";

const DAY_MS = 86_400_000;

export function registerClear(program: Command) {
  program.command("clear")
    .description("delete raw clicks older than an age (30d, 12h, 90m)")
    .requiredOption("--older-than <age>", "how old a click must be to go, e.g. 30d")
    .action(async (opts: { olderThan: string }, cmd: Command) => {
      const keepDays = parseAge(opts.olderThan) / DAY_MS;
      const db = openData(cmd.optsWithGlobals<GlobalOptions>());
      const { exceptions } = readSection(db, "auto-clearing");
      // An exception shorter than the age asked for is not a reason to delete more.
      const kept = exceptions.filter((e) => e.keepDays === null || e.keepDays > keepDays);
      const run = await runClearing(db, { trigger: "cli", plan: { keepDays, exceptions: kept } });
      if (run.error) throw new Error(run.error);
      console.log(
        `deleted ${run.deleted} clicks older than ${opts.olderThan} in ${run.batches} batches` +
          (kept.length ? ` (${kept.length} campaigns kept longer by the settings)` : ""),
      );
    });
}
