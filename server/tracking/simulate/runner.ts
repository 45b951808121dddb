/**
 * Runs a scenario against a live Rotor over real HTTP: clicks (client IPs by
 * `X-Forwarded-For`, so the server must run with ROTOR_TRUST_PROXY), lander
 * click-throughs and postbacks, then compares what it expects per offer with
 * what the panel API reports. Shared by `rotor simulate` and the monitor.
 */
import { seededRandom } from "../weights.ts";
import type { Scenario } from "./scenario.ts";
import {
  createSimulationEntities,
  type OfferFigures,
  PanelClient,
  readOfferStats,
  type SimulationSetup,
} from "./setup.ts";

/** Options of a run. */
export type SimulationOptions = {
  url: string;
  user: string;
  password: string;
  /** Called after each visit with the number done. */
  onProgress?: (done: number, total: number) => void;
};

/** One figure that differs. */
export type Difference = {
  offer: string;
  figure: keyof OfferFigures;
  expected: number;
  recorded: number;
};

/** The outcome: expected and recorded figures per offer, and every difference. */
export type SimulationReport = {
  offers: Array<{
    name: string;
    id: number;
    expected: OfferFigures;
    recorded: OfferFigures;
    /** Clicks sent as declared bots (flagged: they carry no cost, decision 125). */
    bots: number;
  }>;
  differences: Difference[];
  seconds: number;
};

type Visitor = { ip: string; ua: string; bot: boolean };

const ZERO: OfferFigures = { clicks: 0, uniqueClicks: 0, conversions: 0, revenue: 0 };

function pick<K extends string>(weights: Record<K, number>, r: number): K {
  const entries = Object.entries(weights) as [K, number][];
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let point = r * total;
  for (const [k, w] of entries) {
    if (point < w) return k;
    point -= w;
  }
  return entries[entries.length - 1][0];
}

/** Makes visitors: new ones get distinct (IP, device) pairs, so uniqueness is exact. */
class Visitors {
  #counters = new Map<string, number>();
  #done: Visitor[] = [];

  constructor(readonly scenario: Scenario) {}

