/**
 * Backups of a PostgreSQL store (decision 102, issue 18 item 5): `pg_dump`
 * with counts from the dump's own snapshot; a restore loads the dump into a
 * scratch database, checks it, and only then swaps it in, keeping the
 * replaced database under another name. A damaged dump or a count that
 * disagrees is refused with nothing changed.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { type Db, openDatabase, openPostgres } from "../db/connection.ts";
import { PgBridge } from "../db/pg/bridge.ts";
import { setLogQuiet } from "../log.ts";
import { insertTestClick } from "../reports/testing.ts";
import { postgresTest } from "../../tests/helpers/postgres.ts";
import { PG_DUMP } from "./pg_backup.ts";
import { restoreBackup, takeBackup, verifyBackup } from "./backup.ts";
import { runBackup } from "./schedule.ts";
import { parseConfig } from "../config.ts";

setLogQuiet(true);

function clicks(db: Db): Set<string> {
  return new Set(db.prepare("SELECT id FROM clicks").all().map((r) => String(r.id)));
}

/** The databases of the cluster whose names start with `prefix`. */
function databases(url: string, prefix: string): string[] {
  const admin = new PgBridge(url.replace(/\/[^/?]*(\?|$)/, "/postgres$1"));
  try {
    return admin.prepare("SELECT datname FROM pg_database WHERE starts_with(datname, ?)")
      .all(prefix).map((r) => String(r.datname)).sort();
  } finally {
    admin.close();
  }
}

/** Backup `path`'s manifest and hosted files copied to `to`; the dump is left to the caller. */
async function copyAllButDump(path: string, to: string): Promise<void> {
  const page = join("files", "lander", "index.html");
  await Deno.mkdir(join(to, "files", "lander"), { recursive: true });
  await Deno.copyFile(join(path, page), join(to, page));
  await Deno.copyFile(join(path, "manifest.json"), join(to, "manifest.json"));
}

