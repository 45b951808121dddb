/**
 * A domain's root address (`https://host/`) answered by its root campaign's
 * click, as Keitaro does (issue 12 item 11). Only `/` on a host with a root
 * campaign; every other unknown address still goes to the panel (SPEC §2).
 */
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { clientIp } from "../net.ts";
import { answerClick } from "../tracking/click_route.ts";

/** The click answer for `c` when it asks for a root-campaign domain's `/`, else null. */
export function rootCampaignClick(c: Context<AppEnv>): Promise<Response> | null {
  if (c.req.path !== "/" || (c.req.method !== "GET" && c.req.method !== "HEAD")) return null;
  const host = (c.req.header("host") ?? new URL(c.req.url).host).toLowerCase();
  if (host === "") return null;
  const deps = c.var.deps;
  const row = deps.db.prepare(
    `SELECT c.key FROM domains d JOIN campaigns c ON c.id = d.root_campaign_id
     WHERE d.host = ? AND d.archived = 0 AND c.archived = 0`,
  ).get(host);
  if (!row) return null;
  return answerClick(deps, c.req.raw, { key: String(row.key), ip: clientIp(c) });
}
