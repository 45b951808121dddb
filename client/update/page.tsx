/** The update page (guarded: with no update available the route goes to campaigns). */
import { useLoaderData } from "react-router";
import useSWR from "swr";
import { UpdatesAnswer } from "../../contracts/auth.ts";
import { api } from "../app/api.ts";
import { MONITOR_NOT_WORKING } from "../app/errors.ts";
import type { UpdateCheckState } from "../app/update_check.ts";
import { SafeMarkdown } from "../ui/safe_markdown.tsx";
import { ComingSoon, ComingSoonPage, PageHeader } from "../ui/page.tsx";

/** The real update page: versions, release notes, and the monitor message on failure. */
export function Page() {
  const state = useLoaderData() as UpdateCheckState | undefined;
  const { data } = useSWR(
    state?.status === "value" ? "/updates/check" : null,
    () => api("/updates/check", { schema: UpdatesAnswer }),
  );
  return (
    <div className="page">
      <PageHeader title="Update" />
      {state?.status === "error"
        ? (
          <section className="card notice notice--error" role="alert">
            <p>{MONITOR_NOT_WORKING}</p>
            <p className="muted">{state.message}</p>
          </section>
        )
        : (
          <section className="card">
            <dl className="facts">
              <dt>Installed version</dt>
              <dd>{data?.current_version ?? "…"}</dd>
              <dt>Latest version</dt>
              <dd>{data?.latest_version ?? "…"}</dd>
            </dl>
            {data?.notes && <SafeMarkdown text={data.notes} />}
            <ComingSoon what="Installing the update from the panel arrives with the update work." />
          </section>
        )}
    </div>
  );
}

/** The stub registration of `/update` (SPEC §2); the guarded page wins the match. */
export function UpdateStub() {
  return <ComingSoonPage what="Updates are checked here." />;
}
