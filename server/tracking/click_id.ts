/**
 * Click ids (DESIGN §3, §6): 24 URL-safe characters that sort as strings in
 * creation order and cannot be guessed from one another.
 *
 * Layout, in an alphabet whose ASCII order equals its digit order:
 * 8 chars of milliseconds since the epoch (48 bits) · 2 chars of a counter
 * within that millisecond (12 bits) · 14 chars of randomness (84 bits).
 * The counter keeps ids from one process strictly increasing; the random part
 * is never derived from the previous id, so seeing one id tells nothing about
 * the next. See docs/decisions/030-click-id-format.md.
 *
 * The first time character is written one place up the alphabet (digit 0 is
 * `0`, not `-`), so no id starts with `-` and a CSV export never has to
 * guard it (decision 120). Ids made before that start with `-`: they are still
 * valid, decode to their time, and sort before every newer id.
 */
import type { Db } from "../db/connection.ts";

/** 64 URL-safe characters in ascending ASCII order. */
const ALPHABET = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
const TIME_CHARS = 8;
const COUNTER_CHARS = 2;
const RANDOM_CHARS = 14;
const COUNTER_LIMIT = 64 ** COUNTER_CHARS;

/** Length of every click id. */
export const CLICK_ID_LENGTH = TIME_CHARS + COUNTER_CHARS + RANDOM_CHARS;

/** The first character of every id made before decision 120. */
const LEGACY_FIRST = "-";

const CLICK_ID_PATTERN = new RegExp(`^[-0-9A-Z_a-z]{${CLICK_ID_LENGTH}}$`);

/** Random bytes are drawn in blocks: one getRandomValues call per 256 ids. */
const pool = new Uint8Array(RANDOM_CHARS * 256);
let poolOffset = pool.length;

let lastMs = 0;
let counter = 0;
/** `encodeTime(lastMs)`, made once per millisecond rather than once per id. */
let lastTime = encodeTime(0);

/** Each character's digit by its code (-1: not in the alphabet). */
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

function encode(value: number, chars: number): string {
  let out = "";
  for (let i = chars - 1; i >= 0; i--) out += ALPHABET[Math.floor(value / 64 ** i) % 64];
  return out;
}

/** Milliseconds as the 8 time characters of a new id: the first one shifted up by one. */
function encodeTime(ms: number): string {
  const top = Math.floor(ms / 64 ** (TIME_CHARS - 1));
  return ALPHABET[top + 1] + encode(ms % 64 ** (TIME_CHARS - 1), TIME_CHARS - 1);
}

function randomChars(): string {
  if (poolOffset + RANDOM_CHARS > pool.length) {
    crypto.getRandomValues(pool);
    poolOffset = 0;
  }
  let out = "";
  for (let i = 0; i < RANDOM_CHARS; i++) out += ALPHABET[pool[poolOffset++] & 63];
  return out;
}

/**
 * A new click id. `now` (ms) is injectable for tests; a clock that steps back
 * never makes ids go backwards (the last time is reused and the counter runs on).
 */
export function newClickId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
    lastTime = encodeTime(lastMs);
  } else if (++counter >= COUNTER_LIMIT) {
    lastMs++; // more than 4096 ids in one millisecond: borrow the next one
    counter = 0;
    lastTime = encodeTime(lastMs);
  }
  return lastTime + ALPHABET[counter >> 6] + ALPHABET[counter & 63] + randomChars();
}

/**
 * An id for a click made at `ms` that leaves the running sequence alone:
 * seeded or imported clicks of the past keep ids in their own time order.
 */
export function clickIdAt(ms: number): string {
  const counter = Math.floor(Math.random() * COUNTER_LIMIT);
  return encodeTime(ms) + encode(counter, COUNTER_CHARS) + randomChars();
}

/** Whether `text` has the shape of a click id (cheap check before any lookup). */
export function isClickId(text: string): boolean {
  return CLICK_ID_PATTERN.test(text);
}

/** The digit of `text`'s character at `at` (-1 when it is none). */
function digit(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code < 128 ? DIGIT[code] : -1;
}

/** The creation time (ms since the epoch) encoded in a click id (of either format). */
export function clickIdTime(id: string): number {
  // A legacy id's `-` and a new id's `0` both stand for the top digit 0.
  let value = Math.max(0, digit(id, 0) - 1);
  for (let i = 1; i < TIME_CHARS; i++) value = value * 64 + digit(id, i);
  return value;
}

/** Per database: the time of its newest legacy (`-`) id, or -Infinity when it holds none. */
const legacyUntil = new WeakMap<Db, number>();

/**
 * The newest legacy id's time in `db`, read once (legacy ids are no longer made,
 * so the answer only shrinks as retention deletes them, and a stale answer stays right).
 */
function newestLegacyTime(db: Db): number {
  let found = legacyUntil.get(db);
  if (found === undefined) {
    const row = db.prepare("SELECT max(id) AS id FROM clicks WHERE id < ?").get(
      String.fromCharCode(LEGACY_FIRST.charCodeAt(0) + 1),
    );
    found = row?.id ? clickIdTime(String(row.id)) : -Infinity;
    legacyUntil.set(db, found);
  }
  return found;
}

/**
 * The smallest id string of a click of `db` made at or after `ms`: time ranges
 * over clicks are id ranges (`id >= clickIdBound(db, start) AND id <
 * clickIdBound(db, end)`), which read the clustered primary key instead of a
 * time index. Legacy ids all sort before new ones and are all older, so a time
 * up to the newest legacy id is a legacy bound, and a later one a new bound.
 */
export function clickIdBound(db: Db, ms: number): string {
  const t = Math.max(0, Math.floor(ms));
  return t <= newestLegacyTime(db) ? LEGACY_FIRST + encode(t, TIME_CHARS - 1) : encodeTime(t);
}

/** The time prefix a click id made now at `ms` starts with (fixtures building ids in bulk). */
export function clickIdPrefix(ms: number): string {
  return encodeTime(Math.max(0, Math.floor(ms)));
}
