import assert from "node:assert/strict";
import { accessOf, accountOrRole, canWrite } from "./rights.ts";

Deno.test("rights: admins write everything, users follow their rights with '*' as default", () => {
  assert.equal(accessOf({ role: "admin", permissions: {} }, "offer"), "write");
  assert.equal(accessOf({ role: "super-admin", permissions: {} }, "user"), "write");
  const reader = {
    role: "user" as const,
    permissions: { "*": "read" as const, offer: "write" as const },
  };
  assert.equal(accessOf(reader, "campaign"), "read");
  assert.equal(canWrite(reader, "offer"), true);
  assert.equal(canWrite(reader, "campaign"), false);
  assert.equal(accessOf(reader, "user"), "none");
  assert.equal(accessOf({ role: "user", permissions: {} }, "offer"), "none");
  assert.equal(accessOf(undefined, "offer"), "none", "unknown until the account loads");
});

Deno.test("rights: before the account arrives, the stored role decides for admins only", () => {
  assert.equal(canWrite(accountOrRole(undefined, "admin"), "campaign"), true);
  assert.equal(canWrite(accountOrRole(undefined, "super-admin"), "user"), true);
  assert.equal(accountOrRole(undefined, "user"), undefined, "a user waits for their rights");
  const reader = { role: "user" as const, permissions: { "*": "read" as const } };
  assert.equal(accountOrRole(reader, "admin"), reader, "the account wins once it is known");
  assert.equal(canWrite(accountOrRole(reader, "admin"), "campaign"), false);
});
