/**
 * Outgoing HTTP for S2S postbacks, safe against SSRF (DESIGN §4): the host is
 * resolved at send time, the request is refused if any of its addresses is not
 * public, and the connection goes to the very address that was checked (so a
 * DNS answer that changes between check and connect cannot redirect it). For
 * https the TLS session runs over that pinned socket with the URL's host name
 * as server name, and the certificate is verified against that name. Redirects
 * are not followed and the whole exchange is bounded in time. See
 * docs/decisions/032-safe-fetch.md and 100-s2s-tls-pinned.md.
 */
import { formatIp, type IpAddress, parseIpLoose } from "./ip.ts";
import { isPublicAddress, notPublic } from "./ip_public.ts";

/** Outcome of one send; never throws. */
export interface SafeFetchResult {
  /** True only for a 2xx answer. */
  readonly ok: boolean;
  /** HTTP status when an answer came, else null. */
  readonly status: number | null;
  /** Why it failed (refused address, DNS, timeout, redirect, non-2xx); null when ok. */
  readonly error: string | null;
  /**
   * True when sending again can never succeed (invalid URL, scheme, an address
   * that is not public): the S2S queue gives up at once instead of retrying.
   */
  readonly permanent?: boolean;
}

/** Options of `safeFetch`. */
export interface SafeFetchOptions {
  readonly method?: "GET" | "POST";
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Whole exchange, DNS included; 5000 ms by default. */
  readonly timeoutMs?: number;
  /** Host name → addresses; Deno.resolveDns (A and AAAA) by default. Injectable for tests. */
  readonly resolve?: (host: string, signal: AbortSignal) => Promise<string[]>;
  /**
   * Also allow an address that is not public. Only for an allowlist the
   * operator wrote on purpose (the triggers' internal targets, decision 150)
   * and for tests' loopback listeners; S2S postbacks never pass it.
   */
  readonly allowAddress?: (address: IpAddress, port: number) => boolean;
  /**
   * TESTS ONLY: extra CA certificates (PEM) trusted for https, so a local TLS
   * listener with a test CA can be reached. Production trusts the system roots.
   */
  readonly extraCaCertsForTests?: readonly string[];
}

/** Default time limit of one send. */
export const SAFE_FETCH_TIMEOUT_MS = 5000;

/** Largest answer head read (status line and headers). */
const MAX_HEAD_BYTES = 64 * 1024;

async function resolveWithDns(host: string, signal: AbortSignal): Promise<string[]> {
  const answers = await Promise.allSettled([
    Deno.resolveDns(host, "A", { signal }),
    Deno.resolveDns(host, "AAAA", { signal }),
  ]);
  return answers.flatMap((a) => (a.status === "fulfilled" ? a.value : []));
}

function fail(error: string, status: number | null = null): SafeFetchResult {
  return { ok: false, status, error };
}

function refuse(error: string): SafeFetchResult {
  return { ok: false, status: null, error, permanent: true };
}

/** The addresses `host` stands for, or why it cannot be used. */
async function addressesOf(
  host: string,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<IpAddress[] | SafeFetchResult> {
  const literal = parseIpLoose(host.replace(/^\[|\]$/g, ""));
  if (literal) return [literal];
  if (host === "localhost" || host.endsWith(".localhost")) {
    return refuse(`refused: ${host} is not a public address`);
  }
  const texts = await (options.resolve ?? resolveWithDns)(host, signal);
  const addresses = texts.map((t) => parseIpLoose(t)).filter((a): a is IpAddress => a !== null);
  return addresses.length > 0 ? addresses : fail(`could not resolve ${host}`);
}

/**
 * Why `url` can never be sent (invalid, not http(s), a literal or local host
 * that is not public), or null when it may be. No DNS lookup: names are checked
 * at send time. Used to warn when such a URL is saved.
 */
export function unsendableReason(url: string): string | null {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return "invalid URL";
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    return `scheme ${target.protocol} is not http or https`;
  }
  const host = target.hostname;
  if (host === "localhost" || host.endsWith(".localhost")) return `${host} is not a public address`;
  const literal = parseIpLoose(host.replace(/^\[|\]$/g, ""));
  if (literal && !isPublicAddress(literal)) {
    return notPublic(host, literal);
  }
  return null;
}

/**
 * The save-time warning for an entity's `postbackUrl` template that can never
 * be sent (macros stand for plain text while it is checked).
 */
