import assert from "node:assert/strict";
import {
  buildAffiliateNetwork,
  buildCampaign,
  buildDomain,
  buildGroup,
  buildLanding,
  buildOffer,
  buildRotation,
  buildTrafficSource,
} from "../../fixtures/builders.ts";
import {
  AFFILIATE_NETWORK_ROUTES,
  CAMPAIGN_ROUTES,
  DOMAIN_ROUTES,
  type EntityRoutes,
  GROUP_ROUTES,
  LANDING_ROUTES,
  OFFER_ROUTES,
  ROTATION_ROUTES,
  TRAFFIC_SOURCE_ROUTES,
} from "../../contracts/api/entities.ts";
import { adminApi, type Api, errorOf, idIn, idOf, withoutFlowIds } from "./testing.ts";

type Input = Record<string, unknown>;

/** One resource of the shared entity API, with a valid input, a patch and bad inputs. */
type Case = {
  path: string;
  routes: EntityRoutes;
  build: (api: Api) => Promise<Input>;
  patch: Input;
  /** [what, input override, the field the 400 names] */
  invalid: Array<[string, Input, string]>;
};

async function flowIds(api: Api) {
  const offer = idOf(await api.post("/api/offers", buildOffer()));
  const landing = idOf(await api.post("/api/landings", buildLanding()));
  return { offerIds: [offer], landingIds: [landing] };
}

const CASES: Case[] = [
  {
    path: "/api/groups",
    routes: GROUP_ROUTES,
    build: () => Promise.resolve(buildGroup()),
    patch: { name: "Finance" },
    invalid: [["unknown type", { type: "banner" }, "type"], ["empty name", { name: " " }, "name"]],
  },
  {
    path: "/api/domains",
    routes: DOMAIN_ROUTES,
    build: () => Promise.resolve(buildDomain()),
    patch: { purpose: "landers" },
    invalid: [["a URL for a host", { host: "https://x.com/a" }, "host"]],
  },
  {
    path: "/api/traffic-sources",
    routes: TRAFFIC_SOURCE_ROUTES,
    build: () => Promise.resolve(buildTrafficSource()),
    patch: { payoutPercent: 80 },
    invalid: [
      [
        "31 tokens",
        { tokens: Array(31).fill({ param: "a", placeholder: "b", name: "c" }) },
        "tokens",
      ],
      ["a percent over 100", { postbackPercent: 101 }, "postbackPercent"],
      ["a javascript: postback", { postbackUrl: "javascript:alert(1)" }, "postbackUrl"],
    ],
  },
  {
    path: "/api/affiliate-networks",
    routes: AFFILIATE_NETWORK_ROUTES,
    build: () => Promise.resolve(buildAffiliateNetwork()),
    patch: { postbackIpAllowlist: ["10.0.0.0/8", "2001:db8::/32"] },
    invalid: [["a bad CIDR", { postbackIpAllowlist: ["10.0.0.0/33"] }, "postbackIpAllowlist.0"]],
  },
  {
    path: "/api/offers",
    routes: OFFER_ROUTES,
    build: () => Promise.resolve(buildOffer()),
    patch: { payout: 3.1415 },
    invalid: [
      ["5 decimals", { payout: 1.23456 }, "payout"],
      ["a negative payout", { payout: -1 }, "payout"],
      ["an ftp URL", { url: "ftp://x.com/{clickid}" }, "url"],
      ["a 256-character name", { name: "x".repeat(256) }, "name"],
    ],
  },
  {
    path: "/api/landings",
    routes: LANDING_ROUTES,
    build: () => Promise.resolve(buildLanding()),
    patch: { protect: true },
    invalid: [["a relative URL", { url: "lp/index.html" }, "url"]],
  },
  {
    path: "/api/rotations",
    routes: ROTATION_ROUTES,
    build: async (api) => buildRotation(await flowIds(api)),
    patch: { name: "Renamed rotation" },
    invalid: [
      ["no default path", { defaultPaths: [] }, "defaultPaths"],
      ["a weight over 100000", {
        defaultPaths: [{ direct: true, weight: 100_001, offers: [{ offerId: 1, weight: 1 }] }],
      }, "defaultPaths.0.weight"],
    ],
  },
  {
    path: "/api/campaigns",
    routes: CAMPAIGN_ROUTES,
    build: () => Promise.resolve(buildCampaign()),
    patch: { status: "paused", costValue: 0.05 },
    invalid: [
      ["an unknown cost model", { costModel: "cpv" }, "costModel"],
      ["no destination", { destination: undefined }, "destination"],
    ],
  },
];

