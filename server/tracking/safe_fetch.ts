/**
 * Outgoing HTTP for S2S postbacks, safe against SSRF (DESIGN §4): the host is
 * resolved at send time, the request is refused if any of its addresses is not
 * public, and the connection goes to the very address that was checked (so a
 * DNS answer that changes between check and connect cannot redirect it), with
 * the URL's own Host header and TLS name. Redirects are not followed and the
 * whole exchange is bounded in time. See docs/decisions/032-safe-fetch.md.
 */
import { formatIp, type IpAddress, parseIpLoose } from "./ip.ts";
import { isPublicAddress } from "./ip_public.ts";

/** Outcome of one send; never throws. */
export interface SafeFetchResult {
  /** True only for a 2xx answer. */
  readonly ok: boolean;
  /** HTTP status when an answer came, else null. */
  readonly status: number | null;
  /** Why it failed (refused address, DNS, timeout, redirect, non-2xx); null when ok. */
  readonly error: string | null;
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
   * TESTS ONLY: also allow an address that is not public (e.g. a loopback test
   * server). Production code must never pass this.
   */
  readonly unsafeAllowAddressForTests?: (address: IpAddress, port: number) => boolean;
}

/** Default time limit of one send. */
export const SAFE_FETCH_TIMEOUT_MS = 5000;

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

/** The addresses `host` stands for, or why it cannot be used. */
async function addressesOf(
  host: string,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<IpAddress[] | string> {
  const literal = parseIpLoose(host.replace(/^\[|\]$/g, ""));
  if (literal) return [literal];
  if (host === "localhost" || host.endsWith(".localhost")) {
    return `refused: ${host} is not a public address`;
  }
  const texts = await (options.resolve ?? resolveWithDns)(host, signal);
  const addresses = texts.map((t) => parseIpLoose(t)).filter((a): a is IpAddress => a !== null);
  return addresses.length > 0 ? addresses : `could not resolve ${host}`;
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
    return fail("invalid URL");
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    return fail(`refused: scheme ${target.protocol} is not http or https`);
  }
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const port = Number(target.port) || (target.protocol === "https:" ? 443 : 80);
  let client: Deno.HttpClient | null = null;
  try {
    const addresses = await addressesOf(target.hostname, options, signal);
    if (typeof addresses === "string") return fail(addresses);
    const allowed = (a: IpAddress) =>
      isPublicAddress(a) || (options.unsafeAllowAddressForTests?.(a, port) ?? false);
    const refused = addresses.find((a) => !allowed(a));
    if (refused) {
      return fail(`refused: ${target.hostname} is ${formatIp(refused)}, not a public address`);
    }
    // Every connection of this client goes to the checked address; the URL keeps Host and SNI.
    client = Deno.createHttpClient({
      proxy: { transport: "tcp", hostname: formatIp(addresses[0]), port },
    });
    const init: RequestInit & { client: Deno.HttpClient } = {
      method: options.method ?? "GET",
      headers: options.headers,
      body: options.body,
      client,
      redirect: "manual",
      signal,
    };
    const response = await fetch(target.href, init);
    await response.body?.cancel();
    if (response.status >= 300 && response.status < 400) {
      return fail(`redirect not followed (${response.status})`, response.status);
    }
    if (!response.ok) return fail(`answered ${response.status}`, response.status);
    return { ok: true, status: response.status, error: null };
  } catch (e) {
    if (signal.aborted) return fail(`timed out after ${timeoutMs} ms`);
    return fail(e instanceof Error ? e.message : String(e));
  } finally {
    client?.close();
  }
}
