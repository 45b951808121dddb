/**
 * `rotor import FILE [--dry-run]`: imports an export in one transaction
 * (ids remapped; on any error nothing is written). `--dry-run` only reports.
 */
import type { Command } from "commander";
import { ExportFile } from "../contracts/import_export.ts";
import { importEntities } from "../server/settings/import_export.ts";
import { type GlobalOptions, openData } from "./context.ts";

export function registerImport(program: Command) {
  program.command("import")
    .description("import an export file in one transaction; '-' reads stdin")
    .argument("<file>", "the file `rotor export` wrote")
    .option("--dry-run", "check everything and report, write nothing")
    .action(async (file: string, opts: { dryRun?: boolean }, cmd: Command) => {
      const text = file === "-"
        ? await new Response(Deno.stdin.readable).text()
        : await Deno.readTextFile(file);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new Error(`${file} is not JSON`);
      }
      const parsed = ExportFile.parse(json);
      const db = openData(cmd.optsWithGlobals<GlobalOptions>());
      const summary = importEntities(db, parsed, { dryRun: opts.dryRun === true });
      const counts = Object.entries(summary.created).map(([t, n]) => `${t} ${n}`).join(", ");
      console.log(`${summary.dryRun ? "dry run, would create" : "imported"}: ${counts}`);
      for (const note of summary.notes) console.log(`note: ${note}`);
    });
}
