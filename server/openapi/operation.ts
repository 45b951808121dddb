/** One documented call of the OpenAPI document, tied to its contracts. */
import type { z } from "zod";

/** One documented call; `{id}`-style path parameters are integers. */
export type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  tag: string;
  summary: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The body's media type when it is not JSON (uploads). */
  bodyType?: "multipart/form-data";
  response?: z.ZodType;
  /** The answer's media type when it is not JSON (pages, downloads, streams). */
  responseType?: "text/html" | "text/javascript" | "text/event-stream" | "application/octet-stream";
  /** Also answers CSV with `format=csv`. */
  csv?: boolean;
  status?: number;
};
