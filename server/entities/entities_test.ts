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
import { adminApi, type Api, idOf, withoutFlowIds } from "./testing.ts";

type Input = Record<string, unknown>;

/** One resource of the shared entity API, with a valid input, a patch and bad inputs. */
type Case = {
  path: string;
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
    build: () => Promise.resolve(buildGroup()),
    patch: { name: "Finance" },
    invalid: [["unknown type", { type: "banner" }, "type"], ["empty name", { name: " " }, "name"]],
  },
  {
    path: "/api/domains",
    build: () => Promise.resolve(buildDomain()),
    patch: { purpose: "landers" },
    invalid: [["a URL for a host", { host: "https://x.com/a" }, "host"]],
  },
  {
    path: "/api/traffic-sources",
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
    build: () => Promise.resolve(buildAffiliateNetwork()),
    patch: { postbackIpAllowlist: ["10.0.0.0/8", "2001:db8::/32"] },
    invalid: [["a bad CIDR", { postbackIpAllowlist: ["10.0.0.0/33"] }, "postbackIpAllowlist.0"]],
  },
  {
    path: "/api/offers",
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
    build: () => Promise.resolve(buildLanding()),
    patch: { protect: true },
    invalid: [["a relative URL", { url: "lp/index.html" }, "url"]],
  },
  {
    path: "/api/rotations",
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
    build: () => Promise.resolve(buildCampaign()),
    patch: { status: "paused", costValue: 0.05 },
    invalid: [
      ["an unknown cost model", { costModel: "cpv" }, "costModel"],
      ["no destination", { destination: undefined }, "destination"],
    ],
  },
];

function assertSubset(actual: unknown, expected: Input, what: string): void {
  const body = actual as Input;
  for (const [key, value] of Object.entries(expected)) {
    assert.deepEqual(withoutFlowIds(body[key]), value, `${what}: field ${key}`);
  }
}

for (const c of CASES) {
  Deno.test(`entities ${c.path}: create → get → list → update → clone → mass edit → archive → restore`, async () => {
    const { api } = await adminApi();
    const input = await c.build(api);
    const created = await api.post(c.path, input);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assertSubset(created.body, input, "create");
    const id = idOf(created);
    assert.deepEqual((await api.get(`${c.path}/${id}`)).body, created.body);

    const list = await api.get(c.path);
    assert.equal(list.status, 200);
    assert.ok((list.body.items as Input[]).some((item) => item.id === id));

    const patched = await api.patch(`${c.path}/${id}`, c.patch);
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assertSubset(patched.body, { ...input, ...c.patch }, "patch");

    const clone = await api.post(`${c.path}/${id}/clone`);
    assert.equal(clone.status, 201, JSON.stringify(clone.body));
    assert.notEqual(idOf(clone), id);
    assert.equal(clone.body.name, `${patched.body.name} (copy)`);

    const mass = await api.patch(`${c.path}/mass`, {
      ids: [id, idOf(clone)],
      patch: { notes: "bulk" },
    });
    assert.equal(mass.status, 200, JSON.stringify(mass.body));
    for (const item of mass.body.items as Input[]) assert.equal(item.notes, "bulk");

    const archived = await api.del(`${c.path}/${idOf(clone)}`);
    assert.equal(archived.body.archived, true);
    const live = await api.get(c.path);
    assert.ok(!(live.body.items as Input[]).some((item) => item.id === idOf(clone)));
    const inArchive = await api.get(`${c.path}?archived=true`);
    assert.deepEqual((inArchive.body.items as Input[]).map((item) => item.id), [idOf(clone)]);
    const restored = await api.post(`${c.path}/${idOf(clone)}/restore`);
    assert.equal(restored.body.archived, false);
  });

  Deno.test(`entities ${c.path}: bad input answers 400 naming the field, unknown ids 404`, async (t) => {
    const { api } = await adminApi();
    const input = await c.build(api);
    for (const [what, override, field] of c.invalid) {
      await t.step(what, async () => {
        const res = await api.post(c.path, { ...input, ...override });
        assert.equal(res.status, 400, JSON.stringify(res.body));
        const error = res.body.error as { code: string; issues: Array<{ path: string }> };
        assert.equal(error.code, "VALIDATION_ERROR");
        assert.ok(error.issues.some((i) => i.path === field), JSON.stringify(error.issues));
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
      const error = res.body.error as { issues: Array<{ path: string }> };
      assert.ok(error.issues.some((i) => i.path === field), JSON.stringify(error.issues));
      assertSubset((await api.get(`${c.path}/${id}`)).body, input, "after a bad patch");
    });
  });
}
