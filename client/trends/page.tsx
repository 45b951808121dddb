/** Trends (lazy chunk): chosen metrics of chosen campaigns per day or hour, chart and table. */
import { RateNotes } from "../reports/rate_notes.tsx";
import { useState, useSyncExternalStore } from "react";
import { METRICS } from "../../contracts/report.ts";
import { DataState } from "../ui/data_state.tsx";
import { PageHeader, useRouteHandle } from "../ui/page.tsx";
import { REPORT_ROUTES } from "../../contracts/api/reports.ts";
import { csvUrl, type TrendsQueryIn, useTrends } from "../reports/api.ts";
import { formatMetric, metricLabel } from "../reports/format.ts";
import { useDates } from "../reports/page.tsx";
import { TrendsChart } from "./chart.tsx";
import { CampaignPicker } from "./campaign_picker.tsx";
import { currentUserStore } from "../app/current_user.ts";
import { useMyAccount } from "../entities/entity_api.ts";

/** The trends screen. */
export function Page() {
  const handle = useRouteHandle();
  // A week by default: one day by day would be a single dot, not a line.
  const { timeZone, range, picker } = useDates("last7");
  const [chosen, setMetrics] = useState(["clicks", "conversions", "revenue"]);
  // A hide-profit user is neither offered nor asked for the figures the server keeps back.
  const user = useSyncExternalStore(currentUserStore.subscribe, currentUserStore.get);
  const hideProfit = useMyAccount().data?.hideProfit ?? user.isHideProfit;
  const offered = METRICS.filter((m) => !(hideProfit && m.profit));
  const metrics = chosen.filter((name) => offered.some((m) => m.name === name));
  const [interval, setInterval] = useState<"day" | "hour">("day");
  const [compare, setCompare] = useState(false);
  const [campaigns, setCampaigns] = useState<number[]>([]);
  const query: TrendsQueryIn = {
    metrics: metrics.join(","),
    interval,
    compare: compare ? "true" : "false",
    from: range.from,
    to: range.to,
    tz: timeZone,
    campaignIds: campaigns.length ? campaigns.join(",") : undefined,
  };
  const answer = useTrends(query);
  const data = answer.data;
  const shown = metrics.filter((m) => data?.series[m]);
  const toggle = (m: string) =>
    setMetrics((old) => old.includes(m) ? old.filter((x) => x !== m) : [...old, m].slice(-8));
  return (
    <div className="page trends">
      <PageHeader title={handle.title} />
      <div className="report__toolbar">
        {picker}
        <select
          aria-label="Interval"
          value={interval}
          onChange={(e) => setInterval(e.target.value as "day" | "hour")}
        >
          <option value="day">By day</option>
          <option value="hour">By hour</option>
        </select>
        <label className="check">
          <input type="checkbox" checked={compare} onChange={(e) => setCompare(e.target.checked)} />
          Compare with the previous period
        </label>
        <CampaignPicker selected={campaigns} onChange={setCampaigns} />
        <span className="report__spacer" />
        <a className="btn btn--small" download href={csvUrl(REPORT_ROUTES.trends, query)}>
          Export CSV
        </a>
      </div>
      <fieldset className="trends__metrics">
        <legend className="sr-only">Metrics</legend>
        {offered.map((m) => (
          <label key={m.name} className="check">
            <input
              type="checkbox"
              checked={metrics.includes(m.name)}
              onChange={() => toggle(m.name)}
            />
            {m.label}
          </label>
        ))}
      </fieldset>
      <DataState loading={!data} error={answer.error}>
        {data && (
          <>
            <RateNotes notes={data.rateNotes} />
            <TrendsChart answer={data} metrics={shown} />
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Trends table">
              <table className="simple-table" aria-label="Trends table">
                <thead>
                  <tr>
                    <th>{interval === "day" ? "Day" : "Hour"}</th>
                    {shown.map((m) => (
                      <th key={m} className="report__num">
                        {metricLabel(m)}
                        {data.previous && " (prev.)"}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.buckets.map((b, i) => (
                    <tr key={b}>
                      <td>{b}</td>
                      {shown.map((m) => (
                        <td key={m} className="report__num">
                          {formatMetric(m, data.series[m][i])}
                          {data.previous && (
                            <span className="muted">
                              ({formatMetric(m, data.previous.series[m]?.[i])})
                            </span>
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </DataState>
    </div>
  );
}
