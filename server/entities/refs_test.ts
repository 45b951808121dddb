import assert from "node:assert/strict";
import {
  buildAffiliateNetwork,
  buildCampaign,
  buildGroup,
  buildLanding,
  buildOffer,
  buildRotation,
} from "../../fixtures/builders.ts";
import { adminApi, type Answer, errorOf, idOf } from "./testing.ts";

function issuePaths(res: Answer): string[] {
  return (errorOf(res).issues ?? []).map((i) => i.path);
}

Deno.test("references: a missing or archived entity is refused with the field that names it", async (t) => {
  const { api } = await adminApi();
  await t.step("an offer's unknown network", async () => {
    const res = await api.post("/api/offers", buildOffer({ affiliateNetworkId: 99 }));
    assert.equal(res.status, 400);
    assert.deepEqual(issuePaths(res), ["affiliateNetworkId"]);
  });
  await t.step("an offer's archived network", async () => {
    const network = idOf(await api.post("/api/affiliate-networks", buildAffiliateNetwork()));
    await api.del(`/api/affiliate-networks/${network}`);
    const res = await api.post("/api/offers", buildOffer({ affiliateNetworkId: network }));
    assert.equal(res.status, 400);
    assert.match(JSON.stringify(res.body), /is archived/);
  });
  await t.step("a campaign's unknown rotation, source and domain", async () => {
    const res = await api.post(
      "/api/campaigns",
      buildCampaign({
        trafficSourceId: 7,
        domainId: 8,
        destination: { type: "rotation", rotationId: 9 },
      }),
    );
    assert.equal(res.status, 400);
    assert.deepEqual(issuePaths(res).sort(), [
      "destination.rotationId",
      "domainId",
      "trafficSourceId",
    ]);
  });
  await t.step("an inline flow's unknown offer and lander", async () => {
    const flow = buildRotation({ offerIds: [41], landingIds: [42] });
    const res = await api.post(
      "/api/campaigns",
      buildCampaign({
        destination: { type: "flow", flow: { rules: flow.rules, defaultPaths: flow.defaultPaths } },
      }),
    );
    assert.equal(res.status, 400);
    assert.ok(issuePaths(res).includes("destination.flow.rules.0.paths.0.landings.0.landingId"));
    assert.ok(issuePaths(res).includes("destination.flow.defaultPaths.0.offers.0.offerId"));
  });
  await t.step("a group of the wrong type, and an archived group", async () => {
    const landingGroup = idOf(await api.post("/api/groups", buildGroup({ type: "landing" })));
    const wrong = await api.post("/api/offers", buildOffer({ groupId: landingGroup }));
    assert.equal(wrong.status, 400);
    assert.match(JSON.stringify(wrong.body), /holds landings, not offers/);
    await api.del(`/api/groups/${landingGroup}`);
    const archived = await api.post("/api/landings", buildLanding({ groupId: landingGroup }));
    assert.equal(archived.status, 400);
    assert.deepEqual(issuePaths(archived), ["groupId"]);
  });
});

Deno.test("references: archiving what live entities use answers 409 with who uses it", async (t) => {
  const { api } = await adminApi();
  const group = idOf(await api.post("/api/groups", buildGroup({ type: "offer" })));
  const network = idOf(await api.post("/api/affiliate-networks", buildAffiliateNetwork()));
  const offer = idOf(
    await api.post("/api/offers", buildOffer({ affiliateNetworkId: network, groupId: group })),
  );
  const landing = idOf(await api.post("/api/landings", buildLanding()));
  const rotation = idOf(
    await api.post("/api/rotations", buildRotation({ offerIds: [offer], landingIds: [landing] })),
  );
  const campaign = idOf(
    await api.post(
      "/api/campaigns",
      buildCampaign({
        name: "Uses rotation",
        destination: { type: "rotation", rotationId: rotation },
      }),
    ),
  );
  const cases: Array<[string, string, string]> = [
    ["network used by an offer", `/api/affiliate-networks/${network}`, "usedBy.offers."],
    ["group used by an offer", `/api/groups/${group}`, "usedBy.offers."],
    ["offer inside a rotation's flow", `/api/offers/${offer}`, "usedBy.rotations."],
    ["lander inside a rotation's flow", `/api/landings/${landing}`, "usedBy.rotations."],
    ["rotation used by a campaign", `/api/rotations/${rotation}`, `usedBy.campaigns.${campaign}`],
  ];
  for (const [what, path, usedBy] of cases) {
    await t.step(what, async () => {
      const res = await api.del(path);
      assert.equal(res.status, 409, JSON.stringify(res.body));
      assert.equal(errorOf(res).code, "IN_USE");
      assert.ok(issuePaths(res).some((p) => p.startsWith(usedBy)), JSON.stringify(res.body));
      assert.equal((await api.get(path)).body.archived, false);
    });
  }
  await t.step("once the user is archived, the used entity can be archived", async () => {
    assert.equal((await api.del(`/api/campaigns/${campaign}`)).status, 200);
    assert.equal((await api.del(`/api/rotations/${rotation}`)).status, 200);
    assert.equal((await api.del(`/api/landings/${landing}`)).status, 200);
  });
  await t.step("a group in use keeps its type", async () => {
    const res = await api.patch(`/api/groups/${group}`, { type: "landing" });
    assert.equal(res.status, 400);
    assert.deepEqual(issuePaths(res), ["type"]);
  });
});
