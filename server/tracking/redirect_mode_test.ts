import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { buildCampaign, buildOffer } from "../../fixtures/builders.ts";
import { loadMigrations, migrate } from "../db/migrate.ts";
import { HOP_LIFETIME_S, hopPath, openHop } from "./hop.ts";
import { Buffer } from "node:buffer";
import { clickIdOf, trackingApp } from "./testing.ts";

/** The refresh target of a refresh page. */
function refreshTarget(html: string): string {
  const m = /<meta http-equiv="refresh" content="0;url=([^"]*)">/.exec(html);
  assert.ok(m, `no refresh in ${html}`);
  return m[1].replaceAll("&#38;", "&");
}

function assertNoReferrerPage(res: Response): void {
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("location"), null);
  assert.equal(res.headers.get("referrer-policy"), "no-referrer");
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.match(res.headers.get("content-type")!, /^text\/html/);
  assert.match(res.headers.get("content-security-policy")!, /default-src 'none'/);
}

Deno.test("redirect modes: 302, meta refresh and double meta refresh answer as chosen", async (t) => {
  const s = await trackingApp();
  const mode = async (redirectMode: string) => {
    const res = await s.api.patch(`/api/campaigns/${s.campaignId}`, { redirectMode });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.redirectMode, redirectMode);
  };
  const source = "https://news.example.org/article?id=7";
  const click = () =>
    s.app.request(`/c/${s.key}?zone="><script>x</script>`, {
      headers: {
        "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36",
        "accept-language": "en",
        referer: source,
      },
      redirect: "manual",
    });

  await t.step(
    "302: a Location to the offer, no body, the browser keeps its referrer",
    async () => {
      const res = await click();
      assert.equal(res.status, 302);
      assert.match(res.headers.get("location")!, /^https:\/\/offers\.example\.com\//);
      assert.equal(res.headers.get("referrer-policy"), null);
      assert.equal(await res.text(), "");
      clickIdOf(res);
    },
  );

  await t.step("meta: a no-referrer page refreshing to the offer, no script", async () => {
    await mode("meta");
    const res = await click();
    assertNoReferrerPage(res);
    const id = clickIdOf(res);
    const html = await res.text();
    assert.match(html, /<meta name="referrer" content="no-referrer">/);
    assert.doesNotMatch(html, /<script/);
    const target = new URL(refreshTarget(html));
    assert.equal(target.origin, "https://offers.example.com");
    assert.equal(target.searchParams.get("click"), id);
  });

  await t.step(
    "double-meta: the page refreshes to a Rotor hop, whose page refreshes to the offer",
    async () => {
      await mode("double-meta");
      const res = await click();
      assertNoReferrerPage(res);
      const id = clickIdOf(res);
      const first = await res.text();
      const hop = refreshTarget(first);
      assert.match(hop, new RegExp(`^/c/${s.key}/hop\\?u=[\\w-]+&e=\\d+&s=[\\w-]+$`));
      assert.doesNotMatch(first, /offers\.example\.com/, "the first page does not name the offer");
      assert.doesNotMatch(first, /news\.example\.org/, "nor the source");

      // The second hop, as the browser asks for it: the first page's no-referrer sends no Referer.
      const second = await s.app.request(hop, { headers: { "user-agent": "Mozilla/5.0" } });
      assertNoReferrerPage(second);
      assert.equal(
        second.headers.getSetCookie().length,
        0,
        "the click's cookie came with the first",
      );
      const html = await second.text();
      assert.match(html, /<meta name="referrer" content="no-referrer">/);
      const target = new URL(refreshTarget(html));
      assert.equal(target.origin, "https://offers.example.com");
      assert.equal(target.searchParams.get("click"), id);
      assert.doesNotMatch(html, /news\.example\.org/);
      const stored = s.app.deps.db.prepare("SELECT count(*) AS n FROM clicks").get()!;
      assert.equal(stored.n, 3, "the hop records no click");

      // An altered or forged hop address is a 404: Rotor is no open redirect.
      const forged = hop.replace(
        /u=[\w-]+/,
        `u=${btoa("https://evil.example/").replaceAll("=", "")}`,
      );
      assert.equal((await s.app.request(forged)).status, 404);
      assert.equal((await s.app.request(hop.replace(/s=[\w-]+/, "s=AAAA"))).status, 404);
      const otherKey = hop.replace(`/c/${s.key}/`, "/c/someotherkey1/");
      assert.equal((await s.app.request(otherKey)).status, 404);
      assert.equal((await s.app.request(`/c/${s.key}/hop`)).status, 404);
    },
  );
});

