/**
 * The simulation's side of the panel API: sign in, create a fresh network,
 * offers, lander, traffic source and campaign for one run, and read the
 * offers' stats back. Everything goes over HTTP, as an operator's would.
 */
import type { Scenario } from "./scenario.ts";

/** JSON calls to a running Rotor as one signed-in user. */
export class PanelClient {
  #cookie = "";
  constructor(readonly baseUrl: string) {}

  /** Signs in; throws with the server's message when refused. */
  async signIn(login: string, password: string): Promise<void> {
    const res = await fetch(`${this.baseUrl}/api/user/sign_in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login, password }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`sign-in as ${login} failed: ${res.status} ${text}`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("rotor_session="));
    if (!cookie) throw new Error("sign-in answered no session cookie");
    this.#cookie = cookie.split(";")[0];
  }

  /** The session cookie (`name=value`), for requests this client does not make: a stream. */
  get cookie(): string {
    return this.#cookie;
  }

  /** Sends one JSON call; throws on a non-2xx answer. */
  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", cookie: this.#cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }
}

/** What a run created. */
export type SimulationSetup = {
  key: string;
  campaignId: number;
  offerIds: number[];
  token: string;
  landerHost: string;
};

/**
 * Creates the run's entities. The campaign routes the first country's
 * visitors through a rule and everyone else through the default paths; both
 * split between a lander path and a direct path by `landerShare`.
 */
export async function createSimulationEntities(
  panel: PanelClient,
  scenario: Scenario,
  runId: string,
): Promise<SimulationSetup> {
  const name = (what: string) => `sim ${scenario.name} ${runId} ${what}`;
  const token = `sim-${runId}`;
  const network = await panel.call("POST", "/api/affiliate-networks", {
    name: name("network"),
    offerUrlTemplate: "{offer_url}&sub1={clickid}",
    postbackToken: token,
    statusMap: { approved: "sale", pending: "hold" },
  });
  const offerIds: number[] = [];
  for (const offer of scenario.offers) {
    const created = await panel.call("POST", "/api/offers", {
      name: name(offer.name),
      url: "https://offer.sim.example/go?o={offer_id}",
      affiliateNetworkId: network.id,
      payoutMode: offer.payoutMode,
      payout: offer.payout,
    });
    offerIds.push(Number(created.id));
  }
  const landerHost = "lp.sim.example";
  const landing = await panel.call("POST", "/api/landings", {
    name: name("lander"),
    url: `https://${landerHost}/quiz?c={clickid}&o={offer_id}`,
  });
  const source = await panel.call("POST", "/api/traffic-sources", {
    name: name("source"),
    externalIdParam: { param: "subid", placeholder: "{subid}" },
    tokens: [{ param: "zone", placeholder: "{zone}", name: "Zone" }],
  });
  const offers = scenario.offers.map((o, i) => ({ offerId: offerIds[i], weight: o.weight }));
  const lander = Math.round(scenario.landerShare * 1000);
  const paths = [
    { name: "Lander", weight: lander, landings: [{ landingId: landing.id, weight: 1 }], offers },
    { name: "Direct", weight: 1000 - lander, direct: true, offers },
  ].filter((p) => p.weight > 0);
  const firstCountry = Object.keys(scenario.countries)[0];
  const campaign = await panel.call("POST", "/api/campaigns", {
    name: name("campaign"),
    trafficSourceId: source.id,
    botPolicy: "flag",
    destination: {
      type: "flow",
      flow: {
        rules: [{
          name: firstCountry,
          criteria: [{ field: "country", op: "is", values: [firstCountry] }],
          paths,
        }],
        defaultPaths: paths,
      },
    },
  });
  return {
    key: String(campaign.key),
    campaignId: Number(campaign.id),
    offerIds,
    token,
    landerHost,
  };
}

/** Per-offer figures, money in micro-units. */
export type OfferFigures = {
  clicks: number;
  uniqueClicks: number;
  conversions: number;
  revenue: number;
};

/** The offers' stats over the run's days (UTC), as the panel lists them. */
export async function readOfferStats(
  panel: PanelClient,
  range: { from: string; to: string; ids: number[] },
): Promise<Map<number, OfferFigures>> {
  const list = await panel.call<{ items: Array<{ id: number; stats: Record<string, number> }> }>(
    "GET",
    `/api/offers?from=${range.from}&to=${range.to}&tz=UTC&limit=100&sort=id&order=desc`,
  );
  const figures = new Map<number, OfferFigures>();
  for (const item of list.items) {
    if (!range.ids.includes(item.id)) continue;
    figures.set(item.id, {
      clicks: item.stats.clicks,
      uniqueClicks: item.stats.uniqueClicks,
      conversions: item.stats.conversions,
      revenue: Math.round((item.stats.revenue ?? 0) * 1_000_000),
    });
  }
  return figures;
}
