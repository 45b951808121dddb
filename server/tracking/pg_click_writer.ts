/**
 * The click writer on PostgreSQL (decision 172, "The click path on
 * PostgreSQL"): group commit as on SQLite (a click's 302 leaves only after
 * its batch committed; a failed batch rejects every click in it), but each
 * batch is one multi-row `INSERT` sent on the `postgres` driver's own
 * connection in the main thread, asynchronously: the event loop keeps serving
 * clicks while PostgreSQL commits. Batches run one at a time (the clicks that
 * arrive meanwhile make the next, larger one), so ids reach the table in
 * order and the rollups in memory only ever hold committed clicks.
 *
 * Every statement here is a single autocommitted statement, never a
 * transaction left open across an `await`: the synchronous bridge (panel
 * writes, the once-a-second rollup flush) blocks this thread, and a lock held
 * by an open transaction of this thread would wait for it forever.
 */
import postgres from "postgres";
import type { Row, SqlInput } from "../db/connection.ts";
import { toPostgres } from "../db/pg/dialect.ts";
import { storable } from "../db/pg/bridge.ts";
import { AGENT_FACETS, type Dictionary, type Entry } from "./dictionary.ts";
import { type ClickRow, type ClickWrite, type ClickWriter, placeKey } from "./click_rows.ts";

/** int8 and numeric answered as numbers, as from SQLite (the bridge's types). */
const asNumber = { to: 20, from: [20, 1700], serialize: String, parse: Number };

/** What the writer asks of its click store. */
export type PgClickHooks = {
  userAgents: Dictionary;
  places: Dictionary;
  /** The clicks' columns after `id`…`ad_click_ids`: the node. */
  node: string;
  /** A click's values for `INSERT_COLUMNS`, with its dictionary entries. */
  values: (r: ClickRow, ua: Entry, place: Entry | null) => SqlInput[];
  /** Counts committed clicks in the rollups held in memory (and flushes when due). */
  committed: (rows: { row: ClickRow; ua: Entry; place: Entry | null }[]) => void;
  /** Before a lander click-through on click `id`: its sums must be in the rollups. */
  beforeLp: (id: string) => void;
};

type Pending = { item: ClickWrite; resolve: () => void; reject: (err: Error) => void };

/** The text columns of `clicks` (the others the writer fills are bigint). */
const TEXT_COLUMNS = new Set([
  "id",
  "external_id",
  "ip",
  "language",
  "referrer",
  "tokens",
  "bot_reason",
  "connection",
  "cost_currency",
  "ad_click_ids",
  "node",
]);

/**
 * One batch's INSERT, the same text for any number of rows (prepared once):
 * each column's values arrive as one array literal, `unnest` turns them back
 * into rows. Measured against one multi-row `VALUES` list per batch (a new
 * text, parsed and planned per batch size), it costs PostgreSQL and the
 * driver less (decision 172, "The click path on PostgreSQL").
 */
function insertSql(columns: string[]): string {
  const arrays = columns.map((c, i) =>
    `$${i + 1}::text::${TEXT_COLUMNS.has(c) ? "text" : "bigint"}[]`
  );
  return `INSERT INTO clicks (${columns.join(", ")}) SELECT * FROM unnest(${arrays.join(", ")})`;
}

