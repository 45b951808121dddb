/**
 * Settings sections stored server-side: who owns each (the whole tracker, or
 * each user for their own; who may change it is declared with the routes,
 * `contracts/api/settings.ts`), and typed getters other features read (`getLpProtectSettings`, `getStatsSettings`, …).
 */
import {
  SETTINGS_SCHEMAS,
  type SettingsSection,
  type SettingsValue,
} from "../../contracts/settings.ts";
import { PER_USER_SECTIONS } from "../../contracts/api/settings.ts";
import type { Db } from "../db/connection.ts";
import { readSetting, writeSetting } from "./store.ts";

/** Whether a section belongs to each user (the others are the tracker's). */
export function isPerUser(section: SettingsSection): boolean {
  return PER_USER_SECTIONS.has(section);
}

function storageKey(section: SettingsSection, userId?: number): string {
  return isPerUser(section) ? `settings.${section}.user.${userId}` : `settings.${section}`;
}

/** A section's value (its defaults when never stored); `userId` for per-user ones. */
export function readSection<S extends SettingsSection>(
  db: Db,
  section: S,
  userId?: number,
): SettingsValue<S> {
  const schema = SETTINGS_SCHEMAS[section];
  return readSetting(db, storageKey(section, userId), {
    schema,
    fallback: schema.parse({}) as SettingsValue<S>,
  }) as SettingsValue<S>;
}

/** Listeners told when a tracker-wide section changes (caches drop their copy). */
const listeners = new Set<(section: SettingsSection) => void>();

/** Calls `fn` after every write of a section; returns the unsubscribe. */
export function onSectionWritten(fn: (section: SettingsSection) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Stores a validated value. */
export function writeSection<S extends SettingsSection>(
  db: Db,
  section: S,
  options: { value: SettingsValue<S>; userId?: number },
): void {
  writeSetting(db, storageKey(section, options.userId), options.value);
  for (const fn of listeners) fn(section);
}

/** LP protect: read by the lander hosting on every protected lander request. */
export function getLpProtectSettings(db: Db): SettingsValue<"lp-protect"> {
  return readSection(db, "lp-protect");
}

/** Click API: read by `POST /api/click-api/v1`. */
export function getClickApiSettings(db: Db): SettingsValue<"click-api"> {
  return readSection(db, "click-api");
}

/** Public API: whether `Api-Key` requests are accepted. */
export function getPublicApiSettings(db: Db): SettingsValue<"public-api"> {
  return readSection(db, "public-api");
}

/** Postback processing: aliases, duplicate policy and the default allowlist. */
export function getPostbackSettings(db: Db): SettingsValue<"postback-processing"> {
  return readSection(db, "postback-processing");
}

/** Events: the conversion event types and the `/click/update` key (decision 167). */
export function getEventsSettings(db: Db): SettingsValue<"events"> {
  return readSection(db, "events");
}

/** A user's report time zone and currency. */
export function getStatsSettings(db: Db, userId: number): SettingsValue<"stats"> {
  return readSection(db, "stats", userId);
}

/** Beta flags the panel reads. */
export function getBetaFlags(db: Db): SettingsValue<"beta">["flags"] {
  return readSection(db, "beta").flags;
}
