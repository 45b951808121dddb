/** Settings → Feedback: a message, with the build info attached on request. */
import { z } from "zod";

/** What the server is: shown on the feedback screen, attached to a message on request. */
export const BuildInfo = z.object({
  version: z.string(),
  deno: z.string(),
  sqlite: z.string(),
  os: z.string(),
  startedAt: z.number(),
});
export type BuildInfo = z.infer<typeof BuildInfo>;

/** `POST /api/settings/feedback/messages`. */
export const FeedbackInput = z.object({
  message: z.string().trim().min(1, "write a message").max(5000),
  attachBuildInfo: z.boolean().default(true),
});
export type FeedbackInput = z.infer<typeof FeedbackInput>;

/** A stored message. */
export const FeedbackMessage = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  message: z.string(),
  buildInfo: BuildInfo.nullable(),
  createdAt: z.number().int(),
});
export type FeedbackMessage = z.infer<typeof FeedbackMessage>;
