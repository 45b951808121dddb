/**
 * Structured logging: one JSON line per event on stdout, and a bounded
 * in-memory tail that the developer monitor can stream.
 */

export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogLine = { ts: string; level: LogLevel; event: string } & Record<string, unknown>;

const TAIL_SIZE = 500;
const tail: LogLine[] = [];
const listeners = new Set<(line: LogLine) => void>();
let quiet = false;

/** Writes one event. Callers never pass secrets (passwords, session ids, auth values). */
export function logEvent(level: LogLevel, event: string, fields: Record<string, unknown> = {}) {
  const line: LogLine = { ts: new Date().toISOString(), level, event, ...fields };
  tail.push(line);
  if (tail.length > TAIL_SIZE) tail.shift();
  for (const listener of listeners) listener(line);
  if (!quiet) console.log(JSON.stringify(line));
}

/** The most recent lines, oldest first. */
export function recentLogLines(): readonly LogLine[] {
  return tail;
}

/** Calls `listener` for every new line until the returned function is called. */
export function subscribeToLog(listener: (line: LogLine) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Silences stdout (tests and the CLI keep their output readable). */
export function setLogQuiet(value: boolean) {
  quiet = value;
}
