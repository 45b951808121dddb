/** The trigger calls beyond the shared entity ones, and the notification centre (issue 15). */
import { z } from "zod";
import {
  ActionRecord,
  ChannelSettings,
  CheckAnswer,
  DryRunAnswer,
  HistoryAnswer,
  HistoryQuery,
  MarkReadInput,
  NotificationsAnswer,
  TriggerInput,
} from "../../contracts/trigger.ts";
import type { Operation } from "./operation.ts";

/** Dry run, check now, history and undo, channels, notifications. */
export function triggerOperations(): Operation[] {
  const tag = "Trigger";
  return [
    {
      method: "post",
      path: "/api/triggers/dry-run",
      tag,
      summary: "When a trigger would have fired over the last 7 days",
      body: TriggerInput,
      response: DryRunAnswer,
    },
    {
      method: "post",
      path: "/api/triggers/{id}/check",
      tag,
      summary: "Check a trigger now and act for what it fires for",
      response: CheckAnswer,
    },
    {
      method: "get",
      path: "/api/triggers/history",
      tag,
      summary: "Actions triggers took, newest first",
      query: HistoryQuery,
      response: HistoryAnswer,
    },
    {
      method: "post",
      path: "/api/triggers/history/{id}/undo",
      tag,
      summary: "Undo an action: put back exactly what it changed",
      response: ActionRecord,
    },
    {
      method: "get",
      path: "/api/triggers/channels",
      tag,
      summary: "Notification channels and the internal-target allowlist (admins)",
      response: ChannelSettings,
    },
    {
      method: "put",
      path: "/api/triggers/channels",
      tag,
      summary: "Set the channels; a masked secret keeps the stored one (admins)",
      body: ChannelSettings,
      response: ChannelSettings,
    },
    {
      method: "get",
      path: "/api/notifications",
      tag: "Notification",
      summary: "The in-panel notifications and the unread count",
      query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
      response: NotificationsAnswer,
    },
    {
      method: "post",
      path: "/api/notifications/read",
      tag: "Notification",
      summary: "Mark notifications read (the ids, or all)",
      body: MarkReadInput,
      response: NotificationsAnswer,
    },
  ];
}
