/**
 * The one client fetcher (STYLE 8). Same origin, JSON in and out; every failure becomes an
 * `ApiError` carrying the status and the normalised message of SPEC §5 and §8.
 */
import { ErrorBodyParser, LicenceErrorParser, type Parser } from "./shell_parsers.ts";
import { DEMO_UNAVAILABLE, GATEWAY_TIMEOUT } from "../../contracts/messages.ts";
import { nonApiMessage, normaliseError } from "./errors.ts";
import {
  type CallInput,
  type ReceivedOf,
  type RouteDecl,
  routeUrl,
} from "../../contracts/route.ts";

/** HTTP verbs of SPEC §3. */
export type HttpVerb = "delete" | "get" | "head" | "patch" | "post" | "put";

/** A failed call. `status` 0 means no response came at all. */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly trackerId?: string;
  /** Field issues of a 400 answer (`path` is dotted: `destination.flow.rules.0.paths`). */
  readonly issues?: ReadonlyArray<{ path: string; message: string }>;
  constructor(
    status: number,
    message: string,
    extra: { code?: string; trackerId?: string; issues?: ApiError["issues"] } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = extra.code;
    this.trackerId = extra.trackerId;
    this.issues = extra.issues;
  }
}

/** Options of one call. */
export interface ApiOptions<T> {
  method?: HttpVerb;
  /** Sent as JSON; state-changing calls always send a JSON body (`{}` when empty). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Parses the answer; without it the answer is returned unchecked as `unknown`. */
  schema?: Parser<T>;
  signal?: AbortSignal;
}

/** Where a failure happened, for the session watcher. */
export interface FailedCall {
  path: string;
  method: HttpVerb;
}

type FailureListener = (error: ApiError, call: FailedCall) => void;
const listeners = new Set<FailureListener>();
let fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init);

/** Registers a listener told about every failed call (the guard's 401/402 watcher). */
export function onApiFailure(listener: FailureListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Replaces `fetch` (tests). Returns the previous one. */
export function setFetch(impl: typeof fetch): typeof fetch {
  const previous = fetchImpl;
  fetchImpl = impl;
  return previous;
}

/** Builds `path?query` from the defined query values. */
export function buildUrl(path: string, query: ApiOptions<unknown>["query"] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Calls the API and returns the parsed answer, or throws `ApiError`. */
export async function api<T = unknown>(path: string, options: ApiOptions<T> = {}): Promise<T> {
  const method = options.method ?? "get";
  const hasBody = method !== "get" && method !== "head";
  let response: Response;
  try {
    response = await fetchImpl(buildUrl(path, options.query), {
      method: method.toUpperCase(),
      headers: hasBody
        ? { "Content-Type": "application/json", Accept: "application/json" }
        : { Accept: "application/json" },
      body: hasBody ? JSON.stringify(options.body ?? {}) : undefined,
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (cause) {
    throw report(new ApiError(0, nonApiMessage(detailOf(cause))), { path, method });
  }
  const body = await readBody(response);
  if (!response.ok) throw report(errorFromResponse(response.status, body), { path, method });
  if (!options.schema) return body as T;
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    throw report(new ApiError(0, nonApiMessage("unexpected answer from " + path)), {
      path,
      method,
    });
  }
  return parsed.data;
}

/**
 * Calls a declared route (decision 171): its path filled from `input.params`,
 * its query and body typed by the declaration, its answer parsed with the
 * declared schema.
 */
export function call<D extends RouteDecl>(
  decl: D,
  input: CallInput<D>,
  options: { signal?: AbortSignal } = {},
): Promise<ReceivedOf<D>> {
  const url = routeUrl(decl, input as Parameters<typeof routeUrl>[1]);
  return api(url, {
    method: decl.method,
    body: input.body,
    schema: decl.answer as Parser<ReceivedOf<D>> | undefined,
    signal: options.signal,
  });
}

/** Turns a non-OK answer into an `ApiError` (exported for tests). */
export function errorFromResponse(status: number, body: unknown): ApiError {
  if (status === 402) {
    const licence = LicenceErrorParser.safeParse(body);
    if (licence.success) {
      return new ApiError(402, licence.data.error, { trackerId: licence.data.trackerId });
    }
  }
  const shaped = ErrorBodyParser.safeParse(body);
  const code = shaped.success ? shaped.data.error.code : undefined;
  if (status === 504) return new ApiError(status, GATEWAY_TIMEOUT, { code });
  if (status === 410) return new ApiError(status, DEMO_UNAVAILABLE, { code });
  const issues = shaped.success ? shaped.data.error.issues : undefined;
  return new ApiError(status, normaliseError(body), { code, issues });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function detailOf(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  return String(cause);
}

function report(error: ApiError, call: FailedCall): ApiError {
  for (const listener of [...listeners]) listener(error, call);
  return error;
}
