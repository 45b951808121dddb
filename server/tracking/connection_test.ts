import assert from "node:assert/strict";
import { loadEnrichmentData } from "./enrich/visitor.ts";
import { enrichVisitor } from "./enrich/visitor.ts";
import { campaignReport, clickIdOf, ruleToSecondOffer, trackingApp } from "./testing.ts";

loadEnrichmentData();

/** Real addresses from the shipped ASN database, with the type each AS is. */
const CASES: [ip: string, network: string, type: string][] = [
  ["23.18.0.1", "T-Mobile USA (AS21928, curated)", "cellular"],
  ["27.160.0.1", "SK Telecom (AS9644, curated)", "cellular"],
  ["1.20.117.1", "TOT Mobile (AS56120, by name)", "cellular"],
  ["1.44.96.1", "Amazon (AS16509, curated)", "hosting"],
  ["2.27.84.1", "PureVoltage Hosting (AS26548, by name)", "hosting"],
  ["23.24.0.1", "Comcast Cable (AS7922)", "broadband"],
  ["2.58.100.1", "Deutsche Telekom (AS3320)", "broadband"],
  ["10.0.0.1", "a private address", ""],
];

Deno.test("connection: derived from the visitor's AS (curated list, then the organisation name)", async (t) => {
  for (const [ip, network, type] of CASES) {
    await t.step(`${network}: ${type || "unknown"}`, () => {
      assert.equal(enrichVisitor({ ip, userAgent: "x", now: 0 }).connection, type);
    });
  }
});

Deno.test("connection: a rule on it routes, and clicks and reports carry it", async () => {
  const s = await trackingApp();
  const [a, b] = s.offerIds;
  await ruleToSecondOffer(s, {
    name: "Mobile carriers",
    criteria: [{ field: "connection", op: "is", values: ["Cellular"] }],
  });
  const offerOf = async (ip: string) => {
    const id = clickIdOf(await s.click({ ip }));
    return s.app.deps.db.prepare("SELECT offer_id, connection FROM clicks WHERE id = ?").get(id)!;
  };
  assert.deepEqual({ ...await offerOf("23.18.0.1") }, { offer_id: b, connection: "cellular" });
  assert.deepEqual({ ...await offerOf("1.44.96.1") }, { offer_id: a, connection: "hosting" });
  assert.deepEqual({ ...await offerOf("23.24.0.1") }, { offer_id: a, connection: "broadband" });
  const day = new Date().toISOString().slice(0, 10);
  const { rows } = await campaignReport(s, {
    from: day,
    to: day,
    tz: "UTC",
    groupBy: "connection",
  });
  assert.deepEqual(
    rows.map((r) => [r.labels[0], r.metrics.clicks]).sort(),
    [["broadband", 1], ["cellular", 1], ["hosting", 1]],
  );
});
