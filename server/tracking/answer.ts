/**
 * A tracking answer as plain values (status, headers, body), made into a
 * `Response` by whichever route answered (the fast paths or the app).
 */

export type PlainAnswer = {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** Text (UTF-8) or none. */
  body: string | null;
};

/** A header name as `Headers` takes it: an HTTP token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/**
 * A header value `Headers` would keep as it is, and Deno's HTTP layer sends:
 * tab, visible ASCII and obs-text (Latin-1), no control characters, nothing
 * beyond Latin-1, and no white space at either end (`Headers` would trim it).
 */
const PLAIN_VALUE = /^(?:[\x21-\x7e\x80-\xff](?:[\t\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?)?$/;

/**
 * The list a `Response` keeps its headers in (Deno 2.9: the inner response's
 * `headerList`, not a public API), found once; null when this Deno keeps it
 * elsewhere, and then every answer takes the `Headers` way.
 */
const innerResponse = (() => {
  const probe = new Response(null, { status: 302 });
  const symbol = Object.getOwnPropertySymbols(probe).find((s) => s.description === "response");
  const inner = symbol && (probe as unknown as Record<symbol, { headerList?: unknown }>)[symbol];
  if (!symbol || !Array.isArray(inner?.headerList) || inner.headerList.length !== 0) return null;
  return symbol;
})();

/** Whether answers without a body fill the `Response`'s list directly (this Deno keeps one). */
export const DIRECT_HEADERS = innerResponse !== null;

/**
 * A `Response` with no body and `headers` in its list as they are: each name
 * and value checked by one regular expression here, where the `Headers` way
 * walks every value's characters twice in script (~1 µs a click: a redirect's
 * Location and cookie are long). Null when a name or value is not plain (the
 * `Headers` way then trims it, or refuses it as it always has).
 */
function plainResponse(status: number, headers: Readonly<Record<string, string>>): Response | null {
  if (innerResponse === null) return null;
  for (const name in headers) {
    if (!TOKEN.test(name) || !PLAIN_VALUE.test(headers[name])) return null;
  }
  const res = new Response(null, { status });
  const list = (res as unknown as Record<symbol, { headerList: [string, string][] }>)[
    innerResponse
  ].headerList;
  for (const name in headers) list.push([name, headers[name]]);
  return res;
}

/** The answer as a `Response`. */
export function toResponse(answer: PlainAnswer): Response {
  // Only bodiless ones: for a text body Deno 2.9 decides its default type after the list is
  // filled, so a type put there directly went out joined with text/plain.
  if (answer.body === null) {
    const res = plainResponse(answer.status, answer.headers);
    if (res) return res;
  }
  // The Response copies the headers into its own list: no copy here.
  return new Response(answer.body, {
    status: answer.status,
    headers: answer.headers as Record<string, string>,
  });
}
