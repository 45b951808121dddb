/** A uPlot line chart of trend series (and the previous period, dashed). */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { TrendsAnswer } from "../../contracts/report_query.ts";
import { metricLabel } from "../reports/format.ts";

const COLOURS = [
  "#3b82f6",
  "#10b981",
  "#f59e0b",
  "#ef4444",
  "#8b5cf6",
  "#06b6d4",
  "#84cc16",
  "#ec4899",
];

/** The colour of the `i`th metric: its line, its previous period's and its axis. */
const colourOf = (i: number) => COLOURS[i % COLOURS.length];

/** The chart; x is the bucket index, labelled with the bucket. */
export function TrendsChart(props: { answer: TrendsAnswer; metrics: string[] }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = host.current;
    if (!node) return;
    const { answer } = props;
    const metrics = props.metrics.filter((m) => answer.series[m]);
    const xs = answer.buckets.map((_, i) => i);
    const data: uPlot.AlignedData = [xs];
    const series: uPlot.Series[] = [{ label: "Time", value: (_u, i) => answer.buckets[i] ?? "" }];
    metrics.forEach((m, i) => {
      data.push(answer.series[m]);
      series.push({
        label: metricLabel(m),
        stroke: colourOf(i),
        width: 2,
        scale: `s${i}`,
      });
      if (answer.previous?.series[m]) {
        data.push(answer.previous.series[m].slice(0, xs.length));
        series.push({
          label: `${metricLabel(m)} (previous)`,
          stroke: colourOf(i),
          dash: [6, 4],
          width: 1,
          scale: `s${i}`,
        });
      }
    });
    const dark = document.documentElement.dataset.theme === "dark";
    // Ticks only at whole buckets, spaced so the longest label never meets its neighbour.
    const longest = Math.max(...answer.buckets.map((b) => b.length), 4);
    const axis = { stroke: dark ? "#c9d1d9" : "#444", grid: { stroke: dark ? "#30363d" : "#eee" } };
    const chart = new uPlot(
      {
        width: node.clientWidth || 600,
        height: 280,
        series,
        scales: { x: { time: false } },
        axes: [
          {
            ...axis,
            space: longest * 7 + 16,
            incrs: [1, 2, 3, 4, 6, 8, 12, 24, 48, 72, 168, 336, 720],
            values: (_u, ticks) => ticks.map((t) => answer.buckets[t] ?? ""),
          },
          // Each metric has its own scale, so each gets its own axis, in its line's colour:
          // left and right in turn, the grid from the first only.
          ...metrics.map((m, i) => ({
            ...axis,
            stroke: colourOf(i),
            grid: { ...axis.grid, show: i === 0 },
            scale: `s${i}`,
            side: i % 2 ? 1 : 3,
            label: metricLabel(m),
            labelSize: 18,
          })),
        ],
      },
      data,
      node,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: node.clientWidth, height: 280 })
    );
    resize.observe(node);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [props.answer, props.metrics.join(",")]);
  return <div ref={host} className="trends__chart" aria-label="Trends chart" role="img" />;
}
