/**
 * The tracking domain of a campaign that has none of its own, one rule for its
 * links (decision 131) and its binding (decision 132): Settings → Tracking
 * links' choice while it is live, else the live domain marked default for
 * tracking on Domains.
 */
import type { Db } from "../db/connection.ts";
import { readSection } from "../settings/sections.ts";

/** The id of the default tracking domain, or null when there is none. */
export function defaultTrackingDomainId(db: Db): number | null {
  const chosen = readSection(db, "tracking-links").domainId ?? null;
  // A choice archived since is no longer offered in the panel: the Domains default stands.
  if (chosen !== null) {
    const live = db.prepare("SELECT 1 FROM domains WHERE id = ? AND archived = 0").get(chosen);
    if (live) return chosen;
  }
  const row = db.prepare(
    `SELECT id FROM domains WHERE is_default = 1 AND purpose = 'tracking' AND archived = 0
     ORDER BY id LIMIT 1`,
  ).get();
  return row ? Number(row.id) : null;
}
