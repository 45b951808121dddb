/**
 * A backup made by a newer Rotor holds migrations this one does not know:
 * restored, this code would run on tables it does not understand (and the
 * server applies no migration backwards), so a restore refuses it.
 */
import type { Db } from "../db/connection.ts";
import { type Dialect, loadMigrations } from "../db/migrate.ts";

/** Throws when `db` (a backup's copy) has applied a migration this Rotor lacks. */
export function assertKnownSchema(db: Pick<Db, "prepare">, dialect: Dialect): void {
  const known = new Set(loadMigrations(dialect).map((m) => m.version));
  const applied = db.prepare("SELECT version FROM schema_migrations ORDER BY version").all()
    .map((r) => Number(r.version));
  const unknown = applied.filter((v) => !known.has(v));
  if (unknown.length === 0) return;
  throw new Error(
    `it was made by a newer Rotor (migration ${unknown.at(-1)} is unknown here, ` +
      `the newest known is ${Math.max(...known)}): upgrade Rotor, then restore`,
  );
}
