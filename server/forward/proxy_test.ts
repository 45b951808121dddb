import assert from "node:assert/strict";
import { isForwarded, rewriteSetCookie, upstreamUrl } from "./proxy.ts";

Deno.test("forward: upstream cookies are stored for this host", () => {
  const cookie =
    "rotor_session=abc; Path=/; Domain=tracker.example; HttpOnly; Secure; SameSite=Lax";
  assert.equal(
    rewriteSetCookie(cookie, { https: false }),
    "rotor_session=abc; Path=/; HttpOnly; SameSite=Lax",
  );
  assert.equal(
    rewriteSetCookie(cookie, { https: true }),
    "rotor_session=abc; Path=/; HttpOnly; Secure; SameSite=Lax",
  );
});

Deno.test("forward: only the API and the update check go upstream", () => {
  assert.ok(isForwarded("/api/offers"));
  assert.ok(isForwarded("/updates/check"));
  assert.ok(!isForwarded("/panel/"));
  assert.ok(!isForwarded("/lp/files/x.html"));
  assert.ok(!isForwarded("/apiary"));
  assert.equal(
    upstreamUrl("https://t.example/base/", "/api/mode?x=1"),
    "https://t.example/base/api/mode?x=1",
  );
});
