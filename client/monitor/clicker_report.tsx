/** The clicker's report: per offer, what was sent against what the stats recorded. */
import type { ClickerJob } from "../../contracts/monitor.ts";

type Report = NonNullable<ClickerJob["report"]>;
type Figure = "clicks" | "uniqueClicks" | "conversions" | "revenue";

const FIGURES: Array<[Figure, string]> = [
  ["clicks", "Clicks"],
  ["uniqueClicks", "Unique"],
  ["conversions", "Conversions"],
  ["revenue", "Revenue"],
];

function show(figure: Figure, value: number): string {
  return figure === "revenue"
    ? (value / 1_000_000).toLocaleString(undefined, { minimumFractionDigits: 2 })
    : value.toLocaleString();
}

/** A table of expected/recorded pairs; a mismatch is marked. */
export function ClickerReport({ report }: { report: Report }) {
  const ok = report.differences.length === 0;
  return (
    <div className="stack">
      <p className={`notice ${ok ? "notice--success" : "notice--error"}`} role="status">
        {ok
          ? `Reconciled: every figure matches (${report.seconds.toFixed(1)} s).`
          : `${report.differences.length} figure(s) differ (${report.seconds.toFixed(1)} s).`}
      </p>
      <div className="table-scroll">
        <table className="clicker-table">
          <caption className="muted">Expected / recorded</caption>
          <thead>
            <tr>
              <th scope="col">Offer</th>
              {FIGURES.map(([key, label]) => <th key={key} scope="col" className="num">{label}
              </th>)}
            </tr>
          </thead>
          <tbody>
            {report.offers.map((offer) => (
              <tr key={offer.id}>
                <th scope="row">{offer.name}</th>
                {FIGURES.map(([key]) => {
                  const expected = offer.expected[key];
                  const recorded = offer.recorded[key];
                  return (
                    <td key={key} className={`num${expected === recorded ? "" : " mismatch"}`}>
                      {show(key, expected)} / {show(key, recorded)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
