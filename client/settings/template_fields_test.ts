import assert from "node:assert/strict";
import { filledFields } from "./template_fields.ts";

Deno.test("integration templates: filled fields read as the forms' labels, unknown keys as written", () => {
  assert.equal(
    filledFields({ externalIdParam: {}, costParam: {}, tokens: [], postbackUrl: "" }),
    "External id param, Cost param, Tokens, Postback URL",
  );
  assert.equal(
    filledFields({ offerUrlTemplate: "", statusMap: {} }),
    "Offer URL template, Status mapping",
  );
  assert.equal(filledFields({ somethingNew: 1 }), "somethingNew");
});
