/** The base path the panel lives under (SPEC §2). */
export const BASE_PATH = "/panel";

/**
 * The address rewritten under `/panel/`, keeping query and hash; `null` when it is already
 * there. `/panel` itself becomes `/panel/`.
 */
export function rewriteToBase(pathname: string, search = "", hash = ""): string | null {
  if (pathname.startsWith(`${BASE_PATH}/`)) return null;
  if (pathname === BASE_PATH) return `${BASE_PATH}/${search}${hash}`;
  const rest = pathname.startsWith("/") ? pathname : `/${pathname}`;
  return `${BASE_PATH}${rest}${search}${hash}`;
}
