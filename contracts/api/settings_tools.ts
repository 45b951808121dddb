/**
 * What settings screens do beyond storing sections (decision 171): API keys, tracking links,
 * auto-clearing and backup runs, integration templates, the postback tester, import and
 * export, and feedback. Admin-only tools answer others' calls with the 403 they always did.
 */
import { z } from "zod";
import { route } from "../route.ts";
import { ApiKeyInfo, ApiKeyInput, CreatedApiKey } from "../api_key.ts";
import { BuildInfo, FeedbackInput, FeedbackMessage } from "../feedback.ts";
import { ExportFile, ImportInput, ImportSummary } from "../import_export.ts";
import { IntegrationTemplates } from "../integration.ts";
import { PostbackTestInput, PostbackTestResult } from "../postback_processing.ts";
import { BackupRun, FeedbackListQuery, LastBackupRun, LastClearRun } from "../settings_tools.ts";
import { TrackingLinks, TrackingLinksQuery } from "../tracking_links.ts";

const keys = "API keys";
const tools = "Settings tools";
const ADMINS = ["user", "write"] as const;
const refusal = "Only admins may do this";

export const API_KEY_ROUTES = {
  list: route({
    method: "get",
    path: "/api/settings/public-api/keys",
    tag: keys,
    summary: "Your API keys (never the keys themselves)",
    access: "user",
    answer: z.object({ items: z.array(ApiKeyInfo) }),
  }),
  create: route({
    method: "post",
    path: "/api/settings/public-api/keys",
    tag: keys,
    summary: "Create an API key (the answer is the only copy; signed-in browsers only)",
    access: "user",
    body: ApiKeyInput,
    answer: CreatedApiKey,
    status: 201,
  }),
  revoke: route({
    method: "delete",
    path: "/api/settings/public-api/keys/{id}",
    tag: keys,
    summary: "Revoke an API key",
    access: "user",
    answer: ApiKeyInfo,
  }),
};

export const SETTINGS_TOOL_ROUTES = {
  trackingLinks: route({
    method: "get",
    path: "/api/settings/tracking-links/links",
    tag: tools,
    summary: "A campaign's tracking links (a network's postback needs the right to see networks)",
    access: ["campaign", "read"],
    query: TrackingLinksQuery,
    answer: TrackingLinks,
  }),
  clearingLastRun: route({
    method: "get",
    path: "/api/settings/auto-clearing/last-run",
    tag: tools,
    summary: "The last auto-clearing run",
    access: "user",
    answer: LastClearRun,
  }),
  clearingRun: route({
    method: "post",
    path: "/api/settings/auto-clearing/run",
    tag: tools,
    summary: "Clear old raw clicks now",
    access: ADMINS,
    refusal,
    answer: LastClearRun,
  }),
  backupLastRun: route({
    method: "get",
    path: "/api/settings/backups/last-run",
    tag: tools,
    summary: "The last backup the server took",
    access: ADMINS,
    refusal,
    answer: LastBackupRun,
  }),
  backupRun: route({
    method: "post",
    path: "/api/settings/backups/run",
    tag: tools,
    summary: "Take a backup now, then keep the newest ones",
    access: ADMINS,
    refusal,
    answer: z.object({ lastRun: BackupRun }),
  }),
  templates: route({
    method: "get",
    path: "/api/settings/integration/templates",
    tag: tools,
    summary: "Traffic-source and network templates",
    access: "user",
    answer: IntegrationTemplates,
  }),
  postbackTest: route({
    method: "post",
    path: "/api/settings/postback-processing/test",
    tag: tools,
    summary: "What a postback URL would do (writes nothing)",
    access: ADMINS,
    refusal,
    body: PostbackTestInput,
    answer: PostbackTestResult,
  }),
  export: route({
    method: "get",
    path: "/api/settings/import-export/export",
    tag: tools,
    summary: "Every entity as one file",
    access: ADMINS,
    refusal,
    answer: ExportFile,
  }),
  import: route({
    method: "post",
    path: "/api/settings/import-export/import",
    tag: tools,
    summary: "Import a file (dry run by default)",
    access: ADMINS,
    refusal,
    body: ImportInput,
    answer: ImportSummary,
  }),
  buildInfo: route({
    method: "get",
    path: "/api/settings/feedback/build-info",
    tag: tools,
    summary: "The build info a feedback message carries",
    access: "user",
    answer: BuildInfo,
  }),
  feedback: route({
    method: "get",
    path: "/api/settings/feedback/messages",
    tag: tools,
    summary: "Feedback left (admins see everyone's, others their own)",
    access: "user",
    query: FeedbackListQuery,
    answer: z.object({ items: z.array(FeedbackMessage) }),
  }),
  leaveFeedback: route({
    method: "post",
    path: "/api/settings/feedback/messages",
    tag: tools,
    summary: "Leave feedback",
    access: "user",
    body: FeedbackInput,
    answer: FeedbackMessage,
    status: 201,
  }),
};
