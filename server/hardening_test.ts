import assert from "node:assert/strict";
import { TEST_PASSWORD, testApp } from "../tests/helpers/api.ts";
import { API_BODY_BYTES, FILES_BODY_BYTES, SMALL_BODY_BYTES } from "./body_limits.ts";

Deno.test("hardening: NUL and CR LF in a path answer a plain redirect, never a 500", async () => {
  const app = testApp();
  for (const path of ["/%00", "/%0d%0aSet-Cookie:%20x=1", "/a%0d%0a%0d%0a%3Cb%3E"]) {
    const res = await app.request(path);
    assert.equal(res.status, 302, path);
    const location = res.headers.get("location")!;
    assert.equal(location, `/panel${path}`);
    assert.equal(res.headers.get("set-cookie"), null);
  }
});

Deno.test("hardening: a multipart postback without a boundary answers 400", async () => {
  const app = testApp();
  const res = await app.request("/postback?clickid=x", {
    method: "POST",
    headers: { "content-type": "multipart/form-data" },
    body: "abc",
  });
  assert.equal(res.status, 400);
  assert.equal((await res.json()).error.code, "BAD_REQUEST");
});

/** A body of `n` bytes sent in chunks, so no Content-Length announces it. */
function streamed(n: number): ReadableStream<Uint8Array> {
  let left = n;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const chunk = new Uint8Array(Math.min(left, 64 * 1024)).fill(97);
      left -= chunk.length;
      controller.enqueue(chunk);
    },
  });
}

Deno.test("hardening: bodies over the route's limit answer 413 before they are read", async (t) => {
  const app = testApp();
  const cases = [
    ["/postback", SMALL_BODY_BYTES],
    ["/pixel.gif", SMALL_BODY_BYTES],
    ["/api/click-api/v1/clicks", SMALL_BODY_BYTES],
    ["/api/user/sign_in", API_BODY_BYTES],
  ] as const;
  for (const [path, max] of cases) {
    await t.step(`${path}, announced`, async () => {
      const res = await app.request(path, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(max + 1) },
        body: "x".repeat(max + 1),
      });
      assert.equal(res.status, 413);
      assert.equal((await res.json()).error.code, "TOO_LARGE");
    });
    await t.step(`${path}, streamed`, async () => {
      const res = await app.request(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: streamed(max + 1),
      });
      assert.equal(res.status, 413);
      assert.equal((await res.json()).error.code, "TOO_LARGE");
    });
  }
  await t.step("a postback within the limit is read", async () => {
    const res = await app.request("/postback", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "clickid=nope&status=lead",
    });
    assert.notEqual(res.status, 413);
  });
});

Deno.test("hardening: the files calls' JSON has a limit too, checked before it is read", async () => {
  const app = testApp();
  await app.addUser("root", "super-admin");
  const cookie = await app.signIn("root", TEST_PASSWORD);
  // A signed-in user could send any size: it was read whole before the 2 MiB text check.
  let sent = 0;
  const body = streamed(FILES_BODY_BYTES + 1).pipeThrough(
    new TransformStream({
      transform(chunk, out) {
        sent += chunk.length;
        out.enqueue(chunk);
      },
    }),
  );
  const res = await app.request("/api/files/content", {
    method: "PUT",
    cookie,
    headers: { "content-type": "application/json" },
    body,
  });
  assert.equal(res.status, 413);
  assert.equal((await res.json()).error.code, "TOO_LARGE");
  assert.ok(sent <= FILES_BODY_BYTES + 64 * 1024, `${sent} bytes read`);
});
