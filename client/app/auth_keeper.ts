/**
 * Keeps the `auth` query value in the address (SPEC §2): rewritten in place, without a
 * history entry, whenever it is non-null and whenever the address changes. Never logged.
 */
import { AUTH_PARAM, readAuth, withAuth } from "./auth_query.ts";

let authValue: string | null = null;

/** Reads the value from the address the panel was opened with. */
export function startAuthKeeper(): void {
  authValue = readAuth(location.search);
}

/** Puts the value back into the current address when it is missing there. */
export function keepAuth(): void {
  authValue = readAuth(location.search) ?? authValue;
  const next = withAuth(location, authValue);
  if (next !== null) history.replaceState(history.state, "", next);
}

/** Forgets the value (logout) and removes it from the address. */
export function forgetAuth(): void {
  authValue = null;
  const url = new URL(location.href);
  if (!url.searchParams.has(AUTH_PARAM)) return;
  url.searchParams.delete(AUTH_PARAM);
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
}
