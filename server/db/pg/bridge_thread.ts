/**
 * The PostgreSQL bridge's thread (decision 172): one connection, one query at
 * a time; each answer is posted on the bridge's port and then signalled, so
 * the caller waiting on `Atomics.wait` wakes to a message already there.
 *
 * Its first answer is the start: the driver loaded (a dynamic import, so a
 * script whose import map lacks `postgres` gets that error, not silence) and
 * one round trip on the connection, or why not.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { MessagePort } from "node:worker_threads";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type postgresType from "postgres";
import type { BridgeAnswer, BridgeRequest } from "./bridge.ts";

type ThreadData = { url: string; signal: SharedArrayBuffer; port: MessagePort };

/** int8 (counts, ids, micro-units) and numeric (sums of int8) arrive as numbers, as from SQLite. */
const asNumber = { to: 20, from: [20, 1700], serialize: String, parse: Number };

/** How long the start's connection may take (s); the bridge waits a little longer. */
const CONNECT_LIMIT_S = 10;

function failure(err: unknown): BridgeAnswer {
  const e = err as Error & { code?: string; detail?: string };
  return { ok: false, message: e?.message ?? String(err), code: e?.code, detail: e?.detail };
}

async function serve({ url, signal, port }: ThreadData): Promise<void> {
  const flag = new Int32Array(signal);
  const answer = (message: BridgeAnswer) => {
    port.postMessage(message);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  };
  let listener: { close: () => Promise<void> } | undefined;
  let postgres: typeof postgresType;
  try {
    postgres = (await import("postgres")).default;
  } catch (err) {
    return answer(failure(new Error(`the driver did not load: ${(err as Error).message}`)));
  }
  let sql: ReturnType<typeof postgres>;
  try {
    sql = postgres(url, {
      max: 1,
      // One session for the node's life: the job locks it holds (server/db/jobs.ts) are its own.
      max_lifetime: null,
      onnotice: () => {},
      types: { number: asNumber },
      connect_timeout: CONNECT_LIMIT_S,
      // No JIT: a report's statements are short, and compiling them cost ~35 ms each (decision 172).
      connection: { application_name: "rotor", jit: "off" },
    });
  } catch {
    // A URL the driver cannot parse throws here, not in a promise; its message repeats the password.
    return answer(failure(new Error("the URL does not parse (postgres://user:pass@host:5432/db)")));
  }
  try {
    await sql`SELECT 1`;
  } catch (err) {
    await sql.end({ timeout: 1 }).catch(() => {});
    return answer(failure(err));
  }
  port.on("message", async (request: BridgeRequest) => {
    try {
      if (request.kind === "listen") {
        // Imported here: it loads the driver too, whose absence the start reports (above).
        const { listenForChanges } = await import("./change_listener.ts");
        listener ??= await listenForChanges(url, request.port, new Int32Array(request.counter));
        return answer({ ok: true, rows: [], changes: 0 });
      }
      if (request.kind === "close") {
        await listener?.close();
        await sql.end({ timeout: 5 });
        return answer({ ok: true, rows: [], changes: 0 });
      }
      if (request.kind === "copy") {
        // COPY … FROM STDIN on this connection (inside its open transaction, if any).
        await pipeline(Readable.from([request.data]), await sql.unsafe(request.sql).writable());
        return answer({ ok: true, rows: [], changes: 0 });
      }
      const result = request.kind === "exec"
        ? await sql.unsafe(request.sql)
        : await sql.unsafe(request.sql, request.params as postgresType.ParameterOrJSON<never>[], {
          prepare: true,
        });
      const rows = Array.from(result, (row) => ({ ...row }));
      answer({ ok: true, rows, changes: result.count ?? 0 });
    } catch (err) {
      answer(failure(err));
    }
  });
  answer({ ok: true, rows: [], changes: 0 });
}

if (parentPort && (workerData as ThreadData | null)?.signal) void serve(workerData as ThreadData);
