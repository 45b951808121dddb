/**
 * The report's words for what converting to the user's currency could not do
 * exactly (issue 13 item 2): amounts left out for want of a rate, and days
 * that used an earlier day's rate (weekends and holidays have no ECB rate).
 */
import type { RateNotes } from "./report_rates.ts";

/** Both queries' notes as one (a report's rows and its totals). */
export function mergeNotes(a: RateNotes, b: RateNotes | null): RateNotes {
  if (!b) return a;
  const gaps = new Map([...a.gaps, ...b.gaps].map((g) => [`${g.currency}|${g.day}`, g]));
  return { gaps: [...gaps.values()], unrated: [...new Set([...a.unrated, ...b.unrated])].sort() };
}

/** Days listed by name before the rest are only counted. */
const SHOWN_DAYS = 3;

export function rateNoteLines(notes: RateNotes, target: string): string[] {
  const lines: string[] = [];
  if (notes.unrated.length > 0) {
    const list = notes.unrated.join(", ");
    lines.push(
      `Amounts in ${list} without a rate to ${target} on or before their day are left out: add rates in Settings → Stats → Currency rates.`,
    );
  }
  const byCurrency = new Map<string, { day: string; usedDay: string | null }[]>();
  for (const gap of notes.gaps) {
    if (notes.unrated.includes(gap.currency)) continue;
    byCurrency.set(gap.currency, [...(byCurrency.get(gap.currency) ?? []), gap]);
  }
  for (const [currency, gaps] of byCurrency) {
    const earlier = gaps.filter((g) => g.usedDay !== null);
    if (earlier.length > 0) {
      const days = daysText(earlier.map((g) => g.day));
      const used = [...new Set(earlier.map((g) => g.usedDay))];
      const which = used.length === 1 ? `the rate of ${used[0]}` : "the latest earlier rate";
      lines.push(`${currency} has no rate for ${days}: ${which} is used.`);
    }
  }
  return lines;
}

function daysText(days: string[]): string {
  const shown = days.slice(0, SHOWN_DAYS).join(", ");
  return days.length > SHOWN_DAYS ? `${shown} and ${days.length - SHOWN_DAYS} more days` : shown;
}
