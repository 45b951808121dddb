/**
 * The second page of a `double-meta` campaign (decision 165): the click's
 * refresh page sends the visitor to `/c/KEY/hop?…`, a Rotor address, whose
 * page then refreshes to the destination. The offer sees no referrer at all,
 * and the source's URL stops at the first page. The hop address carries the
 * destination signed (HMAC-SHA256) and an expiry, so it is no open redirect
 * and needs no storage. The key is derived from the install's sealing key
 * (`hopKey`): every node behind a balancer opens a hop address another node
 * made, and so does a node restarted in between.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { Buffer } from "node:buffer";
import type { Db } from "../db/connection.ts";
import { derivedKey } from "../auth/seal.ts";

const keys = new WeakMap<Db, Buffer>();

/** The key hop addresses are signed with: the same on every node of the install. */
export function hopKey(db: Db): Buffer {
  let key = keys.get(db);
  if (!key) keys.set(db, key = derivedKey(db, "hop"));
  return key;
}
/** How long a hop address opens, in seconds: the first page refreshes after 0 s. */
export const HOP_LIFETIME_S = 120;

function signature(key: Buffer, campaignKey: string, url: string, expires: number): string {
  return createHmac("sha256", key).update(`${campaignKey}\n${expires}\n${url}`).digest("base64url");
}

/** The hop address for a click of campaign `campaignKey` on to `url`. */
export function hopPath(key: Buffer, campaignKey: string, url: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + HOP_LIFETIME_S;
  const u = Buffer.from(url).toString("base64url");
  return `/c/${campaignKey}/hop?u=${u}&e=${expires}&s=${signature(key, campaignKey, url, expires)}`;
}

/** The destination of a hop address, or null when it is forged, altered or expired. */
export function openHop(
  key: Buffer,
  campaignKey: string,
  query: { u?: string; e?: string; s?: string },
  now = Date.now(),
): string | null {
  const { u = "", e = "", s = "" } = query;
  const expires = Number(e);
  if (!/^\d{1,12}$/.test(e) || expires < Math.floor(now / 1000)) return null;
  const url = Buffer.from(u, "base64url").toString();
  const want = Buffer.from(signature(key, campaignKey, url, expires));
  const got = Buffer.from(s);
  return got.length === want.length && timingSafeEqual(got, want) ? url : null;
}
