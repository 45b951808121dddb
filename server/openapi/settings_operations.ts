/** The settings calls: one GET/PUT pair per section, and the sections' tools. */
import { z } from "zod";
import { SETTINGS_SCHEMAS } from "../../contracts/settings.ts";
import { ApiKeyInfo, ApiKeyInput, CreatedApiKey } from "../../contracts/api_key.ts";
import { ExportFile, ImportInput, ImportSummary } from "../../contracts/import_export.ts";
import { PostbackTestInput, PostbackTestResult } from "../../contracts/postback_processing.ts";
import { IntegrationTemplates } from "../../contracts/integration.ts";
import { TrackingLinks, TrackingLinksQuery } from "../../contracts/tracking_links.ts";
import { BuildInfo, FeedbackInput, FeedbackMessage } from "../../contracts/feedback.ts";
import { ClearRun } from "../settings/auto_clearing.ts";
import { BackupRun } from "../backup/schedule.ts";
import { FeedbackListQuery } from "../settings/feedback.ts";
import type { Operation } from "./operation.ts";

function sectionOperations(): Operation[] {
  return Object.entries(SETTINGS_SCHEMAS).flatMap(([section, schema]) =>
    [
      {
        method: "get",
        path: `/api/settings/${section}`,
        tag: "Settings",
        summary: `Read ${section} settings`,
        response: schema,
      },
      {
        method: "put",
        path: `/api/settings/${section}`,
        tag: "Settings",
        summary: `Store ${section} settings`,
        body: schema,
        response: schema,
      },
    ] satisfies Operation[]
  );
}

const LastRun = z.object({ lastRun: ClearRun.nullable() });

/** Every settings call. */
export function settingsOperations(): Operation[] {
  return [
    ...sectionOperations(),
    {
      method: "get",
      path: "/api/settings/public-api/keys",
      tag: "API keys",
      summary: "Your API keys (never the keys themselves)",
      response: z.object({ items: z.array(ApiKeyInfo) }),
    },
    {
      method: "post",
      path: "/api/settings/public-api/keys",
      tag: "API keys",
      summary: "Create an API key (the answer is the only copy)",
      body: ApiKeyInput,
      response: CreatedApiKey,
      status: 201,
    },
    {
      method: "delete",
      path: "/api/settings/public-api/keys/{id}",
      tag: "API keys",
      summary: "Revoke an API key",
      response: ApiKeyInfo,
    },
    {
      method: "get",
      path: "/api/settings/tracking-links/links",
      tag: "Settings tools",
      summary: "A campaign's tracking links",
      query: TrackingLinksQuery,
      response: TrackingLinks,
    },
    {
      method: "get",
      path: "/api/settings/auto-clearing/last-run",
      tag: "Settings tools",
      summary: "The last auto-clearing run",
      response: LastRun,
    },
    {
      method: "post",
      path: "/api/settings/auto-clearing/run",
      tag: "Settings tools",
      summary: "Clear old raw clicks now",
      response: LastRun,
    },
    {
      method: "get",
      path: "/api/settings/backups/last-run",
      tag: "Settings tools",
      summary: "The last backup the server took (admins)",
      response: z.object({ lastRun: BackupRun.nullable() }),
    },
    {
      method: "post",
      path: "/api/settings/backups/run",
      tag: "Settings tools",
      summary: "Take a backup now, then keep the newest ones (admins)",
      response: z.object({ lastRun: BackupRun }),
    },
    {
      method: "get",
      path: "/api/settings/integration/templates",
      tag: "Settings tools",
      summary: "Traffic-source and network templates",
      response: IntegrationTemplates,
    },
    {
      method: "post",
      path: "/api/settings/postback-processing/test",
      tag: "Settings tools",
      summary: "What a postback URL would do (writes nothing)",
      body: PostbackTestInput,
      response: PostbackTestResult,
    },
    {
      method: "get",
      path: "/api/settings/import-export/export",
      tag: "Settings tools",
      summary: "Every entity as one file",
      response: ExportFile,
    },
    {
      method: "post",
      path: "/api/settings/import-export/import",
      tag: "Settings tools",
      summary: "Import a file (dry run by default)",
      body: ImportInput,
      response: ImportSummary,
    },
    {
      method: "get",
      path: "/api/settings/feedback/build-info",
      tag: "Settings tools",
      summary: "The build info a feedback message carries",
      response: BuildInfo,
    },
    {
      method: "get",
      path: "/api/settings/feedback/messages",
      tag: "Settings tools",
      summary: "Feedback left (admins see everyone's)",
      query: FeedbackListQuery,
      response: z.object({ items: z.array(FeedbackMessage) }),
    },
    {
      method: "post",
      path: "/api/settings/feedback/messages",
      tag: "Settings tools",
      summary: "Leave feedback",
      body: FeedbackInput,
      response: FeedbackMessage,
      status: 201,
    },
  ];
}
