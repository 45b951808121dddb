/**
 * Money in request parameters (postback payouts, source cost): plain decimal
 * text only, read exactly into integer micro-units without floating point.
 * `NaN`, negatives, exponents (`1e309`), commas (`1,5`) and more than six
 * decimals are refused.
 */
import { MAX_MONEY } from "../../contracts/fields.ts";

const DECIMAL = /^(\d{1,10})(?:\.(\d{1,6}))?$/;

/** Micro-units of `text`; null when absent (""), "invalid" when not a plain amount. */
export function parseMoney(text: string): number | null | "invalid" {
  const s = text.trim();
  if (s === "") return null;
  const m = DECIMAL.exec(s);
  if (!m) return "invalid";
  const micros = Number(m[1]) * 1_000_000 + Number((m[2] ?? "").padEnd(6, "0"));
  return micros <= MAX_MONEY * 1_000_000 ? micros : "invalid";
}
