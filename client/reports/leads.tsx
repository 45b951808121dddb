/**
 * A table of conversions with their clicks, newest first, a page at a time
 * ("Load more" follows the cursor). Shared by the leads report and the
 * conversions screen; admins may change a status there.
 */
import { useEffect, useState } from "react";
import type { ConversionItem } from "../../contracts/report_query.ts";
import { ConversionStatus } from "../../contracts/stats.ts";
import { api } from "../app/api.ts";
import { DataState } from "../ui/data_state.tsx";
import { formatPrice, formatStamp } from "../ui/format.ts";
import { fetchConversions, type Query } from "./api.ts";

/** The table. */
export function LeadsTable(props: {
  path: "/api/conversions" | "/api/report/leads";
  query: Query;
  timeZone: string;
  canEdit?: boolean;
}) {
  const [items, setItems] = useState<ConversionItem[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<{ loading: boolean; error?: unknown }>({ loading: true });
  const key = JSON.stringify(props.query);
  async function load(after: string | null, reset: boolean) {
    setState({ loading: reset });
    try {
      const page = await fetchConversions(props.path, {
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
  useEffect(() => void load(null, true), [key]);
  async function changeStatus(item: ConversionItem, status: string) {
    const parsed = ConversionStatus.parse(status);
    await api(`/api/conversions/${item.id}`, { method: "patch", body: { status: parsed } });
    setItems((old) => old.map((i) => i.id === item.id ? { ...i, status: parsed } : i));
  }
  const showPayout = items.some((i) => i.payout !== undefined);
  return (
    <DataState
      loading={state.loading}
      error={state.error}
      empty={items.length === 0}
      emptyText="No conversions in this range."
    >
      {/* Focusable: a keyboard can scroll the table sideways on a narrow screen. */}
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Conversions table">
        <table className="simple-table report__leads" aria-label="Conversions">
          <thead>
            <tr>
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
                <td>{formatStamp(v.ts, props.timeZone)}</td>
                <td>
                  {props.canEdit
                    ? (
                      <select
                        aria-label={`Status of conversion ${v.id}`}
                        value={v.status}
                        onChange={(e) => void changeStatus(v, e.target.value)}
                      >
                        {ConversionStatus.options.map((s) => <option key={s} value={s}>{s}
                        </option>)}
                      </select>
                    )
                    : v.status}
                  {!v.current && <span className="chip chip--muted">replaced</span>}
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
