/**
 * `/api/users`: admins manage users; every signed-in user reads their own
 * account and changes their own password.
 */
import { z } from "zod";
import { OkBody } from "../common.ts";
import { listAnswer, ListQuery, massPatch } from "../list.ts";
import { route } from "../route.ts";
import {
  PasswordChangeInput,
  User,
  UserCloneInput,
  UserInput,
  UserMassPatch,
  UserPatch,
} from "../user.ts";

const tag = "User";
const admins = ["user", "write"] as const;

/** `/me` comes before `/{id}`: the router tries them in this order. */
export const USER_ROUTES = {
  password: route({
    method: "patch",
    path: "/api/users/me/password",
    tag,
    summary: "Change your own password",
    access: "user",
    body: PasswordChangeInput,
    answer: OkBody,
  }),
  me: route({
    method: "get",
    path: "/api/users/me",
    tag,
    summary: "Your own account",
    access: "user",
    answer: User,
  }),
  list: route({
    method: "get",
    path: "/api/users",
    tag,
    summary: "List users with stats",
    access: admins,
    query: ListQuery,
    answer: listAnswer(User),
  }),
  create: route({
    method: "post",
    path: "/api/users",
    tag,
    summary: "Create a user",
    access: admins,
    body: UserInput,
    answer: User,
    status: 201,
  }),
  mass: route({
    method: "patch",
    path: "/api/users/mass",
    tag,
    summary: "Change many users at once (one transaction)",
    access: admins,
    body: massPatch(UserMassPatch),
    answer: z.object({ items: z.array(User) }),
  }),
  get: route({
    method: "get",
    path: "/api/users/{id}",
    tag,
    summary: "Get a user",
    access: admins,
    answer: User,
  }),
  patch: route({
    method: "patch",
    path: "/api/users/{id}",
    tag,
    summary: "Change a user",
    access: admins,
    body: UserPatch,
    answer: User,
  }),
  archive: route({
    method: "delete",
    path: "/api/users/{id}",
    tag,
    summary: "Archive a user",
    access: admins,
    answer: User,
  }),
  restore: route({
    method: "post",
    path: "/api/users/{id}/restore",
    tag,
    summary: "Restore an archived user",
    access: admins,
    answer: User,
  }),
  clone: route({
    method: "post",
    path: "/api/users/{id}/clone",
    tag,
    summary: "Clone a user",
    access: admins,
    body: UserCloneInput,
    answer: User,
    status: 201,
  }),
};