  next(random: () => number): { visitor: Visitor; repeat: boolean } {
    const s = this.scenario;
    if (this.#done.length > 0 && random() < s.duplicateShare) {
      return { visitor: this.#done[Math.floor(random() * this.#done.length)], repeat: true };
    }
    const country = pick(s.countries, random());
    const prefixes = s.prefixes[country];
    const prefix = prefixes[Math.floor(random() * prefixes.length)];
    const bot = random() < s.botShare;
    const ua = bot
      ? s.botAgents[Math.floor(random() * s.botAgents.length)]
      : s.userAgents[pick(s.devices, random())];
    const slot = `${prefix}|${ua}`;
    const n = (this.#counters.get(slot) ?? 0) + 1;
    if (n > 65_000) throw new Error(`scenario too large for prefix ${prefix}: add prefixes`);
    this.#counters.set(slot, n);
    return {
      visitor: { ip: `${prefix}.${(n >> 8) & 255}.${(n & 255) || 1}`, ua, bot },
      repeat: false,
    };
  }

  /** A visitor whose click is stored may be repeated (never one still in flight). */
  remember(v: Visitor): void {
    if (this.#done.length < 20_000) this.#done.push(v);
    else this.#done[Math.floor(Math.random() * this.#done.length)] = v;
  }
}

function offerOf(location: URL): number {
  return Number(location.searchParams.get("o"));
}

/** Runs `scenario`; resolves with the report (differences empty when all matched). */
export async function runSimulation(
  scenario: Scenario,
  options: SimulationOptions,
): Promise<SimulationReport> {
  const base = options.url.replace(/\/$/, "");
  const panel = new PanelClient(base);
  await panel.signIn(options.user, options.password);
  const runId = Date.now().toString(36);
  const setup = await createSimulationEntities(panel, scenario, runId);
  const started = Date.now();
  const expected = new Map(setup.offerIds.map((id) => [id, { ...ZERO }]));
  const visitors = new Visitors(scenario);
  const seen = new Set<string>();
  const bots = new Map<number, number>();
  let next = 0, done = 0;
  const worker = async () => {
    while (next < scenario.clicks) {
      const i = next++;
      await visit(base, setup, scenario, { i, visitors, seen, expected, bots });
      options.onProgress?.(++done, scenario.clicks);
    }
  };
  await Promise.all(Array.from({ length: scenario.concurrency }, worker));
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const recorded = await readOfferStats(panel, {
    from: day(started),
    to: day(Date.now()),
    ids: setup.offerIds,
  });
  const report: SimulationReport = { offers: [], differences: [], seconds: 0 };
  scenario.offers.forEach((offer, i) => {
    const id = setup.offerIds[i];
    const want = expected.get(id)!, got = recorded.get(id) ?? { ...ZERO };
    report.offers.push({
      name: offer.name,
      id,
      expected: want,
      recorded: got,
      bots: bots.get(id) ?? 0,
    });
    for (const figure of Object.keys(ZERO) as (keyof OfferFigures)[]) {
      if (want[figure] !== got[figure]) {
        report.differences.push({
          offer: offer.name,
          figure,
          expected: want[figure],
          recorded: got[figure],
        });
      }
    }
  });
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

type VisitState = {
  i: number;
  visitors: Visitors;
  seen: Set<string>;
  expected: Map<number, OfferFigures>;
  bots: Map<number, number>;
};

/** One visitor: the click, maybe a lander click-through, maybe postbacks. */
async function visit(base: string, setup: SimulationSetup, s: Scenario, st: VisitState) {
  const random = seededRandom(s.seed * 1_000_003 + st.i);
  const { visitor } = st.visitors.next(random);
  const res = await fetch(`${base}/c/${setup.key}?subid=sim${st.i}&zone=z${st.i % 7}`, {
    redirect: "manual",
    headers: {
      "user-agent": visitor.ua,
      "x-forwarded-for": visitor.ip,
      "accept-language": "en-US,en;q=0.8",
    },
  });
  await res.body?.cancel();
  if (res.status !== 302) throw new Error(`click ${st.i} answered ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("rotor_click="))!;
  const clickId = cookie.split(";")[0].slice("rotor_click=".length);
  let location = new URL(res.headers.get("location")!);
  const offerId = offerOf(location);
  const figures = st.expected.get(offerId)!;
  figures.clicks++;
  const key = `${visitor.ip}|${visitor.ua}`;
  if (!st.seen.has(key)) {
    st.seen.add(key);
    figures.uniqueClicks++;
  }
  st.visitors.remember(visitor);
  if (visitor.bot) {
    st.bots.set(offerId, (st.bots.get(offerId) ?? 0) + 1);
    return;
  }
  if (location.host === setup.landerHost) {
    if (random() >= s.lpClickShare) return;
    const lp = await fetch(`${base}/lp/click?clickid=${clickId}`, { redirect: "manual" });
    await lp.body?.cancel();
    if (lp.status !== 302) throw new Error(`lander click ${st.i} answered ${lp.status}`);
    location = new URL(lp.headers.get("location")!);
  }
  const offerIndex = setup.offerIds.indexOf(offerOf(location));
  const offer = s.offers[offerIndex];
  if (random() >= offer.cr) return;
  const payout = offer.payoutMode === "auto"
    ? Math.round(
      (offer.payout + random() * ((offer.maxPayout ?? offer.payout) - offer.payout)) * 100,
    ) /
      100
    : offer.payout;
  const send = async (status: string) => {
    const query = `clickid=${clickId}&status=${status}&txid=tx${st.i}&payout=${payout}` +
      `&token=${setup.token}`;
    const pb = await fetch(`${base}/postback?${query}`);
    await pb.body?.cancel();
    if (pb.status !== 200) throw new Error(`postback ${st.i} answered ${pb.status}`);
  };
  if (random() < s.pendingShare) await send("pending");
  await send("approved");
  if (random() < s.duplicatePostbackShare) await send("approved");
  const conversion = st.expected.get(setup.offerIds[offerIndex])!;
  conversion.conversions++;
  conversion.revenue += Math.round(payout * 1_000_000);
}
