/** Domains (DESIGN §3): hosts Rotor answers on, one default per purpose. */
import { z } from "zod";
import { EntityBase, EntityInputBase, Id, toPatch } from "./fields.ts";

/** What a domain serves. */
export const DomainPurpose = z.enum(["tracking", "landers", "panel"]);
export type DomainPurpose = z.infer<typeof DomainPurpose>;

/** A host name with an optional port, lower case (`track.example.com`, `localhost:8000`). */
export const Host = z.string().trim().toLowerCase().max(253).regex(
  /^(localhost|([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|\d{1,3}(\.\d{1,3}){3})(:\d{1,5})?$/,
  "must be a host name like track.example.com (no scheme, no path)",
);

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

/** A domain as the API answers it. */
export const Domain = EntityBase.extend(DomainInput.shape);
export type Domain = z.infer<typeof Domain>;
