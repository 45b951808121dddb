/**
 * One declaration per API route (decision 171): method, path, the right it
 * needs, its request schemas and its answer. The server mounts a handler on
 * it (`server/route.ts`: validation, the right, the answer checked in tests),
 * the OpenAPI document is generated from every declaration, and the panel,
 * the CLI and the tests call it through `routePath` with typed input and
 * answer. Paths are OpenAPI-style (`/api/offers/{id}`); a `{name}` without a
 * `params` schema is a positive integer.
 */
import type { z } from "zod";
import type { Access } from "./user.ts";
import type { Subject } from "./rights.ts";

export type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call: anyone (`public`: the handler or the route's own check decides),
 * any signed-in user (`user`), or a right on a subject (`["offer", "write"]`;
 * `["user", "write"]` is admins only).
 */
export type RouteAccess = "public" | "user" | readonly [Subject, Exclude<Access, "none">];

export type RouteDecl = {
  method: Method;
  path: string;
  /** The OpenAPI tag (the document's section). */
  tag: string;
  summary: string;
  access: RouteAccess;
  /** The 403 message of an admins-only route (`["user", "write"]`), when "manage users" would mislead. */
  refusal?: string;
  /** Path parameters when not all are integers. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The body's media type when it is not JSON (uploads). */
  bodyType?: "multipart/form-data";
  /** The JSON answer; absent when the answer is not JSON (`answerType`). */
  answer?: z.ZodType;
  /** The answer's media type when it is not JSON (pages, downloads, streams). */
  answerType?: "text/html" | "text/javascript" | "text/event-stream" | "application/octet-stream";
  /** Also answers CSV with `format=csv`. */
  csv?: boolean;
  /** The success status when it is not 200. */
  status?: 201 | 202 | 204;
};

/** Declares a route, keeping its literal method and path for the types. */
export function route<const D extends RouteDecl>(decl: D): D {
  return decl;
}

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

/** The path parameters as the handler sees them. */
export type ParamsOf<D extends RouteDecl> = D["params"] extends z.ZodObject ? z.output<D["params"]>
  : { [K in ParamNames<D["path"]>]: number };
/** The query as the handler sees it (validated, defaults applied). */
export type QueryOf<D extends RouteDecl> = D["query"] extends z.ZodObject ? z.output<D["query"]>
  : Record<string, never>;
/** The body as the handler sees it. */
export type BodyOf<D extends RouteDecl> = D["body"] extends z.ZodType ? z.output<D["body"]>
  : Record<string, never>;
/** The JSON answer the handler returns (and the caller receives). */
export type AnswerOf<D extends RouteDecl> = D["answer"] extends z.ZodType ? z.input<D["answer"]>
  : never;

/** The answer as a caller that parses it with the declared schema receives it. */
export type ReceivedOf<D extends RouteDecl> = D["answer"] extends z.ZodType ? z.output<D["answer"]>
  : never;

type ParamsIn<D extends RouteDecl> = D["params"] extends z.ZodObject
  ? { [K in keyof z.input<D["params"]>]: string | number }
  : { [K in ParamNames<D["path"]>]: number | string };
/** What a caller passes: path parameters, query and body, each only when the route has them. */
export type CallInput<D extends RouteDecl> =
  & (ParamNames<D["path"]> extends never ? { params?: undefined } : { params: ParamsIn<D> })
  & (D["query"] extends z.ZodObject ? { query?: Partial<z.input<D["query"]>> }
    : { query?: undefined })
  & (D["body"] extends z.ZodType ? { body: z.input<D["body"]> } : { body?: undefined });

/** The route's path with its parameters filled in (encoded). */
export function routePath(decl: RouteDecl, params?: Record<string, string | number>): string {
  return decl.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${decl.path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** The route's URL (path and query) for a call's input; arrays repeat their key. */
export function routeUrl(
  decl: RouteDecl,
  input: { params?: Record<string, string | number>; query?: Record<string, unknown> },
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  const path = routePath(decl, input.params);
  return text ? `${path}?${text}` : path;
}

/** `/api/offers/:id` for the router. */
export function routerPath(decl: RouteDecl): string {
  return decl.path.replace(/\{(\w+)\}/g, ":$1");
}

/** The names of the `{name}` parameters of a path. */
export function paramNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}
