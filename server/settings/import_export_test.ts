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
import type { ExportFile } from "../../contracts/import_export.ts";
import { SETTINGS_TOOL_ROUTES as TOOLS } from "../../contracts/api/settings_tools.ts";
import { settingsAdmin, type SettingsApi, settingsUser } from "./testing.ts";
import { testApp } from "../../tests/helpers/api.ts";

/** Which table each reference field points at (for comparing across id spaces). */
const REF_TABLES: Record<string, string> = {
  groupId: "groups",
  domainId: "domains",
  trafficSourceId: "traffic_sources",
  affiliateNetworkId: "affiliate_networks",
  capFallbackOfferId: "offers",
  offerId: "offers",
  landingId: "landings",
  rotationId: "rotations",
  campaignId: "campaigns",
};

/** The export with every id replaced by the referred entity's name, timestamps dropped. */
function byName(file: ExportFile): unknown {
  const names = new Map<string, string>();
  for (const [table, items] of Object.entries(file.entities)) {
    for (const item of items ?? []) names.set(`${table}:${item.id}`, String(item.name));
  }
  const walk = (value: unknown, key = ""): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v));
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([k]) => !["id", "createdAt", "updatedAt"].includes(k))
          .map(([k, v]) => [k, walk(v, k)]),
      );
    }
    if (typeof value === "number" && REF_TABLES[key]) {
      return names.get(`${REF_TABLES[key]}:${value}`);
    }
    return value;
  };
  return walk(file.entities);
}

/** A tracker with every kind of entity and every kind of reference. */
async function populate(api: SettingsApi): Promise<void> {
  const id = async (path: string, body: unknown) => {
    const res = await api.post(path, body);
    assert.equal(res.status, 201, `${path}: ${JSON.stringify(res.body)}`);
    return Number(res.body.id);
  };
  const group = await id("/api/groups", buildGroup());
  const domain = await id("/api/domains", buildDomain());
  const source = await id("/api/traffic-sources", buildTrafficSource());
  const network = await id("/api/affiliate-networks", buildAffiliateNetwork());
  const fallback = await id(
    "/api/offers",
    buildOffer({ name: "Fallback", affiliateNetworkId: network }),
  );
  const offer = await id(
    "/api/offers",
    buildOffer({
      groupId: group,
      affiliateNetworkId: network,
      dailyCap: 50,
      capFallbackOfferId: fallback,
    }),
  );
  const landing = await id("/api/landings", buildLanding());
  const rotation = await id(
    "/api/rotations",
    buildRotation({ offerIds: [offer, fallback], landingIds: [landing] }),
  );
  const main = await id(
    "/api/campaigns",
    buildCampaign({
      name: "Main",
      trafficSourceId: source,
      domainId: domain,
      destination: { type: "rotation", rotationId: rotation },
    }),
  );
  await id(
    "/api/campaigns",
    buildCampaign({ name: "Overflow", destination: { type: "campaign", campaignId: main } }),
  );
  const old = await id("/api/landings", buildLanding({ name: "Old lander" }));
  assert.equal((await api.del(`/api/landings/${old}`)).status, 200);
}

function exportOf(api: SettingsApi): Promise<ExportFile> {
  return api.call(TOOLS.export, {});
}

