import assert from "node:assert/strict";
import { Criterion, Flow, OPS_BY_FIELD, type Path } from "../../contracts/flow.ts";
import type { Visitor } from "./enrich/visitor.ts";
import { parseIp } from "./ip.ts";
import { compareVersions, matchCriterion, matchRule, routeFlow } from "./rules.ts";
import { seededRandom } from "./weights.ts";

function visitor(overrides: Partial<Visitor> = {}): Visitor {
  return {
    ip: "81.2.69.142",
    ipAddress: parseIp(overrides.ip ?? "81.2.69.142"),
    ipVersion: 4,
    country: "GB",
    region: "England",
    city: "Bracknell",
    asn: 20712,
    isp: "Andrews & Arnold Ltd",
    connection: "",
    language: "en",
    deviceType: "mobile",
    brand: "Samsung",
    model: "SM-S918B",
    os: "Android",
    osVersion: "13.1",
    browser: "Chrome",
    browserVersion: "120.0.6099.144",
    userAgent: "Mozilla/5.0 (Linux; Android 13; SM-S918B) Chrome/120.0.6099.144 Mobile",
    referrer: "https://news.example/story?id=1",
    isBot: false,
    botReason: null,
    isUnique: true,
    tokens: { t1: "zone-42", t7: "" },
    params: { src: "push", campaign: "Summer" },
    ts: Date.UTC(2026, 5, 19, 23, 30),
    weekday: 5,
    hour: 23,
    ...overrides,
  };
}

const crit = (c: Record<string, unknown>) => Criterion.parse(c);
const V = visitor();

