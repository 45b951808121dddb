/**
 * URL templates with macros (DESIGN §3). Values come from the request and the
 * click, so every value is percent-encoded: none can add a path, query,
 * fragment, userinfo or port, nor a CR/LF. `buildDestination` then checks the
 * result still has the scheme and host the stored template had.
 */
import { LruMap } from "./enrich/lru.ts";
import { AD_CLICK_ID_PARAMS } from "../../contracts/ad_click_ids.ts";

/**
 * `t1`…`t30`, as property keys are kept (read back from an object's keys): the
 * click path keys its tokens by them, and a key made afresh at every click
 * (`t${i}`) costs ~0.1 µs each to look up before it is used.
 */
export const TOKEN_MACROS = Object.keys(
  Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`t${i + 1}`, 0])),
) as `t${number}`[];

/** Every macro a template may use, as written between braces. */
export const MACRO_NAMES = [
  "clickid",
  "campaign_id",
  "campaign_key",
  "offer_id",
  "landing_id",
  "externalid",
  "cost",
  "payout",
  "status",
  "event",
  "country_code",
  "region",
  "city",
  "isp",
  "device_type",
  "os",
  "browser",
  "ip",
  ...TOKEN_MACROS,
  "user_agent",
  ...AD_CLICK_ID_PARAMS,
] as const;

/** A macro name (`clickid`, `t7`, …). */
export type MacroName = typeof MACRO_NAMES[number];

/** Values for macros; a missing or null value substitutes as an empty string. */
export type MacroValues = Partial<Record<MacroName, string | number | boolean | null>>;

const KNOWN = new Set<string>(MACRO_NAMES);
const MACRO = /\{([a-z0-9_]{1,32})\}/g;

/** Percent-encodes like encodeURIComponent, first repairing lone surrogates (which it rejects). */
export function encodeMacroValue(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  return encodeURIComponent(String(value).toWellFormed());
}

/** A template split once into literal text (even indexes) and known macro names (odd). */
function compile(template: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const m of template.matchAll(MACRO)) {
    if (!KNOWN.has(m[1])) continue;
    parts.push(template.slice(from, m.index), m[1]);
    from = m.index + m[0].length;
  }
  parts.push(template.slice(from));
  return parts;
}

/** Compiled templates: stored entities, so few; compiling costs ~1 µs a click. */
const compiled = new LruMap<string, string[]>(10_000);

/** The template's parts with each macro's encoded value between them. */
function fill(parts: readonly string[], values: MacroValues): string {
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    out += encodeMacroValue(values[parts[i] as MacroName]) + parts[i + 1];
  }
  return out;
}

/** Replaces known `{macro}`s with their encoded values; unknown ones stay as written. */
export function substituteMacros(template: string, values: MacroValues): string {
  let parts = compiled.get(template);
  if (!parts) compiled.set(template, parts = compile(template));
  return fill(parts, values);
}

/** Thrown when a template cannot give a safe http(s) destination. */
export class DestinationError extends Error {
  override name = "DestinationError";
}

/** The `scheme://authority` part of a template, before any path, query or fragment. */
function templateOrigin(template: string): URL {
  const match = /^\s*(https?):\/\/([^/?#\\]*)/i.exec(template);
  if (!match) throw new DestinationError("the URL template must start with http:// or https://");
  const authority = match[2];
  MACRO.lastIndex = 0;
  for (const m of authority.matchAll(MACRO)) {
    if (KNOWN.has(m[1])) {
      throw new DestinationError("the URL template's host cannot contain a macro");
    }
  }
  try {
    return new URL(`${match[1]}://${authority}/`);
  } catch {
    throw new DestinationError("the URL template's host is not valid");
  }
}

/** A template's origin, and whether its destinations need no URL parse (`isCanonicalQuery`). */
/** A destination template checked once: its parts, its origin, whether it needs no URL parse. */
type Checked = { parts: readonly string[]; origin: URL; fast: boolean };

/**
 * Templates checked once (parsing one costs ~1 µs a click), keyed by the text
 * as stored, so a click makes one lookup; templates are stored entities, so few.
 */
const checked = new LruMap<string, Checked>(10_000);

/**
 * Characters the URL parser leaves as they are in the query and fragment of
 * an http(s) URL. (Not `'`: a special URL's query encodes it.)
 */
const UNCHANGED = /^[A-Za-z0-9\-._~:/?#[\]@!$&()*+,;=%]*$/;

/**
 * Whether every macro of the template sits in its query and the text before
 * the first one is already canonical: then a destination made only of
 * UNCHANGED characters is exactly what `new URL(…).href` would give, and its
 * origin is the template's own, since no macro precedes the `?`.
 */
function isCanonicalQuery(prefix: string): boolean {
  if (!prefix.includes("?") || !UNCHANGED.test(prefix)) return false;
  try {
    return new URL(prefix).href === prefix;
  } catch {
    return false;
  }
}

function check(template: string): Checked {
  const parts = compile(template.trim());
  return { parts, origin: templateOrigin(template), fast: isCanonicalQuery(parts[0]) };
}

/**
 * Substitutes macros and returns the destination URL (normalised `href`).
 * Throws DestinationError unless the result is http(s) and its origin equals
 * the template's own, so no value can redirect the visitor elsewhere.
 */
export function buildDestination(template: string, values: MacroValues): string {
  let entry = checked.get(template);
  if (!entry) checked.set(template, entry = check(template));
  const url = fill(entry.parts, values);
  if (entry.fast && UNCHANGED.test(url)) return url;
  return parsedDestination(url, entry.origin);
}

/** The destination through the URL parser, its origin compared with the template's. */
function parsedDestination(text: string, origin: URL): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DestinationError("the URL template does not give a valid URL");
  }
  if (url.origin !== origin.origin || url.username !== origin.username) {
    throw new DestinationError("the destination's origin differs from the template's");
  }
  return url.href;
}
