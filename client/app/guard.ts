/**
 * The navigation guard's decisions (SPEC §2, §4), free of fetches and the DOM so each rule is
 * tested. `session.ts` does the calls and follows these decisions.
 */
import type { Mode, RoleAnswer } from "../../contracts/auth.ts";
import { withoutAuth } from "./auth_query.ts";
import { type FailureLike, isAuthFailure } from "./errors.ts";

/** The guard's own progress: before the first check, while checking, after a pass. */
export type GuardState = "initial" | "passing" | "passed";

/** What a session check (or a demo sign-in) came to. */
export type SessionOutcome =
  | { kind: "ok"; user?: RoleAnswer }
  | { kind: "access-denied" }
  | { kind: "license-expired"; message: string; trackerId?: string }
  | { kind: "error"; message: string };

/** Where the user wants to go, relative to the base path. */
export interface Target {
  pathname: string;
  search: string;
  hash: string;
}

/** What the guard does with a navigation. */
export type GuardDecision =
  | { kind: "proceed" }
  | { kind: "licence"; message: string; trackerId?: string }
  | { kind: "demo-sign-in" }
  | { kind: "sign-in"; returnTo?: string };

/** The inputs of one decision. `demo` is the demo sign-in's outcome once it was tried. */
export interface GuardInput {
  session: SessionOutcome;
  mode?: Mode;
  demo?: SessionOutcome;
  target: Target;
}

/** Classifies a failed session check or sign-in. */
export function outcomeOfFailure(failure: FailureLike): SessionOutcome {
  if (failure.status === 402) {
    return { kind: "license-expired", message: failure.message, trackerId: failure.trackerId };
  }
  if (isAuthFailure(failure)) return { kind: "access-denied" };
  return { kind: "error", message: failure.message };
}

/** SPEC §2 navigation rules, in their order. */
export function decideGuard(input: GuardInput): GuardDecision {
  const { session, mode, demo, target } = input;
  if (session.kind === "ok") return { kind: "proceed" };
  if (session.kind === "license-expired") return licence(session);
  if (mode === "demo" && demo === undefined) return { kind: "demo-sign-in" };
  if (demo?.kind === "ok") return { kind: "proceed" };
  if (demo?.kind === "license-expired") return licence(demo);
  return { kind: "sign-in", returnTo: computeReturnTo(target) };
}

function licence(outcome: { message: string; trackerId?: string }): GuardDecision {
  return { kind: "licence", message: outcome.message, trackerId: outcome.trackerId };
}

/**
 * `returnTo` for a sign-in redirect: an existing `returnTo` query wins, the root path gives
 * none, otherwise the full path with its query (without the `auth` secret) and hash.
 */
export function computeReturnTo(target: Target): string | undefined {
  const existing = new URLSearchParams(target.search).get("returnTo");
  if (existing) return existing;
  if (target.pathname === "/" || target.pathname === "") return undefined;
  return `${target.pathname}${withoutAuth(target.search)}${target.hash}`;
}

/** The sign-in address for a decision's `returnTo`. */
export function signInHref(returnTo?: string): string {
  return returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : "/login";
}

/** Where to go after signing in: `returnTo` when it is a path inside the panel, else campaigns. */
export function afterSignIn(returnTo: string | null | undefined): string {
  if (!returnTo || !returnTo.startsWith("/") || returnTo.startsWith("//")) return "/campaigns";
  if (returnTo === "/login" || returnTo.startsWith("/login?")) return "/campaigns";
  return returnTo;
}

/** What the sign-in page does with a session check: a signed-in user goes to campaigns. */
export function decideSignInPage(session: SessionOutcome): "to-campaigns" | "licence" | "form" {
  if (session.kind === "ok") return "to-campaigns";
  if (session.kind === "license-expired") return "licence";
  return "form";
}

/** What a failed call means for the session once the guard has passed (SPEC §4). */
export type FailureReaction = "ignore" | "recheck" | "licence";

/** The paths whose failures the sign-in and logout flows handle themselves. */
const SELF_HANDLED = ["/api/user/sign_in", "/api/user/logout"];

/** 402 → licence; 401 or AUTHENTICATION_ERROR (except logout) → re-check; only after a pass. */
export function reactToFailure(
  failure: FailureLike,
  call: { path: string },
  state: GuardState,
): FailureReaction {
  if (state !== "passed" || SELF_HANDLED.includes(call.path)) return "ignore";
  if (failure.status === 402) return "licence";
  const unauthenticated = failure.status === 401 || failure.code === "AUTHENTICATION_ERROR" ||
    failure.message.includes("AUTHENTICATION_ERROR");
  return unauthenticated ? "recheck" : "ignore";
}
