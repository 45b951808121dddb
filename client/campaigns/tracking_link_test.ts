import assert from "node:assert/strict";
import { TrafficSource } from "../../contracts/traffic_source.ts";
import { buildTrafficSource } from "../../fixtures/builders.ts";
import { trackingLink } from "./tracking_link.tsx";

Deno.test("tracking link: origin or the campaign's domain, then /c/<key> and the source's params", () => {
  const base = { origin: "https://panel.example", protocol: "https:" };
  assert.equal(trackingLink("AbC123xyz_-9", base), "https://panel.example/c/AbC123xyz_-9");
  assert.equal(
    trackingLink("k1234567", { ...base, host: "track.example.com" }),
    "https://track.example.com/c/k1234567",
  );
  const source = TrafficSource.parse({
    ...buildTrafficSource(),
    id: 1,
    groupId: null,
    notes: "",
    createdAt: 0,
    updatedAt: 0,
    archived: false,
  });
  assert.equal(
    trackingLink("k1234567", { ...base, source }),
    "https://panel.example/c/k1234567?subid=${SUBID}&cost=${COST}&zone=${ZONEID}&os=${OS}",
  );
});
