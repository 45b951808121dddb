/**
 * Report filters: any dimension is, is not, or contains one or more values, typed as the
 * report shows them (names, Yes/No, days, hours); `filter_values.ts` turns them into what
 * the server compares, and refuses a value that names nothing.
 */
import { useId, useState } from "react";
import { type Dimension, DIMENSION_BY_NAME, DIMENSIONS } from "../../contracts/report.ts";
import type { ReportFilter } from "../../contracts/report_query.ts";
import { useOptions } from "../entities/entity_api.ts";
import {
  ENTITY_RESOURCES,
  filterValueLabel,
  type NamedItem,
  parseFilter,
} from "./filter_values.ts";

/** The entities an entity dimension names (undefined while they load, or for other dimensions). */
function useNames(dim: Dimension | undefined): readonly NamedItem[] | undefined {
  const table = dim?.format === "entity" ? dim.entity : undefined;
  const resource = ENTITY_RESOURCES[(table ?? "campaigns") as keyof typeof ENTITY_RESOURCES];
  const options = useOptions(resource, table !== undefined);
  const items = options.data?.items as ReadonlyArray<NamedItem & { type?: string }> | undefined;
  // Campaign groups only: a group's name is used once per entity type.
  return table === "groups" ? items?.filter((g) => g.type === "campaign") : items;
}

/** One filter's chip: its values by name. */
function Chip(props: { filter: ReportFilter; onRemove: () => void }) {
  const { filter } = props;
  const dim = DIMENSION_BY_NAME.get(filter.dim);
  const names = useNames(dim);
  const values = filter.values.map((v) => filterValueLabel(dim, v, names)).join(", ");
  return (
    <span className="chip">
      {dim?.label ?? filter.dim} {filter.op === "isNot" ? "is not" : filter.op} {values}
      <button
        type="button"
        className="chip__remove"
        aria-label={`Remove filter ${dim?.label ?? filter.dim}`}
        onClick={props.onRemove}
      >
        ×
      </button>
    </span>
  );
}

/** The filter chips and the form adding one. */
export function ReportFilters(props: {
  filters: readonly ReportFilter[];
  onChange: (filters: ReportFilter[]) => void;
}) {
  const [dimName, setDim] = useState("country");
  const [op, setOp] = useState<ReportFilter["op"]>("is");
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const listId = useId();
  const errorId = useId();
  const dim = DIMENSION_BY_NAME.get(dimName)!;
  const names = useNames(dim);
  const values = text.split(",").map((v) => v.trim()).filter(Boolean);
  return (
    <div className="report__filters">
      {props.filters.map((f, i) => (
        <Chip
          key={i}
          filter={f}
          onRemove={() => props.onChange(props.filters.filter((_, j) => j !== i))}
        />
      ))}
      <form
        className="report__filter-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!values.length) return;
          const parsed = parseFilter(dim, op, values, names);
          if (!parsed.ok) {
            setError(parsed.error);
            return;
          }
          props.onChange([...props.filters, parsed.filter]);
          setText("");
          setError("");
        }}
      >
        <select
          aria-label="Filter dimension"
          value={dimName}
          onChange={(e) => {
            setDim(e.target.value);
            setError("");
          }}
        >
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
          placeholder={dim.format === "entity"
            ? "names, comma-separated"
            : "values, comma-separated"}
          list={names ? listId : undefined}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError("");
          }}
        />
        {names && (
          <datalist id={listId}>
            {names.map((n) => <option key={n.id} value={n.name}>#{n.id}</option>)}
          </datalist>
        )}
        <button type="submit" className="btn btn--small" disabled={!values.length}>
          Add filter
        </button>
        {error && <span id={errorId} className="field__error" role="alert">{error}</span>}
      </form>
    </div>
  );
}
