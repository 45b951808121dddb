/**
 * The API's own document (`/api/openapi.json`) and its self-hosted browser
 * (`/api/docs` and its script): public, like any API reference.
 */
import { z } from "zod";
import { route } from "../route.ts";

const tag = "Documentation";

/** The OpenAPI 3.1 document, loosely: its version, info and paths. */
export const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

export const DOCS_ROUTES = {
  document: route({
    method: "get",
    path: "/api/openapi.json",
    tag,
    summary: "This document",
    access: "public",
    answer: OpenApiDocument,
  }),
  page: route({
    method: "get",
    path: "/api/docs",
    tag,
    summary: "A browser for this document",
    access: "public",
    answerType: "text/html",
  }),
  script: route({
    method: "get",
    path: "/api/docs/docs.js",
    tag,
    summary: "The browser's script",
    access: "public",
    answerType: "text/javascript",
  }),
};
