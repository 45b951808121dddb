/**
 * Whether a trigger's conditions hold for each subject at a moment, from
 * figures already read: pure, so the check and the dry run share it.
 */
import { evaluateFormula, type Expr, parseFormula } from "../../contracts/formula.ts";
import { METRIC_BY_NAME, METRICS } from "../../contracts/report.ts";
import {
  type CompareOp,
  type Condition,
  type Firing,
  type TriggerInput,
  windowMs,
} from "../../contracts/trigger.ts";
import type { FiguresOutput, Span } from "./figures.ts";

/** URL checks' outcomes per subject key: the page's name, and each text looked for ("": none). */
export type UrlResults = Map<
  string,
  { label: string; byText: Map<string, { down: boolean; detail: string }> }
>;

type Outcome = { holds: boolean; text: string; figures: Record<string, number> };

const UNIT_SHORT = { minutes: "m", hours: "h", days: "d" } as const;

function windowName(c: { window: { amount: number; unit: keyof typeof UNIT_SHORT } }): string {
  return `${c.window.amount}${UNIT_SHORT[c.window.unit]}`;
}

/** The spans a trigger reads at `now`: each figure condition's window, and the one before. */
export function spansAt(trigger: TriggerInput, now: number): Span[] {
  const spans: Span[] = [];
  for (const c of trigger.conditions) {
    if (c.kind === "urlDown") continue;
    const len = windowMs(c.window);
    spans.push({ start: now - len, end: now });
    if (c.kind === "metric" && c.compare === "previous") {
      spans.push({ start: now - 2 * len, end: now - len });
    }
  }
  return spans;
}

function compare(a: number, op: CompareOp, b: number): boolean {
  switch (op) {
    case ">=":
      return a >= b;
    case ">":
      return a > b;
    case "<=":
      return a <= b;
    case "<":
      return a < b;
    case "=":
      return a === b;
    case "!=":
      return a !== b;
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100;

const METRIC_NAMES = new Set(METRICS.map((m) => m.name));
const parsed = new Map<string, Expr | null>();

/** The parsed formula of a built-in ratio or of one of the trigger's formula columns. */
function formulaOf(trigger: TriggerInput, metric: string): Expr | null {
  const source = METRIC_BY_NAME.get(metric)?.formula ??
    trigger.formulas.find((f) => f.name === metric)?.expr;
  if (!source) return null;
  if (!parsed.has(source)) {
    try {
      parsed.set(source, parseFormula(source, METRIC_NAMES));
    } catch {
      parsed.set(source, null);
    }
  }
  return parsed.get(source)!;
}

/** Whether `expr` divides by a zero over `values` (the report shows such a ratio as 0). */
function dividesByZero(expr: Expr, values: Readonly<Record<string, number>>): boolean {
  if (expr.kind === "neg") return dividesByZero(expr.arg, values);
  if (expr.kind !== "bin") return false;
  if (expr.op === "/" && evaluateFormula(expr.right, values) === 0) return true;
  return dividesByZero(expr.left, values) || dividesByZero(expr.right, values);
}

function one(
  trigger: TriggerInput,
  c: Condition,
  read: () => Record<string, number>,
  url: { down: boolean; detail: string } | undefined,
): Outcome {
  if (c.kind === "urlDown") {
    if (!url) return { holds: false, text: "URL not checked", figures: {} };
    return { holds: url.down, text: `URL ${url.detail}`, figures: {} };
  }
  const cur = read();
  const name = windowName(c);
  const clicks = cur.clicks ?? 0;
  if (c.kind === "noPostbacks") {
    const postbacks = (cur.leads ?? 0) + (cur.sales ?? 0) + (cur.rejected ?? 0) + (cur.hold ?? 0);
    return {
      holds: clicks >= c.minClicks && postbacks === 0,
      text: `${postbacks} postbacks with ${clicks} clicks in the last ${name}`,
      figures: { [`clicks@${name}`]: clicks, [`postbacks@${name}`]: postbacks },
    };
  }
  const value = cur[c.metric] ?? 0;
  const figures: Record<string, number> = { [`${c.metric}@${name}`]: value };
  if (clicks < trigger.minClicks) {
    return { holds: false, text: `${clicks} clicks, below ${trigger.minClicks}`, figures };
  }
  // ROI with no cost, CR with no clicks, CPA with no conversions: no value, so no alarm on
  // an idle item (as a zero previous window never holds).
  const formula = formulaOf(trigger, c.metric);
  if (formula && dividesByZero(formula, cur)) {
    return {
      holds: false,
      text: `${c.metric} has no value: it divides by 0 (last ${name})`,
      figures,
    };
  }
  if (c.compare === "value") {
    return {
      holds: compare(value, c.op, c.value),
      text: `${c.metric} ${value} ${c.op} ${c.value} (last ${name})`,
      figures,
    };
  }
  const prev = read()[`__previous_${c.metric}`] ?? 0;
  figures[`${c.metric}@previous ${name}`] = prev;
  if (prev === 0) return { holds: false, text: `${c.metric} was 0 the ${name} before`, figures };
  const change = round2((value - prev) / Math.abs(prev) * 100);
  figures[`${c.metric} change %`] = change;
  return {
    holds: compare(change, c.op, c.value),
    text: `${c.metric} ${value} against ${prev} (${change}%) ${c.op} ${c.value}% (last ${name})`,
    figures,
  };
}

/**
 * The firings at one moment: one per subject whose conditions hold (all or
 * any). `figures.spans` follows `spansAt(trigger, now)`.
 */
export function evaluate(
  trigger: TriggerInput,
  figures: FiguresOutput,
  urls: UrlResults,
): Firing[] {
  const subjects = new Set([...Object.keys(figures.labels), ...urls.keys()]);
  const firings: Firing[] = [];
  for (const subject of subjects) {
    let at = 0;
    const outcomes = trigger.conditions.map((c) => {
      if (c.kind === "urlDown") {
        return one(trigger, c, () => ({}), urls.get(subject)?.byText.get(c.mustContain));
      }
      const cur = figures.spans[at++]?.[subject] ?? {};
      const prev = c.kind === "metric" && c.compare === "previous"
        ? figures.spans[at++]?.[subject] ?? {}
        : {};
      const read = () => ({
        ...cur,
        ...(c.kind === "metric" ? { [`__previous_${c.metric}`]: prev[c.metric] ?? 0 } : {}),
      });
      return one(trigger, c, read, undefined);
    });
    const holding = outcomes.filter((o) => o.holds);
    const fires = trigger.logic === "all" ? holding.length === outcomes.length : holding.length > 0;
    if (!fires) continue;
    firings.push({
      subject,
      label: figures.labels[subject] ?? urls.get(subject)?.label ?? subject,
      why: holding.map((o) => o.text).join(trigger.logic === "all" ? " and " : " or "),
      figures: Object.assign({}, ...outcomes.map((o) => o.figures)),
    });
  }
  return firings;
}
