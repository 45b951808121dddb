/** How report cells print, from the report table's formats. */
import { METRIC_BY_NAME } from "../../contracts/report.ts";
/**
 * A column the report table does not hold itself: an operator's formula, or an event column
 * the answer describes (decision 167).
 */
export type ColumnInfo = { name: string; label: string; format: string; help?: string };
import { panelSettingsStore } from "../app/panel_settings.ts";
import { formatCount, formatMoney, formatPercent, formatPrice } from "../ui/format.ts";

/** One figure, printed by its metric's (or formula's) format. */
export function formatMetric(
  name: string,
  value: number | undefined,
  formulas: readonly ColumnInfo[] = [],
): string {
  if (value === undefined) return "";
  const metric = METRIC_BY_NAME.get(name);
  const format = metric?.format ?? formulas.find((f) => f.name === name)?.format;
  if (format === "count") return formatCount(value);
  if (format === "money") {
    // Sums (revenue, cost, profit: no rounding of their own) print to cents;
    // ratios (EPC, CPC, CPA, and a custom money formula, usually one too) keep
    // up to 4 decimals.
    const currency = panelSettingsStore.get().currency;
    // An event's revenue (ev.<name>.revenue) is a sum too.
    const sum = metric ? metric.decimals === undefined : name.startsWith("ev.");
    return sum ? formatMoney(value, currency) : formatPrice(value, currency);
  }
  if (format === "percent") return formatPercent(value);
  return value.toLocaleString("en-US", { maximumFractionDigits: 4 });
}

/** What a ratio without a value prints: CPA with no conversion, ROI with no cost. */
export const NO_VALUE = "—";

/**
 * Whether a ratio metric has no value in this row: its formula divides by a figure that is 0
 * here. The server answers 0 for those (so sorting works); the screen says "—" instead.
 */
export function hasNoValue(name: string, metrics: Readonly<Record<string, number>>): boolean {
  // An event CR (ev.<name>.cr) divides by clicks.
  const formula = METRIC_BY_NAME.get(name)?.formula ??
    (name.endsWith(".cr") ? "x / clicks" : undefined);
  const denominator = formula ? /\/\s*([a-z_]\w*)/i.exec(formula)?.[1] : undefined;
  return denominator !== undefined && metrics[denominator] === 0;
}

/** A metric's column title. */
export function metricLabel(name: string, formulas: readonly ColumnInfo[] = []): string {
  return METRIC_BY_NAME.get(name)?.label ?? formulas.find((f) => f.name === name)?.label ?? name;
}
