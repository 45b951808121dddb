import assert from "node:assert/strict";
import fc from "fast-check";
import {
  buildDestination,
  DestinationError,
  MACRO_NAMES,
  type MacroValues,
  substituteMacros,
} from "./macros.ts";

Deno.test("macros: known macros are substituted and percent-encoded", () => {
  const out = substituteMacros(
    "https://o.example/?c={clickid}&t1={t1}&t30={t30}&ua={user_agent}&cost={cost}",
    {
      clickid: "abc",
      t1: "a b/c?d#e@f:g&h=i",
      t30: "x",
      user_agent: "Mozilla/5.0 (X11)",
      cost: 0.25,
    },
  );
  assert.equal(
    out,
    "https://o.example/?c=abc&t1=a%20b%2Fc%3Fd%23e%40f%3Ag%26h%3Di&t30=x" +
      "&ua=Mozilla%2F5.0%20(X11)&cost=0.25",
  );
});

Deno.test("macros: unknown macros stay as written, missing values become empty", () => {
  assert.equal(
    substituteMacros("https://o.example/{offer_url}?s={sub1}&c={clickid}&t={t31}&x={t2}", {}),
    "https://o.example/{offer_url}?s={sub1}&c=&t={t31}&x=",
  );
});

Deno.test("macros: the list matches DESIGN §3, plus the ad platforms' click ids", () => {
  // DESIGN §3's 17 and t1…t30, user_agent, six ad click ids, and {event} (decision 167).
  assert.equal(MACRO_NAMES.length, 17 + 30 + 1 + 6 + 1);
  for (
    const name of ["clickid", "country_code", "device_type", "t1", "t30", "user_agent", "ip"]
      .concat(["fbclid", "gclid", "ttclid", "msclkid", "wbraid", "gbraid", "event"])
  ) {
    assert.ok((MACRO_NAMES as readonly string[]).includes(name), name);
  }
});

Deno.test("macros: CR/LF and lone surrogates are encoded, never emitted", () => {
  const out = substituteMacros("{t1}{t2}", { t1: "a\r\nLocation: x", t2: "\ud800" });
  assert.equal(out, "a%0D%0ALocation%3A%20x%EF%BF%BD");
});

Deno.test("destination: built from the template's scheme and host only", async (t) => {
  await t.step("a normal template", () => {
    assert.equal(
      buildDestination("https://offer.example/path?sub1={clickid}#{t1}", { clickid: "z", t1: "#" }),
      "https://offer.example/path?sub1=z#%23",
    );
  });
  await t.step("values that look like hosts stay in the path", () => {
    const url = new URL(buildDestination("https://offer.example/{t1}", { t1: "@evil.example" }));
    assert.equal(url.host, "offer.example");
  });
  for (
    const bad of [
      "javascript:alert(1)//{clickid}",
      "ftp://offer.example/",
      "//offer.example/",
      "https://{t1}.example/",
      "https://offer.example:{t1}/",
      "https://{t1}@offer.example/",
      "https://offer.{t1}/",
      "https://offer.example{t1}", // ".evil.example" would extend the host
      "https://offer.example:80{t1}/", // and digits the port
      "data:text/html,x",
      "",
    ]
  ) {
    await t.step(`refuses ${JSON.stringify(bad)}`, () => {
      assert.throws(() => buildDestination(bad, { t1: "evil.example" }), DestinationError);
    });
  }
});

const TEMPLATES = [
  "https://offer.example/{t1}",
  "http://offer.example:8080/{t1}/{t2}?{t3}={t4}#{t5}",
  "https://user:pw@offer.example/?a={t1}&b={user_agent}",
  "https://offer.example/?{t1}",
  "https://offer.example#{t1}",
  "https://203.0.113.9/{t1}{t2}",
  "https://[2001:db8::1]:8443/{t1}",
  "https://offer.example/{offer_url}{t1}{unknown}",
];

const anyValues: fc.Arbitrary<MacroValues> = fc.record(
  {
    t1: fc.string(),
    t2: fc.string(),
    t3: fc.string(),
    t4: fc.string(),
    t5: fc.string(),
    user_agent: fc.string(),
  },
  { requiredKeys: [] },
);
const nastyString = fc.oneof(
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
  fc.constantFrom(
    "//evil.example",
    "@evil.example",
    ":1",
    "\r\nSet-Cookie: a=b",
    "\\evil",
    "%2F%2F",
  ),
);
const nastyValues: fc.Arbitrary<MacroValues> = fc.record(
  {
    t1: nastyString,
    t2: nastyString,
    t3: nastyString,
    t4: nastyString,
    t5: nastyString,
    user_agent: nastyString,
  },
  { requiredKeys: [] },
);

Deno.test("destination (property): no value changes the origin or adds CR/LF", () => {
  fc.assert(
    fc.property(fc.constantFrom(...TEMPLATES), fc.oneof(anyValues, nastyValues), (tpl, values) => {
      const out = buildDestination(tpl, values);
      assert.equal(new URL(out).origin, new URL(tpl.replace(/\{[a-z0-9_]+\}/g, "")).origin);
      assert.ok(!/[\r\n]/.test(out));
    }),
    { numRuns: 3000 },
  );
});

Deno.test("destination (property): any template either throws or keeps its own origin", () => {
  const template = fc.tuple(
    fc.constantFrom("https://", "http://", "HTTPS://", " https://", "ftp://", ""),
    fc.string({ maxLength: 30 }),
    fc.constantFrom("", "{t1}", "/{t1}", "{clickid}."),
    fc.string({ maxLength: 30 }),
  ).map((parts) => parts.join(""));
  fc.assert(
    fc.property(template, nastyValues, (tpl, values) => {
      let out: string;
      try {
        out = buildDestination(tpl, values);
      } catch (e) {
        assert.ok(e instanceof DestinationError, String(e));
        return;
      }
      const literal = new URL(substituteMacros(tpl.trim(), {}));
      assert.equal(new URL(out).origin, literal.origin);
      assert.match(new URL(out).protocol, /^https?:$/);
      assert.ok(!/[\r\n]/.test(out));
    }),
    { numRuns: 3000 },
  );
});

Deno.test("destination (property): the no-parse path gives exactly what the URL parser gives", () => {
  // The reference: substitute, parse, compare origins, take href.
  const reference = (tpl: string, values: MacroValues): string => {
    const url = new URL(substituteMacros(tpl.trim(), values));
    assert.equal(url.origin, new URL(substituteMacros(tpl.trim(), {})).origin);
    return url.href;
  };
  const template = fc.tuple(
    fc.constantFrom("https://offer.example", "HTTP://Offer.Example:80", "https://o.example:8443"),
    fc.constantFrom("/", "/a/../b", "/p q", "/x", ""),
    fc.constantFrom("?", "?a=1&", "?q='x'&", "?é=1&", "?"),
    fc.constantFrom("c={clickid}", "s={t1}&g={country_code}", "u={user_agent}#{t2}", "z={t3}'"),
  ).map((parts) => parts.join(""));
  fc.assert(
    fc.property(template, fc.oneof(anyValues, nastyValues), (tpl, values) => {
      let expected: string;
      try {
        expected = reference(tpl, values);
      } catch {
        assert.throws(() => buildDestination(tpl, values), DestinationError);
        return;
      }
      assert.equal(buildDestination(tpl, values), expected);
    }),
    { numRuns: 5000 },
  );
});
