/** How list cells print numbers: counts, money, percentages, and the profit tone of a value. */

const counts = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `12,345`. */
export function formatCount(value: number): string {
  return counts.format(value);
}

/**
 * Money prints two ways (docs/decisions/086-money-display.md): amounts
 * (revenue, cost, profit, their totals) to cents, as Binom and Keitaro
 * tables do; prices per click or per conversion (EPC, CPC, CPA, a payout, a
 * CPC bid) keep up to 4 decimals, since a $0.0125 bid rounded to $0.01 would
 * misstate it by a fifth.
 */
const DIGITS = { amount: 2, price: 4 } as const;
type MoneyKind = keyof typeof DIGITS;

const formats = new Map<string, Intl.NumberFormat>();

function moneyFormat(kind: MoneyKind, currency: string | undefined): Intl.NumberFormat | null {
  const key = `${kind}/${currency ?? ""}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat("en-US", {
        ...(currency ? { style: "currency", currency } : {}),
        minimumFractionDigits: 2,
        maximumFractionDigits: DIGITS[kind],
        // A loss of a tenth of a cent rounds to 0.00, not "-0.00".
        signDisplay: "negative",
      });
    } catch {
      return null;
    }
    formats.set(key, format);
  }
  return format;
}

function printMoney(kind: MoneyKind, value: number, currency?: string): string {
  const format = moneyFormat(kind, currency);
  if (format) return format.format(value);
  // Not an ISO code Intl knows: the plain figure, then the code.
  return `${moneyFormat(kind, undefined)!.format(value)} ${currency}`;
}

/**
 * An amount to cents: `1,234.50`; with a currency (Settings → Stats)
 * `$1,234.50` / `€1,234.50` / `KZT 1,234.50`.
 */
export function formatMoney(value: number, currency?: string): string {
  return printMoney("amount", value, currency);
}

/** A price per click or conversion: 2 to 4 decimals, `0.0125`, `$1.50`. */
export function formatPrice(value: number, currency?: string): string {
  return printMoney("price", value, currency);
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
