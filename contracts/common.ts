/**
 * Shapes shared by every feature: the one error body, ids and result statuses.
 * Nothing here imports from server or client.
 */
import { z } from "zod";
import { ROUTE_ID_PATTERN, ROUTE_IDS_PATTERN } from "./wire.ts";

/** Every error answer of the API, except the licence 402 (see `LicenceErrorBody`). */
export const ErrorBody = z.object({
  error: z.object({
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The 402 answer of SPEC §7: `error` is the server's licence text. */
export const LicenceErrorBody = z.object({ error: z.string(), trackerId: z.string() });
export type LicenceErrorBody = z.infer<typeof LicenceErrorBody>;

/** The plain OK answer of state-changing calls that return nothing else. */
export const OkBody = z.object({ status: z.literal("ok") });
export type OkBody = z.infer<typeof OkBody>;

/** Result statuses of SPEC §3. */
export const ResultStatus = z.enum([
  "access-denied",
  "cancelled",
  "error",
  "license-expired",
  "not-found",
  "ok",
  "partial_error",
]);
export type ResultStatus = z.infer<typeof ResultStatus>;

/** A numeric id as it appears in a route (`/campaigns/edit/:id`): digits only. */
export const RouteId = z.string().regex(ROUTE_ID_PATTERN, "must be digits");

/** One or more numeric ids joined by commas (`/report/offer/1,2,3`). */
export const RouteIds = z.string().regex(ROUTE_IDS_PATTERN, "must be digits separated by commas");
