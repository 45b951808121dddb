/**
 * Developer monitor → Clicker: runs a traffic scenario against this server with
 * the tracking engine's runner, then shows expected against recorded per offer.
 */
import { type FormEvent, useState } from "react";
import useSWR from "swr";
import { MONITOR_ROUTES } from "../../contracts/api/monitor.ts";
import { call } from "../app/api.ts";
import { DataState } from "../ui/data_state.tsx";
import { Field } from "../ui/field.tsx";
import { ClickerReport } from "./clicker_report.tsx";

const POLL_MS = 400;

/** Scenario picker, password, progress and the report. */
export function ClickerTool() {
  const scenarios = useSWR(
    MONITOR_ROUTES.scenarios.path,
    () => call(MONITOR_ROUTES.scenarios, {}),
  );
  const { data: job, mutate } = useSWR(
    MONITOR_ROUTES.clicker.path,
    () => call(MONITOR_ROUTES.clicker, {}),
    { refreshInterval: (latest) => latest?.state === "running" ? POLL_MS : 0 },
  );
  const [scenario, setScenario] = useState("small");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string>();
  const [starting, setStarting] = useState(false);
  const running = job?.state === "running";

  const run = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    setStarting(true);
    try {
      const body = { scenario, password };
      await mutate(await call(MONITOR_ROUTES.startClicker, { body }));
      setPassword("");
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="stack">
      <p className="muted">
        Sends a scenario's clicks, lander click-throughs and postbacks to this server over HTTP, on
        a fresh campaign with its own offers, then compares what it sent with what the offers' stats
        record. Use a test instance started with <code>ROTOR_TRUST_PROXY=1</code>.
      </p>
      <DataState loading={scenarios.isLoading} error={scenarios.error}>
        <form className="form-grid" onSubmit={run}>
          <Field label="Scenario">
            <select value={scenario} onChange={(event) => setScenario(event.target.value)}>
              {scenarios.data?.scenarios.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.name} ({s.clicks.toLocaleString()} clicks)
                </option>
              ))}
            </select>
          </Field>
          <Field label="Your password">
            <input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          <div>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={running || starting || password === ""}
            >
              {running ? "Running…" : "Run scenario"}
            </button>
          </div>
        </form>
      </DataState>
      {problem && <p className="notice notice--error" role="alert">{problem}</p>}
      {job && job.state !== "idle" && (
        <section className="card stack" aria-label="Clicker run">
          <div className="upload-progress">
            <progress max={job.total || 1} value={job.done} aria-label="Clicks sent" />
            <span>
              {job.scenario}: {job.done.toLocaleString()} of {job.total.toLocaleString()} clicks ·
              {" "}
              {job.state}
            </span>
          </div>
          {job.error && <p className="notice notice--error" role="alert">{job.error}</p>}
          {job.report && <ClickerReport report={job.report} />}
        </section>
      )}
    </div>
  );
}
