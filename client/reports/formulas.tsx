/**
 * Formula columns: an operator's own figures from the report's metrics
 * (`revenue / conversions`). Checked here with the same parser the server
 * uses; kept in this browser's local storage (the settings "columns" section
 * stores column names only).
 */
import { useState } from "react";
import { FormulaError, parseFormula } from "../../contracts/formula.ts";
import { METRICS } from "../../contracts/report.ts";
import { FormulaColumn } from "../../contracts/report_query.ts";
import { browserStore, readJson, writeJson } from "../app/storage.ts";
import { Popover } from "../ui/popover.tsx";

const KEY = "report.formulas";
const NAMES = new Set(METRICS.map((m) => m.name));

/** The stored formula columns (invalid ones dropped). */
export function readFormulas(): FormulaColumn[] {
  const stored = readJson(browserStore(), KEY);
  const parsed = FormulaColumn.array().max(20).safeParse(stored);
  return parsed.success ? parsed.data : [];
}

/** The editor: list, remove, add with validation. */
export function FormulaEditor(
  props: { formulas: FormulaColumn[]; onChange: (f: FormulaColumn[]) => void },
) {
  const [label, setLabel] = useState("");
  const [expr, setExpr] = useState("");
  const [format, setFormat] = useState<FormulaColumn["format"]>("decimal");
  let error = "";
  if (expr) {
    try {
      parseFormula(expr, NAMES);
    } catch (err) {
      error = err instanceof FormulaError ? err.message : String(err);
    }
  }
  const save = (next: FormulaColumn[]) => {
    writeJson(browserStore(), KEY, next);
    props.onChange(next);
  };
  return (
    <Popover label="Formulas" align="end" className="formula-editor">
      {() => (
        <div className="formula-editor__panel">
          {props.formulas.map((f) => (
            <div key={f.name} className="formula-editor__item">
              <strong>{f.label}</strong> <code>{f.expr}</code>
              <button
                type="button"
                className="btn btn--small btn--ghost"
                onClick={() => save(props.formulas.filter((x) => x !== f))}
              >
                Remove
              </button>
            </div>
          ))}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (error || !expr || !label.trim()) return;
              const name = `f_${
                label.trim().toLowerCase().replace(/\W+/g, "_").slice(0, 30)
              }_${props.formulas.length}`;
              save([...props.formulas, { name, label: label.trim(), expr, format }]);
              setLabel("");
              setExpr("");
            }}
          >
            <input
              aria-label="Formula name"
              placeholder="Name"
              value={label}
              onChange={(e) => setLabel(e.target.value)}
            />
            <input
              aria-label="Formula"
              placeholder="revenue / conversions"
              value={expr}
              onChange={(e) => setExpr(e.target.value)}
            />
            <select
              aria-label="Formula format"
              value={format}
              onChange={(e) => setFormat(e.target.value as FormulaColumn["format"])}
            >
              <option value="decimal">Number</option>
              <option value="money">Money</option>
              <option value="percent">Percent</option>
              <option value="count">Count</option>
            </select>
            <button
              type="submit"
              className="btn btn--small"
              disabled={!!error || !expr || !label.trim()}
            >
              Add
            </button>
            {error && <p className="notice notice--error" role="alert">{error}</p>}
            <p className="muted">Metrics: {[...NAMES].join(", ")}</p>
          </form>
        </div>
      )}
    </Popover>
  );
}
