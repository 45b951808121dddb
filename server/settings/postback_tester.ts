/**
 * The postback tester: reads a postback URL the way `/postback` would (click,
 * network token, IP allowlist, status mapping, payout, duplicates) and says
 * what it would do. It only reads; nothing is written.
 */
import { ConversionStatus, type ConversionStatus as Status } from "../../contracts/stats.ts";
import type { PostbackTestInput, PostbackTestResult } from "../../contracts/postback_processing.ts";
import { CANONICAL_PATHS } from "../../contracts/settings.ts";
import type { Db } from "../db/connection.ts";
import { selectById } from "../entities/store.ts";
import { offerDef } from "../offers/definition.ts";
import { affiliateNetworkDef } from "../affiliate_networks/definition.ts";
import { cidrContains, parseCidr, parseIpLoose } from "../tracking/ip.ts";
import { readSection } from "./sections.ts";

type Step = PostbackTestResult["steps"][number];
type Conversion = NonNullable<PostbackTestResult["conversion"]>;

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text, "http://tracker.invalid");
  } catch {
    return undefined;
  }
}

function reject(steps: Step[], httpStatus: number, summary: string): PostbackTestResult {
  return { outcome: "reject", httpStatus, summary, steps, conversion: null };
}

/**
 * Maps a network's status text as the postback handler does: none sent is a
 * sale; then the network's map, the aliases, Rotor's own names; anything
 * else is held for review.
 */
export function mapStatus(
  raw: string,
  options: { networkMap: Record<string, Status>; aliases: Record<string, Status> },
): { status: Status; how: string } {
  const lower = raw.trim().toLowerCase();
  if (lower === "") return { status: "sale", how: "no status sent: a sale" };
  const fromNetwork = Object.entries(options.networkMap).find(([k]) => k.toLowerCase() === lower);
  if (fromNetwork) return { status: fromNetwork[1], how: "the network's status map" };
  if (options.aliases[lower]) return { status: options.aliases[lower], how: "a status alias" };
  const own = ConversionStatus.safeParse(lower);
  if (own.success) return { status: own.data, how: "Rotor's own status name" };
  return { status: "hold", how: "an unknown status: held for review" };
}

function allowlistStep(list: string[], ip: string, whose: string): Step {
  if (list.length === 0) {
    return { name: "IP allowlist", ok: true, detail: "no allowlist: any sender" };
  }
  if (!ip) {
    return {
      name: "IP allowlist",
      ok: true,
      detail: `${whose} allowlist set; give a sender IP to check it`,
    };
  }
  const address = parseIpLoose(ip);
  const inside = address !== null && list.some((c) => {
    const cidr = parseCidr(c);
    return cidr !== null && cidrContains(cidr, address);
  });
  return {
    name: "IP allowlist",
    ok: inside,
    detail: inside
      ? `${ip} is in the ${whose} allowlist`
      : `${ip} is not in the ${whose} allowlist`,
  };
}

