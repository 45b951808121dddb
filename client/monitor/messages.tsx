/**
 * Developer monitor → Messages: the server's log lines live over Server-Sent
 * Events, filtered by level; and buttons that raise one toast of each type, to
 * check how panel messages look and stack.
 */
import { useEffect, useRef, useState } from "react";
import { MONITOR_ROUTES } from "../../contracts/api/monitor.ts";
import { LogLevel, LogLine } from "../../contracts/monitor.ts";
import { routeUrl } from "../../contracts/route.ts";
import { notify } from "../app/toasts.tsx";
import { TOAST_CONFIG, TOAST_TYPES } from "../app/toast_config.ts";
import { Field } from "../ui/field.tsx";

/** Lines kept on screen. */
const MAX_LINES = 500;

type Connection = "connecting" | "live" | "retrying";

function details(line: LogLine): string {
  const { ts: _ts, level: _level, event: _event, ...rest } = line;
  return Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
}

/** The live log. */
function LiveLog() {
  const [level, setLevel] = useState<LogLevel>("info");
  const [lines, setLines] = useState<LogLine[]>([]);
  const [connection, setConnection] = useState<Connection>("connecting");
  const [paused, setPaused] = useState(false);
  const box = useRef<HTMLOListElement>(null);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  useEffect(() => {
    setLines([]);
    setConnection("connecting");
    const source = new EventSource(routeUrl(MONITOR_ROUTES.messages, { query: { level } }));
    source.onopen = () => setConnection("live");
    // EventSource reconnects by itself; the tail is sent again, so start clean.
    source.onerror = () => {
      setConnection("retrying");
      setLines([]);
    };
    source.addEventListener("log", (event) => {
      const parsed = LogLine.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (!parsed.success) return;
      setLines((old) => [...old.slice(-(MAX_LINES - 1)), parsed.data]);
    });
    return () => source.close();
  }, [level]);

  useEffect(() => {
    if (!pausedRef.current && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lines]);

  return (
    <div className="stack">
      <div className="log-toolbar">
        <Field label="Level">
          <select value={level} onChange={(event) => setLevel(event.target.value as LogLevel)}>
            {LogLevel.options.map((l) => <option key={l} value={l}>{l} and above</option>)}
          </select>
        </Field>
        <label className="check">
          <input
            type="checkbox"
            checked={paused}
            onChange={(event) => setPaused(event.target.checked)}
          />
          <span>Pause scrolling</span>
        </label>
        <span className={`chip log-state log-state--${connection}`} role="status">
          {connection === "live"
            ? "Live"
            : connection === "retrying"
            ? "Reconnecting…"
            : "Connecting…"}
        </span>
        <button type="button" className="btn" onClick={() => setLines([])}>Clear</button>
      </div>
      <ol className="log" ref={box} aria-label="Server log" aria-live="off">
        {lines.length === 0 && <li className="muted">No lines yet.</li>}
        {lines.map((line, i) => (
          <li key={`${line.ts}-${i}`} className={`log__line log__line--${line.level}`}>
            <time className="log__ts">{line.ts.slice(11, 23)}</time>
            <span className="log__level">{line.level}</span>
            <span className="log__event">{line.event}</span>
            <span className="log__details">{details(line)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Buttons that raise one toast of each type. */
function ToastButtons() {
  return (
    <div className="stack">
      <p className="muted">
        At most {TOAST_CONFIG.limit} toasts show at once; they close after{" "}
        {TOAST_CONFIG.autoClose / 1000} s, on click, on the close button, or when dragged past{" "}
        {TOAST_CONFIG.draggablePercent}% of their width.
      </p>
      <div className="page-header__actions toast-buttons">
        {TOAST_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className="btn"
            onClick={() => notify(`${type[0].toUpperCase()}${type.slice(1)} message`, { type })}
          >
            Show {type} toast
          </button>
        ))}
      </div>
    </div>
  );
}

/** The messages page: server log and panel toasts. */
export function MessagesTool() {
  return (
    <div className="stack">
      <LiveLog />
      <h3 className="section__title">Panel messages</h3>
      <ToastButtons />
    </div>
  );
}
