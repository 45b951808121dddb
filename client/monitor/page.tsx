/**
 * The monitor page: update availability and the monitor observer's state,
 * then the server's live health (admins; other users are told it is theirs).
 */
import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { MONITOR_DEFAULT_MESSAGE } from "../../contracts/messages.ts";
import { currentUserStore } from "../app/current_user.ts";
import { monitorObserverStore, updateStore } from "../app/update_check.ts";
import { PageHeader } from "../ui/page.tsx";
import { HealthCards } from "./health.tsx";
import { updateLabel } from "./labels.ts";

/** Monitor. */
export function Page() {
  const update = useSyncExternalStore(updateStore.subscribe, updateStore.get);
  const observing = useSyncExternalStore(monitorObserverStore.subscribe, monitorObserverStore.get);
  const user = useSyncExternalStore(currentUserStore.subscribe, currentUserStore.get);
  return (
    <div className="page">
      <PageHeader
        title="Monitor"
        actions={<Link className="btn" to="/monitor/developer">Developer</Link>}
      />
      {update.status === "error" || !observing
        ? (
          <section className="card notice notice--error" role="status">
            <p>{MONITOR_DEFAULT_MESSAGE}</p>
            {update.status === "error" && <p className="muted">{update.message}</p>}
          </section>
        )
        : (
          <section className="card">
            <p>Updates: {updateLabel(update)}</p>
          </section>
        )}
      {user.role === "user"
        ? <p className="muted">The server's health figures are shown to admins.</p>
        : <HealthCards />}
    </div>
  );
}
