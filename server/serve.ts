/**
 * The HTTP listener (decision 176, after 101 and 168): Deno's own HTTP server
 * (the one under `Deno.serve`), run on each connection we accept ourselves,
 * so that we bound what a client can hold:
 * - a connection that sends no whole request head within the header timeout
 *   (slow or half-sent), or stays idle after its last answer past the
 *   keep-alive limit, is closed;
 * - a request with a body must be answered within the request timeout (a
 *   body sent a byte at a time ends);
 * - connections past the cap (below the file-descriptor limit) are closed
 *   as they arrive;
 * - an accept error (EMFILE, ENFILE) or a failing connection is logged and
 *   serving goes on: nothing here ends the process.
 */
import { badRequest, errorBody, internal } from "./errors.ts";
import { logEvent } from "./log.ts";

/** Answers one request; `remoteAddr` is the peer's address. */
export type Handler = (
  req: Request,
  remoteAddr: { hostname: string },
) => Response | Promise<Response>;

/** Options of `serveHttp`. */
export type ServeOptions = {
  port: number;
  hostname: string;
  headersTimeoutMs: number;
  /** 0: the soft file-descriptor limit less a reserve for the database, files and S2S. */
  maxConnections: number;
  onListen: (at: { hostname: string; port: number }) => void;
  /** A request with a body must be answered within this (default 300 s). */
  requestTimeoutMs?: number;
};

/** File descriptors kept free for everything that is not a client connection. */
const FD_RESERVE = 256;
/** A whole request (uploads included) must arrive, and be answered, within this. */
const REQUEST_TIMEOUT_MS = 300_000;
/** An idle keep-alive connection is closed after this (or the header timeout, if shorter). */
const KEEP_ALIVE_MS = 5000;
/** How often the limits are checked: a limit holds to within this. */
const SWEEP_MS = 250;
/** An idle connection asked to close cleanly is cut this long after, if still open. */
const CLOSE_GRACE_MS = 2000;
/** After a failed accept (descriptors exhausted), the next one waits this long. */
const ACCEPT_RETRY_MS = 100;

