/** The drill-down table: rows of one level, each expandable into the next level's rows. */
import { RateNotes } from "./rate_notes.tsx";
import { useState } from "react";
import type { ReportAnswer, ReportRow } from "../../contracts/report_query.ts";
import { METRIC_BY_NAME } from "../../contracts/report.ts";
import { toneOf } from "../ui/format.ts";
import { type ReportQueryIn, useReport } from "./api.ts";
import { type ColumnInfo, formatMetric, hasNoValue, metricLabel, NO_VALUE } from "./format.ts";

/** What every row of the table needs. */
export interface TableContext {
  query: ReportQueryIn;
  levels: number;
  columns: readonly string[];
  /** Formula columns and the answer's event columns: their labels and formats. */
  formulas: readonly ColumnInfo[];
  colorization: string;
  sort: string;
  order: "asc" | "desc";
  onSort: (column: string) => void;
}

const TONED = new Set(["profit", "roi"]);

function Cells(props: { row: { metrics: Record<string, number> }; ctx: TableContext }) {
  return (
    <>
      {props.ctx.columns.map((c) => {
        const value = props.row.metrics[c];
        const empty = hasNoValue(c, props.row.metrics);
        const tone = TONED.has(c) && !empty ? toneOf(value) : "neutral";
        return (
          <td key={c} className={`report__num tone--${tone}`}>
            {empty ? NO_VALUE : formatMetric(c, value, props.ctx.formulas)}
          </td>
        );
      })}
    </>
  );
}

function Row(props: { row: ReportRow; level: number; index: number; ctx: TableContext }) {
  const [open, setOpen] = useState(false);
  const { row, level, ctx } = props;
  const canOpen = level < ctx.levels - 1;
  const tone = toneOf(row.metrics.profit);
  const label = row.labels[level];
  return (
    <>
      <tr
        className={`report__row report__row--l${level} report__row--${tone}${
          props.index % 2 ? " report__row--odd" : ""
        }`}
      >
        <th scope="row" className="report__name" style={{ paddingLeft: 8 + level * 20 }}>
          {canOpen
            ? (
              <button
                type="button"
                className="report__toggle"
                aria-expanded={open}
                aria-label={`${open ? "Collapse" : "Expand"} ${label}`}
                onClick={() => setOpen(!open)}
              >
                {open ? "▾" : "▸"}
              </button>
            )
            : <span className="report__toggle" aria-hidden="true" />}
          {label}
        </th>
        <Cells row={row} ctx={ctx} />
      </tr>
      {open && <Level parents={row.values.slice(0, level + 1)} ctx={ctx} />}
    </>
  );
}

function Level(props: { parents: (string | number)[]; ctx: TableContext }) {
  const { ctx } = props;
  const answer = useReport({ ...ctx.query, parents: JSON.stringify(props.parents) });
  const level = props.parents.length;
  if (answer.error || !answer.data) {
    return (
      <tr>
        <td
          colSpan={ctx.columns.length + 1}
          className="muted"
          style={{ paddingLeft: 28 + level * 20 }}
        >
          {answer.error ? String(answer.error.message) : "Loading…"}
        </td>
      </tr>
    );
  }
  return (
    <>
      {answer.data.rows.map((row, i) => (
        <Row key={row.values.join("\u0000")} row={row} level={level} index={i} ctx={ctx} />
      ))}
    </>
  );
}

/** The whole table for the first level's answer. */
export function ReportTable(props: { answer: ReportAnswer; ctx: TableContext; title: string }) {
  const { ctx, answer } = props;
  const arrow = (c: string) => ctx.sort === c ? (ctx.order === "asc" ? "\u00a0▲" : "\u00a0▼") : "";
  const header = (c: string, label: string, className = "report__num") => (
    <th
      key={c}
      scope="col"
      className={className}
      title={METRIC_BY_NAME.get(c)?.help ?? ctx.formulas.find((f) => f.name === c)?.help}
      aria-sort={ctx.sort === c ? (ctx.order === "asc" ? "ascending" : "descending") : undefined}
    >
      <button type="button" className="report__sort" onClick={() => ctx.onSort(c)}>
        {label}
        {arrow(c)}
      </button>
    </th>
  );
  return (
    <>
      <RateNotes notes={answer.rateNotes} />
      <div className="table-wrap report__wrap">
        <table className={`report report--${ctx.colorization}`} aria-label="Report">
          <thead>
            <tr>
              {header("name", props.title, "report__name")}
              {ctx.columns.map((c) => header(c, metricLabel(c, ctx.formulas)))}
            </tr>
          </thead>
          <tbody>
            {answer.rows.map((row, i) => (
              <Row key={row.values.join("\u0000")} row={row} level={0} index={i} ctx={ctx} />
            ))}
          </tbody>
          <tfoot>
            <tr className="report__totals">
              <th scope="row" className="report__name">Total</th>
              <Cells row={{ metrics: answer.totals }} ctx={ctx} />
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
