/**
 * The analytics, tracking-API, files and developer calls: reports, trends,
 * leads, conversions, the click log, the click API, the file manager, the
 * monitor and this document itself.
 */
import { z } from "zod";
import { ClickApiAnswer, ClickApiInput } from "../../contracts/click_api.ts";
import {
  CreateDirectoryInput,
  CreateTextFileInput,
  EditTextFileInput,
  FileResult,
  FileTree,
  FolderPath,
  PathQuery,
  RenameInput,
  TextContent,
} from "../../contracts/files.ts";
import {
  BuildInfo,
  ClickerInput,
  ClickerJob,
  ClickerScenario,
  MessagesQuery,
  SeedJob,
} from "../../contracts/monitor.ts";
import { OfferCapsAnswer } from "../../contracts/offer.ts";
import type { Operation } from "./operation.ts";

/** The upload's query (as `server/files/routes.ts` validates it). */
const UploadQuery = z.object({
  dir: FolderPath.default(""),
  replace: z.enum(["true", "false"]).default("false"),
});

/** The upload's multipart body: one or more `file` parts. */
const UploadBody = z.object({
  file: z.array(z.string().meta({ format: "binary" })).min(1),
});

function analytics(): Operation[] {
  return [
    {
      method: "get",
      path: "/api/offers/caps",
      tag: "Offer",
      summary: "Today's conversions of every capped offer, and whether its cap is reached",
      response: OfferCapsAnswer,
    },
    {
      method: "post",
      path: "/api/click-api/v1",
      tag: "Click API",
      summary: "Record a click from a lander's server and get its destination",
      body: ClickApiInput,
      response: ClickApiAnswer,
    },
  ];
}

function files(): Operation[] {
  const tag = "Files";
  return [
    {
      method: "get",
      path: "/api/files/tree",
      tag,
      summary: "The hosted files",
      response: FileTree,
    },
    {
      method: "get",
      path: "/api/files/content",
      tag,
      summary: "A text file's content",
      query: PathQuery,
      response: TextContent,
    },
    {
      method: "get",
      path: "/api/files/download",
      tag,
      summary: "Download a file",
      query: PathQuery,
      responseType: "application/octet-stream",
    },
    {
      method: "post",
      path: "/api/files/directory",
      tag,
      summary: "Create a directory",
      body: CreateDirectoryInput,
      response: FileResult,
    },
    {
      method: "post",
      path: "/api/files/file",
      tag,
      summary: "Create a text file",
      body: CreateTextFileInput,
      response: FileResult,
    },
    {
      method: "put",
      path: "/api/files/content",
      tag,
      summary: "Replace a text file's content",
      body: EditTextFileInput,
      response: FileResult,
    },
    {
      method: "post",
      path: "/api/files/rename",
      tag,
      summary: "Rename or move a file or directory",
      body: RenameInput,
      response: FileResult,
    },
    {
      method: "delete",
      path: "/api/files",
      tag,
      summary: "Delete a file or directory",
      query: PathQuery,
      response: FileResult,
    },
    {
      method: "post",
      path: "/api/files/upload",
      tag,
      summary: "Upload files into a directory",
      query: UploadQuery,
      body: UploadBody,
      bodyType: "multipart/form-data",
      response: FileResult.extend({ files: z.array(z.string()) }),
      status: 201,
    },
  ];
}

function developer(): Operation[] {
  const tag = "Monitor";
  return [
    {
      method: "get",
      path: "/api/monitor/build-info",
      tag,
      summary: "Version, runtime and click-writer figures",
      response: BuildInfo,
    },
    {
      method: "get",
      path: "/api/monitor/messages",
      tag,
      summary: "Live server log lines (Server-Sent Events)",
      query: MessagesQuery,
      responseType: "text/event-stream",
    },
    { method: "get", path: "/api/monitor/seed", tag, summary: "The seed job", response: SeedJob },
    {
      method: "post",
      path: "/api/monitor/seed",
      tag,
      summary: "Load the fixture set",
      response: SeedJob,
      status: 202,
    },
    {
      method: "get",
      path: "/api/monitor/clicker/scenarios",
      tag,
      summary: "Scenarios the clicker can run",
      response: z.object({ scenarios: z.array(ClickerScenario) }),
    },
    {
      method: "get",
      path: "/api/monitor/clicker",
      tag,
      summary: "The clicker job",
      response: ClickerJob,
    },
    {
      method: "post",
      path: "/api/monitor/clicker",
      tag,
      summary: "Run a simulation scenario against this server",
      body: ClickerInput,
      response: ClickerJob,
      status: 202,
    },
    {
      method: "get",
      path: "/api/openapi.json",
      tag: "Documentation",
      summary: "This document",
    },
    {
      method: "get",
      path: "/api/docs",
      tag: "Documentation",
      summary: "A browser for this document",
      responseType: "text/html",
    },
    {
      method: "get",
      path: "/api/docs/docs.js",
      tag: "Documentation",
      summary: "The browser's script",
      responseType: "text/javascript",
    },
  ];
}

/** Every analytics, click-API, files and developer call. */
export function dataOperations(): Operation[] {
  return [...analytics(), ...files(), ...developer()];
}
