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

/**
 * Makes trigger `id`'s running cooldowns end `cooldownMs` after each subject's last firing (its
 * newest record), so a changed cooldown applies at once, not after the old one has run out.
 */
export function rebaseCooldowns(db: Db, id: number, cooldownMs: number): void {
  db.prepare(
    `UPDATE trigger_cooldowns SET until = coalesce(
       (SELECT max(a.ts) FROM trigger_actions a
        WHERE a.trigger_id = trigger_cooldowns.trigger_id AND a.subject = trigger_cooldowns.subject)
       + ?, until)
     WHERE trigger_id = ?`,
  ).run(cooldownMs, id);
}

/** Stores one action record; returns its id. */
export function insertRecord(
  db: Db,
  r: Omit<ActionRecord, "id" | "undoneAt" | "undoneBy"> & { profit: boolean },
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
    undoneBy: row.undone_by_name === null ? null : String(row.undone_by_name),
  };
}

/** Records with the name of whoever undid each. */
const RECORDS = `SELECT a.*, u.username AS undone_by_name FROM trigger_actions a
  LEFT JOIN users u ON u.id = a.undone_by`;

/** One record, or undefined. */
export function getRecord(db: Db, id: number, hideProfit = false): ActionRecord | undefined {
  const row = db.prepare(`${RECORDS} WHERE a.id = ?`).get(id);
  return row ? toRecord(row, hideProfit) : undefined;
}

/** Newest records first (of one trigger when given). */
export function listRecords(
  db: Db,
  query: { triggerId?: number; limit: number; hideProfit: boolean },
): ActionRecord[] {
  const where = query.triggerId ? "WHERE a.trigger_id = ?" : "";
  const params = query.triggerId ? [query.triggerId, query.limit] : [query.limit];
  return db.prepare(`${RECORDS} ${where} ORDER BY a.id DESC LIMIT ?`)
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

/**
 * Who looks at the notifications: the user, whose own read marks count, and
 * the triggers whose notifications they may not see.
 */
export type NotificationViewer = { userId: number; hidden?: number[] };

/** The condition on `notifications n` that leaves out the `hidden` triggers' ones, and its values. */
function shownTo(viewer: NotificationViewer): { where: string; params: number[] } {
  const hidden = viewer.hidden ?? [];
  if (!hidden.length) return { where: "1 = 1", params: [] };
  const list = hidden.map(() => "?").join(", ");
  return { where: `(n.trigger_id IS NULL OR n.trigger_id NOT IN (${list}))`, params: hidden };
}

/**
 * The viewer's row and their read mark beside each notification: one primary-key look-up a
 * row. Its first placeholder is the viewer's id.
 */
const WITH_READS = `notifications n JOIN users u ON u.id = ?
  LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = u.id`;

/**
 * Read by the viewer: they marked it, or it was raised before they were created (a new user's
 * badge does not count the alerts from before they joined; decision 181).
 */
const READ = "(r.user_id IS NOT NULL OR n.ts < u.created_at)";

/**
 * The newest notifications the viewer is shown, each read or not by them, and
 * how many of all those shown they have not read (each user reads for
 * themselves; a new notification is unread for every user there is).
 */
export function listNotifications(
  db: Db,
  query: NotificationViewer & { limit: number; hideProfit: boolean },
): { items: Notification[]; unread: number } {
  const shown = shownTo(query);
  const items = db.prepare(
    `SELECT n.id, n.ts, n.trigger_id, n.title, n.body, n.profit,
       CASE WHEN ${READ} THEN 1 ELSE 0 END AS seen
     FROM ${WITH_READS} WHERE ${shown.where} ORDER BY n.id DESC LIMIT ?`,
  ).all(query.userId, ...shown.params, query.limit)
    .map((r) => ({
      id: Number(r.id),
      ts: Number(r.ts),
      triggerId: r.trigger_id === null ? null : Number(r.trigger_id),
      title: String(r.title),
      body: query.hideProfit && r.profit === 1 ? HIDDEN : String(r.body),
      read: Number(r.seen) === 1,
    }));
  const unread = Number(
    db.prepare(
      `SELECT count(*) AS n FROM ${WITH_READS} WHERE NOT ${READ} AND ${shown.where}`,
    ).get(query.userId, ...shown.params)!.n,
  );
  return { items, unread };
}

/**
 * Marks notifications read for the viewer alone: the `ids`, or all up to
 * `upTo` (the newest the panel showed: one that arrived since stays unread),
 * or all when neither is given. Rows go only to those they are shown and that
 * were raised since they were created (the older ones are read for them
 * already), so "all" clears exactly what `listNotifications` counts unread.
 */
export function markRead(
  db: Db,
  mark: NotificationViewer & { ids?: number[]; upTo?: number; now: number },
): void {
  const shown = shownTo(mark);
  let picked = "";
  const params: (number | string)[] = [];
  if (mark.ids) {
    picked += " AND n.id IN (SELECT value FROM json_each(?))";
    params.push(JSON.stringify(mark.ids));
  }
  if (mark.upTo !== undefined) {
    picked += " AND n.id <= ?";
    params.push(mark.upTo);
  }
  db.prepare(
    `INSERT OR IGNORE INTO notification_reads (notification_id, user_id, read_at)
     SELECT n.id, u.id, ? FROM notifications n JOIN users u ON u.id = ?
     WHERE n.ts >= u.created_at AND ${shown.where}${picked}`,
  ).run(mark.now, mark.userId, ...shown.params, ...params);
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
