import assert from "node:assert/strict";
import { defaultDomainLabel, trackingBase } from "./default_domain.ts";

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

Deno.test("tracking links: the click API example starts where the tracking links do", async (t) => {
  const origin = "http://127.0.0.1:8851";
  const marked = { id: 4, host: "track.example.com", purpose: "tracking", isDefault: true };
  const chosen = { id: 7, host: "go.example.net", purpose: "tracking", isDefault: false };
  await t.step("no default domain anywhere: the panel's own address", () => {
    assert.equal(
      trackingBase([], { settings: { domainId: null, scheme: "https" }, origin }),
      origin,
    );
    const landers = { ...marked, purpose: "landers" };
    assert.equal(trackingBase([landers], { origin }), origin, "a landers default is not one");
  });
  await t.step("the domain marked default on Domains, with the settings' scheme", () => {
    const settings = { domainId: null, scheme: "http" };
    assert.equal(trackingBase([chosen, marked], { settings, origin }), "http://track.example.com");
    const archived = { ...marked, archived: true };
    assert.equal(trackingBase([archived], { settings, origin }), origin, "an archived one is not");
  });
  await t.step("the Default domain of Settings → Tracking links comes first", () => {
    const settings = { domainId: 7, scheme: "https" };
    assert.equal(trackingBase([marked, chosen], { settings, origin }), "https://go.example.net");
  });
  await t.step("that domain archived since: the Domains default, as the server falls back", () => {
    const settings = { domainId: 7, scheme: "https" };
    const gone = { ...chosen, archived: true };
    assert.equal(trackingBase([marked, gone], { settings, origin }), "https://track.example.com");
  });
});
