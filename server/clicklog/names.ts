/**
 * Entity names beside the ids of a click-log page (issue 17): `campaignName` after
 * `campaignId`, and so on, so the panel and CSV read "Keto push US", not "1". The ids stay
 * as they were; the names are added fields. Names are looked up once per page.
 */
import type { Db } from "../db/connection.ts";
import { entityNames } from "../reports/labels.ts";

type Cell = string | number | null;

/** Id field, added name field, entity table. */
const NAMED = [
  ["campaignId", "campaignName", "campaigns"],
  ["trafficSourceId", "trafficSourceName", "traffic_sources"],
  ["rotationId", "rotationName", "rotations"],
  ["landingId", "landingName", "landings"],
  ["offerId", "offerName", "offers"],
] as const;

/** The columns with each name column right after its id column. */
export function withNameColumns(columns: string[]): string[] {
  return columns.flatMap((column) => {
    const named = NAMED.find(([id]) => id === column);
    return named ? [column, named[1]] : [column];
  });
}

/** The items with each entity's name beside its id; `null` where the id is empty. */
export function withNames(db: Db, items: Record<string, Cell>[]): Record<string, Cell>[] {
  const lookups = NAMED.map(([id, name, table]) => {
    const ids = items.map((item) => Number(item[id] ?? 0));
    return [id, name, entityNames(db, table, ids)] as const;
  });
  return items.map((item) => {
    const out = { ...item };
    for (const [id, name, names] of lookups) {
      const value = Number(item[id] ?? 0);
      out[name] = value > 0 ? names.get(value) ?? `#${value}` : null;
    }
    return out;
  });
}
