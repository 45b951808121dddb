/**
 * The entity types' shared routes (DESIGN §5): list, get, create, patch,
 * mass patch, archive, restore, clone, on the declarations of
 * `contracts/api/entities.ts` (read on the subject for GETs, write for the rest).
 */
import { getStatsSettings } from "../settings/sections.ts";
import type { EntityRoutes } from "../../contracts/api/entities.ts";
import type { BodyOf, ReceivedOf } from "../../contracts/route.ts";
import type { Context } from "hono";
import { type AppEnv, userOf } from "../context.ts";
import { implement, type Implemented } from "../route.ts";
import type { EntityDef, Values } from "./definition.ts";
import { listEntities } from "./list.ts";
import { moneyChanges } from "./changes.ts";
import {
  archiveEntity,
  cloneEntity,
  createEntity,
  getEntity,
  massPatchEntities,
  patchEntity,
  restoreEntity,
} from "./service.ts";

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
  /** The definition's check of what the values reach, on the values the write would store. */
  const authorise = (c: Context<AppEnv>, id: number | null, values: Values = {}) => {
    if (!def.authorise) return;
    const stored = id === null ? {} : getEntity(c.var.deps.db, def, id);
    def.authorise(userOf(c), { ...stored, ...values });
  };
  return [
    implement(decls.list, async (c, { query }) => {
      const user = userOf(c);
      const { db, reads } = c.var.deps;
      const currency = getStatsSettings(db, user.id).currency;
      return await listEntities(db, def, { query, viewer: user, reads, currency });
    }),
    implement(decls.create, (c, { body }) => {
      authorise(c, null, body);
      return answer(def, createEntity(c.var.deps.db, def, body));
    }),
    implement(decls.mass, (c, { body }) => {
      for (const id of body.ids) authorise(c, id, body.patch);
      return { items: massPatchEntities(c.var.deps.db, def, body, userOf(c).username) };
    }),
    implement(decls.get, (c, { params }) => getEntity(c.var.deps.db, def, params.id)),
    implement(decls.patch, (c, { params, body }) => {
      authorise(c, params.id, body);
      return answer(def, patchEntity(c.var.deps.db, def, params.id, body, userOf(c).username));
    }),
    implement(decls.changes, (c, { params }) => {
      getEntity(c.var.deps.db, def, params.id);
      return { items: moneyChanges(c.var.deps.db, def, params.id) };
    }),
    implement(decls.archive, (c, { params }) => archiveEntity(c.var.deps.db, def, params.id)),
    implement(decls.restore, (c, { params }) => {
      authorise(c, params.id);
      return restoreEntity(c.var.deps.db, def, params.id);
    }),
    implement(decls.clone, (c, { params }) => {
      authorise(c, params.id);
      return cloneEntity(c.var.deps.db, def, params.id);
    }),
  ];
}