/** [criterion, expected for V] — every field and every operator it allows. */
const CASES: Array<[Record<string, unknown>, boolean]> = [
  [{ field: "country", op: "is", values: ["us", "GB"] }, true],
  [{ field: "country", op: "is", values: ["US"] }, false],
  [{ field: "country", op: "isNot", values: ["US", "DE"] }, true],
  [{ field: "country", op: "isNot", values: ["gb"] }, false],
  [{ field: "region", op: "is", values: ["england"] }, true],
  [{ field: "region", op: "contains", values: ["ngl"] }, true],
  [{ field: "region", op: "isNot", values: ["Scotland"] }, true],
  [{ field: "city", op: "contains", values: ["xyz", "nell"] }, true],
  [{ field: "city", op: "is", values: ["London"] }, false],
  [{ field: "city", op: "isNot", values: ["Bracknell"] }, false],
  [{ field: "language", op: "is", values: ["en-US"] }, true],
  [{ field: "language", op: "isNot", values: ["de"] }, true],
  [{ field: "deviceType", op: "is", values: ["mobile", "tablet"] }, true],
  [{ field: "deviceType", op: "isNot", values: ["mobile"] }, false],
  [{ field: "brand", op: "is", values: ["samsung"] }, true],
  [{ field: "brand", op: "contains", values: ["sung"] }, true],
  [{ field: "brand", op: "isNot", values: ["Apple"] }, true],
  [{ field: "model", op: "regex", values: ["^SM-S9\\d\\dB$"] }, true],
  [{ field: "model", op: "contains", values: ["s918"] }, true],
  [{ field: "model", op: "is", values: ["iPhone"] }, false],
  [{ field: "model", op: "isNot", values: ["iPhone"] }, true],
  [{ field: "os", op: "is", values: ["android"] }, true],
  [{ field: "os", op: "isNot", values: ["iOS"] }, true],
  [{ field: "osVersion", op: "is", values: ["13.1"] }, true],
  [{ field: "osVersion", op: "isNot", values: ["13.1"] }, false],
  [{ field: "osVersion", op: "is", values: ["13"] }, true],
  [{ field: "osVersion", op: "is", values: ["1"] }, false],
  [{ field: "osVersion", op: "isNot", values: ["12", "13"] }, false],
  [{ field: "browserVersion", op: "is", values: ["120"] }, true],
  [{ field: "browserVersion", op: "is", values: ["120.0.6099.144"] }, true],
  [{ field: "browserVersion", op: "is", values: ["12"] }, false],
  [{ field: "osVersion", op: "gt", values: ["13"] }, true],
  [{ field: "osVersion", op: "gt", values: ["13.1"] }, false],
  [{ field: "osVersion", op: "lt", values: ["13.10"] }, true],
  [{ field: "osVersion", op: "between", values: ["12", "13.2"] }, true],
  [{ field: "osVersion", op: "between", values: ["14", "15"] }, false],
  [{ field: "browser", op: "is", values: ["chrome"] }, true],
  [{ field: "browser", op: "isNot", values: ["Firefox"] }, true],
  [{ field: "browserVersion", op: "gt", values: ["99"] }, true],
  [{ field: "browserVersion", op: "lt", values: ["120.0.6099.200"] }, true],
  [{ field: "browserVersion", op: "between", values: ["120", "120.0.6099.144"] }, true],
  [{ field: "browserVersion", op: "isNot", values: ["121"] }, true],
  [{ field: "isp", op: "contains", values: ["arnold"] }, true],
  [{ field: "isp", op: "is", values: ["Andrews & Arnold Ltd"] }, true],
  [{ field: "isp", op: "isNot", values: ["Google LLC"] }, true],
  [{ field: "connection", op: "is", values: ["cellular"] }, false],
  [{ field: "connection", op: "isNot", values: ["cellular"] }, true],
  [{ field: "ip", op: "is", values: ["81.2.69.0/24"] }, true],
  [{ field: "ip", op: "is", values: ["10.0.0.0/8", "81.2.69.142"] }, true],
  [{ field: "ip", op: "is", values: ["81.2.70.0/24", "2001:db8::/32"] }, false],
  [{ field: "ip", op: "is", values: ["::ffff:81.2.0.0/112"] }, true],
  [{ field: "ip", op: "isNot", values: ["81.0.0.0/8"] }, false],
  [{ field: "ip", op: "isNot", values: ["10.0.0.0/8", "192.0.2.1"] }, true],
  [{ field: "ipVersion", op: "is", values: ["4"] }, true],
  [{ field: "ipVersion", op: "is", values: ["IPv6"] }, false],
  [{ field: "ipVersion", op: "isNot", values: ["ipv6"] }, true],
  [{ field: "userAgent", op: "contains", values: ["android 13"] }, true],
  [{ field: "userAgent", op: "regex", values: ["chrome/1[0-9]{2}\\."] }, true],
  [{ field: "userAgent", op: "is", values: ["curl"] }, false],
  [{ field: "userAgent", op: "isNot", values: ["curl"] }, true],
  [{ field: "referrer", op: "contains", values: ["news.example"] }, true],
  [{ field: "referrer", op: "regex", values: ["^https://(www\\.)?news\\."] }, true],
  [{ field: "referrer", op: "is", values: [""] }, false],
  [{ field: "referrer", op: "isNot", values: [""] }, true],
  [{ field: "token", key: "t1", op: "is", values: ["zone-42"] }, true],
  [{ field: "token", key: "t1", op: "contains", values: ["42"] }, true],
  [{ field: "token", key: "t1", op: "regex", values: ["^zone-\\d+$"] }, true],
  [{ field: "token", key: "t1", op: "isNot", values: ["zone-42"] }, false],
  [{ field: "token", key: "t2", op: "is", values: [""] }, true],
  [{ field: "token", key: "t7", op: "contains", values: [""] }, false],
  [{ field: "param", key: "src", op: "is", values: ["PUSH"] }, true],
  [{ field: "param", key: "campaign", op: "contains", values: ["summ"] }, true],
  [{ field: "param", key: "campaign", op: "regex", values: ["^S"] }, true],
  [{ field: "param", key: "missing", op: "isNot", values: ["x"] }, true],
  [{ field: "weekday", op: "is", values: ["5"] }, true],
  [{ field: "weekday", op: "is", values: ["Friday"] }, true],
  [{ field: "weekday", op: "is", values: ["sat", "sun"] }, false],
  [{ field: "weekday", op: "isNot", values: ["mon", "fri"] }, false],
  [{ field: "hour", op: "is", values: ["23"] }, true],
  [{ field: "hour", op: "isNot", values: ["22", "23"] }, false],
  [{ field: "hour", op: "between", values: ["9", "18"] }, false],
  [{ field: "hour", op: "between", values: ["22", "3"] }, true],
  [{ field: "isBot", op: "is", values: ["false"] }, true],
  [{ field: "isBot", op: "is", values: ["true"] }, false],
  [{ field: "isUnique", op: "is", values: ["yes"] }, true],
  [{ field: "isUnique", op: "is", values: ["0"] }, false],
];

