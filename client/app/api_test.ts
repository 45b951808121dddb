import assert from "node:assert/strict";
import { z } from "zod";
import { api, ApiError, buildUrl, errorFromResponse, onApiFailure, setFetch } from "./api.ts";

function answer(status: number, body: unknown): typeof fetch {
  return () => Promise.resolve(new Response(JSON.stringify(body), { status }));
}

Deno.test("api: a state-changing call sends a JSON body and content type", async () => {
  let seen: RequestInit | undefined;
  const previous = setFetch((_url, init) => {
    seen = init;
    return Promise.resolve(new Response('{"status":"ok"}'));
  });
  try {
    await api("/api/user/logout", { method: "post" });
    assert.equal(seen?.method, "POST");
    assert.equal(seen?.body, "{}");
    assert.deepEqual(seen?.headers, {
      "Content-Type": "application/json",
      Accept: "application/json",
    });
  } finally {
    setFetch(previous);
  }
});

Deno.test("api: the answer is parsed with the contract", async () => {
  const previous = setFetch(answer(200, { mode: "demo" }));
  try {
    const got = await api("/api/mode", { schema: z.object({ mode: z.string() }) });
    assert.deepEqual(got, { mode: "demo" });
  } finally {
    setFetch(previous);
  }
});

Deno.test("api: a network failure throws status 0 with Non-api error and the detail", async () => {
  const previous = setFetch(() => Promise.reject(new TypeError("Failed to fetch")));
  const seen: number[] = [];
  const stop = onApiFailure((error) => seen.push(error.status));
  try {
    await assert.rejects(api("/api/mode"), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 0);
      assert.equal(error.message, "Non-api error: Failed to fetch");
      return true;
    });
    assert.deepEqual(seen, [0]);
  } finally {
    stop();
    setFetch(previous);
  }
});

Deno.test("api: a 402 carries the licence text and the tracker id", () => {
  const error = errorFromResponse(402, { error: "License not found", trackerId: "trk" });
  assert.equal(error.message, "License not found");
  assert.equal(error.trackerId, "trk");
});

Deno.test("api: the error body gives code and message", () => {
  const error = errorFromResponse(403, {
    error: { status: 403, code: "AUTHENTICATION_ERROR", message: "Sign in first" },
  });
  assert.equal(error.code, "AUTHENTICATION_ERROR");
  assert.equal(error.message, "Sign in first");
});

Deno.test("api: 504 and 410 use the catalogue texts", () => {
  assert.match(errorFromResponse(504, "").message, /Gateway timeout/);
  assert.match(errorFromResponse(410, { error: { message: "x" } }).message, /demo version/);
});

Deno.test("api: query values are encoded and undefined ones skipped", () => {
  assert.equal(buildUrl("/a", { q: "x y", n: 1, skip: undefined }), "/a?q=x+y&n=1");
  assert.equal(buildUrl("/a"), "/a");
});
