/**
 * The `auth` query value (SPEC §2, DESIGN §6): a user's API secret carried in panel links.
 * It is kept in the address, rewritten in place, and never logged.
 */

/** The query parameter name. */
export const AUTH_PARAM = "auth";

/** The `auth` value of a query string, or `null`. */
export function readAuth(search: string): string | null {
  const value = new URLSearchParams(search).get(AUTH_PARAM);
  return value === null || value === "" ? null : value;
}

/**
 * The address with `auth=<value>` put back into its query, or `null` when nothing needs to
 * change (no value, or the address already carries it). Path, other params and hash stay.
 */
export function withAuth(
  location: { pathname: string; search: string; hash: string },
  value: string | null,
): string | null {
  if (value === null) return null;
  const params = new URLSearchParams(location.search);
  if (params.get(AUTH_PARAM) === value) return null;
  params.set(AUTH_PARAM, value);
  return `${location.pathname}?${params.toString()}${location.hash}`;
}

/** A query string without `auth` (for `returnTo`, so the secret is not copied around). */
export function withoutAuth(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(AUTH_PARAM);
  const text = params.toString();
  return text ? `?${text}` : "";
}
