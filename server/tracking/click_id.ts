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
 */

/** 64 URL-safe characters in ascending ASCII order. */
const ALPHABET = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
const TIME_CHARS = 8;
const COUNTER_CHARS = 2;
const RANDOM_CHARS = 14;
const COUNTER_LIMIT = 64 ** COUNTER_CHARS;

/** Length of every click id. */
export const CLICK_ID_LENGTH = TIME_CHARS + COUNTER_CHARS + RANDOM_CHARS;

const CLICK_ID_PATTERN = new RegExp(`^[-0-9A-Z_a-z]{${CLICK_ID_LENGTH}}$`);

/** Random bytes are drawn in blocks: one getRandomValues call per 256 ids. */
const pool = new Uint8Array(RANDOM_CHARS * 256);
let poolOffset = pool.length;

let lastMs = 0;
let counter = 0;

function encode(value: number, chars: number): string {
  let out = "";
  for (let i = chars - 1; i >= 0; i--) out += ALPHABET[Math.floor(value / 64 ** i) % 64];
  return out;
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
  } else if (++counter >= COUNTER_LIMIT) {
    lastMs++; // more than 4096 ids in one millisecond: borrow the next one
    counter = 0;
  }
  return encode(lastMs, TIME_CHARS) + encode(counter, COUNTER_CHARS) + randomChars();
}

/** Whether `text` has the shape of a click id (cheap check before any lookup). */
export function isClickId(text: string): boolean {
  return CLICK_ID_PATTERN.test(text);
}

/** The creation time (ms since the epoch) encoded in a click id. */
export function clickIdTime(id: string): number {
  let value = 0;
  for (let i = 0; i < TIME_CHARS; i++) value = value * 64 + ALPHABET.indexOf(id[i]);
  return value;
}

/**
 * The smallest id string of a click made at or after `ms`: time ranges over
 * clicks are id ranges (`id >= clickIdBound(start) AND id < clickIdBound(end)`),
 * which read the clustered primary key instead of a time index.
 */
export function clickIdBound(ms: number): string {
  return encode(Math.max(0, Math.floor(ms)), TIME_CHARS);
}
