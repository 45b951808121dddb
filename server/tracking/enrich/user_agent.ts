/**
 * User-agent facts for reports and rules: device, OS, browser (ua-parser-js)
 * and declared bots (isbot). Parsing costs ~63 µs, so results are cached per
 * user-agent string in a bounded LRU map; real traffic repeats a few thousand
 * strings, and a flood of unique ones only evicts.
 */
import { UAParser } from "ua-parser-js";
import { findBotMatch } from "isbot";
import { LruMap } from "./lru.ts";

/** What a user agent says about the visitor's device and software; "" when unknown. */
export interface UserAgentInfo {
  /** desktop, mobile, tablet, console, smarttv, wearable, xr, embedded, or unknown. */
  readonly deviceType: string;
  readonly brand: string;
  readonly model: string;
  readonly os: string;
  readonly osVersion: string;
  readonly browser: string;
  readonly browserVersion: string;
}

/** Whether a user agent declares a bot, and why. */
export interface BotVerdict {
  readonly isBot: boolean;
  /** The matched part of the user agent, or why it counts as a bot; null for people. */
  readonly reason: string | null;
}

/** Longer strings are cut before parsing and caching: no real browser sends more. */
export const MAX_USER_AGENT_LENGTH = 1024;

const CACHE_SIZE = 20_000;
const cache = new LruMap<string, UserAgentInfo>(CACHE_SIZE);
const botCache = new LruMap<string, BotVerdict>(CACHE_SIZE);

function parseUncached(ua: string): UserAgentInfo {
  const { device, os, browser } = UAParser(ua);
  const known = Boolean(os.name || browser.name);
  return Object.freeze({
    deviceType: device.type ?? (known ? "desktop" : "unknown"),
    brand: device.vendor ?? "",
    model: device.model ?? "",
    os: os.name ?? "",
    osVersion: os.version ?? "",
    browser: browser.name ?? "",
    browserVersion: browser.version ?? "",
  });
}

/** Device, OS and browser of a user agent, from the cache when seen before. */
export function parseUserAgent(userAgent: string): UserAgentInfo {
  const ua = userAgent.length > MAX_USER_AGENT_LENGTH
    ? userAgent.slice(0, MAX_USER_AGENT_LENGTH)
    : userAgent;
  let info = cache.get(ua);
  if (!info) {
    info = parseUncached(ua);
    cache.set(ua, info);
  }
  return info;
}

/** Drops cached parses (tests and benchmarks measure the cold path with it). */
export function clearUserAgentCache(): void {
  cache.clear();
  botCache.clear();
}

const NO_BOT: BotVerdict = Object.freeze({ isBot: false, reason: null });
const EMPTY_UA: BotVerdict = Object.freeze({ isBot: true, reason: "no user agent" });

/**
 * Whether the user agent declares a bot (isbot's patterns, ~2 µs; cached like
 * parses). A missing or blank user agent counts as a bot: every browser sends one.
 */
export function detectBot(userAgent: string | null | undefined): BotVerdict {
  const ua = (userAgent ?? "").slice(0, MAX_USER_AGENT_LENGTH);
  if (ua.trim() === "") return EMPTY_UA;
  let verdict = botCache.get(ua);
  if (!verdict) {
    const match = findBotMatch(ua);
    verdict = match === null
      ? NO_BOT
      : Object.freeze({ isBot: true, reason: `user agent matches "${match}"` });
    botCache.set(ua, verdict);
  }
  return verdict;
}
