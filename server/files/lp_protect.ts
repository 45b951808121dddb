/**
 * LP protect (SPEC settings "lp-protect", DESIGN §3 `Landing.protect`): a hosted
 * file that a protected lander points at answers only to a visitor who came
 * through a recent click — the `rotor_click` cookie set at the click, or the
 * `clickid` the click put into the lander's URL.
 */
import { HOSTED_PREFIX } from "../../contracts/files.ts";
import type { Db } from "../db/connection.ts";
import { getLpProtectSettings } from "../settings/sections.ts";

/** The cookie the click sets (by the tracking engine) with the click id. */
export const CLICK_COOKIE = "rotor_click";

/** The LP-protect settings in force (settings → lp-protect). */
export function lpProtectSettings(db: Db): { enabled: boolean; tokenLifetimeMinutes: number } {
  return getLpProtectSettings(db);
}

/** The hosted file a lander URL points at (relative to the files root), if any. */
export function hostedFileOf(url: string): string | undefined {
  let path: string;
  try {
    path = /^https?:\/\//i.test(url) ? new URL(url).pathname : url.split(/[?#]/)[0];
    if (!path.startsWith(HOSTED_PREFIX)) return undefined;
    path = decodeURIComponent(path.slice(HOSTED_PREFIX.length));
  } catch {
    return undefined;
  }
  return path === "" || path.endsWith("/") ? `${path}index.html` : path;
}

/** Whether a live protected lander points at hosted file `rel`. */
export function isProtected(db: Db, rel: string): boolean {
  const rows = db.prepare(
    `SELECT url FROM landings WHERE protect = 1 AND archived = 0 AND url LIKE '%/lp/files/%'`,
  ).all();
  // A folder named without its slash (`/lp/files/quiz`) opens its index.html (serve.ts).
  return rows.some((row) => {
    const file = hostedFileOf(String(row.url));
    return file === rel || `${file}/index.html` === rel;
  });
}

/** Whether `clickId` names a click younger than the token lifetime at `now`. */
export function isRecentClick(
  db: Db,
  clickId: string | undefined,
  options: { lifetimeMinutes: number; now?: number },
): boolean {
  if (!clickId || clickId.length > 64) return false;
  const row = db.prepare("SELECT ts FROM clicks WHERE id = ?").get(clickId);
  if (!row) return false;
  const age = (options.now ?? Date.now()) - Number(row.ts);
  return age >= 0 && age <= options.lifetimeMinutes * 60_000;
}
