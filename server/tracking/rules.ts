/**
 * The rule engine: does a criterion, a rule, a flow match a visitor, and which
 * path, lander and offer does the visitor get (DESIGN §3–4). Criteria are
 * compiled once per criterion object (regexes, CIDR lists, lowered values) and
 * kept in a WeakMap, so a cached campaign's flow costs no parsing per click.
 */
import {
  type Criterion,
  type Flow,
  type Path,
  type Rule,
  RuleLogic,
  WEEKDAY_NAMES,
} from "../../contracts/flow.ts";
import { cidrContains, parseCidr } from "./ip.ts";
import type { Visitor } from "./enrich/visitor.ts";
import { pickWeighted, type RandomSource } from "./weights.ts";

type Matcher = (visitor: Visitor) => boolean;

const compiled = new WeakMap<Criterion, Matcher>();

/** Compares dotted versions numerically (`17.10` > `17.2`); missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[._-]/), pb = b.split(/[._-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (parseInt(pa[i] ?? "0", 10) || 0) - (parseInt(pb[i] ?? "0", 10) || 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** A weekday value (`1`…`7` ISO with `0` also Sunday, or a name like `mon`/`Monday`) as 1…7. */
function weekdayNumber(value: string): number {
  const v = value.trim().toLowerCase();
  if (/^[0-7]$/.test(v)) return Number(v) || 7;
  const i = WEEKDAY_NAMES.indexOf(v.slice(0, 3));
  return i < 0 ? -1 : i || 7;
}

function truthy(value: string): boolean {
  return ["true", "yes", "1", "on"].includes(value.trim().toLowerCase());
}

/** The text a string criterion tests. */
function textOf(c: Criterion, v: Visitor): string {
  switch (c.field) {
    case "token":
      return v.tokens[c.key ?? ""] ?? "";
    case "param":
      return v.params[c.key ?? ""] ?? "";
    case "ipVersion":
      return v.ipVersion === null ? "" : String(v.ipVersion);
    default: {
      const value = v[c.field as keyof Visitor];
      return typeof value === "string" ? value : String(value ?? "");
    }
  }
}

/** A value as the visitor's field would hold it, so `is` can compare them. */
function normaliseValue(c: Criterion, value: string): string {
  const v = value.trim().toLowerCase();
  if (c.field === "ipVersion") return v.replace(/^ipv/, "");
  if (c.field === "language") return v.split(/[-_]/)[0];
  return v;
}

function compileText(c: Criterion): Matcher {
  const get = (v: Visitor) => textOf(c, v);
  const values = c.values.map((x) => normaliseValue(c, x));
  switch (c.op) {
    case "is":
    case "isNot": {
      const set = new Set(values);
      const want = c.op === "is";
      if (c.field === "osVersion" || c.field === "browserVersion") {
        // A version names its line: "17" is 17, 17.1, 17.1.2 (not 170).
        return (v) => {
          const text = get(v).toLowerCase();
          return values.some((x) => text === x || text.startsWith(`${x}.`)) === want;
        };
      }
      return (v) => set.has(get(v).toLowerCase()) === want;
    }
    case "contains": {
      const needles = values.filter((x) => x !== "");
      return (v) => {
        const hay = get(v).toLowerCase();
        return needles.some((n) => hay.includes(n));
      };
    }
    case "regex": {
      const patterns = c.values.flatMap((src) => {
        try {
          return [new RegExp(src, "i")];
        } catch {
          return []; // the contract rejects these; a stored bad one never matches
        }
      });
      return (v) => {
        const text = get(v);
        return patterns.some((p) => p.test(text));
      };
    }
    case "lt":
    case "gt":
    case "between": {
      const [low, high] = c.values;
      return (v) => {
        const text = get(v);
        if (text === "") return false; // an unknown version is neither above nor below
        if (c.op === "lt") return compareVersions(text, low) < 0;
        if (c.op === "gt") return compareVersions(text, low) > 0;
        return compareVersions(text, low) >= 0 && compareVersions(text, high ?? low) <= 0;
      };
    }
  }
}

function compileNumber(c: Criterion, get: (v: Visitor) => number, parse: (s: string) => number) {
  const values = c.values.map(parse).filter((n) => Number.isInteger(n) && n >= 0);
  if (c.op === "between") {
    const [low, high] = values; // inclusive; low > high wraps (22–3 is overnight)
    return (v: Visitor) => {
      const n = get(v);
      return low <= high ? n >= low && n <= high : n >= low || n <= high;
    };
  }
  const set = new Set(values);
  if (c.op === "isNot") return (v: Visitor) => !set.has(get(v));
  if (c.op === "lt") return (v: Visitor) => get(v) < values[0];
  if (c.op === "gt") return (v: Visitor) => get(v) > values[0];
  return (v: Visitor) => set.has(get(v));
}