Deno.test("import/export: importing an export yields identical entities under new ids", async (t) => {
  const source = await settingsAdmin();
  await populate(source.api);
  const file = await exportOf(source.api);
  assert.equal(file.entities.campaigns?.length, 2);

  const target = await settingsAdmin();
  // Something already there, so every imported id differs from the exported one.
  await target.api.post("/api/groups", buildGroup({ name: "Existing", type: "campaign" }));
  await target.api.post(
    "/api/domains",
    buildDomain({ host: "other.example.com", isDefault: false }),
  );
  const count = () =>
    Number(target.app.deps.db.prepare("SELECT count(*) AS n FROM offers").get()?.n);

  await t.step("a dry run reports what it would create and writes nothing", async () => {
    const dry = await target.api.call(TOOLS.import, { body: { file } });
    assert.equal(dry.dryRun, true);
    assert.deepEqual(dry.created, {
      groups: 1,
      domains: 1,
      traffic_sources: 1,
      affiliate_networks: 1,
      offers: 2,
      landings: 2,
      rotations: 1,
      campaigns: 2,
    });
    assert.equal(count(), 0);
  });
  await t.step("applied, the entities are the same, references included", async () => {
    await target.api.call(TOOLS.import, { body: { file, dryRun: false } });
    const again = await exportOf(target.api);
    const imported = structuredClone(again);
    imported.entities.groups = again.entities.groups?.filter((g) => g.name !== "Existing");
    imported.entities.domains = again.entities.domains?.filter((d) =>
      d.host !== "other.example.com"
    );
    assert.deepEqual(byName(imported), byName(file));
    const ids = (f: ExportFile) => f.entities.groups?.map((g) => g.id);
    assert.notDeepEqual(ids(imported), ids(file), "ids were remapped");
  });
  await t.step("campaign keys are kept, so links in ads keep working", async () => {
    const again = await exportOf(target.api);
    const keys = (f: ExportFile) => f.entities.campaigns?.map((c) => c.key).sort();
    assert.deepEqual(keys(again), keys(file));
  });
  await t.step("importing the same file again fails as a whole: hosts are unique", async () => {
    const before = count();
    const res = await target.api.attempt(TOOLS.import, { body: { file, dryRun: false } });
    assert.equal(res.status, 400);
    assert.match(JSON.stringify(res.body), /already added/);
    assert.equal(count(), before, "nothing half-imported");
  });
});

Deno.test("import/export: an error late in the file leaves nothing behind", async () => {
  const source = await settingsAdmin();
  await populate(source.api);
  const file = await exportOf(source.api);
  const campaigns = file.entities.campaigns!;
  campaigns[campaigns.length - 1] = { ...campaigns[campaigns.length - 1], costModel: "free" };
  const target = await settingsAdmin();
  const res = await target.api.attempt(TOOLS.import, { body: { file, dryRun: false } });
  assert.equal(res.status, 400);
  assert.match(
    String((res.body.error as { message: string }).message),
    /campaigns\[1\]\.costModel/,
  );
  for (const table of ["groups", "offers", "rotations", "campaigns"]) {
    const n = target.app.deps.db.prepare(`SELECT count(*) AS n FROM ${table}`).get()?.n;
    assert.equal(Number(n), 0, `${table} is empty`);
  }
});

Deno.test("import/export: a reference to something not in the file is named", async () => {
  const { api } = await settingsAdmin();
  const file = {
    format: "rotor-export",
    version: 1,
    exportedAt: "2026-01-01T00:00:00Z",
    rotorVersion: "0.1.0",
    entities: { offers: [{ id: 4, ...buildOffer({ affiliateNetworkId: 9 }) }] },
  };
  const res = await api.post("/api/settings/import-export/import", { file });
  assert.equal(res.status, 400);
  assert.match(
    String((res.body.error as { message: string }).message),
    /offers\[0\]\.affiliateNetworkId: affiliate_networks 9 is not in the file/,
  );
});

Deno.test("import/export: only admins export or import; a non-export file is refused", async () => {
  const app = testApp();
  const user = await settingsUser(app, { username: "maria", role: "user" });
  const refused = await user.attempt(TOOLS.export, {});
  assert.equal(refused.status, 403);
  assert.match(JSON.stringify(refused.body), /Only admins may do this/);
  const admin = await settingsUser(app, { username: "root", role: "admin" });
  const res = await admin.post("/api/settings/import-export/import", { file: { hello: 1 } });
  assert.equal(res.status, 400);
});

Deno.test("import/export: a group named like one already here is joined, not doubled", async () => {
  const source = await settingsAdmin();
  const sourceGroup = Number(
    (await source.api.post("/api/groups", buildGroup({ name: "Push", type: "offer" }))).body.id,
  );
  await source.api.post("/api/offers", buildOffer({ name: "In push", groupId: sourceGroup }));
  const file = await exportOf(source.api);

  const target = await settingsAdmin();
  const here = await target.api.post("/api/groups", buildGroup({ name: " push ", type: "offer" }));
  const summary = await target.api.call(TOOLS.import, { body: { file, dryRun: false } });
  assert.equal(summary.created.groups, 0);
  assert.equal(summary.created.offers, 1);
  assert.match(summary.notes.join("\n"), /group “Push” already exists here \(#\d+\)/);
  const again = await exportOf(target.api);
  assert.equal(again.entities.groups?.length, 1, "one group of that name");
  const offer = again.entities.offers?.find((o) => o.name === "In push");
  assert.equal(offer?.groupId, here.body.id, "the offer joined the group already here");
});