Deno.test("redirect modes: a hop address expires", () => {
  const now = Date.parse("2026-06-01T12:00:00Z");
  const key = Buffer.alloc(32, 7);
  const query = Object.fromEntries(
    new URL(hopPath(key, "k1234567", "https://o.example/?a=1&b=ü", now), "http://x").searchParams,
  );
  assert.equal(openHop(key, "k1234567", query, now), "https://o.example/?a=1&b=ü");
  assert.equal(
    openHop(key, "k1234567", query, now + HOP_LIFETIME_S * 1000),
    "https://o.example/?a=1&b=ü",
  );
  assert.equal(openHop(key, "k1234567", query, now + (HOP_LIFETIME_S + 1) * 1000), null);
  assert.equal(openHop(Buffer.alloc(32, 8), "k1234567", query, now), null, "another install's key");
});

Deno.test("redirect modes: hideReferrer from before redirect modes still means meta refresh", async (t) => {
  const s = await trackingApp();
  await t.step("input with hideReferrer (an old client or export) is read as a mode", async () => {
    const base = buildCampaign({
      destination: { type: "url", url: "https://offers.example.com/x" },
    });
    const on = await s.api.post("/api/campaigns", { ...base, name: "Old on", hideReferrer: true });
    assert.equal(on.status, 201, JSON.stringify(on.body));
    assert.equal(on.body.redirectMode, "meta");
    assert.equal(on.body.hideReferrer, undefined);
    const off = await s.api.post("/api/campaigns", {
      ...base,
      name: "Old off",
      hideReferrer: false,
    });
    assert.equal(off.body.redirectMode, "302");
    const both = await s.api.post("/api/campaigns", {
      ...base,
      name: "Both",
      hideReferrer: true,
      redirectMode: "double-meta",
    });
    assert.equal(both.body.redirectMode, "double-meta", "the mode wins when both are given");
    const patched = await s.api.patch(`/api/campaigns/${off.body.id}`, { hideReferrer: true });
    assert.equal(patched.body.redirectMode, "meta");
    const res = await s.app.request(`/c/${on.body.key}`, { redirect: "manual" });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /http-equiv="refresh" content="0;url=https:\/\/offers/);
  });
  await t.step("a bad mode is refused and nothing changes", async () => {
    const res = await s.api.patch(`/api/campaigns/${s.campaignId}`, { redirectMode: "301" });
    assert.equal(res.status, 400);
    assert.equal((await s.api.get(`/api/campaigns/${s.campaignId}`)).body.redirectMode, "302");
  });
  await t.step("a stored campaign with hide_referrer = 1 becomes meta (migration 121)", () => {
    const db = new DatabaseSync(":memory:");
    for (const m of loadMigrations().filter((m) => m.version < 121)) {
      db.exec(m.sql);
    }
    db.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,
      applied_at INTEGER NOT NULL) STRICT`);
    for (const m of loadMigrations().filter((m) => m.version < 121)) {
      db.prepare("INSERT INTO schema_migrations VALUES (?, ?, 0)").run(m.version, m.name);
    }
    const insert = db.prepare(
      `INSERT INTO campaigns (id, name, created_at, updated_at, key, cost_model, cost_value,
        destination, hide_referrer, uniqueness_hours, bot_policy, postback_url, status)
       VALUES (?, ?, 0, 0, ?, 'cpc', 0, '{}', ?, 24, 'flag', '', 'active')`,
    );
    insert.run(1, "Hidden", "key00001", 1);
    insert.run(2, "Plain", "key00002", 0);
    assert.deepEqual(
      migrate(db),
      loadMigrations().filter((m) => m.version >= 121).map((m) => m.version),
    );
    const rows = db.prepare("SELECT id, redirect_mode FROM campaigns ORDER BY id").all();
    assert.deepEqual(rows.map((r) => r.redirect_mode), ["meta", "302"]);
  });
  await t.step("an old export's hideReferrer is imported as meta", async () => {
    const offer = buildOffer({ affiliateNetworkId: null });
    const file = {
      format: "rotor-export",
      version: 1,
      exportedAt: "2026-01-01T00:00:00Z",
      rotorVersion: "0.1.0",
      entities: {
        offers: [{ id: 40, ...offer }],
        campaigns: [{
          id: 41,
          key: "oldkey0001",
          ...buildCampaign({
            name: "Imported",
            destination: { type: "url", url: "https://offers.example.com/i" },
          }),
          hideReferrer: true,
        }],
      },
    };
    const res = await s.api.post("/api/settings/import-export/import", { file, dryRun: false });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const row = s.app.deps.db.prepare("SELECT redirect_mode FROM campaigns WHERE name = 'Imported'")
      .get()!;
    assert.equal(row.redirect_mode, "meta");
  });
});
