/**
 * The session flows that call the server: session check (the guard's, and the sign-in page's),
 * demo sign-in, sign-in, logout and the guard run. The rules they follow are in `guard.ts`.
 */
import type { Mode, SignInInput } from "../../contracts/auth.ts";
import { DEMO_CREDENTIALS, roleFromWire } from "../../contracts/wire.ts";
import {
  HideProfitParser,
  ModeAnswerParser,
  OkBodyParser,
  RoleAnswerParser,
  SessionAnswerParser,
} from "./shell_parsers.ts";
import { api, ApiError } from "./api.ts";
import { clearCurrentUser, saveCurrentUser } from "./current_user.ts";
import { createExternalStore } from "./external_store.ts";
import {
  decideGuard,
  type GuardDecision,
  type GuardState,
  outcomeOfFailure,
  type SessionOutcome,
  type Target,
} from "./guard.ts";
import { exclusive } from "./helpers.ts";

/** The guard's state: initial → passing → passed. */
export const guardStateStore = createExternalStore<GuardState>("initial");

/** The licence message the sign-in page shows, with the tracker id. */
export interface LicenceNotice {
  message: string;
  trackerId?: string;
}
export const licenceNoticeStore = createExternalStore<LicenceNotice | null>(null);

function asFailure(error: unknown): SessionOutcome {
  if (error instanceof ApiError) return outcomeOfFailure(error);
  return { kind: "error", message: error instanceof Error ? error.message : String(error) };
}

/** The session check: the role call; on success the user is stored with the profit flag. */
export async function checkSession(): Promise<SessionOutcome> {
  try {
    const answer = await api("/api/user/role", { schema: RoleAnswerParser });
    const hideProfit = await api(`/api/user/${encodeURIComponent(answer.id)}/hide_profit`, {
      schema: HideProfitParser,
    }).then((a) => a.hideProfit, () => false);
    saveCurrentUser({
      id: answer.id,
      username: answer.username,
      role: roleFromWire(answer.role),
      isHideProfit: hideProfit,
    });
    return { kind: "ok", user: answer };
  } catch (error) {
    return asFailure(error);
  }
}

/**
 * The sign-in page's session check: who is signed in, answered without an error status for a
 * signed-out visitor (the role call's 403 would be logged by the browser on every visit); a
 * 402 still carries the licence message. It stores no user: a signed-in visitor goes on to a
 * guarded route, whose own check does.
 */
export async function checkSignedIn(): Promise<SessionOutcome> {
  try {
    const { user } = await api("/api/user/session", { schema: SessionAnswerParser });
    return user ? { kind: "ok", user } : { kind: "access-denied" };
  } catch (error) {
    return asFailure(error);
  }
}

/** The mode; `normal` unless the server says `demo`. */
export async function fetchMode(): Promise<Mode> {
  try {
    return (await api("/api/mode", { schema: ModeAnswerParser })).mode;
  } catch {
    return "normal";
  }
}

/** Signs in; refuses to start while a sign-in runs. Throws `ApiError` on failure. */
export const signIn = exclusive("Sign-in", async (input: SignInInput) => {
  await api("/api/user/sign_in", { method: "post", body: input, schema: OkBodyParser });
  licenceNoticeStore.set(null);
});

/** Logs out; refuses to start while a logout runs. The stored user is cleared either way. */
export const logout = exclusive("Logout", async () => {
  try {
    await api("/api/user/logout", { method: "post", body: {}, schema: OkBodyParser });
  } finally {
    clearCurrentUser();
    guardStateStore.set("initial");
  }
});

async function demoSignIn(): Promise<SessionOutcome> {
  try {
    await signIn(DEMO_CREDENTIALS);
    return await checkSession();
  } catch (error) {
    return asFailure(error);
  }
}

/** Runs the guard for a navigation to `target` and returns what to do. */
export async function runGuard(target: Target): Promise<GuardDecision> {
  guardStateStore.set("passing");
  const session = await checkSession();
  let decision = decideGuard({ session, target });
  if (decision.kind !== "proceed" && decision.kind !== "licence") {
    const mode = await fetchMode();
    decision = decideGuard({ session, mode, target });
    if (decision.kind === "demo-sign-in") {
      decision = decideGuard({ session, mode, demo: await demoSignIn(), target });
    }
  }
  if (decision.kind === "licence") {
    licenceNoticeStore.set({ message: decision.message, trackerId: decision.trackerId });
  }
  guardStateStore.set(decision.kind === "proceed" ? "passed" : "initial");
  return decision;
}
