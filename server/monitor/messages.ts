/**
 * The messages page's live log: the recent tail, then every new line, as
 * Server-Sent Events. Lines are filtered by level and redacted: a field whose
 * name says it holds a secret never leaves the server, whatever a caller logged.
 */
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { LogLevel } from "../../contracts/monitor.ts";
import type { AppEnv } from "../context.ts";
import { type LogLine, recentLogLines, subscribeToLog } from "../log.ts";

const SEVERITY: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };
const SECRET_KEY = /pass(word)?|secret|token|cookie|session|^auth|authorization|api.?key|hash/i;
/** A slow reader never makes the server hold more than this many lines for it. */
const MAX_QUEUE = 1000;
const HEARTBEAT_MS = 15_000;

/** A copy of `value` with every secret-named field replaced. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? "[redacted]" : redact(v, depth + 1);
  }
  return out;
}

/** Whether `line` is at `level` or more severe. */
export function atLeast(line: LogLine, level: LogLevel): boolean {
  return (SEVERITY[line.level] ?? 0) >= SEVERITY[level];
}

/** Streams the log to one reader until it goes away or the server stops. */
export function streamMessages(c: Context<AppEnv>, level: LogLevel): Response {
  return streamSSE(c, async (stream) => {
    const queue: LogLine[] = recentLogLines().filter((l) => atLeast(l, level));
    let wake: (() => void) | undefined;
    const unsubscribe = subscribeToLog((line) => {
      if (!atLeast(line, level)) return;
      queue.push(line);
      if (queue.length > MAX_QUEUE) queue.shift();
      wake?.();
    });
    stream.onAbort(() => wake?.());
    const stopping = c.var.deps.stopping.signal;
    const stop = () => wake?.();
    stopping.addEventListener("abort", stop);
    try {
      while (!stream.aborted && !stream.closed) {
        while (queue.length && !stream.aborted) {
          const line = queue.shift()!;
          await stream.writeSSE({ event: "log", data: JSON.stringify(redact(line)) });
        }
        // The server stops: the reader has had every line up to "stopping".
        if (stopping.aborted) break;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const woke = await new Promise<boolean>((resolve) => {
          wake = () => resolve(true);
          timer = setTimeout(() => resolve(false), HEARTBEAT_MS);
        });
        clearTimeout(timer);
        wake = undefined;
        // A comment line keeps proxies from closing an idle stream.
        if (!woke && !stream.aborted) await stream.write(": keep-alive\n\n");
      }
    } finally {
      stopping.removeEventListener("abort", stop);
      unsubscribe();
    }
  });
}
