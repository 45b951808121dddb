/**
 * The numbered keys of the rollups held in memory (decision 168, second
 * round): how each key column reads from a click, and the small numbers a
 * flush gives each column's values so a cube finds its pending row by one
 * number instead of the values' text. Split from `click_rollup.ts`.
 */
import { MS_HOUR } from "../reports/rollup_schema.ts";
import type { RollupClick } from "./click_rollup.ts";
import { AGENT_FACETS, PLACE_FACETS } from "./dictionary.ts";

export type KeyValue = number | string;
export type Sums = [number, number, number, number, number];
export type Entry = { keys: KeyValue[]; sums: Sums };

/** How each key column reads from a click: the same defaults as the triggers' `coalesce`. */
export const KEY_OF: Record<string, (c: RollupClick) => KeyValue> = {
  campaign_id: (c) => c.campaignId ?? 0,
  hour: (c) => Math.trunc(c.ts / MS_HOUR), // SQLite integer division
  traffic_source_id: (c) => c.trafficSourceId ?? 0,
  rotation_id: (c) => c.rotationId ?? 0,
  rule: (c) => c.rule ?? -1,
  path: (c) => c.path ?? -1,
  landing_id: (c) => c.landingId ?? 0,
  offer_id: (c) => c.offerId ?? 0,
  // A dictionary entry's facets are one list: the clicks of one user agent or place share it.
  ...Object.fromEntries(
    PLACE_FACETS.map((name, j) => [name, (c: RollupClick) => c.placeFacets[j]]),
  ),
  connection: (c) => c.connection,
  ...Object.fromEntries(
    AGENT_FACETS.map((name, j) => [name, (c: RollupClick) => c.agentFacets[j]]),
  ),
  currency: (c) => c.currency,
};

/** Every key column a cube may have, in `KEY_OF`'s order; a click's values are read once. */
export const COLUMNS = Object.keys(KEY_OF);
const GETTERS = COLUMNS.map((name) => KEY_OF[name]);
/** The key columns every hourly cube starts with, in order (`rollup_schema.ts`'s LEADING). */
export const LEADING_KEYS = ["campaign_id", "hour", "traffic_source_id", "rotation_id"];
/** And ends with. */
export const LAST_KEY = "currency";
/** The COLUMNS indexes of the leading columns and the currency. */
const LEAD_AT = [...LEADING_KEYS, LAST_KEY].map((name) => COLUMNS.indexOf(name));
/** Where a user agent's and a place's facets start in COLUMNS (`dictionary.ts`'s facet order). */
const AGENT_AT = COLUMNS.indexOf("device_type");
const PLACE_AT = COLUMNS.indexOf("country");
/** The columns read one by one (the facets are numbered by their list). */
const OTHER_AT = COLUMNS.map((_, i) => i).filter((i) =>
  !(i >= AGENT_AT && i < AGENT_AT + AGENT_FACETS.length) &&
  !(i >= PLACE_AT && i < PLACE_AT + PLACE_FACETS.length)
);

/**
 * Small numbers for a click's key values, so a cube finds its pending row by
 * one number made of them instead of the values' text (joining and hashing
 * it cost most of a click's rollup work). Each column numbers its values in
 * the order they come; the facts' strings come from the dictionaries, the
 * same strings click after click, so looking one up hashes nothing. Built
 * afresh after every flush (nothing pending refers to the old numbers then).
 */
export class KeyIds {
  readonly #ids = COLUMNS.map(() => new Map<KeyValue, number>());
  readonly #leads = new Map<string, number>();
  /** The click's value numbers, by `COLUMNS` index. */
  readonly of = new Int32Array(COLUMNS.length);
  /** The number of the click's leading columns and currency together. */
  lead = 0;
  readonly #last: KeyValue[] = LEAD_AT.map(() => NaN);
  /**
   * The value numbers of a dictionary entry's facets (a user agent's seven, a
   * place's four), by the entry's facet list: the clicks of one user agent or
   * place number them once until the next flush, not at every click.
   */
  readonly #facetIds = new Map<readonly string[], Int32Array>();

  #column(i: number, value: KeyValue): number {
    const ids = this.#ids[i];
    let id = ids.get(value);
    if (id === undefined) ids.set(value, id = ids.size);
    return id;
  }

  #facets(facets: readonly string[], at: number): void {
    let ids = this.#facetIds.get(facets);
    if (ids === undefined) {
      ids = new Int32Array(facets.length);
      for (let j = 0; j < facets.length; j++) ids[j] = this.#column(at + j, facets[j]);
      this.#facetIds.set(facets, ids);
    }
    const of = this.of;
    for (let j = 0; j < ids.length; j++) of[at + j] = ids[j];
  }

  /** Reads the click's values. */
  read(c: RollupClick): void {
    const of = this.of;
    for (let k = 0; k < OTHER_AT.length; k++) {
      const i = OTHER_AT[k];
      of[i] = this.#column(i, GETTERS[i](c));
    }
    this.#facets(c.agentFacets, AGENT_AT);
    this.#facets(c.placeFacets, PLACE_AT);
    // Clicks of a batch mostly share campaign, hour, source, rotation and currency: one number
    // for the five stands for them in every cube's key.
    const last = this.#last;
    let same = true;
    for (let i = 0; same && i < LEAD_AT.length; i++) same = last[i] === of[LEAD_AT[i]];
    if (same) return;
    let text = "";
    for (let i = 0; i < LEAD_AT.length; i++) text += (last[i] = of[LEAD_AT[i]]) + ",";
    let lead = this.#leads.get(text);
    if (lead === undefined) this.#leads.set(text, lead = this.#leads.size);
    this.lead = lead;
  }

  clear(): void {
    for (const ids of this.#ids) ids.clear();
    this.#facetIds.clear();
    this.#leads.clear();
    this.#last.fill(NaN);
  }
}
