/**
 * Entity names beside the ids of a click-log page (issue 17): `campaignName` after
 * `campaignId`, and so on, so the panel and CSV read "Keto push US", not "1". The ids stay
 * as they were; the names are added fields. Names are looked up once per page.
 */
import type { Db } from "../db/connection.ts";
import { entityNames } from "../reports/labels.ts";
import { accessTo, type Account } from "../../contracts/rights.ts";

type Cell = string | number | null;

/** Id field, added name field, entity table, the type whose read right shows the name. */
const NAMED = [
  ["campaignId", "campaignName", "campaigns", "campaign"],
  ["trafficSourceId", "trafficSourceName", "traffic_sources", "traffic-source"],
  ["rotationId", "rotationName", "rotations", "rotation"],
  ["landingId", "landingName", "landings", "landing"],
  ["offerId", "offerName", "offers", "offer"],
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

/**
 * The items as `viewer` may see them: the name of an entity whose type the
 * viewer may not read shows as its id (`#id`), as the report refuses grouping
 * by that type.
 */
export function namesFor(viewer: Account, items: Record<string, Cell>[]): Record<string, Cell>[] {
  const hidden = NAMED.filter(([, , , subject]) => accessTo(viewer, subject) === "none");
  if (hidden.length === 0) return items;
  return items.map((item) => {
    const out = { ...item };
    for (const [id, name] of hidden) if (typeof out[name] === "string") out[name] = `#${item[id]}`;
    return out;
  });
}

/** A conversion's entity names, as `namesFor` shows a click's, for `viewer`. */
export function conversionNamesFor<
  T extends { offerId: number | null; offer: string; landingId: number | null; landing: string },
>(viewer: Account, items: T[]): T[] {
  const hideOffer = accessTo(viewer, "offer") === "none";
  const hideLanding = accessTo(viewer, "landing") === "none";
  if (NAMED.every(([, , , subject]) => accessTo(viewer, subject) !== "none")) return items;
  return items.map((item) => {
    const out = { ...item };
    if (hideOffer && item.offer) out.offer = `#${item.offerId}`;
    if (hideLanding && item.landing) out.landing = `#${item.landingId}`;
    if ("click" in item) {
      Object.assign(out, { click: namesFor(viewer, [item.click as Record<string, Cell>])[0] });
    }
    return out;
  });
}
