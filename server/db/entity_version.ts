/**
 * A number that grows after every committed entity write on a database in this
 * process (the change hook). The entity service bumps it; the click path's
 * in-memory campaign cache compares it to drop stale campaigns, rotations,
 * offers, landers, sources and networks. Neither imports the other.
 */
import type { Db } from "./connection.ts";

/** Entity writes committed per database in this process. */
const versions = new WeakMap<Db, number>();

/** The entity writes committed on `db` so far (0 before the first). */
export function entityVersion(db: Db): number {
  return versions.get(baseOf(db)) ?? 0;
}

/** Records one committed entity write on `db`. */
export function bumpEntityVersion(db: Db): void {
  versions.set(baseOf(db), entityVersion(db) + 1);
}

/** The connection a wrapper reads through (PostgreSQL's prefetching reads), else `db`. */
function baseOf(db: Db): Db {
  return (db as { base?: Db }).base ?? db;
}