/** The soft "Max open files" of this process (Linux), or null when unknown. */
function openFilesLimit(): number | null {
  try {
    const line = Deno.readTextFileSync("/proc/self/limits").split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = line?.split(/\s{2,}/)[1];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/** The connection cap: the configured one, else from the descriptor limit. */
export function connectionCap(configured: number, fdLimit = openFilesLimit()): number {
  const fromFds = fdLimit === null ? 10_000 : Math.max(16, fdLimit - FD_RESERVE);
  return configured > 0 ? Math.min(configured, fromFds) : fromFds;
}

/** What Deno's HTTP server on one connection gives back. */
type ConnectionServer = { finished: Promise<void>; shutdown(): Promise<void> };
type ServeOnConnection = (
  conn: Deno.Conn,
  signal: AbortSignal,
  handler: (req: Request, info: { completed: Promise<void> }) => Response | Promise<Response>,
  onError: (error: unknown) => Response,
  onListen: () => void,
) => ConnectionServer;

/**
 * `Deno.serve`'s server for one accepted connection. Deno shares it among its
 * own modules, not as a public API (decision 176): a Deno without it cannot
 * run Rotor's listener, and says so rather than serve without limits.
 */
function serveOnConnection(): ServeOnConnection {
  const internal = (Deno as unknown as Record<symbol, Record<string, unknown>>)[
    (Deno as unknown as { internal: symbol }).internal
  ];
  const serve = internal?.serveHttpOnConnection;
  if (typeof serve !== "function") {
    throw new Error(
      `Deno ${Deno.version.deno} has no per-connection HTTP server; run Rotor on Deno 2.9`,
    );
  }
  return serve as ServeOnConnection;
}

/** One accepted connection and its limits (times in ms on the sweep's clock). */
type Tracked = {
  stop: AbortController;
  /** Requests received and not yet fully answered. */
  inFlight: number;
  /** Requests with a body whose handler has not answered yet. */
  receiving: number;
  /** With nothing in flight: closed after this. */
  idleUntil: number;
  /** With a body being received: closed after this. */
  receiveUntil: number;
  /** Past its idle deadline: asked to close cleanly, and cut at this time if still open. */
  cutAt: number;
};

/** True only while `end` aborts a connection's server (see there). */
let ending = false;
let endingGuarded = false;

/**
 * Closes a connection now (its server's abort: no graceful close). A server
 * whose connection has just ended has already given its handle back, and
 * its abort listener then throws `BadResource` — from inside the event
 * dispatch, where it would end the process as an uncaught error. That one
 * error, raised while `end` runs, is dropped: the connection is gone anyway.
 */
function end(c: Tracked): void {
  if (!endingGuarded) {
    endingGuarded = true;
    globalThis.addEventListener("error", (event) => {
      if (ending && event.error instanceof Deno.errors.BadResource) event.preventDefault();
    });
  }
  ending = true;
  try {
    c.stop.abort();
  } finally {
    ending = false;
  }
}

/** A method that may carry a body, and a head that says it does. */
function hasBody(req: Request): boolean {
  const method = req.method;
  if (method === "GET" || method === "HEAD") return false;
  const length = req.headers.get("content-length");
  return (length !== null && length !== "0") || req.headers.has("transfer-encoding");
}

/**
 * The authority Deno put in a request's URL (from its Host): a name or IPv4
 * address, or a bracketed IPv6 one, with a port. Anything else (a space, a
 * comma, a backslash) makes a URL no part of the app can parse.
 */
const PLAIN_AUTHORITY = /^https?:\/\/(?:[\w.~!$&'()*+;=-]+|\[[\da-f:.]+\])(?::\d*)?(?:[/?#]|$)/i;

/** The answer to a request whose Host makes no URL. */
function badHost(): Response {
  return Response.json(errorBody(badRequest("Malformed Host header")), { status: 400 });
}

/** The peer's address (IPv4-mapped IPv6 as plain IPv4). */
function peerOf(conn: Deno.Conn): string {
  const addr = conn.remoteAddr as Deno.NetAddr;
  const host = addr.hostname ?? "";
  return host.startsWith("::ffff:") ? host.slice(7) : host;
}

/** Serves `handler` until `shutdown` (which lets requests in flight finish). */
export function serveHttp(options: ServeOptions, handler: Handler) {
  const serveOn = serveOnConnection();
  const cap = connectionCap(options.maxConnections);
  const headersMs = options.headersTimeoutMs;
  const keepAliveMs = Math.min(KEEP_ALIVE_MS, headersMs);
  const requestMs = options.requestTimeoutMs ?? Math.max(REQUEST_TIMEOUT_MS, headersMs);
  const listener = Deno.listen({ port: options.port, hostname: options.hostname });
  const open = new Map<Tracked, ConnectionServer>();
  let clock = Date.now();
  let stopping = false;

  const sweep = setInterval(() => {
    clock = Date.now();
    for (const [c, server] of open) {
      if (c.inFlight > 0) {
        // A body that has not arrived in time: cut (node:http's requestTimeout did the same).
        if (c.receiving > 0 && clock > c.receiveUntil) end(c);
      } else if (c.cutAt > 0) {
        if (clock > c.cutAt) end(c);
      } else if (clock > c.idleUntil) {
        // Idle: closed cleanly first, so a request the client sent this very moment is still
        // answered (Deno's server reads it and then closes). A half-sent head keeps the
        // connection open through that: it is cut after the grace.
        c.cutAt = clock + CLOSE_GRACE_MS;
        server.shutdown().catch(() => {});
      }
    }
  }, SWEEP_MS);
  Deno.unrefTimer(sweep);

  const onError = (error: unknown) => {
    const err = error as Error;
    logEvent("error", "unhandled_error", { message: err?.message, stack: err?.stack });
    return Response.json(errorBody(internal("Internal server error")), { status: 500 });
  };

  function track(conn: Deno.Conn): void {
    const peer = { hostname: peerOf(conn) };
    const c: Tracked = {
      stop: new AbortController(),
      inFlight: 0,
      receiving: 0,
      idleUntil: clock + headersMs,
      receiveUntil: 0,
      cutAt: 0,
    };
    const answered = () => {
      if (--c.inFlight === 0) c.idleUntil = clock + keepAliveMs;
    };
    const received = () => c.receiving--;
    const server = serveOn(
      conn,
      c.stop.signal,
      (req, info) => {
        c.inFlight++;
        info.completed.then(answered, answered);
        if (!PLAIN_AUTHORITY.test(req.url)) return badHost();
        if (!hasBody(req)) return handler(req, peer);
        if (c.receiving++ === 0) c.receiveUntil = clock + requestMs;
        try {
          const res = handler(req, peer);
          if (res instanceof Promise) {
            res.then(received, received);
          } else received();
          return res;
        } catch (err) {
          received();
          throw err;
        }
      },
      onError,
      () => {},
    );
    open.set(c, server);
    // A connection reset ends its server with an error: nothing to do but forget it.
    server.finished.catch(() => {}).finally(() => {
      open.delete(c);
      if (stopping && open.size === 0) drained.resolve();
    });
  }

  const drained = Promise.withResolvers<void>();
  const accepting = (async () => {
    options.onListen({ hostname: options.hostname, port: (listener.addr as Deno.NetAddr).port });
    while (true) {
      let conn: Deno.Conn;
      try {
        conn = await listener.accept();
      } catch (err) {
        if (stopping) return;
        // Descriptors exhausted and the like are transient: log, wait a little, go on.
        logEvent("error", "listener_error", {
          code: (err as { code?: string }).code,
          message: (err as Error).message,
        });
        await new Promise((resolve) => setTimeout(resolve, ACCEPT_RETRY_MS));
        continue;
      }
      if (open.size >= cap) {
        logEvent("warn", "connection_refused", { reason: "limit" });
        conn.close();
        continue;
      }
      try {
        track(conn);
      } catch (err) {
        logEvent("error", "connection_failed", { message: (err as Error).message });
        try {
          conn.close();
        } catch { /* already closed */ }
      }
    }
  })();

  const finished = (async () => {
    await accepting;
    if (open.size > 0) await drained.promise;
    clearInterval(sweep);
  })();

  return {
    finished,
    maxConnections: cap,
    /** Stops accepting, ends idle connections, resolves `finished` once requests are done. */
    shutdown(): void {
      if (stopping) return;
      stopping = true;
      listener.close();
      for (const [c, server] of open) {
        if (c.inFlight === 0) end(c);
        else server.shutdown().catch(() => {});
      }
    },
  };
}
