import assert from "node:assert/strict";
import { TEST_STORE } from "../../tests/helpers/api.ts";
import { SETTINGS_SCHEMAS } from "../../contracts/settings.ts";
import { SETTINGS_ROUTES as SECTIONS } from "../../contracts/api/settings.ts";
import {
  API_KEY_ROUTES,
  SETTINGS_TOOL_ROUTES as TOOLS,
} from "../../contracts/api/settings_tools.ts";
import { settingsAdmin as adminApi, settingsUser as signedIn } from "./testing.ts";
import { buildCampaign, buildDomain } from "../../fixtures/builders.ts";
import { trackingApp } from "../tracking/testing.ts";

/** One invalid body per section, and the field its 400 names. */
const INVALID: Record<keyof typeof SETTINGS_SCHEMAS, [unknown, string]> = {
  "tracking-links": [{ scheme: "ftp" }, "scheme"],
  "auto-clearing": [{ keepDays: 0 }, "keepDays"],
  "user": [{ timezone: "Mars/Olympus" }, "timezone"],
  "ui": [{ fontSizeDelta: 11 }, "fontSizeDelta"],
  "stats": [{ currency: "dollars" }, "currency"],
  "columns": [{ sets: [{ list: "nowhere", name: "x", columns: ["a"] }] }, "sets.0.list"],
  "public-api": [{ enabled: "yes" }, "enabled"],
  "click-api": [{ enabled: 1 }, "enabled"],
  "lp-protect": [{ tokenLifetimeMinutes: 0 }, "tokenLifetimeMinutes"],
  "traffic-quality": [{ ipWindowSeconds: 0 }, "ipWindowSeconds"],
  "integration": [
    { trafficSources: [{ id: "Bad Id", name: "x", fields: {} }] },
    "trafficSources.0.id",
  ],
  "postback-processing": [{ duplicatePolicy: "merge" }, "duplicatePolicy"],
  "events": [{ types: [{ name: "lead" }] }, "types.0.name"],
  "import-export": [{ includeArchived: "no" }, "includeArchived"],
  "backups": [{ folder: "relative/path" }, "folder"],
  "ecb-rates": [{ hour: 24 }, "hour"],
  "url-customization": [{ clickPath: "/api/go" }, "clickPath"],
  "feedback": [{ replyTo: "not-an-address" }, "replyTo"],
  "beta": [{ flags: { teleport: true } }, "flags"],
};

Deno.test("settings: every section reads its defaults, refuses bad input, stores good input", async (t) => {
  const { api } = await adminApi();
  for (const [section, [bad, field]] of Object.entries(INVALID)) {
    await t.step(section, async () => {
      const read = await api.get(`/api/settings/${section}`);
      assert.equal(read.status, 200);
      const defaults = SETTINGS_SCHEMAS[section as keyof typeof SETTINGS_SCHEMAS].parse({});
      assert.deepEqual(read.body, defaults);
      const refused = await api.put(`/api/settings/${section}`, bad);
      assert.equal(refused.status, 400, JSON.stringify(refused.body));
      const issues = (refused.body.error as { issues: Array<{ path: string }> }).issues;
      assert.ok(issues.some((i) => i.path.startsWith(field)), JSON.stringify(issues));
      assert.deepEqual((await api.get(`/api/settings/${section}`)).body, defaults, "unchanged");
    });
  }
  await t.step("a good value is stored and read back", async () => {
    const put = await api.call(SECTIONS.stats.put, {
      body: { timezone: "Europe/Berlin", currency: "EUR" },
    });
    assert.deepEqual(put, { timezone: "Europe/Berlin", currency: "EUR" });
    assert.deepEqual(await api.call(SECTIONS.stats.get, {}), {
      timezone: "Europe/Berlin",
      currency: "EUR",
    });
  });
  await t.step("an unknown section is a 404", async () => {
    assert.equal((await api.get("/api/settings/teleport")).status, 404);
  });
});

Deno.test("settings: per-user sections are each user's own; tracker sections need an admin", async (t) => {
  const { app, api: admin } = await adminApi();
  const user = await signedIn(app, { username: "maria", role: "user" });
  await t.step("a user's UI choice does not change the admin's", async () => {
    await user.call(SECTIONS.ui.put, { body: { colorScheme: "creative", font: "Inter" } });
    assert.equal((await user.call(SECTIONS.ui.get, {})).colorScheme, "creative");
    assert.equal((await admin.call(SECTIONS.ui.get, {})).colorScheme, "default");
  });
  await t.step("a user may read but not change tracker settings", async () => {
    assert.equal((await user.attempt(SECTIONS["lp-protect"].get, {})).status, 200);
    const put = await user.attempt(SECTIONS["lp-protect"].put, { body: { enabled: true } });
    assert.equal(put.status, 403);
    assert.match(JSON.stringify(put.body), /Only admins change tracker settings/);
    assert.equal((await admin.call(SECTIONS["lp-protect"].get, {})).enabled, false);
  });
  await t.step("without a session, settings answer 401", async () => {
    const res = await app.request("/api/settings/ui");
    assert.equal(res.status, 401);
  });
});

