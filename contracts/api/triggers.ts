/**
 * The trigger calls beyond the shared entity ones (issue 15): dry run, check
 * now, the history of actions with undo, the notification channels; and the
 * in-panel notification centre.
 */
import { route } from "../route.ts";
import {
  ActionRecord,
  ChannelSettings,
  ChannelTestAnswer,
  ChannelTestInput,
  CheckAnswer,
  DryRunAnswer,
  HistoryAnswer,
  HistoryQuery,
  MarkReadInput,
  NotificationsAnswer,
  NotificationsQuery,
  TriggerInput,
} from "../trigger.ts";

const tag = "Trigger";

export const TRIGGER_ROUTES = {
  dryRun: route({
    method: "post",
    path: "/api/triggers/dry-run",
    tag,
    summary: "When a trigger would have fired over the last 7 days",
    access: ["trigger", "read"],
    body: TriggerInput,
    answer: DryRunAnswer,
  }),
  check: route({
    method: "post",
    path: "/api/triggers/{id}/check",
    tag,
    summary: "Check a trigger now and act for what it fires for",
    access: ["trigger", "write"],
    answer: CheckAnswer,
  }),
  history: route({
    method: "get",
    path: "/api/triggers/history",
    tag,
    summary: "Actions triggers took, newest first",
    access: ["trigger", "read"],
    query: HistoryQuery,
    answer: HistoryAnswer,
  }),
  undo: route({
    method: "post",
    path: "/api/triggers/history/{id}/undo",
    tag,
    summary: "Undo an action: put back exactly what it changed (needs write on what it changed)",
    access: ["trigger", "write"],
    answer: ActionRecord,
  }),
  channels: route({
    method: "get",
    path: "/api/triggers/channels",
    tag,
    summary: "Notification channels and the internal-target allowlist (admins)",
    access: ["user", "write"],
    answer: ChannelSettings,
  }),
  saveChannels: route({
    method: "put",
    path: "/api/triggers/channels",
    tag,
    summary: "Set the channels; a masked secret keeps the stored one (admins)",
    access: ["user", "write"],
    body: ChannelSettings,
    answer: ChannelSettings,
  }),
  testChannel: route({
    method: "post",
    path: "/api/triggers/channels/test",
    tag,
    summary: "Send a test message to one channel, with the settings as given (admins)",
    access: ["user", "write"],
    body: ChannelTestInput,
    answer: ChannelTestAnswer,
  }),
};

/** Anyone who may see triggers sees their notifications. */
export const NOTIFICATION_ROUTES = {
  list: route({
    method: "get",
    path: "/api/notifications",
    tag: "Notification",
    summary: "The in-panel notifications and the unread count",
    access: ["trigger", "read"],
    query: NotificationsQuery,
    answer: NotificationsAnswer,
  }),
  read: route({
    method: "post",
    path: "/api/notifications/read",
    tag: "Notification",
    summary: "Mark notifications read (the ids, or all up to upTo, the newest one shown)",
    access: ["trigger", "read"],
    body: MarkReadInput,
    answer: NotificationsAnswer,
  }),
};