Deno.test("rules: every criterion field and operator", async (t) => {
  for (const [c, want] of CASES) {
    const label = `${c.field}${c.key ? `[${c.key}]` : ""} ${c.op} ${
      JSON.stringify(c.values)
    } → ${want}`;
    await t.step(label, () => assert.equal(matchCriterion(crit(c), V), want));
  }
});

Deno.test("rules: a value the engine cannot read is refused when the flow is saved", () => {
  const refused: [{ field: string; op: string; values: string[] }, RegExp][] = [
    [{ field: "ip", op: "is", values: ["10.0.0.0/8", "10.0.0.300"] }, /not an IP address/],
    [{ field: "hour", op: "between", values: ["22", "25"] }, /not an hour from 0 to 23/],
    [{ field: "hour", op: "is", values: ["9am"] }, /not an hour/],
    [{ field: "weekday", op: "is", values: ["Someday"] }, /not a weekday/],
    [{ field: "isBot", op: "is", values: ["maybe"] }, /not yes or no/],
    [{ field: "ipVersion", op: "isNot", values: ["9"] }, /not 4 or 6/],
    [{ field: "country", op: "is", values: ["United States"] }, /2-letter country code/],
  ];
  for (const [c, message] of refused) {
    const parsed = Criterion.safeParse(c);
    assert.equal(parsed.success, false, JSON.stringify(c));
    assert.match(parsed.error!.issues[0].message, message);
    assert.deepEqual(parsed.error!.issues[0].path, ["values", c.values.length - 1]);
  }
  for (const c of CASES.map(([c]) => c)) {
    assert.ok(Criterion.safeParse(c).success, JSON.stringify(c));
  }
});

Deno.test("rules: the cases above cover every field × operator the contract allows", () => {
  const covered = new Set(CASES.map(([c]) => `${c.field}:${c.op}`));
  for (const [field, ops] of Object.entries(OPS_BY_FIELD)) {
    for (const op of ops) assert.ok(covered.has(`${field}:${op}`), `${field} ${op}`);
  }
});

Deno.test("rules: unknown versions and special visitors", () => {
  const unknown = visitor({ osVersion: "", ipAddress: null, ipVersion: null, isBot: true });
  assert.equal(
    matchCriterion(crit({ field: "osVersion", op: "lt", values: ["99"] }), unknown),
    false,
  );
  assert.equal(
    matchCriterion(crit({ field: "osVersion", op: "gt", values: ["0"] }), unknown),
    false,
  );
  assert.equal(
    matchCriterion(crit({ field: "ip", op: "is", values: ["0.0.0.0/0"] }), unknown),
    false,
  );
  assert.equal(
    matchCriterion(crit({ field: "ip", op: "isNot", values: ["0.0.0.0/0"] }), unknown),
    true,
  );
  assert.equal(matchCriterion(crit({ field: "isBot", op: "is", values: ["true"] }), unknown), true);
  const v6 = visitor({ ip: "2001:db8::5", ipAddress: parseIp("2001:db8::5"), ipVersion: 6 });
  assert.equal(
    matchCriterion(crit({ field: "ip", op: "is", values: ["2001:db8::/48"] }), v6),
    true,
  );
  assert.equal(matchCriterion(crit({ field: "ipVersion", op: "is", values: ["6"] }), v6), true);
  assert.equal(
    matchCriterion(
      crit({ field: "hour", op: "between", values: ["22", "3"] }),
      visitor({ hour: 2 }),
    ),
    true,
  );
  assert.equal(
    matchCriterion(
      crit({ field: "hour", op: "between", values: ["22", "3"] }),
      visitor({ hour: 12 }),
    ),
    false,
  );
  assert.equal(
    matchCriterion(crit({ field: "weekday", op: "is", values: ["0"] }), visitor({ weekday: 7 })),
    true,
  );
});

Deno.test("rules: versions compare numerically, part by part", () => {
  assert.ok(compareVersions("17.10", "17.2") > 0);
  assert.ok(compareVersions("10", "9.9.9") > 0);
  assert.equal(compareVersions("13", "13.0.0"), 0);
  assert.ok(compareVersions("1.0_2", "1.0.1") > 0);
});

