import assert from "node:assert/strict";
import fc from "fast-check";
import { paramsOf } from "./click.ts";
import { clickFastPath } from "./click_route.ts";
import { UA } from "./enrich/test_agents.ts";
import { clickIdOf, trackingApp } from "./testing.ts";

Deno.test("click: a raw query reads as URLSearchParams reads it", () => {
  const text = fc.string({
    unit: fc.constantFrom("a", "b", "t", "=", "&", "%", "2", "0", "+", "é", " ", "_", "🙂"),
    maxLength: 40,
  });
  fc.assert(
    fc.property(text, (query) => {
      assert.deepEqual({ ...paramsOf(query) }, { ...paramsOf(new URLSearchParams(query)) });
    }),
    { numRuns: 2000 },
  );
  const params = paramsOf("constructor=1&__proto__=2&a=1&a=2");
  assert.deepEqual(Object.entries(params), [["constructor", "1"], ["__proto__", "2"], ["a", "1"]]);
  assert.equal(paramsOf("x=" + "y".repeat(300)).x.length, 255);
});

Deno.test("click fast path: answers GET /c/KEY as the app does, leaves the rest", async (t) => {
  const s = await trackingApp({ config: { trustProxy: true } });
  const fast = clickFastPath(s.app.deps);
  const remote = { hostname: "198.51.100.20" };
  const request = (path: string, init: RequestInit = {}) =>
    new Request(`http://localhost${path}`, {
      ...init,
      headers: { "user-agent": UA.iphone, "x-forwarded-for": "10.0.0.1, 8.8.4.4", ...init.headers },
    });
  const ipOf = (res: Response) =>
    s.app.deps.db.prepare("SELECT ip FROM clicks WHERE id = ?").get(clickIdOf(res))?.ip;

  await t.step("a click: 302, cookie, the proxy's last hop as the client", async () => {
    const res = await fast(request(`/c/${s.key}?subid=e1`), remote)!;
    const viaApp = await s.app.request(`/c/${s.key}?subid=e1`, {
      headers: { "user-agent": UA.iphone, "x-forwarded-for": "10.0.0.1, 8.8.4.4" },
      redirect: "manual",
    });
    assert.equal(res.status, 302);
    assert.equal(viaApp.status, 302);
    for (const name of ["cache-control", "referrer-policy", "x-content-type-options"]) {
      assert.equal(res.headers.get(name), viaApp.headers.get(name), name);
    }
    assert.equal(
      new URL(res.headers.get("location")!).origin,
      new URL(viaApp.headers.get("location")!).origin,
    );
    assert.equal(ipOf(res), "8.8.4.4");
    assert.equal(ipOf(viaApp), "8.8.4.4");
  });

  await t.step("unknown campaign: 404 without a redirect", async () => {
    const res = await fast(request("/c/nope"), remote)!;
    assert.equal(res.status, 404);
    assert.equal(res.headers.get("location"), null);
    assert.equal((await res.json()).error.code, "NOT_FOUND");
  });

  await t.step("anything else is left to the app", () => {
    for (const path of ["/c/", "/c/a/b", "/c/%41b", "/cx/abc", "/lp/click", "/c"]) {
      assert.equal(fast(request(path), remote), null, path);
    }
    assert.equal(fast(request(`/c/${s.key}`, { method: "POST" }), remote), null);
  });

  await t.step("without ROTOR_TRUST_PROXY the socket address is the client", async () => {
    const plain = await trackingApp();
    const res = await clickFastPath(plain.app.deps)(request(`/c/${plain.key}`), remote)!;
    assert.equal(res.status, 302);
    const ip = plain.app.deps.db.prepare("SELECT ip FROM clicks WHERE id = ?").get(clickIdOf(res));
    assert.equal(ip?.ip, "198.51.100.20");
  });
});
