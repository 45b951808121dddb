import assert from "node:assert/strict";
import { CLICK_API_ROUTES } from "../../contracts/api/click_api.ts";
import { createApiKey } from "../auth/api_keys.ts";
import { apiAs } from "../entities/testing.ts";
import { UA } from "./enrich/test_agents.ts";
import { trackingApp } from "./testing.ts";

Deno.test("click API: answers the decision as JSON and records the click", async (t) => {
  const s = await trackingApp();
  const body = { key: s.key, ip: "81.169.145.1", userAgent: UA.galaxy, params: { subid: "e1" } };
  const click = CLICK_API_ROUTES.click;
  await t.step("with a session", async () => {
    const res = await s.api.call(click, { body });
    assert.equal(res.blocked, false);
    assert.equal(res.rule, null);
    const url = new URL(String(res.url));
    assert.equal(url.searchParams.get("click"), res.clickId);
    const row = s.app.deps.db.prepare("SELECT external_id, ip FROM clicks WHERE id = ?")
      .get(res.clickId)!;
    assert.deepEqual({ ...row }, { external_id: "e1", ip: "81.169.145.1" });
  });
  await t.step("with an API key (click scope)", async () => {
    const userId = Number(s.app.deps.db.prepare("SELECT id FROM users").get()!.id);
    const { key } = createApiKey(s.app.deps.db, { userId, name: "lander", scope: "click" });
    const res = await s.app.send("/api/click-api/v1", body, { headers: { "Api-Key": key } });
    assert.equal(res.status, 200);
    assert.match((await res.json()).clickId, /^[-\w]{24}$/);
  });
  await t.step("a matched rule is named", async () => {
    await s.api.patch(`/api/campaigns/${s.campaignId}`, {
      destination: {
        type: "flow",
        flow: {
          rules: [{
            name: "Android",
            criteria: [{ field: "os", op: "is", values: ["Android"] }],
            paths: [{ direct: true, offers: [{ offerId: s.offerIds[1], weight: 1 }] }],
          }],
          defaultPaths: [{ direct: true, offers: [{ offerId: s.offerIds[0], weight: 1 }] }],
        },
      },
    });
    const { rule } = await s.api.call(click, { body });
    assert.ok(rule, "a rule matched");
    assert.deepEqual([rule.index, rule.name], [0, "Android"]);
    assert.ok(rule.id !== null && rule.id >= 1000, "the rule's stable id");
  });
  await t.step("errors: anonymous 401, unknown campaign 404, bad input 400", async () => {
    assert.equal((await apiAs(s.app).attempt(click, { body })).status, 401);
    const unknown = { ...body, key: "nope-nope-nope" };
    assert.equal((await s.api.attempt(click, { body: unknown })).status, 404);
    assert.equal((await s.api.post("/api/click-api/v1", { key: s.key })).status, 400);
  });
  await t.step("blocked bots get no URL", async () => {
    await s.api.patch(`/api/campaigns/${s.campaignId}`, { botPolicy: "block" });
    const res = await s.api.call(click, { body: { ...body, userAgent: UA.curl } });
    assert.equal(res.blocked, true);
    assert.equal(res.url, null);
  });
});
