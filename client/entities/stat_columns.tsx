/** The stats columns every tracked entity's list shows (clicks … EPC), with totals. */
import { PROFIT_FIELDS, type Stats } from "../../contracts/stats.ts";
import {
  APPROVED_REVENUE_HELP,
  PENDING_REVENUE_HELP,
  REVENUE_HELP,
} from "../../contracts/report.ts";
import type { TableColumn } from "../ui/data_table.tsx";
import { formatCount, formatMoney, formatPercent, formatPrice, toneOf } from "../ui/format.ts";
import { totalStats } from "./stats_totals.ts";

type WithStats = { id: number; stats?: Stats };

/** A cell printer; money ones take the currency, the others ignore it. */
type Printer = (value: number, currency?: string) => string;

const STAT_DEFS: ReadonlyArray<[keyof Stats, string, Printer, number]> = [
  ["clicks", "Clicks", formatCount, 70],
  ["uniqueClicks", "Uniques", formatCount, 74],
  ["lpClicks", "LP clicks", formatCount, 74],
  ["conversions", "Conv.", formatCount, 60],
  ["revenue", "Revenue", formatMoney, 86],
  ["approvedRevenue", "Approved rev.", formatMoney, 96],
  ["pendingRevenue", "Pending rev.", formatMoney, 96],
  ["cost", "Cost", formatMoney, 84],
  ["profit", "Profit", formatMoney, 86],
  ["roi", "ROI", formatPercent, 84],
  ["cr", "CR", formatPercent, 64],
  ["epc", "EPC", formatPrice, 74],
];

/** The revenue columns' help (the same text as the report's). */
const HELP: Partial<Record<keyof Stats, string>> = {
  revenue: REVENUE_HELP,
  approvedRevenue: APPROVED_REVENUE_HELP,
  pendingRevenue: PENDING_REVENUE_HELP,
};

/** Stats columns hidden until the user picks them. */
export const STATS_HIDDEN_BY_DEFAULT = [
  "uniqueClicks",
  "lpClicks",
  "approvedRevenue",
  "pendingRevenue",
  "epc",
];

/**
 * The stats columns; a hide-profit user gets none of revenue, profit, ROI or
 * EPC. Money is shown in `currency` (Settings → Stats) when given.
 */
export function statColumns<T extends WithStats>(
  items: readonly T[],
  options: { hideProfit: boolean; currency?: string },
): TableColumn<T>[] {
  const totals = totalStats(items.map((i) => i.stats));
  const hidden = options.hideProfit ? (PROFIT_FIELDS as readonly string[]) : [];
  return STAT_DEFS.filter(([key]) => !hidden.includes(key)).map(([key, label, plain, width]) => {
    const format = (v: number) => plain(v, options.currency);
    const toned = key === "profit" || key === "roi";
    // ROI without cost has no value ("—"), not 0%.
    const value = (stats: Stats | undefined) =>
      key === "roi" && stats?.cost === 0 ? undefined : stats?.[key];
    return {
      key,
      label,
      width,
      help: HELP[key],
      align: "end",
      sort: key,
      render: (item) => {
        const v = value(item.stats);
        return v === undefined ? "—" : format(v);
      },
      tone: toned ? (item) => toneOf(value(item.stats)) : undefined,
      total: totals[key] === undefined
        ? ""
        : value(totals) === undefined
        ? "—"
        : format(value(totals)!),
    } satisfies TableColumn<T>;
  });
}
