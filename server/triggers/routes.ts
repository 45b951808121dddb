/**
 * `/api/triggers`: the shared entity routes, and the declared dry run, check
 * now, history with undo and channel settings (`contracts/api/triggers.ts`);
 * `/api/notifications`: the in-panel centre.
 */
import { NOTIFICATION_ROUTES, TRIGGER_ROUTES } from "../../contracts/api/triggers.ts";
import { TRIGGER_ENTITY_ROUTES } from "../../contracts/api/entities.ts";
import { type ActionRecord, type ChannelSettings, SECRET_MASK } from "../../contracts/trigger.ts";
import type { Db } from "../db/connection.ts";
import type { UserRow } from "../users/store.ts";
import { userOf } from "../context.ts";
import { assertAccess } from "../auth/permissions.ts";
import { declaredEntityRoutes } from "../entities/routes.ts";
import { HttpError, notFound } from "../errors.ts";
import { implement } from "../route.ts";
import { undoChanges } from "./actions.ts";
import { checkTrigger, loadTrigger } from "./check.ts";
import { assertMayRun, authoriseTriggerValues, maySeeSubject } from "./rights.ts";
import { triggerNow } from "./clock.ts";
import { triggerDef } from "./definition.ts";
import { sendTest } from "./notify.ts";
import {
  getRecord,
  listNotifications,
  listRecords,
  markRead,
  markUndone,
  type NotificationViewer,
  readChannels,
  writeChannels,
} from "./store.ts";

function masked(s: ChannelSettings): ChannelSettings {
  const mask = (v: string) => (v ? SECRET_MASK : "");
  return {
    ...s,
    webhook: { ...s.webhook, secret: mask(s.webhook.secret) },
    telegram: { ...s.telegram, botToken: mask(s.telegram.botToken) },
    email: { ...s.email, password: mask(s.email.password) },
  };
}

/** The new settings; a secret sent back as the mask keeps the stored one. */
function merged(input: ChannelSettings, stored: ChannelSettings): ChannelSettings {
  const keep = (v: string, old: string) => (v === SECRET_MASK ? old : v);
  return {
    ...input,
    webhook: { ...input.webhook, secret: keep(input.webhook.secret, stored.webhook.secret) },
    telegram: {
      ...input.telegram,
      botToken: keep(input.telegram.botToken, stored.telegram.botToken),
    },
    email: { ...input.email, password: keep(input.email.password, stored.email.password) },
  };
}

/** The action `id` (profit figures left out for `hideProfit`), or 404. */
function foundRecord(db: Db, id: number, hideProfit = false): ActionRecord {
  const record = getRecord(db, id, hideProfit);
  if (!record) throw notFound(`Action ${id} not found`);
  return record;
}

/**
 * What `user` sees of the notifications: none of triggers watching a type they may not read,
 * each read or not by them.
 */
function notificationsFor(db: Db, user: UserRow): NotificationViewer & { hideProfit: boolean } {
  const hidden = db.prepare("SELECT id, scope FROM triggers").all()
    .filter((t) => !maySeeSubject(user, `${JSON.parse(String(t.scope)).type}:`))
    .map((t) => Number(t.id));
  return { userId: user.id, hideProfit: user.hideProfit, hidden };
}

/** Dry run, check now, history and undo, channels, notifications (mounted at their full paths). */
export const triggerCallRoutes = [
  implement(TRIGGER_ROUTES.dryRun, async (c, { body }) => {
    assertMayRun(userOf(c), body);
    const { db, reads } = c.var.deps;
    return await reads.run("triggerDryRun", { trigger: body, now: triggerNow(db) });
  }),
  implement(TRIGGER_ROUTES.history, (c, { query }) => {
    const user = userOf(c);
    // Records about entity types the user may not read are left out, as reports refuse them.
    const records = listRecords(c.var.deps.db, { ...query, hideProfit: user.hideProfit });
    return { items: records.filter((r) => maySeeSubject(user, r.subject)) };
  }),
  implement(TRIGGER_ROUTES.undo, (c, { params: { id } }) => {
    const user = userOf(c);
    const db = c.var.deps.db;
    const record = foundRecord(db, id);
    if (record.undoneAt !== null) throw new HttpError(409, "ALREADY_UNDONE", "Already undone");
    if (record.changes.length === 0) {
      throw new HttpError(409, "NOTHING_TO_UNDO", "This action changed nothing to undo");
    }
    for (const change of record.changes) {
      assertAccess(user, change.table === "campaigns" ? "campaign" : "rotation", "write");
    }
    undoChanges(db, record.changes, user.username);
    markUndone(db, id, { userId: user.id, now: triggerNow(db) });
    return foundRecord(db, id, user.hideProfit);
  }),
  implement(TRIGGER_ROUTES.channels, (c) => masked(readChannels(c.var.deps.db))),
  implement(TRIGGER_ROUTES.saveChannels, (c, { body }) => {
    const db = c.var.deps.db;
    writeChannels(db, merged(body, readChannels(db)));
    return masked(readChannels(db));
  }),
  implement(TRIGGER_ROUTES.testChannel, (c, { body }) => {
    const db = c.var.deps.db;
    return sendTest(db, body.channel, merged(body.settings, readChannels(db)), triggerNow(db));
  }),
  implement(TRIGGER_ROUTES.check, (c, { params: { id } }) => {
    const { db, reads } = c.var.deps;
    assertMayRun(userOf(c), loadTrigger(db, id).trigger);
    return checkTrigger({ db, reads }, { id, now: triggerNow(db) });
  }),
  implement(NOTIFICATION_ROUTES.list, (c, { query: { limit } }) => {
    const db = c.var.deps.db;
    return listNotifications(db, { limit, ...notificationsFor(db, userOf(c)) });
  }),
  implement(NOTIFICATION_ROUTES.read, (c, { body }) => {
    const db = c.var.deps.db;
    const viewer = notificationsFor(db, userOf(c));
    markRead(db, { ...viewer, ids: body.ids, upTo: body.upTo, now: triggerNow(db) });
    return listNotifications(db, { limit: 50, ...viewer });
  }),
];

/**
 * The shared entity routes of triggers, after the calls above (`history` is not an id).
 * Saving one needs the rights its scope and actions reach.
 */
export const triggerRoutes = declaredEntityRoutes(TRIGGER_ENTITY_ROUTES, {
  ...triggerDef,
  authorise: authoriseTriggerValues,
});
