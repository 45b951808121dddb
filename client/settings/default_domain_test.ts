import assert from "node:assert/strict";
import { defaultDomainLabel } from "./default_domain.ts";

Deno.test("tracking links: an empty default domain is named as the links are built", () => {
  const demo = { host: "track.example.com", purpose: "tracking", isDefault: true };
  assert.equal(
    defaultDomainLabel([{ host: "lp.example.org", purpose: "tracking", isDefault: false }, demo]),
    "Domains' default (track.example.com)",
    "the links use the domain marked default on Domains, not the panel's address",
  );
  assert.equal(
    defaultDomainLabel([{ host: "lp.example.org", purpose: "landers", isDefault: true }]),
    "This panel's address (no default domain)",
    "a landers default is not a tracking domain",
  );
  assert.equal(defaultDomainLabel([]), "This panel's address (no default domain)");
});
