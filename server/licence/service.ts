/**
 * Licence state and tracker id (DESIGN §6). A tracker id is generated at first
 * start; the state is set by `rotor licence …` so support can reproduce what a
 * customer sees. Tracking never depends on it.
 */
import { z } from "zod";
import { LICENCE_EXPIRED, LICENCE_NOT_FOUND, LicenceState } from "../../contracts/auth.ts";
import type { Db } from "../db/connection.ts";
import { readSetting, writeSetting } from "../settings/store.ts";

const Stored = z.object({ state: LicenceState, message: z.string().optional() });

export type Licence = { state: LicenceState; message: string; trackerId: string };

/** The tracker id, created on first call. */
export function ensureTrackerId(db: Db): string {
  const existing = readSetting(db, "tracker_id", { schema: z.string(), fallback: "" });
  if (existing) return existing;
  const id = crypto.randomUUID();
  writeSetting(db, "tracker_id", id);
  return id;
}

/** The licence as the API gate and the CLI see it; a fresh install is valid. */
export function getLicence(db: Db): Licence {
  const stored = readSetting(db, "licence", { schema: Stored, fallback: { state: "valid" } });
  const message = stored.state === "missing"
    ? LICENCE_NOT_FOUND
    : stored.state === "expired"
    ? stored.message || LICENCE_EXPIRED
    : "";
  return { state: stored.state, message, trackerId: ensureTrackerId(db) };
}

/** Sets the licence state; `message` replaces the expired text when given. */
export function setLicence(db: Db, state: LicenceState, message?: string): Licence {
  writeSetting(db, "licence", Stored.parse({ state, message }));
  return getLicence(db);
}