const c = (country: string) => ({ field: "country", op: "is", values: [country] });
const path = (p: Partial<Path> & { offers: Path["offers"] }): Record<string, unknown> => ({
  direct: true,
  ...p,
});

Deno.test("rules: all needs every criterion, any needs one; disabled rules never match", () => {
  const rule = (logic: string, enabled = true) =>
    Flow.parse({
      rules: [{
        logic,
        enabled,
        criteria: [c("GB"), c("US")],
        paths: [path({ offers: [{ offerId: 1, weight: 1 }] })],
      }],
      defaultPaths: [path({ offers: [{ offerId: 9, weight: 1 }] })],
    }).rules[0];
  assert.equal(matchRule(rule("all"), V), false);
  assert.equal(matchRule(rule("any"), V), true);
  assert.equal(matchRule(rule("any", false), V), false);
});

Deno.test("rules: routeFlow takes the first enabled matching rule with a usable path", async (t) => {
  const flow = Flow.parse({
    rules: [
      {
        name: "off",
        enabled: false,
        criteria: [c("GB")],
        paths: [path({ offers: [{ offerId: 10, weight: 1 }] })],
      },
      { name: "US", criteria: [c("US")], paths: [path({ offers: [{ offerId: 20, weight: 1 }] })] },
      {
        name: "GB but nothing usable",
        criteria: [c("GB")],
        paths: [
          path({ enabled: false, offers: [{ offerId: 30, weight: 1 }] }),
          path({ weight: 0, offers: [{ offerId: 31, weight: 1 }] }),
          path({ offers: [{ offerId: 32, weight: 0 }] }),
          {
            direct: false,
            landings: [{ landingId: 5, weight: 0 }],
            offers: [{ offerId: 33, weight: 1 }],
          },
        ],
      },
      {
        name: "GB",
        criteria: [c("GB")],
        paths: [
          path({ enabled: false, offers: [{ offerId: 40, weight: 1 }] }),
          {
            direct: false,
            landings: [{ landingId: 7, weight: 1 }],
            offers: [{ offerId: 41, weight: 1 }],
          },
        ],
      },
    ],
    defaultPaths: [path({ offers: [{ offerId: 99, weight: 1 }] })],
  });
  await t.step("GB visitor", () => {
    assert.deepEqual(
      { ...routeFlow(flow, V)!, path: undefined },
      { ruleIndex: 3, pathIndex: 1, landingId: 7, offerId: 41, path: undefined },
    );
  });
  await t.step("no rule matches → default paths, direct", () => {
    const r = routeFlow(flow, visitor({ country: "DE" }))!;
    assert.deepEqual([r.ruleIndex, r.pathIndex, r.landingId, r.offerId], [null, 0, null, 99]);
  });
  await t.step("nothing routable → null", () => {
    const dead = Flow.parse({
      defaultPaths: [path({ enabled: false, offers: [{ offerId: 1, weight: 1 }] })],
    });
    assert.equal(routeFlow(dead, V), null);
  });
});

Deno.test("rules: paths, landers and offers split by weight", () => {
  const flow = Flow.parse({
    defaultPaths: [
      {
        weight: 75,
        landings: [{ landingId: 1, weight: 1 }, { landingId: 2, weight: 3 }],
        offers: [{ offerId: 1, weight: 1 }, { offerId: 2, weight: 1 }],
      },
      path({ weight: 25, offers: [{ offerId: 3, weight: 1 }] }),
    ],
  });
  const random = seededRandom(1);
  const counts: Record<string, number> = {};
  const n = 100_000;
  for (let i = 0; i < n; i++) {
    const r = routeFlow(flow, V, random)!;
    for (const k of [`path${r.pathIndex}`, `lp${r.landingId}`, `offer${r.offerId}`]) {
      counts[k] = (counts[k] ?? 0) + 1;
    }
  }
  const near = (k: string, share: number) =>
    assert.ok(Math.abs(counts[k] / n - share) < 0.01, `${k}: ${counts[k] / n} vs ${share}`);
  near("path0", 0.75);
  near("path1", 0.25);
  near("lp1", 0.75 * 0.25);
  near("lp2", 0.75 * 0.75);
  near("lpnull", 0.25);
  near("offer1", 0.375);
  near("offer2", 0.375);
  near("offer3", 0.25);
});
