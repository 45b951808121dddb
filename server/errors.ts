/**
 * One error class, one error shape (STYLE 7): services throw `HttpError`,
 * `handleError` turns it into `{error:{status, code, message, issues?}}`.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorBody } from "../contracts/common.ts";
import type { ErrorCode } from "../contracts/errors.ts";
import { logEvent } from "./log.ts";

type Issue = { path: string; message: string };

/** An error with an HTTP status and a stable machine-readable code. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly options: { issues?: Issue[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

type Options = HttpError["options"];

/** 400 `BAD_REQUEST`. */
export const badRequest = (message: string, options?: Options) =>
  new HttpError(400, "BAD_REQUEST", message, options);
/** 401 `AUTHENTICATION_ERROR`. */
export const unauthorized = (message: string, options?: Options) =>
  new HttpError(401, "AUTHENTICATION_ERROR", message, options);
/** 403 `FORBIDDEN`. */
export const forbidden = (message: string, options?: Options) =>
  new HttpError(403, "FORBIDDEN", message, options);
/** 404 `NOT_FOUND`. */
export const notFound = (message: string, options?: Options) =>
  new HttpError(404, "NOT_FOUND", message, options);
/** 409 `CONFLICT`. */
export const conflict = (message: string, options?: Options) =>
  new HttpError(409, "CONFLICT", message, options);
/** 500 `INTERNAL`. */
export const internal = (message: string, options?: Options) =>
  new HttpError(500, "INTERNAL", message, options);

/** Builds the one error body. */
export function errorBody(error: HttpError): ErrorBody {
  const body: ErrorBody = {
    error: { status: error.status, code: error.code, message: error.message },
  };
  if (error.options.issues) body.error.issues = error.options.issues;
  return body;
}

/** Answers an error; unknown errors are logged and become a bare 500. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof HttpError) {
    for (const [name, value] of Object.entries(err.options.headers ?? {})) c.header(name, value);
    return c.json(errorBody(err), err.status);
  }
  if (err instanceof HTTPException && err.status < 500) {
    // Hono's own refusals (malformed JSON, bad content type) in our shape.
    const code = err.status === 400 ? "BAD_REQUEST" : "HTTP_ERROR";
    return c.json(
      errorBody(new HttpError(err.status, code, err.message || "Bad request")),
      err.status,
    );
  }
  logEvent("error", "unhandled_error", {
    method: c.req.method,
    path: c.req.path,
    message: err.message,
    stack: err.stack,
  });
  return c.json(errorBody(new HttpError(500, "INTERNAL", "Internal server error")), 500);
}

/** Turns zod issues into the `issues` of the error body. */
export function validationError(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): HttpError {
  const list = issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
  const first = list[0];
  const summary = first ? `${first.path || "body"}: ${first.message}` : "Invalid input";
  return new HttpError(400, "VALIDATION_ERROR", summary, { issues: list });
}
