/**
 * `rotor migrate --to postgres://…` (issue 16 item 4, decision 172): copies the
 * data folder's SQLite install into an empty PostgreSQL database and checks
 * every table's rows and sums on both sides before it commits.
 */
import type { Command } from "commander";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { openPostgres } from "../server/db/connection.ts";
import { copyToPostgres } from "../server/db/pg/copy_store.ts";
import { type GlobalOptions, openData, postgresUrl } from "./context.ts";

export function registerMigrate(program: Command) {
  program.command("migrate")
    .description("copy this install into an empty PostgreSQL database, verified table by table")
    .requiredOption("--to <url>", "the PostgreSQL database (postgres://user:pass@host:port/db)")
    .action((opts: { to: string }, cmd: Command) => {
      const { data, database } = cmd.optsWithGlobals<GlobalOptions>();
      const url = postgresUrl(opts.to, "--to");
      if (database) {
        throw new Error(
          "migrate copies the data folder's SQLite install; --database (or ROTOR_DATABASE_URL) " +
            "names a PostgreSQL store already: unset it",
        );
      }
      // A mistyped folder would otherwise become a new, empty install, copied as if it were yours.
      if (!existsSync(join(data, "rotor.db"))) {
        throw new Error(`no Rotor install in ${data} (no rotor.db)`);
      }
      const source = openData({ data });
      try {
        const target = openPostgres(url);
        try {
          const report = copyToPostgres(source, target, (table, rows) => {
            if (rows > 0) console.log(`${table}: ${rows} rows`);
          });
          const rows = report.tables.reduce((n, t) => n + t.rows, 0);
          console.log(
            `copied ${report.tables.length} tables (${rows} rows); ` +
              "every table's rows and sums match. Start the nodes with ROTOR_DATABASE_URL set " +
              `and ROTOR_DATA pointing at a copy of ${data} (hosted files stay there).`,
          );
        } finally {
          target.close();
        }
      } finally {
        source.close();
      }
    });
}
