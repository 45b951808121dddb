/**
 * The HTTP listener (decision 101): node:http serving the app's fetch handler,
 * because it bounds what a client can hold: a time limit on receiving headers
 * (slow or half-sent requests end), an idle keep-alive limit, a whole-request
 * limit, and a connection cap below the process's file-descriptor limit.
 * Refused connections and socket errors are logged; none ends the process.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { logEvent } from "./log.ts";

/** Answers one request; `remoteAddr` is the peer's address. */
export type Handler = (
  req: Request,
  remoteAddr: { hostname: string },
) => Response | Promise<Response>;

/**
 * Answers a request straight from node:http's request and response, returning
 * true, or returns false to leave it to `Handler` (the click routes: decision 168).
 */
export type RawHandler = (req: IncomingMessage, res: ServerResponse, peer: string) => boolean;

/** Options of `serveHttp`. */
export type ServeOptions = {
  port: number;
  hostname: string;
  headersTimeoutMs: number;
  /** 0: the soft file-descriptor limit less a reserve for the database, files and S2S. */
  maxConnections: number;
  onListen: (at: { hostname: string; port: number }) => void;
  /** Tried first for every request (the click routes); what it declines goes to the handler. */
  raw?: RawHandler;
};

/** File descriptors kept free for everything that is not a client connection. */
const FD_RESERVE = 256;
/** A whole request (uploads included) must arrive within this. */
const REQUEST_TIMEOUT_MS = 300_000;

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

/** The peer address of a request (IPv4-mapped IPv6 as plain IPv4, as Deno.serve gave it). */
function peerOf(incoming: Pick<IncomingMessage, "socket">): string {
  const address = incoming.socket?.remoteAddress ?? "";
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}

/** Serves `handler` until `shutdown` (which lets requests in flight finish). */
export function serveHttp(options: ServeOptions, handler: Handler) {
  const adapted = getRequestListener(
    (req, env) => handler(req, { hostname: peerOf(env.incoming) }),
    { overrideGlobalObjects: true },
  );
  const raw = options.raw;
  const listener = raw
    ? (req: IncomingMessage, res: ServerResponse) => {
      let taken = false;
      try {
        taken = raw(req, res, peerOf(req));
      } catch (err) {
        // A bug in the raw path must not end the process: log it, let the app answer.
        logEvent("error", "raw_handler_failed", { message: (err as Error).message });
      }
      if (!taken) return adapted(req, res);
    }
    : adapted;
  const server = createServer({
    headersTimeout: options.headersTimeoutMs,
    requestTimeout: Math.max(REQUEST_TIMEOUT_MS, options.headersTimeoutMs),
    keepAliveTimeout: Math.min(5000, options.headersTimeoutMs),
  }, listener);
  server.maxConnections = connectionCap(options.maxConnections);
  server.on("clientError", (err: Error & { code?: string }, socket) => {
    if (socket.writable && err.code !== "ECONNRESET") {
      socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    }
    socket.destroy();
  });
  server.on("error", (err: Error & { code?: string }) => {
    // Accept failures (EMFILE, ENFILE) are transient: log, keep serving.
    logEvent("error", "listener_error", { code: err.code, message: err.message });
  });
  server.on("drop", () => logEvent("warn", "connection_refused", { reason: "limit" }));
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  server.on("close", () => done());
  server.listen(options.port, options.hostname, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : options.port;
    options.onListen({ hostname: options.hostname, port });
  });
  return {
    finished,
    maxConnections: server.maxConnections,
    /** Stops accepting, ends idle connections, resolves `finished` once requests are done. */
    shutdown(): void {
      server.close();
      server.closeIdleConnections();
    },
  };
}
