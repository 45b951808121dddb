/** How list cells print numbers: counts, money, percentages, and the profit tone of a value. */

const counts = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const money = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const percent = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `12,345`. */
export function formatCount(value: number): string {
  return counts.format(value);
}

const inCurrency = new Map<string, Intl.NumberFormat>();

/**
 * `1,234.50`, up to 4 decimals (payouts carry 4, DESIGN §3); with a
 * currency (Settings → Stats), `$1,234.50` / `€1,234.50` / `KZT 1,234.50`.
 */
export function formatMoney(value: number, currency?: string): string {
  if (!currency) return money.format(value);
  let format = inCurrency.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat("en-US", {
        style: "currency",
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 4,
      });
    } catch {
      return `${money.format(value)} ${currency}`;
    }
    inCurrency.set(currency, format);
  }
  return format.format(value);
}

/** `12.50%`. */
export function formatPercent(value: number): string {
  return `${percent.format(value)}%`;
}

/** Whether a figure reads as a gain, a loss or neither (colorization). */
export type Tone = "positive" | "negative" | "neutral";

/** The tone of a profit or ROI figure; absent (hidden) figures are neutral. */
export function toneOf(value: number | undefined): Tone {
  if (value === undefined || value === 0 || Number.isNaN(value)) return "neutral";
  return value > 0 ? "positive" : "negative";
}

/** Local date and time of an epoch-ms stamp, `2024-05-31 14:02`. */
export function formatStamp(ms: number, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}`;
}