export function postbackUrlWarnings(
  values: Readonly<Record<string, unknown>>,
): Array<{ path: string; message: string }> {
  const url = typeof values.postbackUrl === "string" ? values.postbackUrl : "";
  const reason = url === "" ? null : unsendableReason(url.replace(/\{[^}]*\}/g, "x"));
  return reason
    ? [{ path: "postbackUrl", message: `postbacks to this URL can never be sent: ${reason}` }]
    : [];
}

/** The HTTP/1.1 request head and body bytes; header values with CR/LF are refused. */
function requestBytes(target: URL, options: SafeFetchOptions): Uint8Array {
  const body = options.body === undefined ? null : new TextEncoder().encode(options.body);
  const lines = [
    `${options.method ?? "GET"} ${target.pathname}${target.search} HTTP/1.1`,
    `Host: ${target.host}`,
    "Connection: close",
    "User-Agent: Rotor-S2S",
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (/[\r\n:]/.test(name) || /[\r\n]/.test(value)) throw new Error("invalid header");
    lines.push(`${name}: ${value}`);
  }
  if (body) lines.push(`Content-Length: ${body.length}`);
  const head = new TextEncoder().encode(lines.join("\r\n") + "\r\n\r\n");
  if (!body) return head;
  const all = new Uint8Array(head.length + body.length);
  all.set(head);
  all.set(body, head.length);
  return all;
}

/** Reads answer heads until a final (non-1xx) status line; returns its status. */
async function readStatus(conn: Deno.Conn): Promise<number> {
  const decoder = new TextDecoder();
  const buf = new Uint8Array(8192);
  let text = "";
  while (text.length < MAX_HEAD_BYTES) {
    const n = await conn.read(buf);
    if (n === null) throw new Error("connection closed before an answer");
    text += decoder.decode(buf.subarray(0, n), { stream: true });
    for (;;) {
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) break;
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      if (!m) throw new Error("answer is not HTTP/1.x");
      const status = Number(m[1]);
      if (status >= 200 || status < 100) return status;
      text = text.slice(end + 4); // 1xx: an interim answer, the final one follows
    }
  }
  throw new Error("answer head too large");
}

/** One exchange over a socket to `address`, with TLS for https. */
async function exchange(
  target: URL,
  address: IpAddress,
  port: number,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<number> {
  let conn: Deno.Conn = await Deno.connect({ hostname: formatIp(address), port });
  const onAbort = () => {
    try {
      conn.close();
    } catch { /* already closed */ }
  };
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    if (signal.aborted) throw new Error("aborted");
    if (target.protocol === "https:") {
      // Server name and certificate check use the URL's host, the socket stays on the pinned IP.
      conn = await Deno.startTls(conn as Deno.TcpConn, {
        hostname: target.hostname.replace(/^\[|\]$/g, ""),
        caCerts: options.extraCaCertsForTests ? [...options.extraCaCertsForTests] : undefined,
      });
    }
    const bytes = requestBytes(target, options);
    for (let written = 0; written < bytes.length;) {
      written += await conn.write(bytes.subarray(written));
    }
    return await readStatus(conn);
  } finally {
    signal.removeEventListener("abort", onAbort);
    onAbort();
  }
}

/**
 * Sends one request to `url` (http or https) under the rules above and reports
 * how it went. A 3xx answer is a failure: the Location is not visited.
 */
export async function safeFetch(
  url: string,
  options: SafeFetchOptions = {},
): Promise<SafeFetchResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return refuse("invalid URL");
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    return refuse(`refused: scheme ${target.protocol} is not http or https`);
  }
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const port = Number(target.port) || (target.protocol === "https:" ? 443 : 80);
  try {
    const addresses = await addressesOf(target.hostname, options, signal);
    if (!Array.isArray(addresses)) return addresses;
    const allowed = (a: IpAddress) =>
      isPublicAddress(a) || (options.allowAddress?.(a, port) ?? false);
    const refused = addresses.find((a) => !allowed(a));
    if (refused) {
      return refuse(`refused: ${notPublic(target.hostname, refused)}`);
    }
    const aborted = new Promise<never>((_, reject) =>
      signal.addEventListener("abort", () => reject(signal.reason), { once: true })
    );
    aborted.catch(() => {});
    // The race also bounds a connect that never completes (a silent address).
    const status = await Promise.race([
      exchange(target, addresses[0], port, options, signal),
      aborted,
    ]);
    if (status >= 300 && status < 400) return fail(`redirect not followed (${status})`, status);
    if (status < 200 || status >= 300) return fail(`answered ${status}`, status);
    return { ok: true, status, error: null };
  } catch (e) {
    if (signal.aborted) return fail(`timed out after ${timeoutMs} ms`);
    return fail(e instanceof Error ? e.message : String(e));
  }
}
