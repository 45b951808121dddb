/**
 * Key/value settings stored as JSON. Every read goes to the database, so a
 * change made by the CLI is seen by the running server at once.
 */
import type { z } from "zod";
import type { Db } from "../db/connection.ts";

/** Reads `key` and parses it with `schema`; a missing or unreadable value gives `fallback`. */
export function readSetting<T extends z.ZodType>(
  db: Db,
  key: string,
  options: { schema: T; fallback: z.infer<T> },
): z.infer<T> {
  const row = db.prepare("SELECT value FROM settings WHERE key = ?").get(key);
  if (!row) return options.fallback;
  const parsed = options.schema.safeParse(JSON.parse(String(row.value)));
  return parsed.success ? parsed.data : options.fallback;
}

/** Stores `value` under `key`. */
export function writeSetting(db: Db, key: string, value: unknown): void {
  db.prepare(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  ).run(key, JSON.stringify(value), Date.now());
}
