import assert from "node:assert/strict";
import { TEST_PASSWORD, testApp } from "../../tests/helpers/api.ts";

async function builtPanel() {
  const outer = await Deno.makeTempDir();
  const dir = `${outer}/dist`;
  await Deno.mkdir(`${dir}/assets`, { recursive: true });
  await Deno.writeTextFile(`${dir}/index.html`, "<!doctype html><title>Rotor</title>");
  await Deno.writeTextFile(`${dir}/assets/index-abc123.js`, "console.log(1)");
  await Deno.writeTextFile(`${dir}/../secret.txt`, "outside");
  const t = testApp({ deps: { panelDir: dir } });
  return { t, dir, cleanup: () => Deno.remove(outer, { recursive: true }) };
}

Deno.test("panel: hashed assets are cached for a year, index.html never", async () => {
  const { t, cleanup } = await builtPanel();
  try {
    const asset = await t.request("/panel/assets/index-abc123.js");
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get("content-type")!, /javascript/);
    assert.equal(asset.headers.get("cache-control"), "public, max-age=31536000, immutable");
    assert.equal(await asset.text(), "console.log(1)");
    const index = await t.request("/panel/");
    assert.equal(index.headers.get("cache-control"), "no-store");
    assert.match(await index.text(), /<title>Rotor/);
  } finally {
    await cleanup();
  }
});

Deno.test("panel: client routes fall back to index.html; missing assets are 404", async () => {
  const { t, cleanup } = await builtPanel();
  try {
    for (const path of ["/panel/campaigns", "/panel/report/offer/1,2", "/panel/login?returnTo=x"]) {
      const res = await t.request(path);
      assert.equal(res.status, 200, path);
      assert.match(await res.text(), /<title>Rotor/);
    }
    const missing = await t.request("/panel/assets/gone.js");
    assert.equal(missing.status, 404);
    await missing.body?.cancel();
  } finally {
    await cleanup();
  }
});

Deno.test("panel: paths never escape the build folder", async () => {
  const { t, cleanup } = await builtPanel();
  try {
    for (
      const path of ["/panel/../secret.txt", "/panel/%2e%2e/secret.txt", "/panel/..%2fsecret.txt"]
    ) {
      const res = await t.request(path);
      assert.doesNotMatch(await res.text(), /outside/, path);
    }
  } finally {
    await cleanup();
  }
});

Deno.test("panel: other addresses are rewritten under /panel/ keeping the query", async () => {
  const t = testApp();
  for (
    const [from, to] of [
      ["/", "/panel/"],
      ["/campaigns?sort=name", "/panel/campaigns?sort=name"],
      ["/panel", "/panel/"],
      ["/report/offer/1?from=2026-01-01", "/panel/report/offer/1?from=2026-01-01"],
    ]
  ) {
    const res = await t.request(from);
    assert.equal(res.status, 302, from);
    assert.equal(res.headers.get("location"), to);
  }
});

Deno.test("panel: answers 503 with a hint when the client is not built", async () => {
  const t = testApp({ deps: { panelDir: "/nonexistent/rotor-dist" } });
  const res = await t.request("/panel/");
  assert.equal(res.status, 503);
  assert.match(await res.text(), /deno task build/);
});

Deno.test("panel: precompressed twins go out by Accept-Encoding, with Vary", async () => {
  const { t, cleanup, dir } = await builtPanel();
  try {
    const { brotliCompressSync, gzipSync } = await import("node:zlib");
    const source = new TextEncoder().encode("console.log(1)");
    await Deno.writeFile(`${dir}/assets/index-abc123.js.br`, brotliCompressSync(source));
    await Deno.writeFile(`${dir}/assets/index-abc123.js.gz`, gzipSync(source));
    const cases: Array<[string | undefined, string | null]> = [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["br;q=0.5, gzip;q=0.9", "gzip"],
      ["identity", null],
      [undefined, null],
    ];
    for (const [accept, expected] of cases) {
      const res = await t.request("/panel/assets/index-abc123.js", {
        headers: accept ? { "Accept-Encoding": accept } : {},
      });
      assert.equal(res.headers.get("content-encoding"), expected, String(accept));
      assert.equal(res.headers.get("vary"), "Accept-Encoding");
      assert.match(res.headers.get("content-type")!, /javascript/);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
      const plain = expected === "br"
        ? brotliDecompressSync(bytes)
        : expected === "gzip"
        ? gunzipSync(bytes)
        : bytes;
      assert.equal(new TextDecoder().decode(plain), "console.log(1)");
    }
  } finally {
    await cleanup();
  }
});

Deno.test("panel: a signed-in page load names the frame's, the screen's and the session's files", async () => {
  const { t, dir, cleanup } = await builtPanel();
  try {
    const files = (scripts: string[], styles: string[] = []) => ({ scripts, styles });
    await Deno.writeTextFile(
      `${dir}/preload.json`,
      JSON.stringify({
        entry: files(["assets/index-abc123.js"], ["assets/index-abc.css"]),
        signedIn: files(["assets/frame-1.js", "assets/panel-1.js"], ["assets/toast-1.css"]),
        screens: { campaigns: files(["assets/page-c.js"]), offers: files(["assets/page-o.js"]) },
      }),
    );
    const signedOut = await t.request("/panel/campaigns");
    assert.equal(signedOut.headers.get("link"), null, "sign-in needs none of it");
    await signedOut.body?.cancel();

    const userId = await t.addUser("lena", "user");
    const cookie = await t.signIn("lena", TEST_PASSWORD);
    const res = await t.request("/panel/campaigns?from=2026-01-01", { cookie });
    await res.body?.cancel();
    const link = res.headers.get("link") ?? "";
    const named = [...link.matchAll(/<([^>]+)>; rel=(\w+)/g)].map((m) => `${m[2]} ${m[1]}`);
    assert.deepEqual(named, [
      "preload /panel/assets/index-abc.css",
      "preload /panel/assets/toast-1.css",
      "modulepreload /panel/assets/index-abc123.js",
      "modulepreload /panel/assets/frame-1.js",
      "modulepreload /panel/assets/panel-1.js",
      "modulepreload /panel/assets/page-c.js",
      "preload /api/user/role",
      `preload /api/user/${userId}/hide_profit`,
    ]);
    assert.match(link, /<\/panel\/assets\/toast-1\.css>; rel=preload; as=style; crossorigin/);
    assert.match(link, /<\/api\/user\/role>; rel=preload; as=fetch; crossorigin/);

    // Signed in, sign-in leads to campaigns; an unknown path (it goes to /404) and an asset
    // get no Link header.
    const login = await t.request("/panel/login", { cookie });
    await login.body?.cancel();
    assert.match(login.headers.get("link") ?? "", /frame-1\.js.*page-c\.js/);
    const other = await t.request("/panel/nowhere", { cookie });
    await other.body?.cancel();
    assert.equal(other.headers.get("link"), null);
    const asset = await t.request("/panel/assets/index-abc123.js", { cookie });
    await asset.body?.cancel();
    assert.equal(asset.headers.get("link"), null);

    // A build without the map (or with a broken one) still serves the page, without hints.
    for (const bad of ["{broken", `{"entry":{"scripts":[]}}`, "null"]) {
      await Deno.writeTextFile(`${dir}/preload.json`, bad);
      const broken = await t.request("/panel/campaigns", { cookie });
      assert.equal(broken.status, 200, bad);
      assert.equal(broken.headers.get("link"), null, bad);
      await broken.body?.cancel();
    }
  } finally {
    await cleanup();
  }
});
