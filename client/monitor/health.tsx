/**
 * The monitor page's health cards: click throughput, the click writer, the
 * rollups, the database and its WAL, the S2S postback queue, read threads,
 * memory and backups, refreshed every few seconds. A card with something
 * wrong (the server says what) is drawn as a warning with the reason.
 */
import { Fragment, type ReactNode } from "react";
import useSWR from "swr";
import { MONITOR_ROUTES } from "../../contracts/api/monitor.ts";
import type { Health, HealthCard } from "../../contracts/monitor_health.ts";
import { formatDuration } from "../../contracts/duration.ts";
import { call } from "../app/api.ts";
import { DataState } from "../ui/data_state.tsx";
import { formatBytes } from "../files/format.ts";
import { commitsLabel } from "./labels.ts";

/** How often the figures are read again. */
export const HEALTH_REFRESH_MS = 3000;

const count = new Intl.NumberFormat();

/** `12 s ago` / `3m. 4s. ago` against the server's clock, or `never`. */
function ago(at: number | null, now: number): string {
  if (at === null) return "never";
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  return seconds < 60 ? `${seconds} s ago` : `${formatDuration(seconds)} ago`;
}

function time(at: number | null): string {
  return at === null ? "—" : new Date(at).toLocaleString();
}

/** A fact of a card: its label, its value, and whether the value is a quiet note. */
type Fact = [label: string, value: ReactNode, muted?: boolean];

