/** The trigger calls beyond the shared entity ones, with one SWR hook per call. */
import useSWR, { useSWRConfig } from "swr";
import { NOTIFICATION_ROUTES, TRIGGER_ROUTES } from "../../contracts/api/triggers.ts";
import { routeUrl } from "../../contracts/route.ts";
import type { ChannelSettings, ChannelTestInput, TriggerInput } from "../../contracts/trigger.ts";
import { call } from "../app/api.ts";

/** Actions triggers took (one trigger's when `triggerId` is set), newest first. */
export function useHistory(triggerId?: number) {
  const query = { triggerId };
  return useSWR(
    routeUrl(TRIGGER_ROUTES.history, { query }),
    () => call(TRIGGER_ROUTES.history, { query }),
  );
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
      (key.startsWith(TRIGGER_ROUTES.history.path) || key.startsWith(NOTIFICATION_ROUTES.list.path))
    );
}

/** Undoes an action: puts back exactly what it changed. */
export function undoAction(id: number) {
  return call(TRIGGER_ROUTES.undo, { params: { id } });
}

/** Checks a trigger now and acts for what it fires for. */
export function checkNow(id: number) {
  return call(TRIGGER_ROUTES.check, { params: { id } });
}

/** When the trigger as the form holds it would have fired over the last 7 days. */
export function dryRun(trigger: TriggerInput) {
  return call(TRIGGER_ROUTES.dryRun, { body: trigger });
}

/** The channel settings (admins). */
export function useChannels(enabled: boolean) {
  return useSWR(
    enabled ? TRIGGER_ROUTES.channels.path : null,
    () => call(TRIGGER_ROUTES.channels, {}),
  );
}

/** Saves the channel settings (admins). */
export function saveChannels(values: ChannelSettings) {
  return call(TRIGGER_ROUTES.saveChannels, { body: values });
}

/** Sends a test message to one channel with the settings as the form holds them (admins). */
export function testChannel(input: ChannelTestInput) {
  return call(TRIGGER_ROUTES.testChannel, { body: input });
}

/** The notification centre's list and unread count, polled every 30 s. */
export function useNotifications(enabled: boolean) {
  return useSWR(
    enabled ? NOTIFICATION_ROUTES.list.path : null,
    () => call(NOTIFICATION_ROUTES.list, {}),
    { refreshInterval: 30_000 },
  );
}

/**
 * Marks notifications read: the `ids`, or all up to `upTo` (the newest one the
 * bell shows, so one that arrived since the last poll stays unread).
 */
export function markRead(which: { ids: number[] } | { upTo: number }) {
  return call(NOTIFICATION_ROUTES.read, { body: which });
}
