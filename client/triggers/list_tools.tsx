/**
 * The trigger list's own tools, in its header beside "+ Create trigger": every trigger's
 * history (shown between the filters and the table) and, for admins, the notification channels.
 */
import { useEffect, useState, useSyncExternalStore } from "react";
import { createExternalStore } from "../app/external_store.ts";
import { useMyAccount } from "../entities/entity_api.ts";
import { ChannelsModal } from "./channels.tsx";
import { TriggerHistory } from "./history.tsx";

/** Whether the history is open: the header's button and the panel below share it. */
const historyShown = createExternalStore(false);

/** History and Notification channels buttons. */
export function TriggerListActions() {
  const account = useMyAccount();
  const shown = useSyncExternalStore(historyShown.subscribe, historyShown.get);
  const [channels, setChannels] = useState(false);
  const admin = account.data?.role === "admin" || account.data?.role === "super-admin";
  return (
    <>
      <button
        type="button"
        className="btn"
        aria-expanded={shown}
        onClick={() => historyShown.set(!shown)}
      >
        {shown ? "Hide history" : "History"}
      </button>
      {admin && (
        <button type="button" className="btn" onClick={() => setChannels(true)}>
          Notification channels
        </button>
      )}
      {channels && <ChannelsModal onClose={() => setChannels(false)} />}
    </>
  );
}

/** Every trigger's history, while open; closed again when the list is left. */
export function TriggerListHistory(props: { writable: boolean }) {
  const shown = useSyncExternalStore(historyShown.subscribe, historyShown.get);
  useEffect(() => () => historyShown.set(false), []);
  return shown ? <TriggerHistory canUndo={props.writable} /> : null;
}
