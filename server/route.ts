/**
 * A handler mounted on its declaration (decision 171, `contracts/route.ts`):
 * the declaration's right is checked, its params, query and JSON body are
 * validated with Rotor's 400 shape, and the handler gets them typed. A handler
 * returns the answer's data (sent as JSON with the declared status) or a
 * `Response` of its own (CSV, pages, downloads). With `ROTOR_STRICT_ANSWERS`
 * (tests) every JSON answer is checked against the declared schema, and one
 * that does not match is a 500.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { z } from "zod";
import {
  type AnswerOf,
  type BodyOf,
  paramNames,
  type ParamsOf,
  type QueryOf,
  type RouteDecl,
  routerPath,
} from "../contracts/route.ts";
import { type AppEnv, userOf } from "./context.ts";
import { assertAccess, assertUserManager } from "./auth/permissions.ts";
import { forbidden, HttpError, internal } from "./errors.ts";
import { IntegerParam, validate } from "./validate.ts";

/** What a handler receives besides the context. */
export type RouteInput<D extends RouteDecl> = {
  params: ParamsOf<D>;
  query: QueryOf<D>;
  body: BodyOf<D>;
};

type Answer<D extends RouteDecl> = AnswerOf<D> | Response;
export type RouteHandler<D extends RouteDecl> = (
  c: Context<AppEnv>,
  input: RouteInput<D>,
) => Answer<D> | Promise<Answer<D>>;

/** A declaration with its handler, ready to mount. */
export type Implemented = { decl: RouteDecl; mount: (app: Hono<AppEnv>) => void };

/** The params schema: the declared one, or every `{name}` of the path an integer. */
function paramsSchema(decl: RouteDecl): z.ZodObject | undefined {
  if (decl.params) return decl.params;
  const names = paramNames(decl.path);
  if (!names.length) return undefined;
  return z.object(Object.fromEntries(names.map((name) => [name, IntegerParam])));
}

/** Refuses callers without the declared right (401 without a user, 403 without the right). */
function authorise(c: Context<AppEnv>, decl: RouteDecl): void {
  const access = decl.access;
  if (access === "public") return;
  const user = userOf(c);
  if (access === "user") return;
  const [subject, level] = access;
  try {
    if (subject === "user") return assertUserManager(user);
    assertAccess(user, subject, level);
  } catch (error) {
    // A route naming its own refusal keeps the message it always gave.
    if (decl.refusal && error instanceof HttpError && error.status === 403) {
      throw forbidden(decl.refusal);
    }
    throw error;
  }
}

/** Binds `handler` to `decl`. */
export function implement<const D extends RouteDecl>(
  decl: D,
  handler: RouteHandler<D>,
): Implemented {
  const params = paramsSchema(decl);
  // Hono's validators are typed for any env; each part is read back typed below.
  const checks: MiddlewareHandler[] = [(c, next) => {
    authorise(c, decl);
    return next();
  }];
  if (params) checks.push(validate("param", params));
  if (decl.query) checks.push(validate("query", decl.query));
  if (decl.body && decl.bodyType === undefined) checks.push(validate("json", decl.body));
  const run = async (c: Context<AppEnv>) => {
    // The validators above put each part on the request; unvalidated parts are empty.
    const valid = (c.req.valid as (target: string) => unknown).bind(c.req);
    const input = {
      params: params ? valid("param") : {},
      query: decl.query ? valid("query") : {},
      body: decl.body && decl.bodyType === undefined ? valid("json") : {},
    } as RouteInput<D>;
    const answer = await handler(c, input);
    if (answer instanceof Response) return answer;
    if (c.var.deps.config.strictAnswers) checkAnswer(decl, answer);
    if (decl.status === 204) return c.body(null, 204);
    return c.json(answer as object, decl.status ?? 200);
  };
  return {
    decl,
    mount: (app) => app.on(decl.method.toUpperCase(), routerPath(decl), every(...checks), run),
  };
}

/** The answer as declared, or a 500 naming what differs (tests run with `strictAnswers`). */
function checkAnswer(decl: RouteDecl, answer: unknown): void {
  if (!decl.answer) throw internal(`${decl.method} ${decl.path} declares no JSON answer`);
  const parsed = decl.answer.safeParse(answer);
  if (parsed.success) return;
  const where = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  throw internal(`${decl.method.toUpperCase()} ${decl.path} answered off its schema: ${where}`);
}

/** A router holding `routes` at their full paths (mount it at `/`). */
export function routes(list: Implemented[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const item of list) item.mount(app);
  return app;
}
