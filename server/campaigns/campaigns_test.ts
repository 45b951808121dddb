import { CAMPAIGN_ROUTES } from "../../contracts/api/entities.ts";
import assert from "node:assert/strict";
import fc from "fast-check";
import { CampaignInput } from "../../contracts/campaign.ts";
import {
  buildCampaign,
  buildDomain,
  buildFlow,
  buildLanding,
  buildOffer,
  buildTrafficSource,
} from "../../fixtures/builders.ts";
import { adminApi, assertRoundTrip, idOf } from "../entities/testing.ts";

Deno.test("campaigns: each gets a random URL-safe key; cloning gives a new key and a ' (copy)' name", async () => {
  const { api } = await adminApi();
  const created = await api.post("/api/campaigns", buildCampaign({ name: "Push US" }));
  const key = String(created.body.key);
  assert.match(key, /^[\w-]{12}$/);
  const clone = await api.post(`/api/campaigns/${idOf(created)}/clone`);
  assert.equal(clone.status, 201);
  assert.equal(clone.body.name, "Push US (copy)");
  assert.notEqual(clone.body.key, key);
  assert.match(String(clone.body.key), /^[\w-]{12}$/);
  const patched = await api.patch(`/api/campaigns/${idOf(created)}`, { key: "mine", name: "X" });
  assert.equal(patched.body.key, key, "a patch never changes the key");
});

Deno.test("campaigns: a campaign may not send traffic to itself", async () => {
  const { api } = await adminApi();
  const id = idOf(await api.post("/api/campaigns", buildCampaign()));
  const res = await api.patch(`/api/campaigns/${id}`, {
    destination: { type: "campaign", campaignId: id },
  });
  assert.equal(res.status, 400);
  assert.match(JSON.stringify(res.body), /destination\.campaignId/);
});

Deno.test("campaigns: a rule value the engine cannot read is refused and nothing is saved", async () => {
  const { api } = await adminApi();
  const offer = idOf(await api.post("/api/offers", buildOffer()));
  const landing = idOf(await api.post("/api/landings", buildLanding()));
  const flow = buildFlow({ offerIds: [offer], landingIds: [landing] });
  const id = idOf(
    await api.post("/api/campaigns", buildCampaign({ destination: { type: "flow", flow } })),
  );
  const before = (await api.get(`/api/campaigns/${id}`)).body;
  const bad = structuredClone(flow);
  bad.rules[0].criteria = [{ field: "ip", op: "is", values: ["10.0.0.0/8", "10.0.0.0/33"] }];
  const res = await api.patch(`/api/campaigns/${id}`, { destination: { type: "flow", flow: bad } });
  assert.equal(res.status, 400);
  assert.match(
    JSON.stringify(res.body),
    /destination\.flow\.rules\.0\.criteria\.0\.values\.1: '10\.0\.0\.0\/33' is not an IP address/,
  );
  assert.deepEqual((await api.get(`/api/campaigns/${id}`)).body, before, "nothing changed");
});

Deno.test("campaigns: mass edit changes all or none", async () => {
  const { api } = await adminApi();
  const a = idOf(await api.post("/api/campaigns", buildCampaign({ name: "A" })));
  const b = idOf(await api.post("/api/campaigns", buildCampaign({ name: "B" })));
  const paused = await api.call(CAMPAIGN_ROUTES.mass, {
    body: { ids: [a, b], patch: { status: "paused", costModel: "cpm", costValue: 1.5 } },
  });
  assert.deepEqual(paused.items.map((c) => [c.status, c.costValue]), [
    ["paused", 1.5],
    ["paused", 1.5],
  ]);
  // Campaign b cannot point at itself, so nothing changes, a included.
  const refused = await api.patch("/api/campaigns/mass", {
    ids: [a, b],
    patch: { destination: { type: "campaign", campaignId: b } },
  });
  assert.equal(refused.status, 400);
  const a2 = await api.call(CAMPAIGN_ROUTES.get, { params: { id: a } });
  assert.deepEqual(a2.destination.type, "url");
});

const campaignInputs = (ids: { offerIds: number[]; landingIds: number[] }) =>
  fc.record({
    name: fc.string({ minLength: 1, maxLength: 255 }),
    costModel: fc.constantFrom("cpc", "cpm", "cpa", "revshare", "auto"),
    costValue: fc.integer({ min: 0, max: 1e8 }).map((n) => n / 1e4),
    destination: fc.oneof(
      fc.webUrl().map((url) => ({ type: "url", url: `${url}?c={clickid}` })),
      fc.constant({ type: "flow", flow: buildFlow(ids) }),
      fc.record({
        type: fc.constant("flow"),
        flow: fc.record({
          rules: fc.constant([]),
          defaultPaths: fc.array(
            fc.record({
              name: fc.string({ maxLength: 20 }),
              weight: fc.integer({ min: 0, max: 100_000 }),
              enabled: fc.boolean(),
              direct: fc.constant(true),
              landings: fc.constant([]),
              offers: fc.constant(ids.offerIds.map((offerId) => ({ offerId, weight: 7 }))),
            }),
            { minLength: 1, maxLength: 3 },
          ),
        }),
      }),
    ),
    redirectMode: fc.constantFrom("302", "meta", "double-meta"),
    uniquenessHours: fc.integer({ min: 1, max: 8760 }),
    botPolicy: fc.constantFrom("route", "block", "flag"),
    postbackUrl: fc.constantFrom("", "https://src.example/pb?id={externalid}&p={payout}"),
    status: fc.constantFrom("active", "paused"),
    notes: fc.string({ maxLength: 100 }),
  });

Deno.test("campaigns: any valid campaign round-trips through create and get unchanged", async () => {
  const { api } = await adminApi();
  const ids = {
    offerIds: [idOf(await api.post("/api/offers", buildOffer()))],
    landingIds: [idOf(await api.post("/api/landings", buildLanding()))],
  };
  const trafficSourceId = idOf(await api.post("/api/traffic-sources", buildTrafficSource()));
  const domainId = idOf(await api.post("/api/domains", buildDomain()));
  await fc.assert(
    fc.asyncProperty(
      campaignInputs(ids),
      fc.boolean(),
      (raw, linked) =>
        assertRoundTrip(api, "/api/campaigns", {
          input: CampaignInput,
          raw: linked ? { ...raw, trafficSourceId, domainId } : raw,
        }),
    ),
    { numRuns: 60 },
  );
});
