import { CAMPAIGN_ROUTES, DOMAIN_ROUTES } from "../../contracts/api/entities.ts";
import assert from "node:assert/strict";
import { buildCampaign, buildDomain, buildOffer } from "../../fixtures/builders.ts";
import { testApp } from "../../tests/helpers/api.ts";
import { idOf } from "../entities/testing.ts";
import { settingsAdmin, settingsUser } from "../settings/testing.ts";

Deno.test("import/export: a domain's root campaign survives the trip; archived rows follow includeArchived", async (t) => {
  const { api } = await settingsAdmin();
  const campaign = idOf(await api.post("/api/campaigns", buildCampaign({ name: "Root" })));
  assert.equal(
    (await api.post("/api/domains", buildDomain({ rootCampaignId: campaign }))).status,
    201,
  );
  const old = idOf(await api.post("/api/offers", buildOffer({ name: "Old offer" })));
  await api.del(`/api/offers/${old}`);
  const exported = async () => (await api.get("/api/settings/import-export/export")).body;

  await t.step("archived rows are exported by default and left out when switched off", async () => {
    const names = (file: Record<string, unknown>) =>
      (file.entities as Record<string, Array<{ name: string }>>).offers.map((o) => o.name);
    assert.ok(names(await exported()).includes("Old offer"));
    await api.put("/api/settings/import-export", { includeArchived: false });
    assert.ok(!names(await exported()).includes("Old offer"));
  });

  await t.step("imported elsewhere, the domain's root is the imported campaign", async () => {
    const file = await exported();
    const other = testApp();
    const admin = await settingsUser(other, { username: "root", role: "super-admin" });
    const res = await admin.post("/api/settings/import-export/import", { file, dryRun: false });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const domains = (await admin.call(DOMAIN_ROUTES.list, {})).items;
    const campaigns = (await admin.call(CAMPAIGN_ROUTES.list, {})).items;
    const root = campaigns.find((c) => c.name === "Root");
    assert.equal(domains[0].rootCampaignId, root?.id);
  });
});
