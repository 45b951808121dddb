/** The trigger calls beyond the shared entity ones, with one SWR hook per call. */
import useSWR, { useSWRConfig } from "swr";
import {
  ActionRecord,
  ChannelSettings,
  CheckAnswer,
  DryRunAnswer,
  HistoryAnswer,
  NotificationsAnswer,
} from "../../contracts/trigger.ts";
import { api, buildUrl } from "../app/api.ts";

/** Actions triggers took (one trigger's when `triggerId` is set), newest first. */
export function useHistory(triggerId?: number) {
  const url = buildUrl("/api/triggers/history", { triggerId });
  return useSWR(url, (u: string) => api(u, { schema: HistoryAnswer }));
}

/**
 * A function reloading every history view and the notification centre (the
 * panel's SWR cache is its own provider: the global `mutate` would miss it).
 */
export function useRefreshTriggerViews(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () =>
    mutate((key) =>
      typeof key === "string" &&
      (key.startsWith("/api/triggers/history") || key.startsWith("/api/notifications"))
    );
}

/** `POST /api/triggers/history/:id/undo`. */
export function undoAction(id: number) {
  return api(`/api/triggers/history/${id}/undo`, { method: "post", schema: ActionRecord });
}

/** `POST /api/triggers/:id/check`. */
export function checkNow(id: number) {
  return api(`/api/triggers/${id}/check`, { method: "post", schema: CheckAnswer });
}

/** `POST /api/triggers/dry-run` with the form's values. */
export function dryRun(values: unknown) {
  return api("/api/triggers/dry-run", { method: "post", body: values, schema: DryRunAnswer });
}

/** The channel settings (admins). */
export function useChannels(enabled: boolean) {
  return useSWR(
    enabled ? "/api/triggers/channels" : null,
    (u: string) => api(u, { schema: ChannelSettings }),
  );
}

/** `PUT /api/triggers/channels`. */
export function saveChannels(values: unknown) {
  return api("/api/triggers/channels", { method: "put", body: values, schema: ChannelSettings });
}

/** The notification centre's list and unread count, polled every 30 s. */
export function useNotifications(enabled: boolean) {
  return useSWR(
    enabled ? "/api/notifications" : null,
    (u: string) => api(u, { schema: NotificationsAnswer }),
    { refreshInterval: 30_000 },
  );
}

/** Marks notifications read (all when `ids` is absent). */
export function markRead(ids?: number[]) {
  return api("/api/notifications/read", {
    method: "post",
    body: ids ? { ids } : {},
    schema: NotificationsAnswer,
  });
}
