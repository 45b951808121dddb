import assert from "node:assert/strict";
import { DIRECT_HEADERS, toResponse } from "./answer.ts";

const cookie = "rotor_click=01JABCDEF; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax";

Deno.test("Deno 2.9 keeps a Response's headers where the direct way finds them", () => {
  assert.equal(DIRECT_HEADERS, true);
});

Deno.test("a bodiless answer has the headers the Headers way gives it, in order", () => {
  const headers = {
    "Cache-Control": "no-store",
    "Set-Cookie": cookie,
    Location: "https://offer.example.com/é?c=1&g=US",
  };
  const fast = toResponse({ status: 302, headers, body: null });
  const usual = new Response(null, { status: 302, headers });
  assert.equal(fast.status, 302);
  assert.equal(fast.body, null);
  assert.deepEqual([...fast.headers], [...usual.headers]);
  assert.deepEqual(fast.headers.getSetCookie(), [cookie]);
  assert.equal(fast.headers.get("location"), "https://offer.example.com/é?c=1&g=US");
});

Deno.test("a value the Headers way would change or refuse takes the Headers way", () => {
  // Trimmed, as Headers trims it.
  const padded = toResponse({
    status: 302,
    headers: { Location: " https://a.example/ " },
    body: null,
  });
  assert.equal(padded.headers.get("location"), "https://a.example/");
  // Refused, as Headers refuses it: a header split is never sent.
  assert.throws(
    () =>
      toResponse({
        status: 302,
        headers: { Location: "https://a.example/\r\nX-Injected: 1" },
        body: null,
      }),
    TypeError,
  );
  assert.throws(
    () =>
      toResponse({ status: 302, headers: { Location: "https://a.example/\u4f60" }, body: null }),
    TypeError,
  );
  assert.throws(
    () => toResponse({ status: 302, headers: { "Bad Name": "x" }, body: null }),
    TypeError,
  );
});

Deno.test("an answer with a body has the headers the Headers way gives it", async () => {
  for (
    const headers of [
      { "Content-Type": "application/json", "Cache-Control": "no-store", Vary: "Origin" },
      { "Cache-Control": "no-store" },
    ] as Record<string, string>[]
  ) {
    const fast = toResponse({ status: 200, headers, body: '{"a":1}' });
    const usual = new Response('{"a":1}', { status: 200, headers });
    assert.deepEqual([...fast.headers], [...usual.headers]);
    assert.equal(await fast.text(), await usual.text());
  }
});

Deno.test("an answer with a body keeps its content type and text", async () => {
  const res = toResponse({
    status: 404,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    body: '{"error":"x"}',
  });
  assert.equal(res.headers.get("content-type"), "application/json");
  assert.equal(await res.text(), '{"error":"x"}');
});

Deno.test("a bodiless answer goes out through a real server with its headers", async () => {
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    () =>
      toResponse({
        status: 302,
        headers: {
          "Cache-Control": "no-store",
          "Set-Cookie": cookie,
          Location: "https://o.example/?a=1",
        },
        body: null,
      }),
  );
  try {
    const res = await fetch(`http://127.0.0.1:${server.addr.port}/`, { redirect: "manual" });
    await res.body?.cancel();
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), "https://o.example/?a=1");
    assert.equal(res.headers.get("cache-control"), "no-store");
    assert.deepEqual(res.headers.getSetCookie(), [cookie]);
  } finally {
    await server.shutdown();
  }
});
