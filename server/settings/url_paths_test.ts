import assert from "node:assert/strict";
import { startServer } from "../../tests/helpers/server.ts";
import { directCampaign } from "../../tests/helpers/panel.ts";
import { clickIdOf, NETWORK_IP, trackingApp } from "../tracking/testing.ts";
import { settingsUser } from "./testing.ts";
import { pathAliases, rewritePath, withPrevious } from "./url_paths.ts";
import { UrlCustomizationSettings } from "../../contracts/settings.ts";

Deno.test("url customization: custom paths reach the tracking routes, old links keep working", async (t) => {
  const { app, key } = await trackingApp();
  const admin = await settingsUser(app, { username: "ops", role: "admin" });
  const get = (path: string) =>
    app.request(path, {
      ip: "8.8.8.8",
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36" },
      redirect: "manual",
    });

  await t.step("before any change, /go is not a click path", async () => {
    const res = await get(`/go/${key}`);
    assert.ok(res.headers.get("location")?.startsWith("/panel/go"), "falls through to the panel");
  });
  await t.step("a path the panel uses is refused", async () => {
    const res = await admin.put("/api/settings/url-customization", { clickPath: "/panel/go" });
    assert.equal(res.status, 400);
  });
  let clickId = "";
  await t.step("the custom click path redirects like /c", async () => {
    const res = await admin.put("/api/settings/url-customization", {
      clickPath: "/go",
      postbackPath: "/pb",
      landerClickPath: "/next",
    });
    assert.equal(res.status, 200);
    const click = await get(`/go/${key}?subid=abc`);
    assert.equal(click.status, 302);
    assert.match(click.headers.get("location") ?? "", /^https:\/\//);
    clickId = clickIdOf(click);
  });
  await t.step("the canonical /c keeps working", async () => {
    assert.equal((await get(`/c/${key}`)).status, 302);
  });
  await t.step("the custom postback path records the conversion", async () => {
    const res = await app.request(
      `/pb?clickid=${clickId}&status=sale&payout=3&txid=t1&token=s3cr3t-token`,
      { ip: NETWORK_IP },
    );
    assert.equal(res.status, 200, await res.clone().text());
    const row = app.deps.db.prepare("SELECT count(*) AS n FROM conversions WHERE click_id = ?")
      .get(clickId);
    assert.equal(Number(row?.n), 1);
  });
  await t.step("renamed again, the path given up still works", async () => {
    const res = await admin.put("/api/settings/url-customization", {
      clickPath: "/r",
      postbackPath: "/pb",
      landerClickPath: "/next",
      previous: [{ kind: "click", path: "/forged" }],
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.previous, [{ kind: "click", path: "/go" }], "the server keeps it");
    assert.equal((await get(`/r/${key}`)).status, 302);
    assert.equal((await get(`/go/${key}`)).status, 302);
  });
});

Deno.test("url customization: rewriting and history rules", async (t) => {
  const base = UrlCustomizationSettings.parse({});
  await t.step("only whole path segments match, the longest alias first", () => {
    const aliases = pathAliases({ ...base, clickPath: "/go", landerClickPath: "/go/lp" });
    assert.equal(rewritePath(aliases, "/go/abc"), "/c/abc");
    assert.equal(rewritePath(aliases, "/go/lp"), "/lp/click");
    assert.equal(rewritePath(aliases, "/gone/abc"), undefined);
    assert.equal(rewritePath(aliases, "/c/abc"), undefined, "canonical paths need no rewrite");
  });
  await t.step("a path taken back leaves the history", () => {
    const first = withPrevious(base, { ...base, clickPath: "/go" });
    const second = withPrevious(first, { ...first, clickPath: "/r" });
    assert.deepEqual(second.previous, [{ kind: "click", path: "/go" }]);
    const third = withPrevious(second, { ...second, clickPath: "/go" });
    assert.deepEqual(third.previous, [{ kind: "click", path: "/r" }]);
  });
  await t.step("reserved and clashing paths are refused", () => {
    assert.equal(UrlCustomizationSettings.safeParse({ clickPath: "/panel/x" }).success, false);
    assert.equal(UrlCustomizationSettings.safeParse({ clickPath: "/postback" }).success, false);
    assert.equal(UrlCustomizationSettings.safeParse({ clickPath: "/Go" }).success, false);
  });
});

Deno.test({
  name:
    "url customization: a POST postback on a custom path is answered by a real server, its limit kept",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    // node:http's Request refused the request itself as init when its body was a stream: 500.
    const server = await startServer();
    try {
      const campaign = await directCampaign(server.url, {
        name: "Custom paths",
        offer: { name: "Keto", url: "https://o.example.com/?c={clickid}", payout: 3 },
      });
      await campaign.panel.call("PUT", "/api/settings/url-customization", {
        clickPath: "/go",
        landerClickPath: "/lpc",
        postbackPath: "/pb",
      });
      const click = await fetch(`${server.url}/go/${campaign.key}`, { redirect: "manual" });
      await click.body?.cancel();
      assert.equal(click.status, 302);
      const cookie = click.headers.getSetCookie().find((c) => c.startsWith("rotor_click="))!;
      const clickId = cookie.split(";")[0].split("=")[1];
      const form = { "content-type": "application/x-www-form-urlencoded" };
      const postback = await fetch(`${server.url}/pb`, {
        method: "POST",
        headers: form,
        body: `clickid=${clickId}&status=lead&txid=t1`,
      });
      assert.equal(postback.status, 200, await postback.text());
      const big = await fetch(`${server.url}/pb`, {
        method: "POST",
        headers: form,
        body: "a=" + "x".repeat(200_000),
      });
      assert.equal(big.status, 413, await big.text());
    } finally {
      await server.stop();
    }
  },
});
