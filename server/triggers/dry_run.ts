/**
 * The dry run (a read job): when a trigger would have fired over the last 7
 * days, evaluated from stored data at each check step (at most 672 points,
 * so every 15 minutes or the check interval if longer), cooldown included.
 * URL checks cannot be replayed and are named as skipped.
 */
import type { DryRunAnswer, TriggerInput } from "../../contracts/trigger.ts";
import type { Db } from "../db/connection.ts";
import { evaluate, spansAt } from "./evaluate.ts";
import { triggerFigures } from "./figures.ts";

const DAYS = 7;
const MAX_STEPS = 672;

/** Input of the `triggerDryRun` read job. */
export type DryRunInput = { trigger: TriggerInput; now: number };

/** The would-be firings over the last 7 days. */
export function dryRun(db: Db, input: DryRunInput): DryRunAnswer {
  const { trigger, now } = input;
  const span = DAYS * 86_400_000;
  const stepMinutes = Math.max(trigger.checkEveryMinutes, Math.ceil(span / 60_000 / MAX_STEPS));
  const step = stepMinutes * 60_000;
  const from = now - span;
  const skipped = trigger.conditions.some((c) => c.kind === "urlDown")
    ? ["URL checks are not replayed: they hold only at the moment of a check"]
    : [];
  const fires: DryRunAnswer["fires"] = [];
  const cooldownUntil = new Map<string, number>();
  const figureConditions = trigger.conditions.filter((c) => c.kind !== "urlDown");
  if (figureConditions.length === 0) return { from, to: now, stepMinutes, fires, skipped };
  // URL checks count as not holding: with `any` the figures alone decide.
  const replayed = trigger.logic === "all" ? { ...trigger, conditions: trigger.conditions } : {
    ...trigger,
    conditions: figureConditions,
  };
  if (trigger.logic === "all" && skipped.length) {
    return { from, to: now, stepMinutes, fires, skipped };
  }
  for (let at = from + step; at <= now; at += step) {
    const spans = spansAt(replayed, at);
    const figures = triggerFigures(db, { scope: trigger.scope, formulas: trigger.formulas, spans });
    for (const firing of evaluate(replayed, figures, new Map())) {
      if ((cooldownUntil.get(firing.subject) ?? 0) > at) continue;
      cooldownUntil.set(firing.subject, at + trigger.cooldownMinutes * 60_000);
      fires.push({ ...firing, ts: at });
    }
  }
  return { from, to: now, stepMinutes, fires, skipped };
}
