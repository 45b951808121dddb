/**
 * The session calls of SPEC §7: the mode, sign-in, who is signed in (the
 * role call, and the sign-in page's session check), the hide-profit flag,
 * logout, and the personal auth secret with the account switch of a sign-in
 * link.
 */
import {
  HideProfitAnswer,
  ModeAnswer,
  RoleAnswer,
  SecretAnswer,
  SecretInput,
  SecretOwner,
  SessionAnswer,
  SignInInput,
} from "../auth.ts";
import { OkBody } from "../common.ts";
import { route } from "../route.ts";

const tag = "Session";

export const SESSION_ROUTES = {
  mode: route({
    method: "get",
    path: "/api/mode",
    tag,
    summary: "Demo or normal mode",
    access: "public",
    answer: ModeAnswer,
  }),
  signIn: route({
    method: "post",
    path: "/api/user/sign_in",
    tag,
    summary: "Sign in (sets the session cookie)",
    access: "public",
    body: SignInInput,
    answer: OkBody,
  }),
  /** Public: without a session it answers 403, the guard's signal to sign in. */
  role: route({
    method: "get",
    path: "/api/user/role",
    tag,
    summary: "Who is signed in",
    access: "public",
    answer: RoleAnswer,
  }),
  /** Public: answers 200 with `user: null` without a session (the sign-in page's check). */
  session: route({
    method: "get",
    path: "/api/user/session",
    tag,
    summary: "Who is signed in, or null (never an error for a signed-out visitor)",
    access: "public",
    answer: SessionAnswer,
  }),
  logout: route({
    method: "post",
    path: "/api/user/logout",
    tag,
    summary: "Sign out (ends the session)",
    access: "public",
    answer: OkBody,
  }),
  hideProfit: route({
    method: "get",
    path: "/api/user/{id}/hide_profit",
    tag,
    summary: "Whether a user's answers leave out profit figures (your own, or any for admins)",
    access: "user",
    answer: HideProfitAnswer,
  }),
  secret: route({
    method: "get",
    path: "/api/auth/secret",
    tag,
    summary: "The personal auth secret (signed-in sessions only, not API keys)",
    access: "user",
    answer: SecretAnswer,
  }),
  rotateSecret: route({
    method: "post",
    path: "/api/auth/secret/rotate",
    tag,
    summary: "Replace the auth secret: links with the old one stop signing in",
    access: "user",
    answer: SecretAnswer,
  }),
  secretOwner: route({
    method: "post",
    path: "/api/auth/secret/owner",
    tag,
    summary: "Whose account a sign-in link's auth value opens (signed-in sessions only)",
    access: "user",
    body: SecretInput,
    answer: SecretOwner,
  }),
  switch: route({
    method: "post",
    path: "/api/auth/switch",
    tag,
    summary: "Switch this browser to the account of a sign-in link's auth value",
    access: "user",
    body: SecretInput,
    answer: OkBody,
  }),
};
