/**
 * `/api/triggers` (the shared entity routes plus dry run, check now, history
 * with undo, channel settings) and `/api/notifications` (the in-panel centre).
 */
import { Hono } from "hono";
import { z } from "zod";
import {
  type ChannelSettings,
  ChannelSettings as ChannelSettingsSchema,
  HistoryQuery,
  MarkReadInput,
  SECRET_MASK,
  TriggerInput,
} from "../../contracts/trigger.ts";
import { type AppEnv, userOf } from "../context.ts";
import { requireUser } from "../auth/middleware.ts";
import { assertAccess, assertUserManager } from "../auth/permissions.ts";
import { entityRoutes } from "../entities/routes.ts";
import { HttpError, notFound } from "../errors.ts";
import { IdParam, validate } from "../validate.ts";
import { undoChanges } from "./actions.ts";
import { checkTrigger } from "./check.ts";
import { triggerNow } from "./clock.ts";
import { triggerDef } from "./definition.ts";
import {
  getRecord,
  listNotifications,
  listRecords,
  markRead,
  markUndone,
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

const extra = new Hono<AppEnv>()
  .use("*", requireUser)
  .post("/dry-run", validate("json", TriggerInput), async (c) => {
    const trigger = c.req.valid("json");
    assertAccess(userOf(c), "trigger", "read");
    const { db, reads } = c.var.deps;
    return c.json(await reads.run("triggerDryRun", { trigger, now: triggerNow(db) }));
  })
  .get("/history", validate("query", HistoryQuery), (c) => {
    const query = c.req.valid("query");
    assertAccess(userOf(c), "trigger", "read");
    return c.json({
      items: listRecords(c.var.deps.db, { ...query, hideProfit: userOf(c).hideProfit }),
    });
  })
  .post("/history/:id/undo", validate("param", IdParam), (c) => {
    const id = c.req.valid("param").id;
    const user = userOf(c);
    assertAccess(user, "trigger", "write");
    const db = c.var.deps.db;
    const record = getRecord(db, id);
    if (!record) throw notFound(`Action ${id} not found`);
    if (record.undoneAt !== null) throw new HttpError(409, "ALREADY_UNDONE", "Already undone");
    if (record.changes.length === 0) {
      throw new HttpError(409, "NOTHING_TO_UNDO", "This action changed nothing to undo");
    }
    for (const change of record.changes) {
      assertAccess(user, change.table === "campaigns" ? "campaign" : "rotation", "write");
    }
    undoChanges(db, record.changes);
    markUndone(db, id, { userId: user.id, now: triggerNow(db) });
    return c.json(getRecord(db, id, user.hideProfit));
  })
  .get("/channels", (c) => {
    assertUserManager(userOf(c));
    return c.json(masked(readChannels(c.var.deps.db)));
  })
  .put("/channels", validate("json", ChannelSettingsSchema), (c) => {
    const input = c.req.valid("json");
    assertUserManager(userOf(c));
    const db = c.var.deps.db;
    writeChannels(db, merged(input, readChannels(db)));
    return c.json(masked(readChannels(db)));
  })
  .post("/:id/check", validate("param", IdParam), async (c) => {
    const id = c.req.valid("param").id;
    assertAccess(userOf(c), "trigger", "write");
    const { db, reads } = c.var.deps;
    return c.json(await checkTrigger({ db, reads }, { id, now: triggerNow(db) }));
  });

/** Mounted at `/api/triggers`. */
export const triggerRoutes = new Hono<AppEnv>().route("/", extra).route(
  "/",
  entityRoutes(triggerDef),
);

/** Mounted at `/api/notifications`: anyone who may see triggers sees their notifications. */
export const notificationRoutes = new Hono<AppEnv>()
  .use("*", requireUser)
  .get(
    "/",
    validate("query", z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) })),
    (c) => {
      assertAccess(userOf(c), "trigger", "read");
      const { limit } = c.req.valid("query");
      return c.json(
        listNotifications(c.var.deps.db, { limit, hideProfit: userOf(c).hideProfit }),
      );
    },
  )
  .post("/read", validate("json", MarkReadInput), (c) => {
    const input = c.req.valid("json");
    assertAccess(userOf(c), "trigger", "read");
    const db = c.var.deps.db;
    markRead(db, input.ids, triggerNow(db));
    return c.json(listNotifications(db, { limit: 50, hideProfit: userOf(c).hideProfit }));
  });
