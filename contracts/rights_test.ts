import assert from "node:assert/strict";
import { accessTo, canWrite } from "./rights.ts";

Deno.test("rights: admins write everything, users follow their rights with '*' as default", () => {
  assert.equal(accessTo({ role: "admin", permissions: {} }, "offer"), "write");
  assert.equal(accessTo({ role: "super-admin", permissions: {} }, "user"), "write");
  const reader = {
    role: "user" as const,
    permissions: { "*": "read" as const, offer: "write" as const },
  };
  assert.equal(accessTo(reader, "campaign"), "read");
  assert.equal(canWrite(reader, "offer"), true);
  assert.equal(canWrite(reader, "campaign"), false);
  assert.equal(accessTo(reader, "user"), "none");
  assert.equal(accessTo({ role: "user", permissions: {} }, "offer"), "none");
  assert.equal(accessTo(undefined, "offer"), "none", "unknown until the account loads");
});
