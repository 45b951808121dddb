import assert from "node:assert/strict";
import { readAuth, withAuth, withoutAuth } from "./auth_query.ts";
import { rewriteToBase } from "./base_path.ts";

Deno.test("auth query: the value is read from the query", () => {
  assert.equal(readAuth("?a=1&auth=s3cret"), "s3cret");
  assert.equal(readAuth("?a=1"), null);
  assert.equal(readAuth("?auth="), null);
});

Deno.test("auth query: a new address gets the value back, keeping path, params and hash", () => {
  const got = withAuth({ pathname: "/panel/offers", search: "?page=2", hash: "#top" }, "k");
  assert.equal(got, "/panel/offers?page=2&auth=k#top");
});

Deno.test("auth query: nothing is rewritten when the value is null or already there", () => {
  const location = { pathname: "/panel/", search: "?auth=k", hash: "" };
  assert.equal(withAuth(location, "k"), null);
  assert.equal(withAuth({ ...location, search: "" }, null), null);
});

Deno.test("auth query: returnTo never copies the secret", () => {
  assert.equal(withoutAuth("?auth=k&x=1"), "?x=1");
  assert.equal(withoutAuth("?auth=k"), "");
});

Deno.test("base path: an address outside /panel/ is moved under it with query and hash", () => {
  assert.equal(rewriteToBase("/offers", "?a=1", "#h"), "/panel/offers?a=1#h");
  assert.equal(rewriteToBase("/", "", ""), "/panel/");
  assert.equal(rewriteToBase("/panel", "?x", ""), "/panel/?x");
  assert.equal(rewriteToBase("/panelx/y"), "/panel/panelx/y");
});

Deno.test("base path: an address already under /panel/ is left alone", () => {
  assert.equal(rewriteToBase("/panel/"), null);
  assert.equal(rewriteToBase("/panel/campaigns", "?a", "#b"), null);
});
