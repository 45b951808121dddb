import assert from "node:assert/strict";
import { TEST_PASSWORD, testApp } from "../../tests/helpers/api.ts";
import { compareVersions } from "./service.ts";

/** A local release-manifest server (the edge of the world in this test). */
function manifestServer(answer: () => Response) {
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, answer);
  return {
    url: `http://127.0.0.1:${server.addr.port}/manifest.json`,
    close: () => server.shutdown(),
  };
}

async function signedIn(manifestUrl?: string) {
  const app = testApp({ config: { updateManifestUrl: manifestUrl } });
  await app.addUser("alice", "admin");
  return { app, cookie: await app.signIn("alice", TEST_PASSWORD) };
}

Deno.test("updates: a newer manifest version means an update is available", async () => {
  const remote = manifestServer(() => Response.json({ version: "99.0.0", notes: "Faster" }));
  try {
    const { app, cookie } = await signedIn(remote.url);
    const res = await app.request("/updates/check", { cookie });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.is_available_updates, true);
    assert.equal(body.latest_version, "99.0.0");
    assert.equal(body.current_version, app.deps.version);
    assert.equal(body.notes, "Faster");
  } finally {
    await remote.close();
  }
});

Deno.test("updates: the same version means no update", async () => {
  const { app: probe } = await signedIn();
  const remote = manifestServer(() => Response.json({ version: probe.deps.version }));
  try {
    const { app, cookie } = await signedIn(remote.url);
    const body = await (await app.request("/updates/check", { cookie })).json();
    assert.equal(body.is_available_updates, false);
  } finally {
    await remote.close();
  }
});

Deno.test("updates: a failing or unreachable manifest gives a non-OK answer with a message", async (t) => {
  await t.step("server error", async () => {
    const remote = manifestServer(() => new Response("boom", { status: 500 }));
    try {
      const { app, cookie } = await signedIn(remote.url);
      const res = await app.request("/updates/check", { cookie });
      assert.equal(res.status, 502);
      assert.match((await res.json()).error.message, /Update check failed: .*500/);
    } finally {
      await remote.close();
    }
  });
  await t.step("malformed manifest", async () => {
    const remote = manifestServer(() => Response.json({ version: "soon" }));
    try {
      const { app, cookie } = await signedIn(remote.url);
      const res = await app.request("/updates/check", { cookie });
      assert.equal(res.status, 502);
      assert.match((await res.json()).error.message, /malformed/);
    } finally {
      await remote.close();
    }
  });
  await t.step("nothing listening", async () => {
    const { app, cookie } = await signedIn("http://127.0.0.1:9/manifest.json");
    const res = await app.request("/updates/check", { cookie });
    assert.equal(res.status, 502);
    assert.match((await res.json()).error.message, /^Update check failed/);
  });
});

Deno.test("updates: with no manifest configured, checks are off and nothing fails", async () => {
  const { app, cookie } = await signedIn();
  const res = await app.request("/updates/check", { cookie });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.is_available_updates, false);
  assert.equal(body.checks_enabled, false);
  assert.equal(body.current_version, body.latest_version);
});

Deno.test("updates: anonymous callers are refused", async () => {
  const app = testApp();
  const res = await app.request("/updates/check");
  assert.equal(res.status, 401);
});

Deno.test("updates: versions compare numerically", () => {
  assert.ok(compareVersions("0.10.0", "0.9.9") > 0);
  assert.ok(compareVersions("1.0.0", "1.0.0") === 0);
  assert.ok(compareVersions("1.2.3", "1.10.0") < 0);
});
