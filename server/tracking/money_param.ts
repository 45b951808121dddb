/**
 * Money in request parameters (postback payouts, source cost): plain decimal
 * text only, read exactly into integer micro-units without floating point.
 * `NaN`, negatives, exponents (`1e309`) and commas (`1,5`) are refused. More
 * than six decimals (a network's float, `0.30000000000000004`) are rounded
 * half up to the micro-unit: the amount is plain, and its conversion must not
 * be lost for a digit no report shows.
 */
import { MAX_MONEY } from "../../contracts/fields.ts";

const DECIMAL = /^(\d{1,10})(?:\.(\d{1,30}))?$/;

/** Micro-units of `text`; null when absent (""), "invalid" when not a plain amount. */
export function parseMoney(text: string): number | null | "invalid" {
  const s = text.trim();
  if (s === "") return null;
  const m = DECIMAL.exec(s);
  if (!m) return "invalid";
  const decimals = m[2] ?? "";
  const micros = Number(m[1]) * 1_000_000 + Number(decimals.slice(0, 6).padEnd(6, "0")) +
    (Number(decimals[6] ?? "0") >= 5 ? 1 : 0);
  return micros <= MAX_MONEY * 1_000_000 ? micros : "invalid";
}
