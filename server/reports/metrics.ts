/**
 * Report figures from summed base columns. Built-in ratios are computed on the
 * integer sums (money in micro-units) and money is divided once at the end, so
 * totals are exact to the cent; operators' formula columns read the finished
 * figures. A hide-profit user never gets revenue, profit, ROI or EPC, nor a
 * formula that reads one of them.
 */
import {
  evaluateFormula,
  type Expr,
  FormulaError,
  formulaRefs,
  parseFormula,
} from "../../contracts/formula.ts";
import { type Metric, METRICS } from "../../contracts/report.ts";
import type { FormulaColumn } from "../../contracts/report_query.ts";
import { HttpError } from "../errors.ts";

const MICROS = 1_000_000;
const NAMES = new Set(METRICS.map((m) => m.name));
const BUILT_IN: { metric: Metric; expr?: Expr }[] = METRICS.map((metric) => ({
  metric,
  expr: metric.formula ? parseFormula(metric.formula, NAMES) : undefined,
}));

/** A formula column ready to evaluate. */
export type CompiledFormula = FormulaColumn & { tree: Expr };

/** Parses formula columns; a bad one answers 400 naming it. Hidden ones are dropped. */
export function compileFormulas(
  list: readonly FormulaColumn[],
  options: { hideProfit: boolean },
): CompiledFormula[] {
  const hidden = new Set(METRICS.filter((m) => m.profit).map((m) => m.name));
  const out: CompiledFormula[] = [];
  for (const column of list) {
    let tree: Expr;
    try {
      tree = parseFormula(column.expr, NAMES);
    } catch (err) {
      if (!(err instanceof FormulaError)) throw err;
      throw new HttpError(400, "VALIDATION_ERROR", `${column.label}: ${err.message}`, {
        issues: [{ path: "formulas", message: `${column.label}: ${err.message}` }],
      });
    }
    if (options.hideProfit && [...formulaRefs(tree)].some((name) => hidden.has(name))) continue;
    out.push({ ...column, tree });
  }
  return out;
}

/** The metric names (then formula names) a user may see, in order. */
export function visibleMetrics(
  hideProfit: boolean,
  formulas: readonly CompiledFormula[],
): string[] {
  return [
    ...METRICS.filter((m) => !(hideProfit && m.profit)).map((m) => m.name),
    ...formulas.map((f) => f.name),
  ];
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** Every figure of one row from its sums. */
export function computeMetrics(
  sums: Readonly<Record<string, number>>,
  options: { hideProfit: boolean; formulas: readonly CompiledFormula[] },
): Record<string, number> {
  const raw: Record<string, number> = {};
  // Sums first, then formulas in table order (a formula reads sums and earlier formulas).
  for (const { metric } of BUILT_IN) if (metric.column) raw[metric.name] = sums[metric.column] ?? 0;
  for (const { metric, expr } of BUILT_IN) if (expr) raw[metric.name] = evaluateFormula(expr, raw);
  const out: Record<string, number> = {};
  for (const { metric } of BUILT_IN) {
    if (options.hideProfit && metric.profit) continue;
    let value = raw[metric.name];
    // Ratios of two sums of money are unitless; only money figures leave micro-units.
    if (metric.format === "money") value /= MICROS;
    out[metric.name] = metric.decimals === undefined ? value : round(value, metric.decimals);
  }
  const finished = { ...out };
  for (const metric of METRICS) {
    if (metric.format === "money" && !(metric.name in finished)) {
      finished[metric.name] = raw[metric.name] / MICROS;
    }
  }
  for (const f of options.formulas) out[f.name] = round(evaluateFormula(f.tree, finished), 4);
  return out;
}
