import assert from "node:assert/strict";
import { testApp } from "../../tests/helpers/api.ts";

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
