/**
 * The second page of a `double-meta` campaign (decision 165): the click's
 * refresh page sends the visitor to `/c/KEY/hop?…`, a Rotor address, whose
 * page then refreshes to the destination. The offer sees no referrer at all,
 * and the source's URL stops at the first page. The hop address carries the
 * destination signed (HMAC-SHA256 with a key made at start) and an expiry, so
 * it is no open redirect and needs no storage.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { Buffer } from "node:buffer";

/** The key of this process: a hop address made before a restart no longer opens (it is used at once). */
const KEY = randomBytes(32);
/** How long a hop address opens, in seconds: the first page refreshes after 0 s. */
export const HOP_LIFETIME_S = 120;

function signature(campaignKey: string, url: string, expires: number): string {
  return createHmac("sha256", KEY).update(`${campaignKey}\n${expires}\n${url}`).digest("base64url");
}

/** The hop address for a click of campaign `campaignKey` on to `url`. */
export function hopPath(campaignKey: string, url: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + HOP_LIFETIME_S;
  const u = Buffer.from(url).toString("base64url");
  return `/c/${campaignKey}/hop?u=${u}&e=${expires}&s=${signature(campaignKey, url, expires)}`;
}

/** The destination of a hop address, or null when it is forged, altered or expired. */
export function openHop(
  campaignKey: string,
  query: { u?: string; e?: string; s?: string },
  now = Date.now(),
): string | null {
  const { u = "", e = "", s = "" } = query;
  const expires = Number(e);
  if (!/^\d{1,12}$/.test(e) || expires < Math.floor(now / 1000)) return null;
  const url = Buffer.from(u, "base64url").toString();
  const want = Buffer.from(signature(campaignKey, url, expires));
  const got = Buffer.from(s);
  return got.length === want.length && timingSafeEqual(got, want) ? url : null;
}
