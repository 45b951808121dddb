import assert from "node:assert/strict";
import { DEMO_UNAVAILABLE, GATEWAY_TIMEOUT, WRONG_CREDENTIALS } from "../../contracts/messages.ts";
import {
  describeFailure,
  isAuthFailure,
  licenceMessage,
  normaliseError,
  UNKNOWN_ERROR,
} from "./errors.ts";

Deno.test("errors: a plain string is the message", () => {
  assert.equal(normaliseError("Boom"), "Boom");
});

Deno.test("errors: fields are read in the order errors, message, error, errorMessage", () => {
  assert.equal(normaliseError({ errors: ["a", "b"], message: "m" }), "a\nb");
  assert.equal(normaliseError({ message: "m", error: "e" }), "m");
  assert.equal(normaliseError({ error: "e", errorMessage: "em" }), "e");
  assert.equal(normaliseError({ errorMessage: "em" }), "em");
});

Deno.test("errors: the API's nested error body reads as its message", () => {
  const body = { error: { status: 400, code: "BAD", message: "Name is taken" } };
  assert.equal(normaliseError(body), "Name is taken");
});

Deno.test("errors: anything else is Unknown error", () => {
  for (const body of [undefined, null, 42, {}, { other: "x" }, "", [], { message: "" }]) {
    assert.equal(normaliseError(body), UNKNOWN_ERROR);
  }
});

Deno.test("errors: 401 on sign-in reads Wrong username or password", () => {
  const got = describeFailure({ status: 401, message: "whatever" }, "sign-in");
  assert.deepEqual(got, { status: "access-denied", message: WRONG_CREDENTIALS });
});

Deno.test("errors: a missing licence asks to enter the tracker id on the provider's site", () => {
  const got = describeFailure({ status: 402, message: "License not found", trackerId: "T-1" });
  assert.equal(got.status, "license-expired");
  assert.match(got.message, /not found/);
  assert.match(got.message, /T-1/);
  assert.match(got.message, /account on the provider's site/);
});

Deno.test("errors: another licence text is shown with the tracker id", () => {
  assert.equal(licenceMessage("License expired", "abc"), "License expired\nTracker ID: abc");
});

Deno.test("errors: 403 or AUTHENTICATION_ERROR on the role call is access denied", () => {
  assert.equal(describeFailure({ status: 403, message: "x" }, "role").status, "access-denied");
  const marked = { status: 500, message: "AUTHENTICATION_ERROR: nope" };
  assert.equal(describeFailure(marked, "role").status, "access-denied");
  assert.ok(isAuthFailure({ status: 200, message: "", code: "AUTHENTICATION_ERROR" }));
  assert.equal(isAuthFailure({ status: 500, message: "db down" }), false);
});

Deno.test("errors: 504 and 410 have fixed texts", () => {
  assert.equal(describeFailure({ status: 504, message: "" }).message, GATEWAY_TIMEOUT);
  assert.equal(describeFailure({ status: 410, message: "" }).message, DEMO_UNAVAILABLE);
  assert.match(DEMO_UNAVAILABLE, /14 days/);
});

Deno.test("errors: a network failure is Non-api error plus the detail", () => {
  const got = describeFailure({ status: 0, message: "Failed to fetch" });
  assert.equal(got.message, "Non-api error: Failed to fetch");
});

Deno.test("errors: any other failure shows the server message", () => {
  assert.deepEqual(describeFailure({ status: 422, message: "Bad name" }), {
    status: "error",
    message: "Bad name",
  });
});
