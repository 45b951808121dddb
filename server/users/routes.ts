/**
 * `/api/users` (`USER_ROUTES`): admins manage users (list, get, create, patch,
 * mass patch, archive, restore, clone); every signed-in user reads their own
 * account at `GET /api/users/me` and changes their own password at
 * `PATCH /api/users/me/password`.
 */
import { USER_ROUTES } from "../../contracts/api/users.ts";
import type { AnswerOf } from "../../contracts/route.ts";
import type { User } from "../../contracts/user.ts";
import type { Values } from "../entities/definition.ts";
import type { ListResult } from "../entities/list.ts";
import { userOf } from "../context.ts";
import { implement } from "../route.ts";
import { listEntities } from "../entities/list.ts";
import { getEntity } from "../entities/service.ts";
import { userDef } from "./definition.ts";
import {
  changeOwnPassword,
  cloneUserAccount,
  createUserAccount,
  massPatchUserAccounts,
  patchUserAccount,
  setUserArchived,
} from "./manage.ts";

// The entity engine answers loose values until it is typed (issue 11 item 2); with
// ROTOR_STRICT_ANSWERS the tests check every answer against `User`.
const asUser = (values: Values) => values as User;
const asUsers = (list: ListResult) => list as AnswerOf<typeof USER_ROUTES.list>;

export const userRoutes = [
  implement(USER_ROUTES.password, async (c, { body }) => {
    await changeOwnPassword(c.var.deps.db, userOf(c), {
      ...body,
      keepSession: c.var.session?.idHash,
    }, c.var.deps.passwordCheckLimiter);
    return { status: "ok" as const };
  }),
  // Every signed-in user reads their own account: the panel hides what their rights forbid.
  implement(USER_ROUTES.me, (c) => asUser(getEntity(c.var.deps.db, userDef, userOf(c).id))),
  implement(USER_ROUTES.list, async (c, { query }) => {
    const { db, reads } = c.var.deps;
    return asUsers(await listEntities(db, userDef, { query, viewer: userOf(c), reads }));
  }),
  implement(
    USER_ROUTES.create,
    async (c, { body }) => asUser(await createUserAccount(c.var.deps.db, userOf(c), body)),
  ),
  implement(USER_ROUTES.mass, (c, { body }) => ({
    items: massPatchUserAccounts(c.var.deps.db, userOf(c), body).map(asUser),
  })),
  implement(
    USER_ROUTES.get,
    (c, { params }) => asUser(getEntity(c.var.deps.db, userDef, params.id)),
  ),
  implement(
    USER_ROUTES.patch,
    async (c, { params, body }) =>
      asUser(await patchUserAccount(c.var.deps.db, userOf(c), { id: params.id, patch: body })),
  ),
  implement(
    USER_ROUTES.archive,
    (c, { params }) =>
      asUser(setUserArchived(c.var.deps.db, userOf(c), { id: params.id, archived: true })),
  ),
  implement(
    USER_ROUTES.restore,
    (c, { params }) =>
      asUser(setUserArchived(c.var.deps.db, userOf(c), { id: params.id, archived: false })),
  ),
  implement(
    USER_ROUTES.clone,
    async (c, { params, body }) =>
      asUser(await cloneUserAccount(c.var.deps.db, userOf(c), { id: params.id, input: body })),
  ),
];
