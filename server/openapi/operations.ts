/**
 * The operations the OpenAPI document lists, each tied to its contracts, so
 * the document cannot drift from what the server validates.
 */
import { ErrorBody, OkBody } from "../../contracts/common.ts";
import {
  HideProfitAnswer,
  ModeAnswer,
  RoleAnswer,
  SecretAnswer,
  SecretInput,
  SecretOwner,
  SignInInput,
} from "../../contracts/auth.ts";
import { PasswordChangeInput } from "../../contracts/user.ts";
import { dataOperations } from "./data_operations.ts";
import { entityOperations } from "./entity_operations.ts";
import type { Operation } from "./operation.ts";
import { costOperations } from "./cost_operations.ts";

export type { Operation };

/** Every documented operation. */
export function operations(): Operation[] {
  return [
    {
      method: "get",
      path: "/api/mode",
      tag: "Session",
      summary: "Demo or normal mode",
      response: ModeAnswer,
    },
    {
      method: "post",
      path: "/api/user/sign_in",
      tag: "Session",
      summary: "Sign in (sets the session cookie)",
      body: SignInInput,
      response: OkBody,
    },
    {
      method: "get",
      path: "/api/user/role",
      tag: "Session",
      summary: "Who is signed in",
      response: RoleAnswer,
    },
    {
      method: "post",
      path: "/api/user/logout",
      tag: "Session",
      summary: "Sign out (ends the session)",
      response: OkBody,
    },
    {
      method: "get",
      path: "/api/user/{id}/hide_profit",
      tag: "Session",
      summary: "Whether a user's answers leave out profit figures",
      response: HideProfitAnswer,
    },
    {
      method: "get",
      path: "/api/auth/secret",
      tag: "Session",
      summary: "The personal auth secret (signed-in sessions only, not API keys)",
      response: SecretAnswer,
    },
    {
      method: "post",
      path: "/api/auth/secret/rotate",
      tag: "Session",
      summary: "Replace the auth secret: links with the old one stop signing in",
      response: SecretAnswer,
    },
    {
      method: "post",
      path: "/api/auth/secret/owner",
      tag: "Session",
      summary: "Whose account a sign-in link's auth value opens (signed-in sessions only)",
      body: SecretInput,
      response: SecretOwner,
    },
    {
      method: "post",
      path: "/api/auth/switch",
      tag: "Session",
      summary: "Switch this browser to the account of a sign-in link's auth value",
      body: SecretInput,
      response: OkBody,
    },
    {
      method: "patch",
      path: "/api/users/me/password",
      tag: "User",
      summary: "Change your own password",
      body: PasswordChangeInput,
      response: OkBody,
    },
    ...entityOperations(),
    ...dataOperations(),
    ...costOperations(),
  ];
}

export { ErrorBody };
