/**
 * Is this visitor (IP + user agent) new to the campaign within its
 * `uniquenessHours`? Answered from memory: a bounded table of campaign + IP +
 * user-agent hash → last unique click time, filled as clicks are made (so clicks
 * still waiting for their commit count) and rebuilt from the stored clicks
 * of the longest window at start. No index on the clicks table is needed, so
 * inserts only append (docs/decisions/050-click-storage.md).
 */
import type { Db } from "../db/connection.ts";
import { clickIdBound } from "./click_id.ts";

/** Visitors remembered at most; beyond it the least recent count as new again. */
export const MAX_VISITORS = 1_000_000;

/** Slots per bucket: a visitor lives in one bucket, which forgets its oldest first. */
const WAYS = 8;

/**
 * The user agent's part of a visitor's hash: two 32-bit hashes (FNV-1a and a
 * multiply-xor) of its text. A click takes it from its parsed agent, hashed
 * once per agent (`agentRef`), not from the text's characters every time.
 */
function agentHash(userAgent: string, out = new Uint32Array(2)): Uint32Array {
  let a = 0x811c9dc5, b = 0x9e3779b9;
  for (let i = 0; i < userAgent.length; i++) {
    const c = userAgent.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0xcc9e2d51) ^ (b >>> 15);
  }
  out[0] = a;
  out[1] = b;
  return out;
}

/** A 32-bit finaliser (MurmurHash3's): every input bit moves every output bit. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Two 32-bit hashes of campaign + IP + the user agent's hash: 64 bits of
 * which the bucket number and the stored tag use ~51, so two visitors are
 * confused about once in 2^51 comparisons.
 */
function visitorHash(campaignId: number, ip: string, agent: Uint32Array, out: Uint32Array): void {
  let a = 0x811c9dc5 ^ campaignId, b = Math.imul(campaignId ^ 0x9e3779b9, 0x85ebca6b);
  for (let i = 0; i < ip.length; i++) {
    const c = ip.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0xcc9e2d51) ^ (b >>> 15);
  }
  a = Math.imul(a ^ agent[0], 0x01000193);
  a = Math.imul(a ^ agent[1], 0x01000193);
  b = Math.imul(b ^ agent[1], 0xcc9e2d51) ^ (b >>> 15);
  b = Math.imul(b ^ agent[0], 0xcc9e2d51) ^ (b >>> 15);
  out[0] = mix(a);
  out[1] = mix(b ^ a);
}

/** The snapshot's format: 2 since the user agent is hashed apart (older ones are rebuilt). */
const SNAPSHOT_VERSION = 2;

/**
 * Remembers visitors per campaign in typed arrays (~12 bytes a slot, twice
 * MAX_VISITORS slots): a bucket of WAYS slots per hash, each holding a tag
 * and the visitor's last unique click time; a new visitor takes the bucket's empty
 * or oldest slot. A lookup reads one cache line instead of hashing a string
 * key into a million-entry Map (~2 µs a click).
 */
export class Uniqueness {
  readonly capacity: number;
  #mask: number;
  #tags: Uint32Array;
  #times: Float64Array;
  #hash = new Uint32Array(2);
  #textHash = new Uint32Array(2);
  /** User agents' hashes by their parsed agent (see `agentHash`). */
  #agents = new WeakMap<object, Uint32Array>();

  constructor(capacity = MAX_VISITORS) {
    this.capacity = capacity;
    const buckets = 2 ** Math.ceil(Math.log2(Math.max(1, (2 * capacity) / WAYS)));
    this.#mask = buckets - 1;
    this.#tags = new Uint32Array(buckets * WAYS);
    this.#times = new Float64Array(buckets * WAYS); // 0: empty
  }

