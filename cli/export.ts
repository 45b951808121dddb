/** `rotor export FILE`: every entity as one JSON file (`-` writes to stdout). */
import type { Command } from "commander";
import { VERSION } from "../server/deps.ts";
import { exportEntities } from "../server/settings/import_export.ts";
import { readSection } from "../server/settings/sections.ts";
import { type GlobalOptions, openData } from "./context.ts";

export function registerExport(program: Command) {
  program.command("export")
    .description("write every entity (not users) to one JSON file; '-' for stdout")
    .argument("<file>", "where to write")
    .action(async (file: string, _opts, cmd: Command) => {
      const db = openData(cmd.optsWithGlobals<GlobalOptions>());
      const { includeArchived } = readSection(db, "import-export");
      const data = exportEntities(db, { version: VERSION, includeArchived });
      const text = JSON.stringify(data, null, 2) + "\n";
      if (file === "-") {
        await Deno.stdout.write(new TextEncoder().encode(text));
        return;
      }
      await Deno.writeTextFile(file, text);
      const counts = Object.entries(data.entities).map(([t, items]) =>
        `${t} ${items?.length ?? 0}`
      );
      console.log(`exported to ${file}: ${counts.join(", ")}`);
    });
}