postgresTest(
  "backups on PostgreSQL: pg_dump, a verified restore, the replaced database kept",
  async (t, url) => {
    const dataDir = await Deno.makeTempDir({ prefix: "rotor-pg-backup-" });
    const name = new URL(url).pathname.slice(1);
    try {
      let db = openPostgres(url);
      for (let i = 0; i < 50; i++) insertTestClick(db, { ts: Date.now() - i * 60_000 });
      const before = clicks(db);
      await Deno.mkdir(join(dataDir, "files", "lander"), { recursive: true });
      await Deno.writeTextFile(join(dataDir, "files", "lander", "index.html"), "<h1>kept</h1>");
      const { path, manifest } = await takeBackup({ dataDir, databaseUrl: url, version: "test" });

      await t.step("the backup holds a dump, the files and the dump's counts", async () => {
        assert.equal(manifest.store, "postgres");
        assert.equal(manifest.counts.clicks, 50);
        assert.equal(manifest.files, 1);
        assert.ok((await Deno.stat(join(path, PG_DUMP))).size > 0);
        assert.equal(verifyBackup(path).counts.clicks, 50);
      });

      await t.step(
        "a SQLite data folder refuses it, and PostgreSQL refuses a SQLite backup",
        async () => {
          assert.throws(
            () => restoreBackup(path, dataDir),
            /PostgreSQL backup.*ROTOR_DATABASE_URL/,
          );
          const sqliteDir = Deno.makeTempDirSync({ prefix: "rotor-sqlite-backup-" });
          try {
            openDatabase(join(sqliteDir, "rotor.db")).close();
            const sqlite = await takeBackup({ dataDir: sqliteDir, version: "test" });
            assert.throws(
              () => restoreBackup(sqlite.path, dataDir, Date.now(), url),
              /SQLite backup.*rotor migrate --to/,
            );
          } finally {
            Deno.removeSync(sqliteDir, { recursive: true });
          }
        },
      );

      await t.step("a scheduled backup (its worker) dumps the PostgreSQL store too", async () => {
        const config = parseConfig({ ROTOR_DATA: dataDir, ROTOR_DATABASE_URL: url });
        const run = await runBackup({ db, config, version: "test" }, "manual");
        assert.equal(run.error, undefined, String(run.error));
        assert.ok(run.path && (await Deno.stat(join(run.path, PG_DUMP))).size > 0);
        assert.equal(verifyBackup(run.path!).counts.clicks, 50);
      });

      await t.step("a dump from a newer Rotor (an unknown migration) is refused", async () => {
        const add =
          "INSERT INTO schema_migrations (version, name, applied_at) VALUES (99999, 'x', 0)";
        db.exec(add);
        const newer = await takeBackup({
          dataDir,
          databaseUrl: url,
          folder: join(dataDir, "newer"),
          version: "test",
        });
        db.exec("DELETE FROM schema_migrations WHERE version = 99999");
        assert.throws(
          () => restoreBackup(newer.path, dataDir, Date.now(), url),
          /made by a newer Rotor \(migration 99999 is unknown here/,
        );
        assert.deepEqual(databases(url, name), [name], "the scratch database is dropped");
      });

      // A click after the backup: the restore takes it away, the kept database still has it.
      const later = insertTestClick(db, { ts: Date.now() });
      db.close();

      await t.step("a damaged dump is refused and nothing changes", async () => {
        const damaged = `${path}-damaged`;
        await copyAllButDump(path, damaged);
        const dump = await Deno.readFile(join(path, PG_DUMP));
        await Deno.writeFile(join(damaged, PG_DUMP), dump.slice(0, dump.length >> 1));
        assert.throws(() => restoreBackup(damaged, dataDir, Date.now(), url), /pg_restore failed/);
        assert.deepEqual(databases(url, name), [name]);
      });

      await t.step(
        "counts that disagree with the manifest are refused after the load",
        async () => {
          const wrong = `${path}-wrong`;
          await copyAllButDump(path, wrong);
          await Deno.copyFile(join(path, PG_DUMP), join(wrong, PG_DUMP));
          await Deno.writeTextFile(
            join(wrong, "manifest.json"),
            JSON.stringify({ ...manifest, counts: { ...manifest.counts, clicks: 49 } }),
          );
          assert.throws(
            () => restoreBackup(wrong, dataDir, Date.now(), url),
            /clicks holds 50 rows, the manifest says 49/,
          );
          assert.deepEqual(databases(url, name), [name], "the scratch database is dropped");
          const check = openPostgres(url);
          assert.ok(clicks(check).has(later), "the current database is untouched");
          check.close();
        },
      );

      await t.step("a database in use is refused, and the loaded copy dropped", () => {
        const node = new PgBridge(url); // a server still running on it
        try {
          assert.throws(
            () => restoreBackup(path, dataDir, Date.now(), url),
            /is being accessed by other users: stop every server on it, then restore/,
          );
        } finally {
          node.close();
        }
        assert.deepEqual(databases(url, name), [name], "no copy left behind");
      });

      await t.step("a restore swaps the copy in and keeps the replaced database", async () => {
        await Deno.writeTextFile(
          join(dataDir, "files", "lander", "index.html"),
          "<h1>changed</h1>",
        );
        const { keptAs, keptIn } = restoreBackup(path, dataDir, Date.now(), url);
        assert.ok(keptAs?.startsWith(`${name}_before_restore_`), String(keptAs));
        db = openPostgres(url);
        assert.deepEqual(clicks(db), before);
        db.close();
        const kept = new PgBridge(url.replace(`/${name}`, `/${keptAs}`));
        assert.ok(clicks(kept).has(later));
        kept.close();
        assert.equal(
          await Deno.readTextFile(join(dataDir, "files", "lander", "index.html")),
          "<h1>kept</h1>",
        );
        assert.equal(
          await Deno.readTextFile(join(keptIn, "files", "lander", "index.html")),
          "<h1>changed</h1>",
        );
      });

      await t.step("a restore into a database that does not exist yet makes it", () => {
        const fresh = url.replace(`/${name}`, `/${name}_fresh`);
        const { keptAs } = restoreBackup(path, dataDir, Date.now(), fresh);
        assert.equal(keptAs, null);
        const copy = openPostgres(fresh);
        assert.deepEqual(clicks(copy), before);
        copy.close();
      });
    } finally {
      await Deno.remove(dataDir, { recursive: true });
    }
  },
);
