/** The update page (guarded: with no update available the route goes to campaigns). */
import { useLoaderData } from "react-router";
import useSWR from "swr";
import { UpdatesAnswer } from "../../contracts/auth.ts";
import { api } from "../app/api.ts";
import { MONITOR_DEFAULT_MESSAGE } from "../../contracts/messages.ts";
import type { UpdateCheckState } from "../app/update_check.ts";
import { DataState } from "../ui/data_state.tsx";
import { ComingSoonPage, PageHeader } from "../ui/page.tsx";
import { ReleaseNotes } from "./release_notes.tsx";

/** The operator's steps; the data folder and its migrations make them safe to repeat. */
function HowToUpdate(props: { version: string }) {
  return (
    <section className="card stack" aria-labelledby="how-to-update">
      <h2 id="how-to-update" className="card__title">How to update</h2>
      <ol className="update-steps">
        <li>
          Back up the data folder (<code>ROTOR_DATA</code>, default <code>./data</code>): it holds
          {" "}
          <code>rotor.db</code>{" "}
          and the hosted files. A copy taken while the server runs is safe with{" "}
          <code>sqlite3 rotor.db ".backup backup.db"</code>.
        </li>
        <li>
          Fetch version {props.version}:{" "}
          <code>git fetch --tags && git checkout v{props.version}</code>{" "}
          in your checkout, or unpack the release archive over the old code (the data folder lives
          apart).
        </li>
        <li>
          Restart: <code>deno task start</code>{" "}
          (or restart your service). The panel is rebuilt and the database migrations run once,
          before the server listens; clicks queued at shutdown are committed first.
        </li>
        <li>
          Check: <code>deno task rotor status</code>{" "}
          shows the new version and commit, and so does the developer monitor's build info.
        </li>
      </ol>
    </section>
  );
}

/** The real update page: versions, release notes, and the steps; the monitor message on failure. */
export function Page() {
  const state = useLoaderData() as UpdateCheckState | undefined;
  const { data, error, isLoading } = useSWR(
    state?.status === "value" ? "/updates/check" : null,
    () => api("/updates/check", { schema: UpdatesAnswer }),
  );
  if (state?.status === "error") {
    return (
      <div className="page">
        <PageHeader title="Update" />
        <section className="card notice notice--error" role="alert">
          <p>{MONITOR_DEFAULT_MESSAGE}</p>
          <p className="muted">{state.message}</p>
        </section>
      </div>
    );
  }
  return (
    <div className="page">
      <PageHeader title="Update">
        {data?.is_available_updates && `Version ${data.latest_version} is available`}
      </PageHeader>
      <DataState loading={isLoading} error={error}>
        {data && (
          <>
            {!data.checks_enabled && (
              <section className="card stack" aria-labelledby="versions">
                <h2 id="versions" className="card__title">Versions</h2>
                <dl className="facts">
                  <dt>Installed version</dt>
                  <dd>{data.current_version}</dd>
                </dl>
                <p>
                  Update checks are off: no release manifest is configured. Set{" "}
                  <code>ROTOR_UPDATE_MANIFEST_URL</code>{" "}
                  to the address of a release manifest to be told about new versions.
                </p>
              </section>
            )}
            {data.checks_enabled && (
              <section className="card stack" aria-labelledby="versions">
                <h2 id="versions" className="card__title">Versions</h2>
                <dl className="facts">
                  <dt>Installed version</dt>
                  <dd>{data.current_version}</dd>
                  <dt>Available version</dt>
                  <dd>{data.latest_version}</dd>
                </dl>
                <h3 className="card__title">Release notes</h3>
                {data.notes
                  ? <ReleaseNotes text={data.notes} />
                  : <p className="muted">This release has no notes.</p>}
              </section>
            )}
            {data.checks_enabled && (data.is_available_updates
              ? <HowToUpdate version={data.latest_version} />
              : <p className="muted">This server runs the latest version.</p>)}
          </>
        )}
      </DataState>
    </div>
  );
}

/** The stub registration of `/update` (SPEC §2); the guarded page wins the match. */
export function UpdateStub() {
  return <ComingSoonPage what="Updates are checked here." />;
}
