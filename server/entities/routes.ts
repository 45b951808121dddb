/**
 * The nine resources' shared routes (DESIGN §5): list, get, create, patch,
 * mass patch, archive, restore, clone. Every route needs a signed-in user
 * with read (GET) or write (the rest) on the definition's subject.
 */
import { getStatsSettings } from "../settings/sections.ts";
import { Hono } from "hono";
import { ListQuery, massPatch } from "../../contracts/list.ts";
import type { EntityRoutes } from "../../contracts/api/entities.ts";
import type { BodyOf, ReceivedOf } from "../../contracts/route.ts";
import { type AppEnv, userOf } from "../context.ts";
import { implement, type Implemented } from "../route.ts";
import { requireUser } from "../auth/middleware.ts";
import { assertAccess } from "../auth/permissions.ts";
import { IdParam, validate } from "../validate.ts";
import type { EntityDef, Values } from "./definition.ts";
import { listEntities } from "./list.ts";
import {
  archiveEntity,
  cloneEntity,
  createEntity,
  getEntity,
  massPatchEntities,
  patchEntity,
  restoreEntity,
} from "./service.ts";

/** Re-exported for the routes that still import it from here. */
export { IdParam };

/** A saved entity, with the definition's warnings about it when there are any. */
function answer(def: EntityDef, saved: Values): Values {
  const warnings = def.warnings?.(saved) ?? [];
  return warnings.length > 0 ? { ...saved, warnings } : saved;
}

/**
 * The shared entity routes of `def`, on the declarations of its type
 * (decision 171). The definition is typed by the declarations: it stores and
 * answers the declared entity, and creates from the declared body.
 */
export function declaredEntityRoutes<D extends EntityRoutes>(
  decls: D,
  def: EntityDef<ReceivedOf<D["get"]>, BodyOf<D["create"]>>,
): Implemented[] {
  return [
    implement(decls.list, async (c, { query }) => {
      const user = userOf(c);
      const { db, reads } = c.var.deps;
      const currency = getStatsSettings(db, user.id).currency;
      return await listEntities(db, def, { query, viewer: user, reads, currency });
    }),
    implement(decls.create, (c, { body }) => answer(def, createEntity(c.var.deps.db, def, body))),
    implement(decls.mass, (c, { body }) => ({
      items: massPatchEntities(c.var.deps.db, def, body),
    })),
    implement(decls.get, (c, { params }) => getEntity(c.var.deps.db, def, params.id)),
    implement(
      decls.patch,
      (c, { params, body }) => answer(def, patchEntity(c.var.deps.db, def, params.id, body)),
    ),
    implement(decls.archive, (c, { params }) => archiveEntity(c.var.deps.db, def, params.id)),
    implement(decls.restore, (c, { params }) => restoreEntity(c.var.deps.db, def, params.id)),
    implement(decls.clone, (c, { params }) => cloneEntity(c.var.deps.db, def, params.id)),
  ];
}

/** A Hono sub-app with the shared entity routes for `def` (users and triggers, not yet declared). */
export function entityRoutes(def: EntityDef): Hono<AppEnv> {
  const idParam = validate("param", IdParam);
  return new Hono<AppEnv>()
    .use("*", requireUser)
    .get("/", validate("query", ListQuery), async (c) => {
      const query = c.req.valid("query");
      const user = userOf(c);
      assertAccess(user, def.subject, "read");
      const { db, reads } = c.var.deps;
      const currency = getStatsSettings(db, user.id).currency;
      return c.json(
        await listEntities(db, def, { query, viewer: user, reads, currency }),
      );
    })
    .post("/", validate("json", def.create), (c) => {
      const input = c.req.valid("json");
      assertAccess(userOf(c), def.subject, "write");
      return c.json(answer(def, createEntity(c.var.deps.db, def, input)), 201);
    })
    .patch("/mass", validate("json", massPatch(def.patch)), (c) => {
      const input = c.req.valid("json");
      assertAccess(userOf(c), def.subject, "write");
      return c.json({ items: massPatchEntities(c.var.deps.db, def, input) });
    })
    .get("/:id", idParam, (c) => {
      const id = c.req.valid("param").id;
      assertAccess(userOf(c), def.subject, "read");
      return c.json(getEntity(c.var.deps.db, def, id));
    })
    .patch("/:id", idParam, validate("json", def.patch), (c) => {
      const id = c.req.valid("param").id;
      const patch = c.req.valid("json");
      assertAccess(userOf(c), def.subject, "write");
      return c.json(answer(def, patchEntity(c.var.deps.db, def, id, patch)));
    })
    .delete("/:id", idParam, (c) => {
      const id = c.req.valid("param").id;
      assertAccess(userOf(c), def.subject, "write");
      return c.json(archiveEntity(c.var.deps.db, def, id));
    })
    .post("/:id/restore", idParam, (c) => {
      const id = c.req.valid("param").id;
      assertAccess(userOf(c), def.subject, "write");
      return c.json(restoreEntity(c.var.deps.db, def, id));
    })
    .post("/:id/clone", idParam, (c) => {
      const id = c.req.valid("param").id;
      assertAccess(userOf(c), def.subject, "write");
      return c.json(cloneEntity(c.var.deps.db, def, id), 201);
    });
}
