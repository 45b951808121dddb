import assert from "node:assert/strict";
import { TrafficSourceTemplate } from "../../contracts/integration.ts";
import { TrafficSourceInput } from "../../contracts/traffic_source.ts";
import { BUILT_IN_SOURCES } from "../../server/settings/templates.ts";
import { templateValues } from "./apply_template.tsx";

Deno.test("templates: applying one fills its fields and resets those it leaves out", () => {
  const options = { fields: TrafficSourceTemplate.shape.fields, form: TrafficSourceInput };
  const propeller = templateValues(BUILT_IN_SOURCES.find((t) => t.id === "propellerads")!, options);
  assert.deepEqual(propeller.externalIdParam, { param: "subid", placeholder: "${SUBID}" });
  assert.equal((propeller.tokens as unknown[]).length, 2);
  assert.match(String(propeller.postbackUrl), /\{externalid\}/);
  const facebook = templateValues(BUILT_IN_SOURCES.find((t) => t.id === "facebook")!, options);
  // The smallest source the contract takes: a name and the click id parameter.
  const bare = TrafficSourceInput.parse({
    name: "x",
    externalIdParam: { param: "clickid", placeholder: "" },
  });
  assert.equal(facebook.postbackUrl, bare.postbackUrl);
  assert.deepEqual(facebook.costParam, bare.costParam);
  assert.ok(!("name" in facebook), "the name is the user's");
});
