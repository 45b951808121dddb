import assert from "node:assert/strict";
import { accessOf, canWrite } from "./rights.ts";

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
