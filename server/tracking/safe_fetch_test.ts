import assert from "node:assert/strict";
import { formatIp, type IpAddress } from "./ip.ts";
import { safeFetch } from "./safe_fetch.ts";

/** A loopback listener that records every request it sees. */
function listen(
  handler: (req: Request) => Response | Promise<Response> = () => new Response("ok"),
) {
  const seen: Array<{ url: string; host: string | null }> = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    seen.push({ url: req.url, host: req.headers.get("host") }); // a Request is closed once answered
    return handler(req);
  });
  return { seen, port: server.addr.port, close: () => server.shutdown() };
}

/** Test hook: allow exactly one loopback port (production never passes a hook). */
const onlyPort = (port: number) => (a: IpAddress, p: number) =>
  formatIp(a) === "127.0.0.1" && p === port;

Deno.test("safe fetch: loopback, private, metadata and odd address forms never reach the canary", async (t) => {
  const canary = listen();
  try {
    const forms = [
      `http://127.0.0.1:${canary.port}/pb`,
      `http://0.0.0.0:${canary.port}/pb`,
      `http://[::1]:${canary.port}/pb`,
      `http://[::ffff:127.0.0.1]:${canary.port}/pb`,
      `http://[::ffff:7f00:1]:${canary.port}/pb`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://2130706433:${canary.port}/pb`,
      `http://0x7f000001:${canary.port}/pb`,
      `http://127.1:${canary.port}/pb`,
      `http://0177.0.0.1:${canary.port}/pb`,
      `http://localhost:${canary.port}/pb`,
      `http://a.localhost:${canary.port}/pb`,
      `https://10.0.0.1/pb`,
      `http://[fe80::1]/pb`,
    ];
    for (const url of forms) {
      await t.step(url, async () => {
        const r = await safeFetch(url, { timeoutMs: 1000 });
        assert.equal(r.ok, false);
        assert.equal(r.status, null);
        assert.match(r.error!, /refused/);
      });
    }
    assert.equal(canary.seen.length, 0, "the canary saw nothing");
  } finally {
    await canary.close();
  }
});

Deno.test("safe fetch: a name resolving to any non-public address is refused", async () => {
  const canary = listen();
  try {
    for (
      const answer of [["127.0.0.1"], ["93.184.216.34", "127.0.0.1"], ["::1"], ["169.254.169.254"]]
    ) {
      const r = await safeFetch(`http://rebind.example:${canary.port}/`, {
        resolve: () => Promise.resolve(answer),
      });
      assert.match(r.error!, /refused: rebind\.example is .*not a public address/, answer.join());
    }
    const none = await safeFetch("http://nowhere.example/", { resolve: () => Promise.resolve([]) });
    assert.equal(none.error, "could not resolve nowhere.example");
    assert.equal(canary.seen.length, 0);
  } finally {
    await canary.close();
  }
});

Deno.test("safe fetch: only http(s) URLs are sent", async () => {
  for (const url of ["file:///etc/passwd", "ftp://93.184.216.34/", "gopher://x/", "not a url"]) {
    const r = await safeFetch(url);
    assert.equal(r.ok, false, url);
  }
});

Deno.test("safe fetch: connects to the checked address with the URL's Host, resolving once", async () => {
  const server = listen(() => new Response("thanks"));
  try {
    let lookups = 0;
    const r = await safeFetch(`http://postback.example:${server.port}/pb?cid=abc&payout=1.5`, {
      resolve: () => Promise.resolve(lookups++ === 0 ? ["127.0.0.1"] : ["10.9.9.9"]),
      allowAddress: onlyPort(server.port),
    });
    assert.deepEqual(r, { ok: true, status: 200, error: null });
    assert.equal(lookups, 1);
    assert.equal(server.seen.length, 1);
    assert.equal(server.seen[0].host, `postback.example:${server.port}`);
    assert.equal(new URL(server.seen[0].url).search, "?cid=abc&payout=1.5");
  } finally {
    await server.close();
  }
});

Deno.test("safe fetch: redirects are not followed, even to loopback", async () => {
  const canary = listen();
  const redirector = listen(() =>
    new Response(null, {
      status: 302,
      headers: { location: `http://127.0.0.1:${canary.port}/stolen` },
    })
  );
  try {
    const r = await safeFetch(`http://127.0.0.1:${redirector.port}/pb`, {
      allowAddress: onlyPort(redirector.port),
    });
    assert.deepEqual(r, { ok: false, status: 302, error: "redirect not followed (302)" });
    assert.equal(redirector.seen.length, 1);
    assert.equal(canary.seen.length, 0, "the canary saw nothing");
  } finally {
    await canary.close();
    await redirector.close();
  }
});

Deno.test("safe fetch: non-2xx answers fail, slow servers time out", async () => {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const server = listen(async (req) => {
    if (new URL(req.url).pathname === "/slow") await held;
    return new Response("no", { status: 500 });
  });
  try {
    const allow = { allowAddress: onlyPort(server.port) };
    const err = await safeFetch(`http://127.0.0.1:${server.port}/err`, allow);
    assert.deepEqual(err, { ok: false, status: 500, error: "answered 500" });
    const slow = await safeFetch(`http://127.0.0.1:${server.port}/slow`, {
      ...allow,
      timeoutMs: 200,
    });
    assert.deepEqual(slow, { ok: false, status: null, error: "timed out after 200 ms" });
  } finally {
    release();
    await server.close();
  }
});
