/**
 * The dry run (a read job): when a trigger would have fired over the last 7
 * days, evaluated from stored data at each check step (at most 672 points,
 * so every 15 minutes or the check interval if longer), cooldown included.
 * When every window is whole hours, the points fall on whole hours (so the
 * hourly rollups answer), plus one at now. URL checks cannot be replayed and
 * are named as skipped.
 */
import { installCurrency } from "../currency/rates.ts";
import type { DryRunAnswer, TriggerInput } from "../../contracts/trigger.ts";
import type { Db } from "../db/connection.ts";
import { evaluate, spansAt } from "./evaluate.ts";
import { triggerFigures } from "./figures.ts";

const DAYS = 7;
const MAX_STEPS = 672;
const HOUR = 3_600_000;

/** Input of the `triggerDryRun` read job. */
export type DryRunInput = { trigger: TriggerInput; now: number };

/** The moments to evaluate: every step (on whole hours when `hourly`), and now. */
function checkPoints(
  range: { from: number; now: number; step: number; hourly: boolean },
): number[] {
  const { from, now, step } = range;
  const last = range.hourly ? Math.floor(now / HOUR) * HOUR : now;
  const points: number[] = [];
  for (let at = last; at > from; at -= step) points.unshift(at);
  if (last !== now) points.push(now);
  return points;
}

/** The would-be firings over the last 7 days. */
export function dryRun(db: Db, input: DryRunInput): DryRunAnswer {
  const { trigger, now } = input;
  const span = DAYS * 86_400_000;
  const figureConditions = trigger.conditions.filter((c) => c.kind !== "urlDown");
  // Windows of whole hours evaluated at whole hours read the hourly rollups, not raw clicks.
  const hourly = figureConditions.every((c) => c.window.unit !== "minutes");
  let stepMinutes = Math.max(trigger.checkEveryMinutes, Math.ceil(span / 60_000 / MAX_STEPS));
  if (hourly) stepMinutes = Math.ceil(stepMinutes / 60) * 60;
  const step = stepMinutes * 60_000;
  const from = now - span;
  const skipped = trigger.conditions.some((c) => c.kind === "urlDown")
    ? ["URL checks are not replayed: they hold only at the moment of a check"]
    : [];
  const fires: DryRunAnswer["fires"] = [];
  const cooldownUntil = new Map<string, number>();
  if (figureConditions.length === 0) return { from, to: now, stepMinutes, fires, skipped };
  // URL checks count as not holding: with `any` the figures alone decide.
  const replayed = trigger.logic === "all" ? { ...trigger, conditions: trigger.conditions } : {
    ...trigger,
    conditions: figureConditions,
  };
  if (trigger.logic === "all" && skipped.length) {
    return { from, to: now, stepMinutes, fires, skipped };
  }
  for (const at of checkPoints({ from, now, step, hourly })) {
    const spans = spansAt(replayed, at);
    const figures = triggerFigures(db, {
      scope: trigger.scope,
      formulas: trigger.formulas,
      spans,
      currency: installCurrency(db),
    });
    for (const firing of evaluate(replayed, figures, new Map())) {
      if ((cooldownUntil.get(firing.subject) ?? 0) > at) continue;
      cooldownUntil.set(firing.subject, at + trigger.cooldownMinutes * 60_000);
      fires.push({ ...firing, ts: at });
    }
  }
  return { from, to: now, stepMinutes, fires, skipped };
}