Deno.test("settings: references are checked against the database", async (t) => {
  const { api } = await adminApi();
  await t.step("auto-clearing refuses an exception for a missing campaign", async () => {
    const res = await api.put("/api/settings/auto-clearing", {
      exceptions: [{ campaignId: 999, keepDays: 5 }],
    });
    assert.equal(res.status, 400);
    assert.match(String((res.body.error as { message: string }).message), /Campaign 999/);
  });
  await t.step("tracking-links refuses a missing domain and accepts a real one", async () => {
    assert.equal((await api.put("/api/settings/tracking-links", { domainId: 5 })).status, 400);
    const domain = await api.post("/api/domains", buildDomain());
    const ok = await api.put("/api/settings/tracking-links", { domainId: domain.body.id });
    assert.equal(ok.status, 200);
  });
  await t.step("columns: one default set per list", async () => {
    const set = { list: "campaigns", columns: ["name", "clicks"], isDefault: true };
    const res = await api.put("/api/settings/columns", {
      sets: [{ ...set, name: "A" }, { ...set, name: "B" }],
    });
    assert.equal(res.status, 400);
  });
  await t.step("a campaign exception is kept", async () => {
    const campaign = await api.post("/api/campaigns", buildCampaign());
    const res = await api.put("/api/settings/auto-clearing", {
      enabled: true,
      keepDays: 30,
      exceptions: [{ campaignId: campaign.body.id, keepDays: null }],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });
});

Deno.test("settings: integration templates list built-ins and custom ones, hidden ones left out", async () => {
  const { api } = await adminApi();
  const before = await api.call(TOOLS.templates, {});
  assert.ok(before.trafficSources.some((s) => s.id === "propellerads" && s.builtIn));
  // A field templates do not own (currency) is dropped, not refused: sent untyped.
  await api.put("/api/settings/integration", {
    trafficSources: [{ id: "own-source", name: "Our DSP", fields: { currency: "EUR" } }],
    hidden: ["propellerads"],
  });
  const after = await api.call(TOOLS.templates, {});
  const ids = after.trafficSources.map((s) => s.id);
  assert.ok(ids.includes("own-source"));
  assert.ok(!ids.includes("propellerads"));
  assert.ok(after.affiliateNetworks.length >= 5);
});

Deno.test("settings: feedback is stored with the build info shown on the screen", async () => {
  const { app, api } = await adminApi();
  const info = await api.call(TOOLS.buildInfo, {});
  assert.equal(info.version, app.deps.version);
  // The store's version: SQLite 3, or the PostgreSQL server's (ROTOR_TEST_STORE=postgres).
  assert.match(info.sqlite, TEST_STORE === "sqlite" ? /^3\./ : /^1\d\./);
  const blank = await api.attempt(TOOLS.leaveFeedback, { body: { message: " " } });
  assert.equal(blank.status, 400);
  const left = await api.attempt(TOOLS.leaveFeedback, { body: { message: "Reports are slow" } });
  assert.equal(left.status, 201);
  const { items } = await api.call(TOOLS.feedback, {});
  assert.equal(items[0].message, "Reports are slow");
  assert.equal(items[0].buildInfo?.version, app.deps.version);
});

Deno.test("settings: public-api keys are shown once and the switch turns key access off", async () => {
  const { app, api } = await adminApi();
  const created = await api.attempt(API_KEY_ROUTES.create, { body: { name: "BI export" } });
  assert.equal(created.status, 201);
  const key = String(created.body.key);
  const list = await api.call(API_KEY_ROUTES.list, {});
  assert.equal(JSON.stringify(list).includes(key), false, "the list never shows the key");
  const byKey = () => app.request("/api/campaigns", { headers: { "Api-Key": key } });
  assert.equal((await byKey()).status, 200);
  await api.call(SECTIONS["public-api"].put, { body: { enabled: false } });
  assert.equal((await byKey()).status, 403);
  await api.call(SECTIONS["public-api"].put, { body: { enabled: true } });
  const revoked = await api.call(API_KEY_ROUTES.revoke, {
    params: { id: Number(created.body.id) },
  });
  assert.equal(revoked.name, "BI export");
  assert.equal((await byKey()).status, 401);
});

Deno.test("settings: the click API switch and click-only keys", async () => {
  const setup = await trackingApp();
  const admin = await signedIn(setup.app, { username: "ops", role: "admin" });
  const created = await admin.call(API_KEY_ROUTES.create, { body: { name: "lp", scope: "click" } });
  const call = () =>
    setup.app.send("/api/click-api/v1", { key: setup.key, ip: "8.8.8.8" }, {
      headers: { "Api-Key": created.key },
    });
  assert.equal((await call()).status, 200, "a click-only key reaches the click API");
  const elsewhere = await setup.app.request("/api/campaigns", {
    headers: { "Api-Key": created.key },
  });
  assert.equal(elsewhere.status, 403, "and nothing else");
  await admin.call(SECTIONS["click-api"].put, { body: { enabled: false } });
  const off = await call();
  assert.equal(off.status, 403);
  assert.equal((await off.json()).error.code, "CLICK_API_OFF");
});

Deno.test("settings: a template fills only the fields it names", async () => {
  const { api } = await adminApi();
  const templates = await api.call(TOOLS.templates, {});
  const propeller = templates.trafficSources.find((s) => s.id === "propellerads")!;
  assert.equal("currency" in propeller.fields, false, "no default currency sneaks in");
  assert.ok("postbackUrl" in propeller.fields);
});
