import assert from "node:assert/strict";
import {
  afterSignIn,
  computeReturnTo,
  decideGuard,
  decideSignInPage,
  outcomeOfFailure,
  reactToFailure,
  signInHref,
  type Target,
} from "./guard.ts";

const offers: Target = { pathname: "/offers", search: "?page=2", hash: "" };
const denied = { kind: "access-denied" } as const;

Deno.test("guard: a valid session proceeds", () => {
  assert.deepEqual(decideGuard({ session: { kind: "ok" }, target: offers }), { kind: "proceed" });
});

Deno.test("guard: an expired licence sends the user to sign-in with the licence message", () => {
  const session = { kind: "license-expired", message: "License expired", trackerId: "T" } as const;
  assert.deepEqual(decideGuard({ session, mode: "demo", target: offers }), {
    kind: "licence",
    message: "License expired",
    trackerId: "T",
  });
});

Deno.test("guard: demo mode signs in with the demo account before anything else", () => {
  assert.deepEqual(decideGuard({ session: denied, mode: "demo", target: offers }), {
    kind: "demo-sign-in",
  });
  const after = decideGuard({
    session: denied,
    mode: "demo",
    demo: { kind: "ok" },
    target: offers,
  });
  assert.deepEqual(after, { kind: "proceed" });
});

Deno.test("guard: a failed demo sign-in sends the user to sign-in with returnTo", () => {
  const demo = { kind: "error", message: "x" } as const;
  assert.deepEqual(decideGuard({ session: denied, mode: "demo", demo, target: offers }), {
    kind: "sign-in",
    returnTo: "/offers?page=2",
  });
});

Deno.test("guard: a demo sign-in refused for the licence shows the licence message", () => {
  const demo = { kind: "license-expired", message: "License not found", trackerId: "Q" } as const;
  const got = decideGuard({ session: denied, mode: "demo", demo, target: offers });
  assert.equal(got.kind, "licence");
});

Deno.test("guard: in normal mode a missing session goes to sign-in with returnTo", () => {
  assert.deepEqual(decideGuard({ session: denied, mode: "normal", target: offers }), {
    kind: "sign-in",
    returnTo: "/offers?page=2",
  });
  const failed = { kind: "error", message: "500" } as const;
  assert.equal(decideGuard({ session: failed, target: offers }).kind, "sign-in");
});

Deno.test("guard: returnTo comes from the full path, an existing returnTo, none for root", () => {
  assert.equal(computeReturnTo({ pathname: "/", search: "", hash: "" }), undefined);
  assert.equal(
    computeReturnTo({ pathname: "/report/offer/1,2", search: "?a=1&auth=secret", hash: "#x" }),
    "/report/offer/1,2?a=1#x",
  );
  assert.equal(
    computeReturnTo({ pathname: "/login", search: "?returnTo=%2Ftrends", hash: "" }),
    "/trends",
  );
});

Deno.test("guard: the sign-in address encodes returnTo", () => {
  assert.equal(signInHref("/offers?page=2"), "/login?returnTo=%2Foffers%3Fpage%3D2");
  assert.equal(signInHref(undefined), "/login");
});

Deno.test("guard: after sign-in only an inside path is followed, else campaigns", () => {
  assert.equal(afterSignIn("/offers?page=2"), "/offers?page=2");
  for (
    const bad of [null, "", "https://evil.example", "//evil.example", "/login", "javascript:x"]
  ) {
    assert.equal(afterSignIn(bad), "/campaigns");
  }
});

Deno.test("guard: a signed-in user who opens sign-in is sent to campaigns", () => {
  assert.equal(decideSignInPage({ kind: "ok" }), "to-campaigns");
  assert.equal(decideSignInPage(denied), "form");
  assert.equal(decideSignInPage({ kind: "license-expired", message: "m" }), "licence");
});

Deno.test("guard: failed checks are classified by status and marker", () => {
  assert.deepEqual(outcomeOfFailure({ status: 403, message: "AUTHENTICATION_ERROR" }), denied);
  assert.deepEqual(outcomeOfFailure({ status: 402, message: "L", trackerId: "t" }), {
    kind: "license-expired",
    message: "L",
    trackerId: "t",
  });
  assert.equal(outcomeOfFailure({ status: 500, message: "db" }).kind, "error");
});

Deno.test("guard: after a pass, a 401 or AUTHENTICATION_ERROR re-checks, except on logout", () => {
  const call = { path: "/api/offers" };
  assert.equal(reactToFailure({ status: 401, message: "" }, call, "passed"), "recheck");
  const marked = { status: 403, message: "x", code: "AUTHENTICATION_ERROR" };
  assert.equal(reactToFailure(marked, call, "passed"), "recheck");
  assert.equal(
    reactToFailure({ status: 401, message: "" }, { path: "/api/user/logout" }, "passed"),
    "ignore",
  );
  assert.equal(reactToFailure({ status: 401, message: "" }, call, "passing"), "ignore");
  assert.equal(reactToFailure({ status: 500, message: "x" }, call, "passed"), "ignore");
});

Deno.test("guard: a 402 after the pass sends the user to the licence message", () => {
  assert.equal(
    reactToFailure({ status: 402, message: "L" }, { path: "/api/x" }, "passed"),
    "licence",
  );
});
