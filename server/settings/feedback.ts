/** Feedback messages and the build info they may carry. */
import { BuildInfo, type FeedbackInput, type FeedbackMessage } from "../../contracts/feedback.ts";
import type { Deps } from "../context.ts";
import type { Db } from "../db/connection.ts";
import type { UserRow } from "../users/store.ts";
import { canManageUsers } from "../auth/permissions.ts";
import { logEvent } from "../log.ts";

/** What this server is running. */
export function buildInfo(deps: Deps): BuildInfo {
  const sqlite = deps.db.prepare("SELECT sqlite_version() AS v").get();
  return {
    version: deps.version,
    deno: Deno.version.deno,
    sqlite: String(sqlite?.v ?? ""),
    os: `${Deno.build.os} ${Deno.build.arch}`,
    startedAt: deps.startedAt,
  };
}

/** Stores a message from `user`. */
export function leaveFeedback(
  deps: Deps,
  options: { user: UserRow; input: FeedbackInput },
): FeedbackMessage {
  const info = options.input.attachBuildInfo ? buildInfo(deps) : null;
  const now = Date.now();
  const inserted = deps.db.prepare(
    `INSERT INTO feedback (user_id, message, build_info, created_at) VALUES (?, ?, ?, ?)
     RETURNING id`,
  ).get(options.user.id, options.input.message, info && JSON.stringify(info), now)!;
  logEvent("info", "feedback_left", { userId: options.user.id });
  return {
    id: Number(inserted.id),
    username: options.user.username,
    message: options.input.message,
    buildInfo: info,
    createdAt: now,
  };
}

/** Messages newest first: admins see everyone's, users their own. */
export function listFeedback(db: Db, viewer: UserRow, limit = 50): FeedbackMessage[] {
  const mine = canManageUsers(viewer) ? "" : "WHERE f.user_id = ?";
  const rows = db.prepare(
    `SELECT f.id, u.username, f.message, f.build_info, f.created_at FROM feedback f
     LEFT JOIN users u ON u.id = f.user_id ${mine} ORDER BY f.id DESC LIMIT ?`,
  ).all(...(mine ? [viewer.id, limit] : [limit]));
  return rows.map((r) => ({
    id: Number(r.id),
    username: r.username === null ? null : String(r.username),
    message: String(r.message),
    buildInfo: r.build_info === null ? null : BuildInfo.parse(JSON.parse(String(r.build_info))),
    createdAt: Number(r.created_at),
  }));
}
