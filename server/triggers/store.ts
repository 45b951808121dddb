/**
 * SQL of triggers beyond the shared entity code: the scheduler's claims, the
 * cooldowns, the action records, notifications and channel settings.
 */
import {
  type ActionChange,
  type ActionRecord,
  ChannelSettings,
  type Notification,
} from "../../contracts/trigger.ts";
import type { Db } from "../db/connection.ts";

/** Ids of enabled, live triggers due at `now`. */
export function dueTriggerIds(db: Db, now: number): number[] {
  return db.prepare(
    "SELECT id FROM triggers WHERE enabled = 1 AND archived = 0 AND next_check_at <= ? ORDER BY id",
  ).all(now).map((r) => Number(r.id));
}

/**
 * Claims trigger `id`'s check due at `now` and moves its next check on; one
 * UPDATE, so of two processes only one gets it. True when this one did.
 */
export function claimCheck(db: Db, id: number, now: number): boolean {
  return Number(
    db.prepare(
      `UPDATE triggers SET next_check_at = ? + check_every_minutes * 60000
       WHERE id = ? AND enabled = 1 AND archived = 0 AND next_check_at <= ?`,
    ).run(now, id, now).changes,
  ) === 1;
}

/**
 * Claims a firing of `subject` for the cooldown: true only when none fired
 * within the cooldown (kept in the database, so a restart does not forget).
 */
export function claimCooldown(
  db: Db,
  fire: { triggerId: number; subject: string; now: number; cooldownMs: number },
): boolean {
  return Number(
    db.prepare(
      `INSERT INTO trigger_cooldowns (trigger_id, subject, until) VALUES (?, ?, ?)
       ON CONFLICT (trigger_id, subject) DO UPDATE SET until = excluded.until
       WHERE trigger_cooldowns.until <= ?`,
    ).run(fire.triggerId, fire.subject, fire.now + fire.cooldownMs, fire.now).changes,
  ) === 1;
}

/** Stores one action record; returns its id. */
export function insertRecord(
  db: Db,
  r: Omit<ActionRecord, "id" | "undoneAt"> & { profit: boolean },
): number {
  return Number(
    db.prepare(
      `INSERT INTO trigger_actions (ts, trigger_id, trigger_name, kind, subject, label, why,
        figures, changes, error, profit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    ).get(
      r.ts,
      r.triggerId,
      r.triggerName,
      r.kind,
      r.subject,
      r.label,
      r.why,
      JSON.stringify(r.figures),
      JSON.stringify(r.changes),
      r.error,
      r.profit ? 1 : 0,
    )!.id,
  );
}

/** Adds to a record's error text (a channel that failed after the record was written). */
export function appendRecordError(db: Db, id: number, error: string): void {
  db.prepare(
    "UPDATE trigger_actions SET error = CASE WHEN error = '' THEN ? ELSE error || '; ' || ? END WHERE id = ?",
  ).run(error, error, id);
}

/** A hide-profit viewer's view of a record or notification that shows profit figures. */
const HIDDEN = "Figures hidden: they include profit";

function toRecord(row: Record<string, unknown>, hideProfit = false): ActionRecord {
  const hidden = hideProfit && row.profit === 1;
  return {
    id: Number(row.id),
    ts: Number(row.ts),
    triggerId: Number(row.trigger_id),
    triggerName: String(row.trigger_name),
    kind: String(row.kind) as ActionRecord["kind"],
    subject: String(row.subject),
    label: String(row.label),
    why: hidden ? HIDDEN : String(row.why),
    figures: hidden ? {} : JSON.parse(String(row.figures)),
    changes: JSON.parse(String(row.changes)) as ActionChange[],
    error: String(row.error),
    undoneAt: row.undone_at === null ? null : Number(row.undone_at),
  };
}

/** One record, or undefined. */
export function getRecord(db: Db, id: number, hideProfit = false): ActionRecord | undefined {
  const row = db.prepare("SELECT * FROM trigger_actions WHERE id = ?").get(id);
  return row ? toRecord(row, hideProfit) : undefined;
}

/** Newest records first (of one trigger when given). */
export function listRecords(
  db: Db,
  query: { triggerId?: number; limit: number; hideProfit: boolean },
): ActionRecord[] {
  const where = query.triggerId ? "WHERE trigger_id = ?" : "";
  const params = query.triggerId ? [query.triggerId, query.limit] : [query.limit];
  return db.prepare(`SELECT * FROM trigger_actions ${where} ORDER BY id DESC LIMIT ?`)
    .all(...params).map((row) => toRecord(row, query.hideProfit));
}

/** Marks a record undone. */
export function markUndone(db: Db, id: number, by: { userId: number; now: number }): void {
  db.prepare("UPDATE trigger_actions SET undone_at = ?, undone_by = ? WHERE id = ?")
    .run(by.now, by.userId, id);
}

/** Adds an in-panel notification. */
export function insertNotification(
  db: Db,
  n: { ts: number; triggerId: number | null; title: string; body: string; profit: boolean },
): number {
  return Number(
    db.prepare(
      `INSERT INTO notifications (ts, trigger_id, title, body, profit) VALUES (?, ?, ?, ?, ?)
       RETURNING id`,
    ).get(n.ts, n.triggerId, n.title, n.body, n.profit ? 1 : 0)!.id,
  );
}

/** The newest notifications and how many are unread (leaving out the `hidden` triggers' ones). */
export function listNotifications(
  db: Db,
  query: { limit: number; hideProfit: boolean; hidden?: number[] },
): { items: Notification[]; unread: number } {
  const hidden = query.hidden ?? [];
  const shown = hidden.length
    ? `(trigger_id IS NULL OR trigger_id NOT IN (${hidden.map(() => "?").join(", ")}))`
    : "1 = 1";
  const items = db.prepare(`SELECT * FROM notifications WHERE ${shown} ORDER BY id DESC LIMIT ?`)
    .all(...hidden, query.limit)
    .map((r) => ({
      id: Number(r.id),
      ts: Number(r.ts),
      triggerId: r.trigger_id === null ? null : Number(r.trigger_id),
      title: String(r.title),
      body: query.hideProfit && r.profit === 1 ? HIDDEN : String(r.body),
      read: r.read_at !== null,
    }));
  const unread = Number(
    db.prepare(`SELECT count(*) AS n FROM notifications WHERE read_at IS NULL AND ${shown}`)
      .get(...hidden)!.n,
  );
  return { items, unread };
}

/** Marks notifications read (`ids`, or all). */
export function markRead(db: Db, ids: number[] | undefined, now: number): void {
  if (ids) {
    db.prepare(
      "UPDATE notifications SET read_at = ? WHERE read_at IS NULL AND id IN (SELECT value FROM json_each(?))",
    ).run(now, JSON.stringify(ids));
  } else db.prepare("UPDATE notifications SET read_at = ? WHERE read_at IS NULL").run(now);
}

/** The stored channel settings (defaults until saved). */
export function readChannels(db: Db): ChannelSettings {
  const row = db.prepare("SELECT settings FROM trigger_channels WHERE id = 1").get();
  return ChannelSettings.parse(row ? JSON.parse(String(row.settings)) : {});
}

/** Replaces the channel settings. */
export function writeChannels(db: Db, settings: ChannelSettings): void {
  db.prepare(
    `INSERT INTO trigger_channels (id, settings) VALUES (1, ?)
     ON CONFLICT (id) DO UPDATE SET settings = excluded.settings`,
  ).run(JSON.stringify(settings));
}
