/**
 * Traffic scenarios (`fixtures/scenarios/*.json`) for `rotor simulate` and the
 * developer monitor's clicker: how many clicks, from where and what devices,
 * how many bots and repeat visitors, lander click-throughs, and per offer its
 * share of traffic, conversion rate and payouts.
 */
import { z } from "zod";

const Share = z.number().min(0).max(1);

/** One offer of the simulated campaign. */
export const ScenarioOffer = z.object({
  name: z.string().min(1).max(100),
  /** Relative share of traffic. */
  weight: z.number().int().min(1).max(100_000),
  /** Conversions per visitor who reaches the offer. */
  cr: Share,
  /** fixed: the offer's payout counts; auto: each postback carries one between min and max. */
  payoutMode: z.enum(["fixed", "auto"]).default("fixed"),
  payout: z.number().min(0).max(10_000),
  maxPayout: z.number().min(0).max(10_000).optional(),
});
export type ScenarioOffer = z.infer<typeof ScenarioOffer>;

/** A scenario file. */
export const Scenario = z.object({
  name: z.string().min(1),
  /** Seeds every random choice, so a scenario sends the same traffic each run. */
  seed: z.number().int().default(1),
  clicks: z.number().int().min(1).max(100_000_000),
  /** Requests in flight at once. */
  concurrency: z.number().int().min(1).max(1024).default(32),
  /** Country → relative share; visitors' IPs come from that country's prefixes below. */
  countries: z.record(z.string().regex(/^[A-Z]{2}$/), z.number().min(0)),
  /** Country → IPv4 /16 prefixes (`"68.180"`). */
  prefixes: z.record(z.string(), z.array(z.string().regex(/^\d{1,3}\.\d{1,3}$/)).min(1)),
  /** Device name → relative share; names are keys of `userAgents`. */
  devices: z.record(z.string(), z.number().min(0)),
  userAgents: z.record(z.string(), z.string().min(1)),
  /** Declared bots (their user agents), flagged and routed by the campaign. */
  botShare: Share.default(0),
  botAgents: z.array(z.string().min(1)).default(["Mozilla/5.0 (compatible; Googlebot/2.1)"]),
  /** Clicks that repeat an earlier visitor (same IP and device): not unique. */
  duplicateShare: Share.default(0),
  /** Share of the lander path (the rest go straight to the offer). */
  landerShare: Share.default(0.5),
  /** Visitors on a lander who click through to the offer. */
  lpClickShare: Share.default(0.5),
  /** Share of conversions first reported as pending (hold), then approved. */
  pendingShare: Share.default(0),
  /** Postbacks sent twice (a network's retry): they must count once. */
  duplicatePostbackShare: Share.default(0),
  offers: z.array(ScenarioOffer).min(1).max(20),
});
export type Scenario = z.infer<typeof Scenario>;

/** Reads a scenario by file path, or by name from `fixtures/scenarios/`. */
export async function loadScenario(nameOrPath: string): Promise<Scenario> {
  const path = /[/\\.]/.test(nameOrPath)
    ? nameOrPath
    : new URL(`../../../fixtures/scenarios/${nameOrPath}.json`, import.meta.url);
  return Scenario.parse(JSON.parse(await Deno.readTextFile(path)));
}
