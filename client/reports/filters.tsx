/** Report filters: any dimension is, is not, or contains one or more values. */
import { useState } from "react";
import { DIMENSION_BY_NAME, DIMENSIONS } from "../../contracts/report.ts";
import type { ReportFilter } from "../../contracts/report_query.ts";

/** The filter chips and the form adding one. */
export function ReportFilters(props: {
  filters: readonly ReportFilter[];
  onChange: (filters: ReportFilter[]) => void;
}) {
  const [dim, setDim] = useState("country");
  const [op, setOp] = useState<ReportFilter["op"]>("is");
  const [text, setText] = useState("");
  const values = text.split(",").map((v) => v.trim()).filter(Boolean);
  return (
    <div className="report__filters">
      {props.filters.map((f, i) => (
        <span key={i} className="chip">
          {DIMENSION_BY_NAME.get(f.dim)?.label} {f.op === "isNot" ? "is not" : f.op}{" "}
          {f.values.join(", ")}
          <button
            type="button"
            className="chip__remove"
            aria-label="Remove filter"
            onClick={() => props.onChange(props.filters.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </span>
      ))}
      <form
        className="report__filter-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!values.length) return;
          const format = DIMENSION_BY_NAME.get(dim)?.format;
          const numeric = format === "entity" || format === "flag" || format === "rule" ||
            format === "path";
          const typed = values.map((v) => numeric && /^-?\d+$/.test(v) ? Number(v) : v);
          props.onChange([...props.filters, { dim, op, values: typed }]);
          setText("");
        }}
      >
        <select aria-label="Filter dimension" value={dim} onChange={(e) => setDim(e.target.value)}>
          {DIMENSIONS.map((d) => <option key={d.name} value={d.name}>{d.label}</option>)}
        </select>
        <select
          aria-label="Filter operator"
          value={op}
          onChange={(e) => setOp(e.target.value as ReportFilter["op"])}
        >
          <option value="is">is</option>
          <option value="isNot">is not</option>
          <option value="contains">contains</option>
        </select>
        <input
          aria-label="Filter values"
          placeholder="values, comma-separated"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn--small" disabled={!values.length}>
          Add filter
        </button>
      </form>
    </div>
  );
}
