/**
 * Error messages of the panel: the normaliser of SPEC §5 and the catalogue of SPEC §8.
 * Pure, so every rule is unit-tested.
 */
import type { ResultStatus } from "../../contracts/common.ts";
import { DEMO_UNAVAILABLE, GATEWAY_TIMEOUT, WRONG_CREDENTIALS } from "../../contracts/messages.ts";
import { AUTH_ERROR_CODE, LICENCE_NOT_FOUND } from "../../contracts/wire.ts";

/** Shown when nothing readable comes with a failure. */
export const UNKNOWN_ERROR = "Unknown error";
/** A failure with no response at all (network down, CORS, aborted). */
export const NON_API_ERROR = "Non-api error";

const FIELDS = ["errors", "message", "error", "errorMessage"] as const;

/**
 * Turns any error body into one message: a plain string, else its `errors`, `message`,
 * `error` or `errorMessage` field (each normalised in turn, so the API's
 * `{error:{message}}` reads as its message), else `Unknown error`.
 */
export function normaliseError(body: unknown): string {
  return readMessage(body, 0) ?? UNKNOWN_ERROR;
}

function readMessage(body: unknown, depth: number): string | undefined {
  if (depth > 4) return undefined;
  if (typeof body === "string") return body.trim() === "" ? undefined : body;
  if (Array.isArray(body)) {
    const parts = body.map((item) => readMessage(item, depth + 1)).filter(isText);
    return parts.length > 0 ? parts.join("\n") : undefined;
  }
  if (typeof body !== "object" || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const field of FIELDS) {
    const found = readMessage(record[field], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function isText(value: string | undefined): value is string {
  return value !== undefined;
}

/** The shape of a failure the catalogue reads (an `ApiError` fits). */
export interface FailureLike {
  status: number;
  message: string;
  code?: string;
  trackerId?: string;
}

/** Which call failed: some statuses mean different things per call (SPEC §8). */
export type FailureContext = "sign-in" | "role" | "other";

/** What the user is told, and the result status of SPEC §3. */
export interface FailureDescription {
  status: ResultStatus;
  message: string;
}

/** The licence text of SPEC §8: a "not found" notice, else the server text; both carry the tracker id. */
export function licenceMessage(serverText: string, trackerId: string | undefined): string {
  const id = trackerId ?? "unknown";
  if (serverText.trim() === LICENCE_NOT_FOUND) {
    return `License not found. Your tracker ID is ${id}. ` +
      "Enter this tracker ID in your account on the provider's site to activate the licence.";
  }
  return `${serverText}\nTracker ID: ${id}`;
}

/** Whether a failure means "not signed in" (403, 401, or the authentication-error marker). */
export function isAuthFailure(failure: FailureLike): boolean {
  return failure.status === 401 || failure.status === 403 ||
    failure.code === AUTH_ERROR_CODE || failure.message.includes(AUTH_ERROR_CODE);
}

/** The catalogue of SPEC §8: what a failed call means and what the user reads. */
export function describeFailure(
  failure: FailureLike,
  context: FailureContext = "other",
): FailureDescription {
  const { status, message } = failure;
  if (status === 402) {
    return { status: "license-expired", message: licenceMessage(message, failure.trackerId) };
  }
  if (context === "sign-in" && status === 401) {
    return { status: "access-denied", message: WRONG_CREDENTIALS };
  }
  if (context === "role" && isAuthFailure(failure)) {
    return { status: "access-denied", message };
  }
  if (status === 504) return { status: "error", message: GATEWAY_TIMEOUT };
  if (status === 410) return { status: "error", message: DEMO_UNAVAILABLE };
  if (status === 404) return { status: "not-found", message };
  if (status === 0) return { status: "error", message: nonApiMessage(message) };
  return { status: "error", message: message || UNKNOWN_ERROR };
}

/** `Non-api error` plus the detail, without repeating the prefix. */
export function nonApiMessage(detail: string): string {
  if (detail.startsWith(NON_API_ERROR)) return detail;
  return detail ? `${NON_API_ERROR}: ${detail}` : NON_API_ERROR;
}
