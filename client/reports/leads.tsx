/**
 * A table of conversions with their clicks, newest first, a page at a time
 * ("Load more" follows the cursor). Shared by the leads report and the
 * conversions screen, where admins change statuses (`StatusEdit`, one row or the
 * selected ones). Each row shows its recorded manual changes.
 */
import { useEffect, useState } from "react";
import type { ConversionItem } from "../../contracts/report_query.ts";
import { ConversionStatus } from "../../contracts/stats.ts";
import { DataState } from "../ui/data_state.tsx";
import { formatPrice, formatStamp } from "../ui/format.ts";
import { type ConversionsQueryIn, fetchConversions, type LeadsRoute } from "./api.ts";

/** The table. */
export function LeadsTable(props: {
  route: LeadsRoute;
  query: ConversionsQueryIn;
  timeZone: string;
  edit?: StatusEdit;
  /** Changes when the rows changed elsewhere (a conversion added): reload from the first page. */
  reloadKey?: number;
  /** Said when nothing is found (default: none in the range). */
  emptyText?: string;
}) {
  const [items, setItems] = useState<ConversionItem[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<{ loading: boolean; error?: unknown }>({ loading: true });
  const key = JSON.stringify(props.query);
  async function load(after: string | null, reset: boolean) {
    setState({ loading: reset });
    try {
      const page = await fetchConversions(props.route, {
        ...props.query,
        cursor: after ?? undefined,
      });
      setItems((old) => reset ? page.items : [...old, ...page.items]);
      setCursor(page.nextCursor);
      setState({ loading: false });
    } catch (error) {
      setState({ loading: false, error });
    }
  }
  useEffect(() => void load(null, true), [key, props.edit?.refresh, props.reloadKey]);
  const edit = props.edit;
  const editable = items.filter((i) => i.current);
  const showPayout = items.some((i) => i.payout !== undefined);
  return (
    <DataState
      loading={state.loading}
      error={state.error}
      empty={items.length === 0}
      emptyText={props.emptyText ?? "No conversions in this range."}
    >
      {/* Focusable: a keyboard can scroll the table sideways on a narrow screen. */}
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Conversions table">
        <table className="simple-table report__leads" aria-label="Conversions">
          <thead>
            <tr>
              {edit && (
                <th>
                  <input
                    type="checkbox"
                    aria-label="Select all conversions"
                    checked={editable.length > 0 &&
                      editable.every((i) => edit.selected.has(i.id))}
                    onChange={(e) => edit.toggle(editable, e.target.checked)}
                  />
                </th>
              )}
              <th>Time</th>
              <th>Status</th>
              {showPayout && <th className="report__num">Payout</th>}
              <th>Txid</th>
              <th>Click time</th>
              <th>Campaign</th>
              <th>Offer</th>
              <th>Lander</th>
              <th>Country</th>
              <th>Device</th>
              <th>IP</th>
              <th>Click id</th>
              <th>Postback</th>
            </tr>
          </thead>
          <tbody>
            {items.map((v) => (
              <tr key={v.id} className={v.current ? "" : "report__replaced"}>
                {edit && (
                  <td>
                    {/* A replaced conversion counts nothing: change the one that replaced it. */}
                    {v.current && (
                      <input
                        type="checkbox"
                        aria-label={`Select conversion ${v.id}`}
                        checked={edit.selected.has(v.id)}
                        onChange={(e) => edit.toggle([v], e.target.checked)}
                      />
                    )}
                  </td>
                )}
                <td>{formatStamp(v.ts, props.timeZone)}</td>
                <td>
                  {edit && v.current
                    ? (
                      <select
                        aria-label={`Status of conversion ${v.id}`}
                        value={v.status}
                        onChange={(e) => edit.change([v], ConversionStatus.parse(e.target.value))}
                      >
                        {ConversionStatus.options.map((s) => <option key={s} value={s}>{s}
                        </option>)}
                      </select>
                    )
                    : v.status}
                  {!v.current && <span className="chip chip--muted">replaced</span>}
                  <ChangeHistory item={v} timeZone={props.timeZone} />
                </td>
                {showPayout && (
                  <td className="report__num">
                    {v.payout === undefined ? "" : formatPrice(v.payout, v.currency)}
                  </td>
                )}
                <td>{v.txid}</td>
                <td>{v.clickTs === null ? "" : formatStamp(v.clickTs, props.timeZone)}</td>
                <td>{v.campaign}</td>
                <td>{v.offer}</td>
                <td>{v.landing}</td>
                <td>{v.click.country}</td>
                <td>{v.click.deviceType}</td>
                <td>{v.click.ip}</td>
                <td>
                  <code>{v.clickId}</code>
                </td>
                <td>{v.postbackOutcome}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {cursor && (
        <button type="button" className="btn" onClick={() => void load(cursor, false)}>
          Load more
        </button>
      )}
    </DataState>
  );
}

/** How the conversions screen changes statuses: the selection and a (confirmed) change. */
export interface StatusEdit {
  selected: Map<number, ConversionItem>;
  toggle: (items: ConversionItem[], on: boolean) => void;
  change: (items: ConversionItem[], status: ConversionStatus) => void;
  /** Bumped after a change: the table loads again (statuses and history). */
  refresh: number;
}

/** The conversion's recorded changes (and cost charges): who, when, before → after, the postback's fate. */
function ChangeHistory(props: { item: ConversionItem; timeZone: string }) {
  const changes = props.item.changes;
  if (changes.length === 0) return null;
  return (
    <details className="report__history">
      <summary>{changes.length === 1 ? "1 change" : `${changes.length} changes`}</summary>
      <ul aria-label={`History of conversion ${props.item.id}`}>
        {changes.map((c, i) => (
          <li key={i}>
            {formatStamp(c.ts, props.timeZone)} · {c.username}: {c.field} {c.before} → {c.after}
            {c.postbackOutcome && ` · postback ${c.postbackOutcome}`}
          </li>
        ))}
      </ul>
    </details>
  );
}
