/**
 * What the settings tools answer beyond the sections (`contracts/api/settings_tools.ts`): the
 * last auto-clearing and backup runs, and the feedback list's query.
 */
import { z } from "zod";

/** One auto-clearing run: when, what it deleted, how long it held the database. */
export const ClearRun = z.object({
  startedAt: z.number(),
  finishedAt: z.number(),
  deleted: z.number().int(),
  batches: z.number().int(),
  /** The longest a single batch held the database, in ms. */
  longestBatchMs: z.number(),
  trigger: z.enum(["schedule", "manual", "cli"]),
  error: z.string().optional(),
});
export type ClearRun = z.infer<typeof ClearRun>;

/** The last auto-clearing run, `null` before the first. */
export const LastClearRun = z.object({ lastRun: ClearRun.nullable() });

/** The last backup the server took (scheduled or on demand). */
export const BackupRun = z.object({
  startedAt: z.number(),
  finishedAt: z.number(),
  trigger: z.enum(["schedule", "manual"]),
  path: z.string().nullable(),
  pruned: z.number().int(),
  error: z.string().optional(),
});
export type BackupRun = z.infer<typeof BackupRun>;

/** The last backup run, `null` before the first. */
export const LastBackupRun = z.object({ lastRun: BackupRun.nullable() });

/** `GET /api/settings/feedback/messages`: how many of the latest messages. */
export const FeedbackListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