/** One card: a headline figure, facts below, and the warnings that concern it. */
function Card(props: {
  id: HealthCard;
  title: string;
  figure: ReactNode;
  unit: string;
  health: Health;
  /** Label and value pairs; `false` leaves one out. */
  facts: (Fact | false)[];
}) {
  const warnings = props.health.warnings.filter((w) => w.card === props.id);
  const warn = warnings.length > 0;
  return (
    <section
      className={`card health-card${warn ? " health-card--warn" : ""}`}
      aria-label={props.title}
      data-card={props.id}
    >
      <h2 className="card__title">{props.title}</h2>
      <p className="health-card__figure">
        <strong>{props.figure}</strong> <span className="muted">{props.unit}</span>
      </p>
      {warn && (
        <ul className="notice notice--warning health-card__warnings" role="alert">
          {warnings.map((w) => <li key={w.message}>{w.message}</li>)}
        </ul>
      )}
      <dl className="facts health-card__facts">
        {props.facts.filter((f) => f !== false).map(([label, value, muted]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd className={muted ? "muted" : undefined}>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

/** The writer queue's last minute as small bars (one a second). */
function Trend(props: { values: number[] }) {
  const max = Math.max(1, ...props.values);
  return (
    <span className="health-trend" aria-label={`queue over the last ${props.values.length} s`}>
      {props.values.map((v, i) => (
        <span key={i} style={{ height: `${Math.max(4, (v / max) * 100)}%` }} title={`${v}`} />
      ))}
    </span>
  );
}

function Cards({ h }: { h: Health }) {
  const db = h.database;
  const store = h.process.store === "postgres" ? "PostgreSQL" : "SQLite";
  return (
    <div className="health-grid">
      <Card
        id="clicks"
        title="Clicks"
        figure={count.format(h.clicks.perSecond)}
        unit="per second now"
        health={h}
        facts={[
          ["Last minute", `${count.format(h.clicks.lastMinute)} clicks`],
          ["Last hour", `${count.format(h.clicks.lastHour)} clicks`],
          ["Since start", `${count.format(h.clicks.sinceStart)} clicks`],
        ]}
      />
      <Card
        id="writer"
        title="Click writer"
        figure={count.format(h.writer.queue)}
        unit="rows queued"
        health={h}
        facts={[
          ["Queue, last minute", <Trend key="trend" values={h.writer.queueTrend} />],
          ["Committed", `${count.format(h.writer.committed)} rows since start`],
          ["Last commit", ago(h.writer.lastCommitAt, h.at)],
          ["Commits", commitsLabel(h.writer)],
        ]}
      />
      <Card
        id="rollups"
        title="Report rollups"
        figure={count.format(h.rollups.pendingClicks)}
        unit="clicks' sums in memory"
        health={h}
        facts={[
          ["Lag", `${h.rollups.lagSeconds} s since sums were written (reports write them first)`],
          ["Watermark", time(h.rollups.watermarkAt)],
          ["Last written", ago(h.rollups.lastFlushAt, h.at)],
        ]}
      />
      <Card
        id="database"
        title={`Database (${store})`}
        figure={formatBytes(db.sizeBytes)}
        unit="on disk"
        health={h}
        facts={[
          db.walBytes !== null && [
            "WAL",
            `${formatBytes(db.walBytes)} (writer pauses past ${
              formatBytes(db.walPauseBytes ?? 0)
            })`,
          ],
          db.walBytes !== null && [
            "WAL pauses",
            `${count.format(db.walPauses ?? 0)} since start, longest ${
              count.format(db.longestPauseMs ?? 0)
            } ms`,
          ],
          !!db.note && ["Note", db.note, true],
        ]}
      />
      <Card
        id="s2s"
        title="S2S postbacks"
        figure={count.format(h.s2s.pending)}
        unit="pending"
        health={h}
        facts={[
          ["Failing, retrying", count.format(h.s2s.retrying)],
          ["Next due", h.s2s.nextDueAt === null ? "—" : time(h.s2s.nextDueAt)],
          ["Sent, last hour", count.format(h.s2s.sentLastHour)],
          ["Given up, last hour", count.format(h.s2s.failedLastHour)],
        ]}
      />
      <Card
        id="reads"
        title="Report reads"
        figure={count.format(h.reads.pendingJobs)}
        unit="jobs pending"
        health={h}
        facts={[[
          "Read threads",
          h.reads.offThread
            ? `${h.reads.threads} running`
            : "none: reads share the server's thread",
        ]]}
      />
      <Card
        id="process"
        title="Server"
        figure={formatDuration(h.process.uptimeSeconds)}
        unit="up"
        health={h}
        facts={[
          ["Started", time(h.process.startedAt)],
          ["Node", `${h.process.node} · ${store} · v${h.process.version}`],
          ["Memory (RSS)", formatBytes(h.process.rssBytes)],
          [
            "JS heap",
            `${formatBytes(h.process.heapUsedBytes)} of ${formatBytes(h.process.heapTotalBytes)}`,
          ],
        ]}
      />
      <Card
        id="backup"
        title="Backups"
        figure={ago(h.backup.lastAt, h.at)}
        unit="last backup"
        health={h}
        facts={[
          ["Last", h.backup.lastPath ? <code key="path">{h.backup.lastPath}</code> : "none yet"],
          ["Schedule", h.backup.everyHours === null ? "off" : `every ${h.backup.everyHours} h`],
        ]}
      />
    </div>
  );
}

/** The health cards, read every few seconds. */
export function HealthCards() {
  const { data, error, isLoading } = useSWR(
    MONITOR_ROUTES.health.path,
    () => call(MONITOR_ROUTES.health, {}),
    { refreshInterval: HEALTH_REFRESH_MS },
  );
  return (
    <DataState loading={isLoading && !data} error={data ? undefined : error}>
      {data && (
        <>
          <p className="muted health-status" role="status">
            {data.warnings.length === 0
              ? "All figures normal"
              : `${data.warnings.length} warning${data.warnings.length === 1 ? "" : "s"}`} · updated
            {" "}
            {new Date(data.at).toLocaleTimeString()}, every {HEALTH_REFRESH_MS / 1000} s
            {error ? " · the last refresh failed" : ""}
          </p>
          <Cards h={data} />
        </>
      )}
    </DataState>
  );
}
