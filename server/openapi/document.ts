/**
 * The OpenAPI 3.1 document, generated from the contracts with zod 4's
 * `z.toJSONSchema` (request bodies as inputs, answers as outputs).
 */
import { z } from "zod";
import { API_KEY_HEADER } from "../../contracts/api_key.ts";
import { API_ROUTES } from "../../contracts/api/index.ts";
import { paramNames, type RouteAccess, type RouteDecl } from "../../contracts/route.ts";
import { ErrorBody } from "../../contracts/common.ts";

type Json = Record<string, unknown>;

function schema(type: z.ZodType, io: "input" | "output"): Json {
  // Refinements have no JSON Schema form; transforms are documented by their input.
  const { $schema: _drop, ...rest } = z.toJSONSchema(type, { io, unrepresentable: "any" }) as Json;
  return rest;
}

function parameters(op: RouteDecl): Json[] {
  const list: Json[] = [];
  const params = op.params
    ? (schema(op.params, "input").properties ?? {}) as Record<string, Json>
    : {};
  for (const name of paramNames(op.path)) {
    list.push({ name, in: "path", required: true, schema: params[name] ?? { type: "integer" } });
  }
  if (op.query) {
    const props = (schema(op.query, "input").properties ?? {}) as Record<string, Json>;
    for (const [name, s] of Object.entries(props)) list.push({ name, in: "query", schema: s });
  }
  return list;
}

function needs(access: RouteAccess): string | undefined {
  if (access === "public") return undefined;
  if (access === "user") return "Needs a signed-in user or an API key.";
  if (access[0] === "user") return "Needs an admin.";
  return `Needs the ${access[1]} right on ${access[0]} items.`;
}

function operation(op: RouteDecl): Json {
  const error = {
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
  const ok: Json = { description: "OK" };
  const content: Json = {};
  if (op.answer) content["application/json"] = { schema: schema(op.answer, "output") };
  if (op.answerType) content[op.answerType] = { schema: { type: "string" } };
  if (op.csv) content["text/csv"] = { schema: { type: "string" } };
  if (Object.keys(content).length) ok.content = content;
  const result: Json = {
    tags: [op.tag],
    summary: op.summary,
    ...(needs(op.access) ? { description: needs(op.access) } : {}),
    parameters: parameters(op),
    responses: {
      [String(op.status ?? 200)]: ok,
      "400": { description: "Invalid input", ...error },
      "401": { description: "Not signed in", ...error },
      "403": { description: "Not allowed", ...error },
    },
  };
  if (op.body) {
    result.requestBody = {
      required: true,
      content: { [op.bodyType ?? "application/json"]: { schema: schema(op.body, "input") } },
    };
  }
  return result;
}

/** The whole document. */
export function openApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const op of API_ROUTES) {
    paths[op.path] ??= {};
    if (paths[op.path][op.method]) throw new Error(`${op.method} ${op.path} is listed twice`);
    paths[op.path][op.method] = operation(op);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Rotor API",
      version,
      description: `Send an \`${API_KEY_HEADER}\` header (Settings → Public API) or use a panel ` +
        "session. State-changing calls take JSON bodies. Money is in the entity's currency.",
    },
    servers: [{ url: "/" }],
    security: [{ apiKey: [] }, { session: [] }],
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: API_KEY_HEADER },
        session: { type: "apiKey", in: "cookie", name: "rotor_session" },
      },
      schemas: { Error: schema(ErrorBody, "output") },
    },
    paths,
  };
}
