/** Totals of the stats shown in a list: counts and money add up, ratios are recomputed. */
import type { Stats } from "../../contracts/stats.ts";

const round = (value: number, places: number) => {
  const f = 10 ** places;
  return Math.round(value * f) / f;
};

/**
 * The sum of many items' stats. Ratios come from the sums (as the server
 * computes them, docs/decisions/021), not from averaging ratios; money is
 * summed in micro-units so it adds exactly. Hidden profit figures stay hidden.
 */
export function totalStats(list: readonly (Stats | undefined)[]): Stats {
  const micros = (v: number | undefined) => Math.round((v ?? 0) * 1e6);
  let clicks = 0, uniqueClicks = 0, lpClicks = 0, conversions = 0, cost = 0, revenue = 0;
  let approvedRevenue = 0, pendingRevenue = 0;
  let hidden = false;
  for (const s of list) {
    if (!s) continue;
    clicks += s.clicks;
    uniqueClicks += s.uniqueClicks;
    lpClicks += s.lpClicks;
    conversions += s.conversions;
    cost += micros(s.cost);
    if (s.revenue === undefined) hidden = true;
    revenue += micros(s.revenue);
    approvedRevenue += micros(s.approvedRevenue);
    pendingRevenue += micros(s.pendingRevenue);
  }
  const cr = clicks ? round((conversions / clicks) * 100, 2) : 0;
  const base = { clicks, uniqueClicks, lpClicks, conversions, cost: cost / 1e6, cr };
  if (hidden) return base;
  const profit = revenue - cost;
  return {
    ...base,
    revenue: revenue / 1e6,
    approvedRevenue: approvedRevenue / 1e6,
    pendingRevenue: pendingRevenue / 1e6,
    profit: profit / 1e6,
    roi: cost ? round((profit / cost) * 100, 2) : 0,
    epc: clicks ? round(revenue / 1e6 / clicks, 4) : 0,
  };
}