function compile(c: Criterion): Matcher {
  switch (c.field) {
    case "ip": {
      const ranges = c.values.flatMap((x) => parseCidr(x.trim()) ?? []);
      const want = c.op !== "isNot";
      return (v) => {
        const a = v.ipAddress;
        return (a !== null && ranges.some((r) => cidrContains(r, a))) === want;
      };
    }
    case "isBot":
    case "isUnique": {
      const field = c.field;
      const wanted = new Set(c.values.map(truthy));
      return (v) => wanted.has(v[field]) === (c.op !== "isNot");
    }
    case "weekday":
      return compileNumber(c, (v) => v.weekday, weekdayNumber);
    case "hour":
      return compileNumber(c, (v) => v.hour, (s) => (/^\s*\d{1,2}\s*$/.test(s) ? Number(s) : -1));
    default:
      return compileText(c);
  }
}

/** Whether one criterion holds for the visitor (`values` are OR-ed; `isNot` means none). */
export function matchCriterion(criterion: Criterion, visitor: Visitor): boolean {
  let matcher = compiled.get(criterion);
  if (!matcher) {
    matcher = compile(criterion);
    compiled.set(criterion, matcher);
  }
  return matcher(visitor);
}

/** Whether a rule applies: all or any of its criteria hold. A disabled rule never matches. */
export function matchRule(rule: Rule, visitor: Visitor): boolean {
  if (!rule.enabled) return false;
  return rule.logic === RuleLogic.enum.any
    ? rule.criteria.some((c) => matchCriterion(c, visitor))
    : rule.criteria.every((c) => matchCriterion(c, visitor));
}

/** Where a visitor goes. `ruleIndex` is null when the default paths were used. */
export interface Route {
  readonly ruleIndex: number | null;
  /** Index of the path within the matched rule's paths (or the default paths). */
  readonly pathIndex: number;
  readonly path: Path;
  /** null for a direct path (no lander). */
  readonly landingId: number | null;
  readonly offerId: number;
}

/**
 * Where a picked offer's traffic goes: itself, another offer (a capped offer's
 * fallback), or null to skip it. The identity when no offer is capped.
 */
export type OfferResolver = (offerId: number) => number | null;

const asPicked: OfferResolver = (id) => id;

/** The path's offers as they stand now: each resolved, skipped ones left out. */
function liveOffers(path: Path, resolve: OfferResolver): Path["offers"] {
  const same = (o: Path["offers"][number]) => o.weight <= 0 || resolve(o.offerId) === o.offerId;
  if (resolve === asPicked || path.offers.every(same)) return path.offers; // no cap in the way
  return path.offers.flatMap((o) => {
    const offerId = o.weight > 0 ? resolve(o.offerId) : o.offerId;
    return offerId === null ? [] : [{ offerId, weight: o.weight }];
  });
}

/** An offer of a path by weight (also used when a multi-offer lander's visitor clicks through). */
export function pickOffer(
  path: Path,
  random: RandomSource = Math.random,
  resolve: OfferResolver = asPicked,
): number | null {
  return pickWeighted(liveOffers(path, resolve), random)?.offerId ?? null;
}

const FIRST: RandomSource = () => 0;

/** Whether any item can be drawn (pickWeighted gives null only when the total weight is 0). */
function anyDrawable(items: readonly { weight: number }[]): boolean {
  return pickWeighted(items, FIRST) !== null;
}

function pickFrom(paths: readonly Path[], random: RandomSource, resolve: OfferResolver) {
  // A loop, not flatMap: this runs for every click that reaches a flow.
  const usable: { path: Path; offers: Path["offers"]; weight: number; enabled?: boolean }[] = [];
  for (const path of paths) {
    if (!path.direct && !anyDrawable(path.landings)) continue;
    const offers = liveOffers(path, resolve);
    if (anyDrawable(offers)) {
      usable.push({ path, offers, weight: path.weight, enabled: path.enabled });
    }
  }
  const chosen = pickWeighted(usable, random);
  if (!chosen) return null;
  const { path } = chosen;
  return {
    pathIndex: paths.indexOf(path),
    path,
    landingId: path.direct ? null : pickWeighted(path.landings, random)!.landingId,
    offerId: pickWeighted(chosen.offers, random)!.offerId,
  };
}

/**
 * Walks a flow: the first enabled rule that matches and has a usable path
 * (enabled, weight > 0, with an offer and, unless direct, a lander of weight
 * > 0; offers as `resolve` turns them: capped ones go to their fallback or
 * drop out) wins; otherwise the default paths. Null when nothing is routable.
 */
export function routeFlow(
  flow: Flow,
  visitor: Visitor,
  random: RandomSource = Math.random,
  resolve: OfferResolver = asPicked,
): Route | null {
  for (let i = 0; i < flow.rules.length; i++) {
    if (!matchRule(flow.rules[i], visitor)) continue;
    const picked = pickFrom(flow.rules[i].paths, random, resolve);
    if (picked) return { ruleIndex: i, ...picked };
  }
  const fallback = pickFrom(flow.defaultPaths, random, resolve);
  return fallback ? { ruleIndex: null, ...fallback } : null;
}
