/**
 * The `LISTEN rotor_changes` connection, held in the bridge's thread (decision
 * 172, "Several nodes"): each notification's payload is posted to the main
 * thread's `ChangeFeed` and counted in shared memory. When the connection
 * ends (a restarted server, a killed backend, a network cut) it is made again
 * with a growing pause, and once listening (first or again) `*` is posted: whatever was
 * notified meanwhile is lost, so the node drops all its caches.
 */
import type { MessagePort } from "node:worker_threads";
import postgres from "postgres";
import { CHANGES_CHANNEL } from "./changes.ts";

/** Pauses between attempts to listen again (ms): doubled up to the last. */
const FIRST_RETRY_MS = 50;
const LAST_RETRY_MS = 2_000;

/** Listens on `url` and posts to `out`; the first `LISTEN` must succeed (it throws otherwise). */
export async function listenForChanges(
  url: string,
  out: MessagePort,
  counter: Int32Array,
): Promise<{ close: () => Promise<void> }> {
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let pause = FIRST_RETRY_MS;
  const post = (payload: string) => {
    out.postMessage(payload);
    Atomics.add(counter, 0, 1);
  };
  const again = (ms: number) => {
    if (closed || retry !== undefined) return;
    retry = setTimeout(async () => {
      retry = undefined;
      try {
        await sql.unsafe(`LISTEN ${CHANGES_CHANNEL}`);
        pause = FIRST_RETRY_MS;
        post("*");
      } catch {
        pause = Math.min(pause * 2, LAST_RETRY_MS);
        again(pause);
      }
    }, ms);
  };
  const sql = postgres(url, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    connection: { application_name: "rotor_listen" },
    onnotify: (channel: string, payload: string) => {
      if (channel === CHANGES_CHANNEL) post(payload);
    },
    onclose: () => again(0),
  } as postgres.Options<Record<string, never>>);
  await sql.unsafe(`LISTEN ${CHANGES_CHANNEL}`);
  post("*");
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await sql.end({ timeout: 1 });
    },
  };
}
