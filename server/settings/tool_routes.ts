/**
 * What settings screens do beyond storing values (declared in
 * `contracts/api/settings_tools.ts`): API keys, tracking links, auto-clearing
 * and backup runs, integration templates, the postback tester, import and
 * export, and feedback.
 */
import {
  API_KEY_ROUTES,
  SETTINGS_TOOL_ROUTES as TOOLS,
} from "../../contracts/api/settings_tools.ts";
import { userOf } from "../context.ts";
import { implement } from "../route.ts";
import { assertAccess } from "../auth/permissions.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "../auth/api_keys.ts";
import { lastClearRun, runClearing } from "./auto_clearing.ts";
import { buildInfo, leaveFeedback, listFeedback } from "./feedback.ts";
import { exportEntities, importEntities } from "./import_export.ts";
import { testPostback } from "./postback_tester.ts";
import { readSection } from "./sections.ts";
import { listTemplates } from "./templates.ts";
import { buildTrackingLinks } from "./tracking_links.ts";
import { lastBackupRun, runBackup } from "../backup/schedule.ts";
import { assertSignedInBrowser } from "../auth/secret.ts";

export const apiKeyRoutes = [
  implement(API_KEY_ROUTES.list, (c) => ({ items: listApiKeys(c.var.deps.db, userOf(c).id) })),
  implement(API_KEY_ROUTES.create, (c, { body }) => {
    assertSignedInBrowser(c.var.session);
    return createApiKey(c.var.deps.db, { userId: userOf(c).id, ...body });
  }),
  implement(
    API_KEY_ROUTES.revoke,
    (c, { params }) => revokeApiKey(c.var.deps.db, userOf(c).id, params.id),
  ),
];

export const settingsToolRoutes = [
  implement(TOOLS.trackingLinks, (c, { query }) => {
    // The postback URL carries the network's secret token: only for who may see networks.
    if (query.affiliateNetworkId !== undefined) {
      assertAccess(userOf(c), "affiliate-network", "read");
    }
    const origin = new URL(c.req.url).origin;
    return buildTrackingLinks(c.var.deps.db, { query, origin });
  }),
  implement(TOOLS.clearingLastRun, (c) => ({ lastRun: lastClearRun(c.var.deps.db) })),
  implement(TOOLS.clearingRun, async (c) => ({
    lastRun: await runClearing(c.var.deps.db, { trigger: "manual" }),
  })),
  implement(TOOLS.backupLastRun, (c) => ({ lastRun: lastBackupRun(c.var.deps) })),
  implement(TOOLS.backupRun, async (c) => ({ lastRun: await runBackup(c.var.deps, "manual") })),
  implement(TOOLS.templates, (c) => listTemplates(c.var.deps.db)),
  implement(TOOLS.postbackTest, (c, { body }) => testPostback(c.var.deps.tracking, body)),
  implement(TOOLS.export, (c) => {
    const { includeArchived } = readSection(c.var.deps.db, "import-export");
    const file = exportEntities(c.var.deps.db, { version: c.var.deps.version, includeArchived });
    const day = file.exportedAt.slice(0, 10);
    c.header("Content-Disposition", `attachment; filename="rotor-export-${day}.json"`);
    return file;
  }),
  implement(TOOLS.import, (c, { body }) => {
    const summary = importEntities(c.var.deps.db, body.file, { dryRun: body.dryRun });
    // The click path caches entities (and misses); imported campaigns must answer at once.
    if (!summary.dryRun) c.var.deps.tracking.cache.clear();
    return summary;
  }),
  implement(TOOLS.buildInfo, (c) => buildInfo(c.var.deps)),
  implement(TOOLS.feedback, (c, { query }) => ({
    items: listFeedback(c.var.deps.db, userOf(c), query.limit),
  })),
  implement(
    TOOLS.leaveFeedback,
    (c, { body }) => leaveFeedback(c.var.deps, { user: userOf(c), input: body }),
  ),
];
