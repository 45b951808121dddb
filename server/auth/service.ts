/**
 * Sign-in rules: rate limit before hashing, one sign-in at a time per session,
 * the same answer for an unknown user and a wrong password, and one JSON log
 * line for every outcome (never the password).
 */
import { DEMO_CREDENTIALS, type SignInInput } from "../../contracts/auth.ts";
import { WRONG_CREDENTIALS } from "../../contracts/messages.ts";
import type { Deps } from "../context.ts";
import { HttpError } from "../errors.ts";
import { logEvent } from "../log.ts";
import { getMode } from "../settings/mode.ts";
import { findUserByUsername, type UserRow } from "../users/store.ts";
import { burnPasswordCheck, verifyPassword } from "./password.ts";

export type SignInRequest = SignInInput & {
  ip: string;
  /** Identifies "the same session" for the one-at-a-time rule. */
  flightKey: string;
};

/** Checks credentials; answers the user or throws 401/409/429. */
export async function signIn(deps: Deps, request: SignInRequest): Promise<UserRow> {
  const { login, ip } = request;
  const wait = deps.signInLimiter.retryAfterSeconds(ip);
  if (wait > 0) {
    logEvent("warn", "sign_in", { outcome: "refused", reason: "rate_limited", login, ip });
    throw new HttpError(
      429,
      "TOO_MANY_ATTEMPTS",
      `Too many failed sign-ins. Try again in ${wait} s.`,
      {
        headers: { "Retry-After": String(wait) },
      },
    );
  }
  if (deps.signInsInFlight.has(request.flightKey)) {
    logEvent("warn", "sign_in", { outcome: "refused", reason: "in_progress", login, ip });
    throw new HttpError(409, "SIGN_IN_IN_PROGRESS", "A sign-in is already in progress");
  }
  deps.signInsInFlight.add(request.flightKey);
  try {
    const user = await checkCredentials(deps, request);
    if (!user) {
      deps.signInLimiter.recordFailure(ip);
      logEvent("warn", "sign_in", { outcome: "failure", login, ip });
      throw new HttpError(401, "WRONG_CREDENTIALS", WRONG_CREDENTIALS);
    }
    logEvent("info", "sign_in", { outcome: "success", login, ip, userId: user.id });
    return user;
  } finally {
    deps.signInsInFlight.delete(request.flightKey);
  }
}

async function checkCredentials(deps: Deps, input: SignInInput): Promise<UserRow | undefined> {
  const user = findUserByUsername(deps.db, input.login);
  // The demo account exists for demo mode only; elsewhere it is refused like any stranger.
  const demoOutsideDemo = user?.username === DEMO_CREDENTIALS.login &&
    getMode(deps.db) !== "demo";
  if (!user || user.disabled || demoOutsideDemo) {
    return void (await burnPasswordCheck(input.password));
  }
  return (await verifyPassword(input.password, user.passwordHash)) ? user : undefined;
}
