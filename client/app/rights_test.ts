import assert from "node:assert/strict";
import { canWrite } from "../../contracts/rights.ts";
import { accountOrRole } from "./rights.ts";

Deno.test("rights: before the account arrives, the stored role decides for admins only", () => {
  assert.equal(canWrite(accountOrRole(undefined, "admin"), "campaign"), true);
  assert.equal(canWrite(accountOrRole(undefined, "super-admin"), "user"), true);
  assert.equal(accountOrRole(undefined, "user"), undefined, "a user waits for their rights");
  const reader = { role: "user" as const, permissions: { "*": "read" as const } };
  assert.equal(accountOrRole(reader, "admin"), reader, "the account wins once it is known");
  assert.equal(canWrite(accountOrRole(reader, "admin"), "campaign"), false);
});
