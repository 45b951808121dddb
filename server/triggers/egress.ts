/**
 * Outgoing calls of triggers (decision 150): webhooks and Telegram go through
 * the SSRF-safe `safeFetch`; URL checks (which need the body) and SMTP (not
 * HTTP) pin the connection to an address checked by the same rule. An
 * address that is not public is refused unless the operator's allowlist
 * (CIDRs in the channel settings) names it.
 */
import { cidrContains, formatIp, type IpAddress, parseCidr, parseIpLoose } from "../tracking/ip.ts";
import { isPublicAddress, notPublic } from "../tracking/ip_public.ts";
import { safeFetch, type SafeFetchResult } from "../tracking/safe_fetch.ts";

/** Time limit of one outgoing call. */
export const EGRESS_TIMEOUT_MS = 8000;
/** How much of a page a URL check reads. */
const MAX_BODY = 512 * 1024;

/** A predicate: may a call reach this non-public address? */
export type Allow = (address: IpAddress) => boolean;

/** The allowlist predicate of CIDR texts (bad entries are ignored; the contract refuses them). */
export function allowlist(cidrs: readonly string[]): Allow {
  const parsed = cidrs.map((c) =>
    parseCidr(c.includes("/") ? c : `${c}/${c.includes(":") ? 128 : 32}`)
  )
    .filter((c) => c !== null);
  return (address) => parsed.some((c) => cidrContains(c, address));
}

/** An HTTP call through safeFetch with the allowlist (webhooks, Telegram). */
export function sendJson(
  url: string,
  body: string,
  options: { allow: Allow; headers?: Record<string, string> },
): Promise<SafeFetchResult> {
  return safeFetch(url, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...options.headers },
    timeoutMs: EGRESS_TIMEOUT_MS,
    // The operator's explicit allowlist of internal targets (decision 150).
    allowAddress: (address) => options.allow(address),
  });
}

async function resolve(host: string): Promise<IpAddress[]> {
  const literal = parseIpLoose(host.replace(/^\[|\]$/g, ""));
  if (literal) return [literal];
  if (host === "localhost" || host.endsWith(".localhost")) return [parseIpLoose("127.0.0.1")!];
  const answers = await Promise.allSettled([
    Deno.resolveDns(host, "A", { signal: AbortSignal.timeout(EGRESS_TIMEOUT_MS) }),
    Deno.resolveDns(host, "AAAA", { signal: AbortSignal.timeout(EGRESS_TIMEOUT_MS) }),
  ]);
  return answers.flatMap((a) => a.status === "fulfilled" ? a.value : [])
    .map((t) => parseIpLoose(t)).filter((a) => a !== null);
}

/** The one checked address to connect to for `host`, or why not. */
export async function checkedAddress(host: string, allow: Allow): Promise<string> {
  const addresses = await resolve(host);
  if (addresses.length === 0) throw new Error(`could not resolve ${host}`);
  const refused = addresses.find((a) => !isPublicAddress(a) && !allow(a));
  if (refused) throw new Error(`refused: ${notPublic(host, refused)}`);
  return formatIp(addresses[0]);
}

/** What a URL check saw. */
export type Probe = { up: boolean; status: number | null; detail: string };

/**
 * Opens `url` (no redirects followed: a 3xx counts as up) and, when
 * `mustContain` is set, reads up to 512 KB of a 2xx body looking for it.
 */
export async function probeUrl(
  url: string,
  options: { mustContain: string; allow: Allow },
): Promise<Probe> {
  const { mustContain, allow } = options;
  let client: Deno.HttpClient | null = null;
  try {
    const target = new URL(url);
    if (target.protocol !== "http:" && target.protocol !== "https:") {
      return { up: false, status: null, detail: `refused: scheme ${target.protocol}` };
    }
    const hostname = await checkedAddress(target.hostname, allow);
    const port = Number(target.port) || (target.protocol === "https:" ? 443 : 80);
    client = Deno.createHttpClient({ proxy: { transport: "tcp", hostname, port } });
    const init: RequestInit & { client: Deno.HttpClient } = {
      client,
      redirect: "manual",
      signal: AbortSignal.timeout(EGRESS_TIMEOUT_MS),
    };
    const res = await fetch(target.href, init);
    const status = res.status;
    if (status < 200 || status >= 400) {
      await res.body?.cancel();
      return { up: false, status, detail: `answered ${status}` };
    }
    if (!mustContain || status >= 300) {
      await res.body?.cancel();
      return { up: true, status, detail: `answered ${status}` };
    }
    const text = await readSome(res, MAX_BODY);
    return text.includes(mustContain)
      ? { up: true, status, detail: `answered ${status} with the text` }
      : { up: false, status, detail: `answered ${status} without "${mustContain}"` };
  } catch (e) {
    return { up: false, status: null, detail: e instanceof Error ? e.message : String(e) };
  } finally {
    client?.close();
  }
}

async function readSome(res: Response, max: number): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < max) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel();
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return new TextDecoder().decode(all.subarray(0, max));
}
