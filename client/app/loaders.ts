/** Route loaders of the shell: the navigation guard, the sign-in page and the update guard. */
import { type LoaderFunctionArgs, redirect } from "react-router";
import { BASE_PATH } from "./base_path.ts";
import { decideSignInPage, signInHref, type Target } from "./guard.ts";
import { checkSignedIn, licenceNoticeStore, runGuard } from "./session.ts";

/** The requested address relative to the base path. */
export function targetOf(request: Request): Target {
  const url = new URL(request.url);
  const inside = url.pathname.startsWith(BASE_PATH)
    ? url.pathname.slice(BASE_PATH.length)
    : url.pathname;
  // A loader's request carries no hash: the page's own address has it when the page opened here.
  const here = globalThis.location;
  const hash = url.hash ||
    (here?.pathname === url.pathname && here.search === url.search ? here.hash : "");
  return { pathname: inside === "" ? "/" : inside, search: url.search, hash };
}

/** Checks the session before every guarded navigation (SPEC §2). */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  const decision = await runGuard(targetOf(request));
  if (decision.kind === "proceed") return null;
  if (decision.kind === "sign-in") throw redirect(signInHref(decision.returnTo));
  throw redirect("/login");
}

/**
 * A signed-in user who opens sign-in goes to campaigns; a lapsed licence shows its message.
 * Its check answers a signed-out visitor without an error status (no 403 on every visit).
 */
export async function loginLoader() {
  const session = await checkSignedIn();
  const next = decideSignInPage(session);
  if (next === "to-campaigns") throw redirect("/campaigns");
  licenceNoticeStore.set(
    session.kind === "license-expired"
      ? { message: session.message, trackerId: session.trackerId }
      : null,
  );
  return null;
}

/**
 * The update route rechecks for updates; with none available it goes to campaigns, unless
 * checks are off (no manifest): then the page says so with the running version.
 */
export async function updateLoader() {
  const { checkForUpdates } = await import("./update_check.ts");
  const state = await checkForUpdates({ force: true });
  if (state.status === "value" && !state.available && state.checksEnabled !== false) {
    throw redirect("/campaigns");
  }
  return state;
}
