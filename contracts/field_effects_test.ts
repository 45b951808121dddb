import assert from "node:assert/strict";
import type { z } from "zod";
import { AffiliateNetworkInput } from "./affiliate_network.ts";
import { CampaignInput } from "./campaign.ts";
import { DomainInput } from "./domain.ts";
import { ENTITY_FIELD_EFFECTS, type FieldEffect, SETTINGS_FIELD_EFFECTS } from "./field_effects.ts";
import { GroupInput } from "./group.ts";
import { LandingInput } from "./landing.ts";
import { OfferInput } from "./offer.ts";
import { RotationInput } from "./rotation.ts";
import { SETTINGS_SCHEMAS } from "./settings.ts";
import { TrafficSourceInput } from "./traffic_source.ts";
import { TriggerInput } from "./trigger.ts";
import { UserInput } from "./user.ts";

const ENTITIES: Record<string, z.ZodObject> = {
  "campaign": CampaignInput,
  "offer": OfferInput,
  "landing": LandingInput,
  "traffic-source": TrafficSourceInput,
  "affiliate-network": AffiliateNetworkInput,
  "domain": DomainInput,
  "rotation": RotationInput,
  "group": GroupInput,
  "user": UserInput,
  "trigger": TriggerInput,
};

const ROOT = new URL("../", import.meta.url);
const SKIP = new Set(["node_modules", ".git", "dist", "data", "tmp"]);

/** A test's or step's name where it is declared (`browserTest` is tests/helpers/browser.ts's). */
const TEST_NAME = /(?:Deno\.test\(|browserTest\(|t\.step\(|name:)\s*"((?:[^"\\]|\\.)+)"/g;

/** Every `Deno.test`, `browserTest`, `t.step` and `name:` title in the tree's test files. */
function testNames(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: URL) => {
    for (const entry of Deno.readDirSync(dir)) {
      if (SKIP.has(entry.name)) continue;
      const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
      if (entry.isDirectory) walk(url);
      else if (entry.name.endsWith("_test.ts")) {
        const text = Deno.readTextFileSync(url);
        for (const m of text.matchAll(TEST_NAME)) {
          names.add(m[1]);
        }
      }
    }
  };
  walk(ROOT);
  return names;
}

function check(
  what: string,
  schema: z.ZodObject,
  table: Record<string, FieldEffect> | undefined,
): string[] {
  const problems: string[] = [];
  const fields = Object.keys(schema.shape);
  for (const field of fields) {
    if (!table?.[field]) problems.push(`${what}.${field} has no entry in field_effects.ts`);
  }
  for (const field of Object.keys(table ?? {})) {
    if (!fields.includes(field)) {
      problems.push(`${what}.${field} is listed but not in the contract`);
    }
  }
  return problems;
}

Deno.test("field effects: every saveable field of every entity and settings section is listed", () => {
  const problems = [
    ...Object.entries(ENTITIES).flatMap(([name, schema]) =>
      check(name, schema, ENTITY_FIELD_EFFECTS[name])
    ),
    ...Object.entries(SETTINGS_SCHEMAS).flatMap(([name, schema]) =>
      check(`settings ${name}`, schema as z.ZodObject, SETTINGS_FIELD_EFFECTS[name])
    ),
  ];
  assert.deepEqual(problems, []);
});

Deno.test("field effects: every named test exists in the tree", () => {
  const names = testNames();
  const missing: string[] = [];
  for (const table of [ENTITY_FIELD_EFFECTS, SETTINGS_FIELD_EFFECTS]) {
    for (const [owner, fields] of Object.entries(table)) {
      for (const [field, effect] of Object.entries(fields)) {
        if ("test" in effect && !names.has(effect.test)) {
          missing.push(`${owner}.${field}: no test named "${effect.test}"`);
        }
      }
    }
  }
  assert.deepEqual(missing, []);
});

Deno.test("field effects: the known gaps are exactly these (a new one is a decision, not a slip)", () => {
  const gaps = [ENTITY_FIELD_EFFECTS, SETTINGS_FIELD_EFFECTS].flatMap((table) =>
    Object.entries(table).flatMap(([owner, fields]) =>
      Object.entries(fields).filter(([, e]) => "gap" in e).map(([field]) => `${owner}.${field}`)
    )
  );
  assert.deepEqual(gaps.sort(), []);
});