  /**
   * Whether the visitor's click at `ts` is unique: none remembered, or their
   * last unique click is `windowMs` or more before it. A unique click is
   * remembered at `ts`; a repeat leaves the time as it is, so a visitor who
   * keeps coming back counts once per window, not never again.
   */
  #swap(
    campaignId: number,
    ip: string,
    agent: Uint32Array,
    ts: number,
    windowMs: number,
  ): boolean {
    visitorHash(campaignId, ip, agent, this.#hash);
    const first = (this.#hash[0] & this.#mask) * WAYS;
    const tag = this.#hash[1];
    let oldest = first;
    for (let slot = first; slot < first + WAYS; slot++) {
      const last = this.#times[slot];
      if (last !== 0 && this.#tags[slot] === tag) {
        if (ts - last < windowMs) return false;
        this.#times[slot] = ts;
        return true;
      }
      if (last < this.#times[oldest]) oldest = slot;
    }
    this.#tags[oldest] = tag;
    this.#times[oldest] = ts;
    return true;
  }

  /**
   * Whether the visit at `ts` is unique, and remembers it. A visitor counts as
   * unique again once `windowMs` has passed since their last unique click.
   */
  check(
    visit: { campaignId: number; ip: string; userAgent: string; ts: number; agentRef?: object },
    windowMs: number,
  ): boolean {
    return this.#swap(visit.campaignId, visit.ip, this.#agent(visit), visit.ts, windowMs);
  }

  /**
   * The user agent's hash; by `agentRef` (an object that stands for this user
   * agent's text while it lives, as the visitor's parsed agent does) once per agent.
   */
  #agent(visit: { userAgent: string; agentRef?: object }): Uint32Array {
    const ref = visit.agentRef;
    if (ref === undefined) return agentHash(visit.userAgent, this.#textHash);
    let hash = this.#agents.get(ref);
    if (hash === undefined) this.#agents.set(ref, hash = agentHash(visit.userAgent));
    return hash;
  }

  /**
   * Refills the memory at start: from the snapshot beside the database (a
   * clean shutdown's, or the last periodic one after a crash) and the clicks
   * stored after it, else from the clicks of the longest campaign window.
   * Answers the clicks read.
   */
  load(db: Db, now: number = Date.now(), node: string | null = null): number {
    const hours = Number(
      db.prepare("SELECT coalesce(max(uniqueness_hours), 0) AS h FROM campaigns").get()?.h ?? 0,
    );
    if (hours === 0) return 0;
    const bound = clickIdBound(db, now - hours * 3_600_000);
    // Only the clicks after the snapshot are new to it; one older than the window holds nothing
    // that still counts.
    const snapshot = this.#readSnapshot(db);
    if (snapshot !== null && snapshot >= bound) return this.#replay(db, snapshot, snapshot);
    if (snapshot !== null) this.clear();
    // Only the newest `capacity` clicks of the window count: find where they start (a walk of
    // the primary key), then read them oldest first without the agents' text (decision 112).
    // PostgreSQL (no snapshot file): this node's own clicks only (`node`, decision 172).
    const mine = node === null ? "" : " AND node = ?";
    const first = db.prepare(
      `SELECT id FROM clicks WHERE id >= ?${mine} ORDER BY id DESC LIMIT 1 OFFSET ?`,
    )
      .get(bound, ...(node === null ? [] : [node]), this.capacity - 1);
    return this.#replay(db, first ? String(first.id) : bound, "", node);
  }

  /** Remembers the stored unique clicks from id `from` on (after id `after`), oldest first. */
  #replay(db: Db, from: string, after = "", node: string | null = null): number {
    const agents = new Map<number, Uint32Array>();
    const agent = db.prepare("SELECT text FROM user_agents WHERE id = ?");
    const rows = db.prepare(
      `SELECT campaign_id, ip, ts, ua_id FROM clicks
       WHERE id >= ? AND id > ? AND campaign_id IS NOT NULL AND is_unique = 1${
        node === null ? "" : " AND node = ?"
      } ORDER BY id`,
    );
    let n = 0;
    for (const r of rows.iterate(from, after, ...(node === null ? [] : [node]))) {
      const uaId = r.ua_id === null ? 0 : Number(r.ua_id);
      let ua = agents.get(uaId);
      if (ua === undefined) {
        ua = agentHash(uaId ? String(agent.get(uaId)?.text ?? "") : "");
        agents.set(uaId, ua);
      }
      // Only unique clicks set a visitor's time; each was unique when stored, so it is again.
      this.#swap(Number(r.campaign_id), String(r.ip ?? ""), ua, Number(r.ts), 0);
      n++;
    }
    return n;
  }

  /** Forgets every visitor. */
  clear(): void {
    this.#times.fill(0);
  }

  /**
   * Writes the memory beside the database with the newest stored click id,
   * so the next start reads one file and the clicks after that id instead of
   * the window's clicks (decision 166). At shutdown every click is committed
   * and counted; a periodic snapshot may miss the latest (the start replays them).
   */
  save(db: Db): void {
    const path = snapshotPath(db);
    if (!path) return;
    Deno.writeFileSync(`${path}.tmp`, this.#snapshot(db));
    Deno.renameSync(`${path}.tmp`, path);
  }

  /** `save` with the file written off the event loop (a copy of the memory is taken now). */
  async saveInBackground(db: Db): Promise<void> {
    const path = snapshotPath(db);
    if (!path) return;
    // Its own file until renamed: a shutdown's `save` may run meanwhile (the later rename wins,
    // and an older snapshot is still right: the start replays the clicks after it).
    await Deno.writeFile(`${path}.background`, this.#snapshot(db));
    await Deno.rename(`${path}.background`, path);
  }

  /** The snapshot's bytes: header length, header, tags, times. */
  #snapshot(db: Db): Uint8Array {
    // Every click up to this id is in the memory (a click is checked before it is stored).
    const clickId = String(db.prepare("SELECT coalesce(max(id), '') AS id FROM clicks").get()!.id);
    const header = new TextEncoder().encode(
      JSON.stringify({ version: SNAPSHOT_VERSION, slots: this.#tags.length, clickId }),
    );
    const tags = new Uint8Array(this.#tags.buffer);
    const times = new Uint8Array(this.#times.buffer);
    const bytes = new Uint8Array(4 + header.length + tags.length + times.length);
    new DataView(bytes.buffer).setUint32(0, header.length, true);
    bytes.set(header, 4);
    bytes.set(tags, 4 + header.length);
    bytes.set(times, 4 + header.length + tags.length);
    return bytes;
  }

  /**
   * Takes the memory from the snapshot beside the database; answers the click
   * id it holds, or null when there is none or it does not fit this database.
   */
  #readSnapshot(db: Db): string | null {
    const path = snapshotPath(db);
    if (!path) return null;
    let bytes: Uint8Array;
    try {
      bytes = Deno.readFileSync(path);
    } catch {
      return null;
    }
    try {
      const size = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
      const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + size)));
      const slots = this.#tags.length;
      const at = 4 + size;
      if (header.version !== SNAPSHOT_VERSION || header.slots !== slots) return null;
      if (bytes.length !== at + slots * 12) return null;
      const clickId = String(header.clickId);
      // Its newest click must be stored here (not a snapshot of another or a restored database).
      const newest = String(db.prepare("SELECT coalesce(max(id), '') AS id FROM clicks").get()!.id);
      const known = clickId === "" ||
        db.prepare("SELECT 1 FROM clicks WHERE id = ?").get(clickId) !== undefined;
      if (!known || clickId > newest) return null;
      const copy = bytes.slice(at).buffer;
      this.#tags.set(new Uint32Array(copy, 0, slots));
      this.#times.set(new Float64Array(copy, slots * 4, slots));
      return clickId;
    } catch {
      return null;
    }
  }
}

/** Where the visitors are kept between runs: beside the database file (none in memory). */
function snapshotPath(db: Db): string | null {
  const file = db.location();
  return file ? `${file}-visitors` : null;
}
