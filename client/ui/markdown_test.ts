import assert from "node:assert/strict";
import fc from "fast-check";
import { isSafeHref, toSafeMarkdown } from "./markdown.ts";

Deno.test("markdown: line breaks become markdown hard breaks", () => {
  assert.equal(toSafeMarkdown("one\ntwo<br>three<br/>four"), "one  \ntwo  \nthree  \nfour");
});

Deno.test("markdown: HTML links become markdown links", () => {
  assert.equal(
    toSafeMarkdown('See <a href="https://rotor.example/buy">our site</a>'),
    "See [our site](<https://rotor.example/buy>)",
  );
});

Deno.test("markdown: bare web addresses become links", () => {
  assert.equal(
    toSafeMarkdown("Go to https://rotor.example/a_b."),
    "Go to [https://rotor.example/a\\_b](<https://rotor.example/a_b>).",
  );
});

Deno.test("markdown: script tags and unsafe links are dropped", () => {
  const got = toSafeMarkdown(
    '<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
  );
  assert.equal(got.includes("<"), false);
  assert.equal(got.includes("javascript"), false);
  assert.equal(isSafeHref("javascript:alert(1)"), false);
  assert.ok(isSafeHref("mailto:a@b.c"));
});

Deno.test("markdown: markdown syntax in a message is shown as written", () => {
  assert.equal(toSafeMarkdown("*bold* [x](y)"), "\\*bold\\* \\[x\\]\\(y\\)");
});

Deno.test("markdown: every < left in the output is escaped, so no HTML gets through", () => {
  fc.assert(fc.property(fc.string(), (text) => {
    const outsideLinks = toSafeMarkdown(text).replace(/\]\(<https?:[^>]*>\)/g, "]");
    return !/(^|[^\\])</.test(outsideLinks);
  }));
});
