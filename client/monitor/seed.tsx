/** Developer monitor → Seed: loads the fixture set, polling the job for progress. */
import { useState } from "react";
import useSWR from "swr";
import { MONITOR_ROUTES } from "../../contracts/api/monitor.ts";
import { call } from "../app/api.ts";
import { notifyError } from "../app/toasts.tsx";
import { DataState } from "../ui/data_state.tsx";

const POLL_MS = 300;

/** Start button, progress bar and what each step did. */
export function SeedTool() {
  const [starting, setStarting] = useState(false);
  const { data: job, error, isLoading, mutate } = useSWR(
    MONITOR_ROUTES.seed.path,
    () => call(MONITOR_ROUTES.seed, {}),
    { refreshInterval: (latest) => latest?.state === "running" ? POLL_MS : 0 },
  );
  const start = async () => {
    setStarting(true);
    try {
      await mutate(await call(MONITOR_ROUTES.startSeed, {}));
    } catch (err) {
      notifyError(err);
    } finally {
      setStarting(false);
    }
  };
  const running = job?.state === "running";
  return (
    <div className="stack">
      <p className="muted">
        Loads the demo data set: the demo account, groups, a domain, a traffic source, an affiliate
        network, offers, landers, a rotation and campaigns, plus a sample hosted lander. Every step
        skips what is already there, so running it twice changes nothing.
      </p>
      <div className="page-header__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={running || starting}
          onClick={start}
        >
          {running ? "Seeding…" : "Load demo data"}
        </button>
      </div>
      <DataState loading={isLoading} error={error}>
        {job && job.state !== "idle" && (
          <section className="card stack" aria-label="Seed progress">
            <div className="upload-progress">
              <progress max={job.total || 1} value={job.done} aria-label="Seed progress" />
              <span>
                {job.done} of {job.total} steps · {job.state}
                {job.current ? ` · ${job.current}…` : ""}
              </span>
            </div>
            <ol className="seed-steps">
              {job.steps.map((step) => (
                <li key={step.name}>
                  <strong>{step.name}</strong>: {step.detail}
                </li>
              ))}
            </ol>
            {job.error && <p className="notice notice--error" role="alert">{job.error}</p>}
          </section>
        )}
      </DataState>
    </div>
  );
}
