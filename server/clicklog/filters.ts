/**
 * The entity filters of the click log and the conversions (campaign, offer,
 * traffic source, by id): the click column each matches, and the check that
 * each named entity exists. An archived one still filters (its clicks stay);
 * an id that never existed is a mistake in the address, answered 400.
 */
import type { Db } from "../db/connection.ts";
import { TABLE_LABELS } from "../entities/definition.ts";
import { validationError } from "../errors.ts";

/** The filters: query field, the entity table, and the click column it matches. */
export const ENTITY_FILTERS = [
  { field: "campaignId", table: "campaigns", column: "k.campaign_id" },
  { field: "offerId", table: "offers", column: "k.offer_id" },
  { field: "trafficSourceId", table: "traffic_sources", column: "k.traffic_source_id" },
] as const;

/** The filter values of a query. */
export type EntityFilterValues = Partial<
  Record<typeof ENTITY_FILTERS[number]["field"], number>
>;

/** Throws 400 naming each filter whose entity does not exist. */
export function assertFilterEntities(db: Db, query: EntityFilterValues): void {
  const issues = ENTITY_FILTERS.flatMap(({ field, table }) => {
    const id = query[field];
    if (id === undefined) return [];
    const found = db.prepare(`SELECT 1 AS x FROM ${table} WHERE id = ?`).get(id);
    return found ? [] : [{ path: [field], message: `${TABLE_LABELS[table]} ${id} does not exist` }];
  });
  if (issues.length) throw validationError(issues);
}

/** SQL conditions (on the clicks alias `k`) and their parameters for the filters set. */
export function entityFilterSql(query: EntityFilterValues): { where: string[]; params: number[] } {
  const where: string[] = [];
  const params: number[] = [];
  for (const { field, column } of ENTITY_FILTERS) {
    const id = query[field];
    if (id === undefined) continue;
    where.push(`${column} = ?`);
    params.push(id);
  }
  return { where, params };
}