/** What the postback at `input.url` would do. */
export function testPostback(db: Db, input: PostbackTestInput): PostbackTestResult {
  const steps: Step[] = [];
  const url = parseUrl(input.url);
  if (!url) return reject([{ name: "URL", ok: false, detail: "not a URL" }], 400, "Not a URL");
  const paths = readSection(db, "url-customization");
  const postbackPaths = [
    CANONICAL_PATHS.postback,
    paths.postbackPath,
    ...paths.previous.filter((p) => p.kind === "postback").map((p) => p.path),
  ];
  const pathOk = postbackPaths.includes(url.pathname);
  steps.push({
    name: "Path",
    ok: pathOk,
    detail: pathOk
      ? `${url.pathname} is a postback path`
      : `${url.pathname} is not a postback path (${postbackPaths.join(", ")})`,
  });
  if (!pathOk) return reject(steps, 404, "The path does not reach the postback handler");

  const q = url.searchParams;
  const clickId = q.get("clickid") ?? "";
  const click = clickId
    ? db.prepare("SELECT id, campaign_id, offer_id FROM clicks WHERE id = ?").get(clickId)
    : undefined;
  steps.push({
    name: "Click",
    ok: !!click,
    detail: click
      ? `click ${clickId} found`
      : clickId
      ? `no click ${clickId}`
      : "no clickid parameter",
  });
  if (!click) return reject(steps, 404, "Unknown clickid: nothing would be written");

  const offer = click.offer_id === null
    ? undefined
    : selectById(offerDef, db, Number(click.offer_id));
  const networkId = typeof offer?.affiliateNetworkId === "number" ? offer.affiliateNetworkId : null;
  const network = networkId === null ? undefined : selectById(affiliateNetworkDef, db, networkId);
  steps.push({
    name: "Offer and network",
    ok: true,
    detail: `${offer ? `offer ${offer.id} '${offer.name}'` : "no offer"}, ${
      network ? `network ${network.id} '${network.name}'` : "no network"
    }`,
  });

  const token = String(network?.postbackToken ?? "");
  const tokenOk = token === "" || q.get("token") === token;
  steps.push({
    name: "Token",
    ok: tokenOk,
    detail: token === ""
      ? "the network asks for no token"
      : tokenOk
      ? "the token matches"
      : "the token is missing or wrong",
  });
  if (!tokenOk) return reject(steps, 403, "The network's token does not match");

  const settings = readSection(db, "postback-processing");
  const networkList = (network?.postbackIpAllowlist as string[] | undefined) ?? [];
  const ipStep = networkList.length
    ? allowlistStep(networkList, input.ip, "network's")
    : allowlistStep(settings.ipAllowlist, input.ip, "default");
  steps.push(ipStep);
  if (!ipStep.ok) return reject(steps, 403, "The sender's IP is not allowed");

  const rawStatus = q.get("status") ?? "";
  const mapped = mapStatus(rawStatus, {
    networkMap: (network?.statusMap as Record<string, Status> | undefined) ?? {},
    aliases: settings.statusAliases,
  });
  steps.push({
    name: "Status",
    ok: true,
    detail: `'${rawStatus}' → ${mapped.status} (by ${mapped.how})`,
  });

  const payoutText = q.get("payout");
  const fixed = offer?.payoutMode === "fixed";
  const given = payoutText === null || payoutText === "" ? undefined : Number(payoutText);
  if (given !== undefined && (!Number.isFinite(given) || given < 0)) {
    steps.push({ name: "Payout", ok: false, detail: `'${payoutText}' is not an amount` });
    return reject(steps, 400, "Bad payout");
  }
  const payout = fixed ? Number(offer?.payout ?? 0) : given ?? Number(offer?.payout ?? 0);
  steps.push({
    name: "Payout",
    ok: true,
    detail: fixed
      ? `${payout} (the offer's fixed payout)`
      : given !== undefined
      ? `${payout} from the postback`
      : `${payout} (none sent: the offer's payout)`,
  });

  const txid = q.get("txid") ?? "";
  const currency = q.get("currency") || String(network?.currency ?? offer?.currency ?? "USD");
  const conversion: Conversion = {
    clickId,
    status: mapped.status,
    originalStatus: rawStatus,
    payout,
    currency,
    txid,
    campaignId: click.campaign_id === null ? null : Number(click.campaign_id),
    offerId: offer ? Number(offer.id) : null,
    affiliateNetworkId: networkId,
  };
  const same = db.prepare(
    "SELECT 1 FROM conversions WHERE click_id = ? AND txid = ? AND status = ?",
  ).get(clickId, txid, mapped.status);
  if (same) {
    steps.push({
      name: "Duplicate",
      ok: true,
      detail: "the same click, txid and status is already recorded: it counts once",
    });
    return {
      outcome: "duplicate",
      httpStatus: 200,
      summary: "Already recorded: nothing would change",
      steps,
      conversion,
    };
  }
  const earlier = Number(
    db.prepare("SELECT count(*) AS n FROM conversions WHERE click_id = ?").get(clickId)?.n ?? 0,
  );
  const policy = offer?.upsell ? "add" : settings.duplicatePolicy;
  if (earlier > 0 && policy === "ignore") {
    steps.push({
      name: "Duplicate",
      ok: true,
      detail: "the click has a conversion and the policy is to ignore repeats",
    });
    return {
      outcome: "duplicate",
      httpStatus: 200,
      summary: "Ignored as a repeat: nothing would change",
      steps,
      conversion,
    };
  }
  const effect = earlier === 0
    ? "first conversion of the click"
    : policy === "add"
    ? `adds to ${earlier} earlier (${offer?.upsell ? "upsell offer" : "policy: add"})`
    : "replaces the earlier conversion (policy: replace)";
  steps.push({ name: "Duplicate", ok: true, detail: effect });
  return {
    outcome: "record",
    httpStatus: 200,
    summary: `Would record a ${mapped.status} of ${payout} ${currency}`,
    steps,
    conversion,
  };
}
