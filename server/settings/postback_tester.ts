/**
 * The postback tester: reads a postback URL the way `/postback` would and
 * says what it would do. The decision is the handler's own
 * (`decidePostback`); the tester adds only the path check and reads, never
 * writes.
 */
import type { PostbackTestInput, PostbackTestResult } from "../../contracts/postback_processing.ts";
import { CANONICAL_PATHS } from "../../contracts/settings.ts";
import { fromMicros } from "../money.ts";
import type { TrackingEngine } from "../tracking/engine.ts";
import {
  decidePostback,
  gatherFacts,
  type PlannedConversion,
  type PostbackFacts,
  type PostbackParams,
  type PostbackStep,
} from "../tracking/postback_rules.ts";
import { readSection } from "./sections.ts";

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text, "http://tracker.invalid");
  } catch {
    return undefined;
  }
}

function reject(steps: PostbackStep[], httpStatus: number, summary: string): PostbackTestResult {
  return { outcome: "reject", httpStatus, summary, steps, conversion: null };
}

function pathStep(engine: TrackingEngine, url: URL): PostbackStep {
  const paths = readSection(engine.db, "url-customization");
  const postbackPaths = [
    CANONICAL_PATHS.postback,
    paths.postbackPath,
    ...paths.previous.filter((p) => p.kind === "postback").map((p) => p.path),
  ];
  const ok = postbackPaths.includes(url.pathname);
  return {
    name: "Path",
    ok,
    detail: ok
      ? `${url.pathname} is a postback path`
      : `${url.pathname} is not a postback path (${[...new Set(postbackPaths)].join(", ")})`,
  };
}

function paramsOf(url: URL): PostbackParams {
  const q = url.searchParams;
  const get = (name: string) => q.get(name) ?? undefined;
  return {
    clickid: get("clickid"),
    status: get("status"),
    payout: get("payout"),
    txid: get("txid"),
    currency: get("currency"),
    token: get("token"),
  };
}

function described(facts: PostbackFacts, planned: PlannedConversion) {
  const click = facts.click!;
  return {
    clickId: click.id,
    status: planned.status,
    event: planned.event,
    originalStatus: planned.original,
    payout: fromMicros(planned.event ? planned.eventPayout : planned.payout),
    currency: planned.currency,
    txid: planned.txid,
    campaignId: click.campaignId,
    offerId: facts.offer?.id ?? null,
    affiliateNetworkId: facts.offer?.network?.id ?? null,
  };
}

/** What the postback at `input.url` would do, coming from `input.ip` (empty: not checked). */
export function testPostback(engine: TrackingEngine, input: PostbackTestInput): PostbackTestResult {
  const url = parseUrl(input.url);
  if (!url) return reject([{ name: "URL", ok: false, detail: "not a URL" }], 400, "Not a URL");
  const path = pathStep(engine, url);
  if (!path.ok) return reject([path], 404, "The path does not reach the postback handler");
  const facts = gatherFacts(engine, paramsOf(url), { ip: input.ip || null });
  const decision = decidePostback(facts);
  const steps = [path, ...decision.steps];
  if (decision.outcome === "reject") {
    return reject(steps, decision.httpStatus, `${decision.message}: nothing would be written`);
  }
  const conversion = described(facts, decision.conversion);
  if (decision.outcome === "duplicate") {
    return {
      outcome: "duplicate",
      httpStatus: 200,
      summary: `${decision.reason}: nothing would change`,
      steps,
      conversion,
    };
  }
  return {
    outcome: "record",
    httpStatus: 200,
    summary: `Would record ${
      conversion.event
        ? `an event ${conversion.event} (${conversion.status})`
        : `a ${conversion.status}`
    } of ${conversion.payout} ${conversion.currency}`,
    steps,
    conversion,
  };
}
