/**
 * Request body limits per route, checked before any handler reads a body
 * (Content-Length up front, counted while streaming otherwise): public
 * tracking routes and the click API take small bodies, uploads and the import
 * their own larger limit, the rest of the API a JSON-sized one. Over the
 * limit the answer is 413 in the one error shape. See decision 101.
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./context.ts";
import { HttpError } from "./errors.ts";
import { MAX_TEXT_BYTES, MAX_UPLOAD_BYTES, UPLOAD_API_PATH } from "../contracts/files.ts";

/** Postbacks, pixels and click API calls: a few parameters. */
export const SMALL_BODY_BYTES = 16 * 1024;
/** Panel API JSON (entities, settings, reports). */
export const API_BODY_BYTES = 1024 * 1024;
/** A configuration import. */
export const IMPORT_BODY_BYTES = 32 * 1024 * 1024;
/** The files calls' JSON: a hosted file's text, each byte escaped at worst (`\u001f`: six bytes). */
export const FILES_BODY_BYTES = MAX_TEXT_BYTES * 6 + 64 * 1024;
/** Anything else (forward mode passes bodies through to the upstream tracker). */
export const OTHER_BODY_BYTES = 8 * 1024 * 1024;

function limit(maxSize: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new HttpError(413, "TOO_LARGE", `Request bodies here are limited to ${maxSize} bytes`);
    },
  });
}

const small = limit(SMALL_BODY_BYTES);
const upload = bodyLimit({
  // The multipart framing on top of the files.
  maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
  onError: () => {
    throw new HttpError(413, "TOO_LARGE", `Uploads are limited to ${MAX_UPLOAD_BYTES >> 20} MiB`);
  },
});
const api = limit(API_BODY_BYTES);
const importLimit = limit(IMPORT_BODY_BYTES);
const files = limit(FILES_BODY_BYTES);
const other = limit(OTHER_BODY_BYTES);

/** The limit of `path` (the other files calls carry a text file, which may exceed the API's). */
function limitOf(path: string): MiddlewareHandler<AppEnv> {
  if (path === "/postback" || path === "/pixel.gif" || path.startsWith("/api/click-api")) {
    return small;
  }
  if (path === UPLOAD_API_PATH) return upload;
  if (path.startsWith("/api/files")) return files;
  if (path === "/api/settings/import-export/import") return importLimit;
  if (path.startsWith("/api/") || path.startsWith("/admin_api/")) return api;
  return other;
}

/** The middleware: applies the route's limit to requests that carry a body. */
export const bodyLimits: MiddlewareHandler<AppEnv> = (c, next) => {
  const chosen = c.req.raw.body ? limitOf(c.req.path) : null;
  return chosen ? chosen(c, next) : next();
};
