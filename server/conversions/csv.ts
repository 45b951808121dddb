/** Conversions as CSV, read page by page through the read worker (memory stays flat). */
import type { ConversionItem, ConversionsQuery } from "../../contracts/report_query.ts";
import type { ReadWorker } from "../reads/worker.ts";
import { localStamp } from "../reports/time.ts";
import type { Account } from "../../contracts/rights.ts";
import { conversionNamesFor } from "../clicklog/names.ts";

const PAGE = 1000;

/** The header and the pages of a conversions export. */
export function conversionsCsv(
  reads: ReadWorker,
  query: ConversionsQuery,
  options: { hideProfit: boolean },
  viewer: Account,
): { header: string[]; pages: AsyncIterable<unknown[][]> } {
  const header = [
    "Time",
    "Status",
    "Network status",
    ...(options.hideProfit ? [] : ["Payout"]),
    "Currency",
    "Txid",
    "Click id",
    "Click time",
    "Campaign",
    "Offer",
    "Lander",
    "Country",
    "Device",
    "IP",
    "External id",
    "Replaced",
    "Postback",
  ];
  const row = (v: ConversionItem) => [
    localStamp(v.ts, query.tz),
    v.status,
    v.originalStatus,
    ...(options.hideProfit ? [] : [v.payout]),
    v.currency,
    v.txid,
    v.clickId,
    v.clickTs === null ? "" : localStamp(v.clickTs, query.tz),
    v.campaign,
    v.offer,
    v.landing,
    v.click.country,
    v.click.deviceType,
    v.click.ip,
    v.click.externalId,
    v.current ? "" : "yes",
    v.postbackOutcome,
  ];
  async function* pages() {
    let cursor: string | undefined;
    do {
      const page = await reads.run("conversions", {
        query: { ...query, cursor, limit: PAGE },
        options,
      });
      yield conversionNamesFor(viewer, page.items).map(row);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return { header, pages: pages() };
}
