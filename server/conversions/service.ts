/**
 * Conversions, newest first, with their click's details: the conversions
 * screen and the leads report of a subject, each with its manual changes
 * (`status.ts`). The cursor is the last row's (time, id).
 */
import type { SQLInputValue } from "node:sqlite";
import {
  type ConversionItem,
  type ConversionsAnswer,
  type ConversionsQuery,
} from "../../contracts/report_query.ts";
import { SUBJECT_TYPES } from "../../contracts/report.ts";
import { ConversionStatus } from "../../contracts/stats.ts";
import type { Db } from "../db/connection.ts";
import { dayRange } from "../entities/range.ts";
import { CLICK_JOINS, CLICK_SELECT, clickItem } from "../clicklog/fields.ts";
import { entityFilterSql } from "../clicklog/filters.ts";
import { entityNames } from "../reports/labels.ts";
import { clickFilterSql } from "../reports/conditions.ts";
import { localTimeSql, zoneSegments } from "../reports/time.ts";
import { conversionChanges } from "./status.ts";

const CONVERSION_SELECT = `v.id AS v_id, v.ts AS v_ts, v.status AS v_status,
  v.original_status AS v_original_status, v.payout AS v_payout, v.currency AS v_currency,
  v.txid AS v_txid, v.is_upsell AS v_is_upsell, v.postback_outcome AS v_postback_outcome,
  v.current AS v_current, v.click_id AS v_click_id`;

function cursorOf(item: ConversionItem): string {
  return `${item.ts}.${item.id}`;
}

/** One page of conversions. */
export function listConversions(
  db: Db,
  query: ConversionsQuery,
  options: { hideProfit: boolean },
): ConversionsAnswer {
  const range = dayRange({ from: query.from, to: query.to, tz: query.tz });
  const where = ["v.ts >= ?", "v.ts < ?"];
  const params: SQLInputValue[] = [range.start, range.end];
  if (query.subjectType && query.subjectIds) {
    const { column } = SUBJECT_TYPES[query.subjectType];
    const ids = "(SELECT value FROM json_each(?))";
    where.push(
      query.subjectType === "affiliate-network"
        ? `k.offer_id IN (SELECT id FROM offers WHERE affiliate_network_id IN ${ids})`
        : `k.${column} IN ${ids}`,
    );
    params.push(JSON.stringify(query.subjectIds));
  }
  const filters = entityFilterSql(query);
  where.push(...filters.where);
  params.push(...filters.params);
  // A filtered report's leads: its filters over each conversion's click (`k`, its place `p` and
  // user agent `u`); time dimensions at the conversion's time, as the report counts it.
  const time = localTimeSql("v.ts", zoneSegments(range.start, range.end, query.tz));
  for (const filter of query.filters) where.push(clickFilterSql(filter, time, params));
  if (query.status) {
    where.push("v.status = ?");
    params.push(query.status);
  }
  if (query.search) {
    where.push("(v.txid = ? OR v.click_id = ?)");
    params.push(query.search, query.search);
  }
  const cursor = /^(\d+)\.(\d+)$/.exec(query.cursor ?? "");
  if (cursor) {
    where.push("(v.ts, v.id) < (?, ?)");
    params.push(Number(cursor[1]), Number(cursor[2]));
  }
  const rows = db.prepare(
    `SELECT ${CONVERSION_SELECT}, ${CLICK_SELECT} FROM conversions v
     LEFT JOIN clicks k ON k.id = v.click_id ${CLICK_JOINS}
     WHERE ${where.join(" AND ")} ORDER BY v.ts DESC, v.id DESC LIMIT ?`,
  ).all(...params, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const names = (table: string, column: string) =>
    entityNames(db, table, page.map((r) => Number(r[column] ?? 0)));
  const campaigns = names("campaigns", "campaign_id");
  const offers = names("offers", "offer_id");
  const landings = names("landings", "landing_id");
  const changes = conversionChanges(db, page.map((r) => Number(r.v_id)), options);
  const items = page.map((r): ConversionItem => {
    const click = clickItem(r);
    const item: ConversionItem = {
      id: Number(r.v_id),
      ts: Number(r.v_ts),
      status: ConversionStatus.parse(r.v_status),
      originalStatus: String(r.v_original_status),
      currency: String(r.v_currency),
      txid: String(r.v_txid),
      isUpsell: r.v_is_upsell === 1,
      current: r.v_current === 1,
      postbackOutcome: String(r.v_postback_outcome),
      clickId: String(r.v_click_id),
      clickTs: r.ts === null || r.ts === undefined ? null : Number(r.ts),
      campaignId: (r.campaign_id as number | null) ?? null,
      campaign: campaigns.get(Number(r.campaign_id)) ?? "",
      offerId: (r.offer_id as number | null) ?? null,
      offer: offers.get(Number(r.offer_id)) ?? "",
      landingId: (r.landing_id as number | null) ?? null,
      landing: landings.get(Number(r.landing_id)) ?? "",
      click,
      changes: changes.get(Number(r.v_id)) ?? [],
    };
    if (!options.hideProfit) item.payout = Number(r.v_payout) / 1_000_000;
    return item;
  });
  const more = rows.length > query.limit;
  return { items, nextCursor: more ? cursorOf(items[items.length - 1]) : null };
}
