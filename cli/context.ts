/**
 * What every command shares: the data folder's database, quiet logs, and
 * readable failures (a message and a non-zero exit, never a stack trace).
 */
import { z } from "zod";
import { type Db, openStore } from "../server/db/connection.ts";
import { HttpError } from "../server/errors.ts";
import { setLogQuiet } from "../server/log.ts";

/** Options every command accepts: the data folder, and a PostgreSQL store when one is used. */
export type GlobalOptions = { data: string; database?: string };

/**
 * Answers `value` when it is a PostgreSQL URL, as the server's start requires;
 * else throws naming the input (`what`), not the value (it may hold a password).
 */
export function postgresUrl(value: string, what: string): string {
  if (!/^postgres(ql)?:\/\/./.test(value)) throw new Error(`${what} must be a postgres://… URL`);
  return value;
}

/** Opens the store (migrating it if needed): PostgreSQL when `database` is set, else the data folder's. */
export function openData(options: GlobalOptions): Db {
  setLogQuiet(true);
  return openStore({ dataDir: options.data, databaseUrl: options.database });
}

/** Turns a thrown error into the text the user sees. */
export function describeError(err: unknown): string {
  if (err instanceof z.ZodError) {
    return err.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ` : "") + i.message)
      .join("; ");
  }
  if (err instanceof HttpError || err instanceof Error) return err.message;
  return String(err);
}

/** Reads one line from stdin: without echo on a terminal, the first line of a pipe otherwise. */
export async function readSecretLine(prompt: string): Promise<string> {
  if (!Deno.stdin.isTerminal()) {
    const text = await new Response(Deno.stdin.readable).text();
    return text.split(/\r?\n/)[0];
  }
  await Deno.stdout.write(new TextEncoder().encode(prompt));
  Deno.stdin.setRaw(true);
  const bytes: number[] = [];
  const buf = new Uint8Array(1);
  try {
    while ((await Deno.stdin.read(buf)) === 1) {
      if (buf[0] === 13 || buf[0] === 10) break;
      if (buf[0] === 3) throw new Error("cancelled");
      if (buf[0] === 127) bytes.pop();
      else bytes.push(buf[0]);
    }
  } finally {
    Deno.stdin.setRaw(false);
    await Deno.stdout.write(new TextEncoder().encode("\n"));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
