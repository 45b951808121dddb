/** Domains (DESIGN §3): hosts Rotor answers on, one default per purpose. */
import { z } from "zod";
import { EntityBase, EntityInputBase, Id, toPatch } from "./fields.ts";

/** What a domain serves. */
export const DomainPurpose = z.enum(["tracking", "landers", "panel"]);
export type DomainPurpose = z.infer<typeof DomainPurpose>;

/** Whether a host's port is 1–65535 and an IPv4 address's parts are 0–255 (no request has others). */
function inRange(host: string): boolean {
  const [name, port] = host.split(":");
  if (port !== undefined && !(Number(port) >= 1 && Number(port) <= 65535)) return false;
  return !/^[\d.]+$/.test(name) || name.split(".").every((part) => Number(part) <= 255);
}

/** A host name with an optional port, lower case (`track.example.com`, `localhost:8000`). */
export const Host = z.string().trim().toLowerCase().max(253).regex(
  /^(localhost|([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})|\d{1,3}(\.\d{1,3}){3})(:\d{1,5})?$/,
  "must be a host name like track.example.com (no scheme, no path; an international name in its xn-- form)",
).refine(inRange, "must have a port up to 65535 and address parts up to 255");

/** `POST /api/domains`. Setting `isDefault` clears it on the other domains of the purpose. */
export const DomainInput = EntityInputBase.extend({
  host: Host,
  isDefault: z.boolean().default(false),
  purpose: DomainPurpose.default("tracking"),
  /** The campaign whose click answers this domain's root address (`https://host/`). */
  rootCampaignId: Id.nullable().default(null),
});
export type DomainInput = z.infer<typeof DomainInput>;

/** `PATCH /api/domains/:id`. */
export const DomainPatch = toPatch(DomainInput);
export type DomainPatch = z.infer<typeof DomainPatch>;

/** A domain as the API answers it (a host stored under older rules still reads). */
export const Domain = EntityBase.extend({ ...DomainInput.shape, host: z.string() });
export type Domain = z.infer<typeof Domain>;
