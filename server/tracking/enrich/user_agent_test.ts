import assert from "node:assert/strict";
import { clearUserAgentCache, detectBot, parseUserAgent } from "./user_agent.ts";
import { UA } from "./test_agents.ts";

Deno.test("user agent: device, OS and browser of common agents", async (t) => {
  await t.step("iPhone", () => {
    const u = parseUserAgent(UA.iphone);
    assert.equal(u.deviceType, "mobile");
    assert.equal(u.brand, "Apple");
    assert.equal(u.model, "iPhone");
    assert.equal(u.os, "iOS");
    assert.equal(u.osVersion, "17.2");
    assert.equal(u.browser, "Mobile Safari");
    assert.equal(u.browserVersion, "17.2");
  });
  await t.step("Samsung Galaxy", () => {
    const u = parseUserAgent(UA.galaxy);
    assert.deepEqual(
      [u.deviceType, u.brand, u.model, u.os, u.osVersion],
      ["mobile", "Samsung", "SM-S918B", "Android", "13"],
    );
    assert.equal(u.browserVersion, "120.0.6099.144");
  });
  await t.step(
    "iPad is a tablet",
    () => assert.equal(parseUserAgent(UA.ipad).deviceType, "tablet"),
  );
  await t.step("Windows desktop", () => {
    const u = parseUserAgent(UA.windowsChrome);
    assert.deepEqual([u.deviceType, u.os, u.osVersion, u.browser], [
      "desktop",
      "Windows",
      "10",
      "Chrome",
    ]);
  });
  await t.step("nothing recognisable is unknown", () => {
    assert.equal(parseUserAgent("").deviceType, "unknown");
    assert.equal(parseUserAgent("x").os, "");
  });
});

Deno.test("user agent: results are cached by string and survive huge inputs", () => {
  clearUserAgentCache();
  const first = parseUserAgent(UA.galaxy);
  assert.equal(parseUserAgent(UA.galaxy), first, "same object from the cache");
  const huge = UA.windowsChrome + " x".repeat(100_000);
  assert.equal(parseUserAgent(huge).os, "Windows");
});

Deno.test("user agent: declared bots are detected with a reason", () => {
  const bot = detectBot(UA.googlebot);
  assert.equal(bot.isBot, true);
  assert.match(bot.reason!, /google/i);
  assert.equal(detectBot(UA.curl).isBot, true);
  assert.deepEqual(detectBot(""), { isBot: true, reason: "no user agent" });
  assert.equal(detectBot(undefined).isBot, true);
  for (const human of [UA.iphone, UA.galaxy, UA.ipad, UA.windowsChrome]) {
    assert.deepEqual(detectBot(human), { isBot: false, reason: null }, human);
  }
});
