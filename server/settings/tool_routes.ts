/**
 * What settings screens do beyond storing values: API keys, tracking links,
 * auto-clearing runs, integration templates, the postback tester, import and
 * export, and feedback. Mounted under `/api/settings`.
 */
import { Hono } from "hono";
import { ApiKeyInput } from "../../contracts/api_key.ts";
import { FeedbackInput } from "../../contracts/feedback.ts";
import { ImportInput } from "../../contracts/import_export.ts";
import { PostbackTestInput } from "../../contracts/postback_processing.ts";
import { TrackingLinksQuery } from "../../contracts/tracking_links.ts";
import { type AppEnv, userOf } from "../context.ts";
import { forbidden } from "../errors.ts";
import { IdParam, validate } from "../validate.ts";
import { assertAccess, canManageUsers } from "../auth/permissions.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "../auth/api_keys.ts";
import type { UserRow } from "../users/store.ts";
import { lastClearRun, runClearing } from "./auto_clearing.ts";
import { buildInfo, FeedbackListQuery, leaveFeedback, listFeedback } from "./feedback.ts";
import { exportEntities, importEntities } from "./import_export.ts";
import { testPostback } from "./postback_tester.ts";
import { readSection } from "./sections.ts";
import { listTemplates } from "./templates.ts";
import { buildTrackingLinks } from "./tracking_links.ts";
import { lastBackupRun, runBackup } from "../backup/schedule.ts";
import { assertSignedInBrowser } from "../auth/secret.ts";

function assertAdmin(user: UserRow): void {
  if (!canManageUsers(user)) throw forbidden("Only admins may do this");
}

const idParam = validate("param", IdParam);

export const toolRoutes = new Hono<AppEnv>()
  .get("/public-api/keys", (c) => c.json({ items: listApiKeys(c.var.deps.db, userOf(c).id) }))
  .post("/public-api/keys", validate("json", ApiKeyInput), (c) => {
    const input = c.req.valid("json");
    assertSignedInBrowser(c.var.session);
    const key = createApiKey(c.var.deps.db, { userId: userOf(c).id, ...input });
    return c.json(key, 201);
  })
  .delete("/public-api/keys/:id", idParam, (c) => {
    const id = c.req.valid("param").id;
    return c.json(revokeApiKey(c.var.deps.db, userOf(c).id, id));
  })
  .get("/tracking-links/links", validate("query", TrackingLinksQuery), (c) => {
    const query = c.req.valid("query");
    assertAccess(userOf(c), "campaign", "read");
    // The postback URL carries the network's secret token: only for who may see networks.
    if (query.affiliateNetworkId !== undefined) {
      assertAccess(userOf(c), "affiliate-network", "read");
    }
    const origin = new URL(c.req.url).origin;
    return c.json(buildTrackingLinks(c.var.deps.db, { query, origin }));
  })
  .get("/auto-clearing/last-run", (c) => c.json({ lastRun: lastClearRun(c.var.deps.db) }))
  .post("/auto-clearing/run", async (c) => {
    assertAdmin(userOf(c));
    return c.json({ lastRun: await runClearing(c.var.deps.db, { trigger: "manual" }) });
  })
  .get("/backups/last-run", (c) => {
    assertAdmin(userOf(c));
    return c.json({ lastRun: lastBackupRun(c.var.deps) });
  })
  .post("/backups/run", async (c) => {
    assertAdmin(userOf(c));
    return c.json({ lastRun: await runBackup(c.var.deps, "manual") });
  })
  .get("/integration/templates", (c) => c.json(listTemplates(c.var.deps.db)))
  .post("/postback-processing/test", validate("json", PostbackTestInput), (c) => {
    const input = c.req.valid("json");
    assertAdmin(userOf(c));
    return c.json(testPostback(c.var.deps.tracking, input));
  })
  .get("/import-export/export", (c) => {
    assertAdmin(userOf(c));
    const { includeArchived } = readSection(c.var.deps.db, "import-export");
    const file = exportEntities(c.var.deps.db, { version: c.var.deps.version, includeArchived });
    const day = file.exportedAt.slice(0, 10);
    c.header("Content-Disposition", `attachment; filename="rotor-export-${day}.json"`);
    return c.json(file);
  })
  .post("/import-export/import", validate("json", ImportInput), (c) => {
    const input = c.req.valid("json");
    assertAdmin(userOf(c));
    const summary = importEntities(c.var.deps.db, input.file, { dryRun: input.dryRun });
    // The click path caches entities (and misses); imported campaigns must answer at once.
    if (!summary.dryRun) c.var.deps.tracking.cache.clear();
    return c.json(summary);
  })
  .get("/feedback/build-info", (c) => c.json(buildInfo(c.var.deps)))
  .get(
    "/feedback/messages",
    validate("query", FeedbackListQuery),
    (c) => {
      const { limit } = c.req.valid("query");
      return c.json({ items: listFeedback(c.var.deps.db, userOf(c), limit) });
    },
  )
  .post("/feedback/messages", validate("json", FeedbackInput), (c) => {
    const input = c.req.valid("json");
    return c.json(leaveFeedback(c.var.deps, { user: userOf(c), input }), 201);
  });
