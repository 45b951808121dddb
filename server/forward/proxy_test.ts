import assert from "node:assert/strict";
import { setLogQuiet } from "../log.ts";
import { cutWhenIdle, isForwarded, rewriteSetCookie, upstreamUrl } from "./proxy.ts";

setLogQuiet(true);

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

Deno.test("forward: only the API, the update check and lander reads go upstream", () => {
  assert.ok(isForwarded("/api/offers"));
  assert.ok(isForwarded("/api/offers", "POST"));
  assert.ok(isForwarded("/updates/check"));
  assert.ok(isForwarded("/lp/files/x.html"));
  assert.ok(isForwarded("/lp/files/x.html", "HEAD"));
  assert.ok(!isForwarded("/lp/files/x.html", "POST"));
  assert.ok(!isForwarded("/lp/click"));
  assert.ok(!isForwarded("/c/abcdefgh"));
  assert.ok(!isForwarded("/panel/"));
  assert.ok(!isForwarded("/apiary"));
  assert.equal(
    upstreamUrl("https://t.example/base/", "/api/mode?x=1"),
    "https://t.example/base/api/mode?x=1",
  );
});

Deno.test("forward: a body that stops coming is cut off, a steady one passes", async (t) => {
  const bytes = new TextEncoder().encode("data\n");
  await t.step("stalled after the first chunk", async () => {
    let stop: (() => void) | undefined;
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
      },
      cancel() {
        stop?.();
      },
    });
    const cancelled = new Promise<void>((resolve) => (stop = resolve));
    const reader = cutWhenIdle(stalled, { idleMs: 50 }).getReader();
    assert.deepEqual((await reader.read()).value, bytes);
    await assert.rejects(() => reader.read(), /stopped sending/);
    await cancelled;
  });
  await t.step("chunks inside the idle limit", async () => {
    let sent = 0;
    const steady = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((r) => setTimeout(r, 20));
        if (sent++ < 5) controller.enqueue(bytes);
        else controller.close();
      },
    });
    // A generous limit: on a loaded machine a 20 ms timer can fire hundreds of ms late.
    const text = await new Response(cutWhenIdle(steady, { idleMs: 10_000 })).text();
    assert.equal(text, "data\n".repeat(5));
  });
});