/** An array literal of one column's values (`{"a","b",NULL}` / `{1,2,NULL}`). */
function arrayLiteral(rows: SqlInput[][], at: number, text: boolean): string {
  let out = "{";
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) out += ",";
    const v = rows[i][at];
    if (v === null || v === undefined) out += "NULL";
    else if (!text) out += String(v);
    else {
      const s = String(v);
      out += /["\\]/.test(s) ? `"${s.replace(/["\\]/g, "\\$&")}"` : `"${s}"`;
    }
  }
  return out + "}";
}

export class PgClickWriter implements ClickWriter<ClickWrite> {
  readonly sql: postgres.Sql;
  #queue: Pending[] = [];
  #running: Promise<void> | null = null;
  #closed = false;
  #paused = false;
  readonly #columns: string[];
  readonly #insert: string;
  committed = 0;
  lastFlushAt = 0;
  afterCommit: () => void = () => {};

  constructor(
    url: string,
    readonly columns: string,
    readonly hooks: PgClickHooks,
    readonly options: { maxBatch?: number } = {},
  ) {
    this.#columns = columns.split(",").map((c) => c.trim());
    this.#insert = insertSql(this.#columns);
    this.sql = postgres(url, {
      max: 1,
      onnotice: () => {},
      types: { number: asNumber },
      connection: { application_name: "rotor-clicks" },
      // Reopened by the next click after a quiet spell (tests open many stores).
      idle_timeout: 20,
    });
  }

  get depth(): number {
    return this.#queue.length;
  }

  get paused(): boolean {
    return this.#paused;
  }

  write(item: ClickWrite): Promise<void> {
    if (this.#closed) return Promise.reject(new Error("writer is closed"));
    return new Promise<void>((resolve, reject) => this.#queue.push({ item, resolve, reject }));
  }

  /** Starts committing what is queued (a batch in flight: the next one starts when it ends). */
  flush(): void {
    if (this.#paused || this.#running || this.#queue.length === 0) return;
    this.#running = this.#run().finally(() => {
      this.#running = null;
      this.flush();
    });
  }

  pause(): void {
    this.#paused = true;
  }

  resume(): void {
    this.#paused = false;
    this.flush();
  }

  close(): void {
    this.#closed = true;
    this.#paused = false;
    this.flush();
  }

  /** Resolves when nothing is queued or in flight (shutdown; tests). */
  async settled(): Promise<void> {
    while (this.#running || (this.#queue.length > 0 && !this.#paused)) {
      this.flush();
      await this.#running;
    }
  }

  /** Ends the driver's connection (after `settled`). */
  async end(): Promise<void> {
    await this.sql.end({ timeout: 5 });
  }

  /** Drops the connection at once, as a crash would (tests). */
  async kill(): Promise<void> {
    this.#closed = true;
    await this.sql.end({ timeout: 0 });
  }

  async #run(): Promise<void> {
    while (this.#queue.length > 0 && !this.#paused) {
      const batch = this.#queue.splice(0, this.options.maxBatch ?? 1000);
      try {
        await this.#commit(batch.map((p) => p.item));
        this.committed += batch.length;
        this.lastFlushAt = Date.now();
        for (const p of batch) p.resolve();
        this.afterCommit();
      } catch (err) {
        for (const p of batch) p.reject(err as Error);
      }
    }
  }

  /** One batch: new dictionary rows, the clicks' INSERT, then lander click-throughs. */
  async #commit(items: ClickWrite[]): Promise<void> {
    const clicks: ClickRow[] = [];
    for (const item of items) if (item.kind === "click") clicks.push(item.row);
    if (clicks.length > 0) {
      const { userAgents, places } = this.hooks;
      await this.#intern(clicks);
      const counted = clicks.map((row) => {
        const v = row.visitor;
        const ua = userAgents.known(v.userAgent)!;
        const place = v.country || v.isp ? places.known(placeKey(v))! : null;
        return { row, ua, place };
      });
      const rows = counted.map((c) => this.hooks.values(c.row, c.ua, c.place));
      const params = this.#columns.map((c, i) => arrayLiteral(rows, i, TEXT_COLUMNS.has(c)));
      // One statement: atomic on its own, nothing left open across an await.
      await this.sql.unsafe(this.#insert, storable(params) as string[], { prepare: true });
      this.hooks.committed(counted);
    }
    for (const item of items) {
      if (item.kind !== "lp") continue;
      this.hooks.beforeLp(item.id);
      await this.sql.unsafe(
        "UPDATE clicks SET lp_click_ts = coalesce(lp_click_ts, $1), offer_id = $2 WHERE id = $3",
        [item.ts, item.offerId, item.id],
      );
    }
  }

  /** Makes sure every user agent and place of `clicks` is known, adding new ones. */
  async #intern(clicks: ClickRow[]): Promise<void> {
    const { userAgents, places } = this.hooks;
    const agents = new Map<string, ClickRow>();
    const newPlaces = new Map<string, ClickRow>();
    for (const r of clicks) {
      const v = r.visitor;
      if (!userAgents.known(v.userAgent)) agents.set(v.userAgent, r);
      if ((v.country || v.isp) && !places.known(placeKey(v))) newPlaces.set(placeKey(v), r);
    }
    if (agents.size > 0) {
      const rows = [...agents.values()].map((r) => {
        const v = r.visitor;
        return [
          v.userAgent,
          v.deviceType,
          v.brand,
          v.model,
          v.os,
          v.osVersion,
          v.browser,
          v.browserVersion,
        ];
      });
      // Another node may add the same agent meanwhile: the stored row wins either way.
      await this.sql.unsafe(
        `INSERT INTO user_agents (text, ${AGENT_FACETS.join(", ")})
         SELECT * FROM jsonb_to_recordset($1::text::jsonb) AS j(text text, device_type text,
           brand text, model text, os text, os_version text, browser text, browser_version text)
         ORDER BY 1 ON CONFLICT (text) DO NOTHING`,
        [JSON.stringify(rows.map((r) =>
          Object.fromEntries(
            ["text", ...AGENT_FACETS].map((c, i) => [c, r[i]]),
          )
        ))],
      );
      const found = await this.sql.unsafe(
        `SELECT id, text, ${AGENT_FACETS.join(", ")} FROM user_agents
         WHERE text IN (SELECT jsonb_array_elements_text($1::text::jsonb))`,
        [JSON.stringify([...agents.keys()])],
      );
      for (const row of found) userAgents.remember(String(row.text), row as Row);
    }
    if (newPlaces.size > 0) {
      const rows = [...newPlaces.values()].map((r) => {
        const v = r.visitor;
        return { country: v.country, region: v.region, city: v.city, isp: v.isp };
      });
      await this.sql.unsafe(
        `INSERT INTO places (country, region, city, isp)
         SELECT * FROM jsonb_to_recordset($1::text::jsonb) AS j(country text, region text, city text,
           isp text) ORDER BY 1, 2, 3, 4 ON CONFLICT (country, region, city, isp) DO NOTHING`,
        [JSON.stringify(rows)],
      );
      const found = await this.sql.unsafe(
        `SELECT p.id, p.country, p.region, p.city, p.isp FROM places p
         JOIN jsonb_to_recordset($1::text::jsonb) AS j(country text, region text, city text, isp text)
         ON p.country = j.country AND p.region = j.region AND p.city = j.city AND p.isp = j.isp`,
        [JSON.stringify(rows)],
      );
      for (const row of found) {
        places.remember(`${row.country}\t${row.region}\t${row.city}\t${row.isp}`, row as Row);
      }
    }
  }

  /** A stored click's row for `ClickStore.find`, read without the bridge. */
  async query(sql: string, params: SqlInput[]): Promise<Row[]> {
    const rows = await this.sql.unsafe(
      toPostgres(sql),
      storable(params) as postgres.ParameterOrJSON<never>[],
    );
    return Array.from(rows, (row) => ({ ...row }) as Row);
  }
}
