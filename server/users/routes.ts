/**
 * `/api/users`: admins manage users (list, get, create, patch, mass patch,
 * archive, restore, clone); every signed-in user reads their own account at
 * `GET /api/users/me` and changes their own password at `PATCH /api/users/me/password`.
 */
import { Hono } from "hono";
import { ListQuery, massPatch } from "../../contracts/list.ts";
import { PasswordChangeInput, UserCloneInput, UserInput, UserPatch } from "../../contracts/user.ts";
import { type AppEnv, userOf } from "../context.ts";
import { requireUser } from "../auth/middleware.ts";
import { assertUserManager } from "../auth/permissions.ts";
import { IdParam, validate } from "../validate.ts";
import { listEntities } from "../entities/list.ts";
import { getEntity } from "../entities/service.ts";
import { userDef, UserMassPatch } from "./definition.ts";
import {
  changeOwnPassword,
  cloneUserAccount,
  createUserAccount,
  massPatchUserAccounts,
  patchUserAccount,
  setUserArchived,
} from "./manage.ts";

const idParam = validate("param", IdParam);

/** Mounted at `/api/users` by `createApp`. */
export const userRoutes = new Hono<AppEnv>()
  .use("*", requireUser)
  .patch("/me/password", validate("json", PasswordChangeInput), async (c) => {
    const input = c.req.valid("json");
    await changeOwnPassword(c.var.deps.db, userOf(c), {
      ...input,
      keepSession: c.var.session?.idHash,
    }, c.var.deps.passwordCheckLimiter);
    return c.json({ status: "ok" as const });
  })
  // Every signed-in user reads their own account: the panel hides what their rights forbid.
  .get("/me", (c) => c.json(getEntity(c.var.deps.db, userDef, userOf(c).id)))
  .get("/", validate("query", ListQuery), async (c) => {
    const query = c.req.valid("query");
    assertUserManager(userOf(c));
    const { db, reads } = c.var.deps;
    return c.json(
      await listEntities(db, userDef, { query, viewer: userOf(c), reads }),
    );
  })
  .post("/", validate("json", UserInput), async (c) => {
    const input = c.req.valid("json");
    return c.json(await createUserAccount(c.var.deps.db, userOf(c), input), 201);
  })
  .patch("/mass", validate("json", massPatch(UserMassPatch)), (c) => {
    const input = c.req.valid("json");
    return c.json({ items: massPatchUserAccounts(c.var.deps.db, userOf(c), input) });
  })
  .get("/:id", idParam, (c) => {
    const id = c.req.valid("param").id;
    assertUserManager(userOf(c));
    return c.json(getEntity(c.var.deps.db, userDef, id));
  })
  .patch("/:id", idParam, validate("json", UserPatch), async (c) => {
    const id = c.req.valid("param").id;
    const patch = c.req.valid("json");
    return c.json(await patchUserAccount(c.var.deps.db, userOf(c), { id, patch }));
  })
  .delete("/:id", idParam, (c) => {
    const id = c.req.valid("param").id;
    return c.json(setUserArchived(c.var.deps.db, userOf(c), { id, archived: true }));
  })
  .post("/:id/restore", idParam, (c) => {
    const id = c.req.valid("param").id;
    return c.json(setUserArchived(c.var.deps.db, userOf(c), { id, archived: false }));
  })
  .post("/:id/clone", idParam, validate("json", UserCloneInput), async (c) => {
    const id = c.req.valid("param").id;
    const input = c.req.valid("json");
    return c.json(await cloneUserAccount(c.var.deps.db, userOf(c), { id, input }), 201);
  });
