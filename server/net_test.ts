import assert from "node:assert/strict";
import { rawQuery, requestIp, requestIsHttps } from "./net.ts";

const req = (headers: Record<string, string>, url = "http://t.example/c/x") =>
  new Request(url, { headers });

Deno.test("net: the client IP is the socket's, or the trusted proxy's last hop", () => {
  const trusted = { remoteAddr: "10.0.0.9", trustProxy: true };
  assert.equal(requestIp(req({ "x-forwarded-for": "10.0.0.1, 8.8.4.4" }), trusted), "8.8.4.4");
  assert.equal(requestIp(req({ "x-forwarded-for": "1.1.1.1,8.8.4.4 , " }), trusted), "8.8.4.4");
  assert.equal(requestIp(req({ "x-forwarded-for": " , ," }), trusted), "10.0.0.9");
  assert.equal(requestIp(req({}), trusted), "10.0.0.9");
  assert.equal(
    requestIp(req({ "x-forwarded-for": "8.8.4.4" }), { ...trusted, trustProxy: false }),
    "10.0.0.9",
    "without ROTOR_TRUST_PROXY the header is the visitor's own claim",
  );
  assert.equal(requestIp(req({}), { trustProxy: false }), "unknown");
});

Deno.test("net: HTTPS is the URL's scheme, or the trusted proxy's word", () => {
  assert.equal(requestIsHttps(req({}, "https://t.example/"), { trustProxy: false }), true);
  assert.equal(requestIsHttps(req({ "x-forwarded-proto": "https" }), { trustProxy: false }), false);
  assert.equal(requestIsHttps(req({ "x-forwarded-proto": "https" }), { trustProxy: true }), true);
  assert.equal(requestIsHttps(req({}), { trustProxy: true }), false);
});

Deno.test("rawQuery: the query after the first ?, without it; none is empty", () => {
  const of = (url: string) => rawQuery({ url, headers: { get: () => null } });
  assert.equal(of("http://h/c/k?a=1&b=%20?x"), "a=1&b=%20?x");
  assert.equal(of("http://h/c/k?"), "");
  assert.equal(of("http://h/c/k"), "");
});
