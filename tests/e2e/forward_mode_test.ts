/**
 * Forward mode against a second real Rotor: the front serves the panel and
 * passes `/api/*` and `/updates/check` to the upstream, cookies and the `auth`
 * value included; the CLI refuses `mode` and `licence` while ROTOR_UPSTREAM is set.
 */
import assert from "node:assert/strict";
import { ADMIN_PASSWORD, runCli, startServer } from "../helpers/server.ts";
import { buildOffer } from "../../fixtures/builders.ts";

const FRONT_PASSWORD = "front-only-password";

function cookieOf(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("rotor_session="));
  assert.ok(set, "a session cookie");
  return set.split(";")[0];
}

Deno.test({
  name: "forward mode: the panel fronts another Rotor",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const upstream = await startServer();
    // The front's own admin has another password: a sign-in with the upstream's proves forwarding.
    const front = await startServer({
      env: { ROTOR_UPSTREAM: upstream.url, ROTOR_ADMIN_PASSWORD: FRONT_PASSWORD },
    });
    const origin = { origin: front.url };
    const json = { "content-type": "application/json", ...origin };
    let cookie = "";
    try {
      await t.step("sign-in goes to the upstream's users", async () => {
        const wrong = await fetch(`${front.url}/api/user/sign_in`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ login: "admin", password: FRONT_PASSWORD }),
        });
        assert.equal(wrong.status, 401, "the front's own admin is not asked");
        await wrong.body?.cancel();
        const res = await fetch(`${front.url}/api/user/sign_in`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ login: "admin", password: ADMIN_PASSWORD }),
        });
        assert.equal(res.status, 200);
        await res.body?.cancel();
        cookie = cookieOf(res);
        assert.doesNotMatch(res.headers.get("set-cookie")!, /domain=/i);
      });

      await t.step("writes land in the upstream's store", async () => {
        const res = await fetch(`${front.url}/api/offers`, {
          method: "POST",
          headers: { ...json, cookie },
          body: JSON.stringify(buildOffer({ name: "Forwarded offer" })),
        });
        assert.equal(res.status, 201, await res.clone().text());
        const { id } = await res.json();
        const direct = await fetch(`${upstream.url}/api/offers/${id}`, { headers: { cookie } });
        assert.equal((await direct.json()).name, "Forwarded offer");
      });

      await t.step("a foreign origin is refused at the front", async () => {
        const res = await fetch(`${front.url}/api/offers`, {
          method: "POST",
          headers: { ...json, cookie, origin: "https://evil.example" },
          body: JSON.stringify(buildOffer({ name: "Evil" })),
        });
        assert.equal(res.status, 403);
        await res.body?.cancel();
        const list = await (await fetch(`${upstream.url}/api/offers?search=Evil`, {
          headers: { cookie },
        })).json();
        assert.equal(list.items.length, 0);
      });

      await t.step("mode and update checks are the upstream's", async () => {
        const demo = await upstream.cli(["mode", "demo"]);
        assert.equal(demo.code, 0, demo.stderr);
        assert.deepEqual(await (await fetch(`${front.url}/api/mode`)).json(), { mode: "demo" });
        await upstream.cli(["mode", "normal"]);
        const check = await fetch(`${front.url}/updates/check`, { headers: { cookie } });
        assert.equal(check.status, 200);
        const answer = await check.json();
        assert.equal(answer.checks_enabled, false, "the upstream has no manifest configured");
      });

      await t.step("the panel is served by the front", async () => {
        const res = await fetch(`${front.url}/panel/`);
        assert.equal(res.status, 200);
        assert.match(await res.text(), /<div id="root">/);
      });

      await t.step("a panel address with auth signs in upstream", async () => {
        const { secret } = await (await fetch(`${front.url}/api/auth/secret`, {
          headers: { cookie },
        })).json();
        const res = await fetch(`${front.url}/panel/?auth=${encodeURIComponent(secret)}`);
        assert.equal(res.status, 200);
        await res.body?.cancel();
        const fresh = cookieOf(res);
        const role = await fetch(`${front.url}/api/user/role`, { headers: { cookie: fresh } });
        assert.equal(role.status, 200);
        assert.equal((await role.json()).username, "admin");
      });

      await t.step("the CLI refuses mode and licence in forward mode", async () => {
        const env = { ROTOR_UPSTREAM: upstream.url };
        for (const args of [["mode", "demo"], ["licence", "status"]]) {
          const res = await runCli(args, { dataDir: front.dataDir, env });
          assert.equal(res.code, 1, args.join(" "));
          assert.match(
            res.stderr,
            /forwards to http:\/\/127\.0\.0\.1:\d+ \(ROTOR_UPSTREAM is set\)/,
          );
        }
        const status = await runCli(["status"], { dataDir: front.dataDir, env });
        assert.equal(status.code, 0, status.stderr);
        assert.match(status.stdout, /server: +running since/);
        assert.match(status.stdout, /upstream: +http:\/\/127\.0\.0\.1/);
      });

      await t.step("an upstream that is gone answers 502 in the error shape", async () => {
        await upstream.stop();
        const res = await fetch(`${front.url}/api/user/role`, { headers: { cookie } });
        assert.equal(res.status, 502);
        assert.equal((await res.json()).error.code, "UPSTREAM_UNREACHABLE");
      });
    } finally {
      await front.stop();
      await upstream.stop().catch(() => {});
    }
  },
});