function assertSubset(actual: Input, expected: Input, what: string): void {
  for (const [key, value] of Object.entries(expected)) {
    assert.deepEqual(withoutFlowIds(actual[key]), value, `${what}: field ${key}`);
  }
}

for (const c of CASES) {
  Deno.test(`entities ${c.path}: create → get → list → update → clone → mass edit → archive → restore`, async () => {
    const { api } = await adminApi();
    const { routes } = c;
    const input = await c.build(api);
    const created = await api.call(routes.create, { body: input });
    assertSubset(created, input, "create");
    const id = idIn(created);
    assert.deepEqual(await api.call(routes.get, { params: { id } }), created);

    const list = await api.call(routes.list, {});
    assert.ok(list.items.some((item) => item.id === id));

    const patched = await api.call(routes.patch, { params: { id }, body: c.patch });
    assertSubset(patched, { ...input, ...c.patch }, "patch");

    const clone = await api.call(routes.clone, { params: { id } });
    const cloneId = idIn(clone);
    assert.notEqual(cloneId, id);
    assert.equal(clone.name, `${patched.name} (copy)`);

    const mass = await api.call(routes.mass, {
      body: { ids: [id, cloneId], patch: { notes: "bulk" } },
    });
    for (const item of mass.items) assert.equal(item.notes, "bulk");

    const archived = await api.call(routes.archive, { params: { id: cloneId } });
    assert.equal(archived.archived, true);
    const live = await api.call(routes.list, {});
    assert.ok(!live.items.some((item) => item.id === cloneId));
    const inArchive = await api.call(routes.list, { query: { archived: "true" } });
    assert.deepEqual(inArchive.items.map((item) => item.id), [cloneId]);
    const restored = await api.call(routes.restore, { params: { id: cloneId } });
    assert.equal(restored.archived, false);
  });

  Deno.test(`entities ${c.path}: bad input answers 400 naming the field, unknown ids 404`, async (t) => {
    const { api } = await adminApi();
    const input = await c.build(api);
    for (const [what, override, field] of c.invalid) {
      await t.step(what, async () => {
        const res = await api.post(c.path, { ...input, ...override });
        assert.equal(res.status, 400, JSON.stringify(res.body));
        const error = errorOf(res);
        assert.equal(error.code, "VALIDATION_ERROR");
        assert.ok(error.issues?.some((i) => i.path === field), JSON.stringify(error.issues));
      });
    }
    await t.step("unknown id", async () => {
      assert.equal((await api.get(`${c.path}/9999`)).status, 404);
      assert.equal((await api.patch(`${c.path}/9999`, { notes: "x" })).status, 404);
      assert.equal((await api.del(`${c.path}/9999`)).status, 404);
      assert.equal((await api.post(`${c.path}/9999/restore`)).status, 404);
      assert.equal((await api.post(`${c.path}/9999/clone`)).status, 404);
      assert.equal((await api.patch(`${c.path}/mass`, { ids: [9999], patch: {} })).status, 404);
    });
    await t.step("a bad patch changes nothing", async () => {
      const id = idOf(await api.post(c.path, input));
      const [, override, field] = c.invalid[0];
      const res = await api.patch(`${c.path}/${id}`, override);
      assert.equal(res.status, 400);
      const error = errorOf(res);
      assert.ok(error.issues?.some((i) => i.path === field), JSON.stringify(error.issues));
      assertSubset((await api.get(`${c.path}/${id}`)).body, input, "after a bad patch");
    });
  });
}
