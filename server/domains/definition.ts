/** Domains as the shared entity code sees them: unique hosts, one default per purpose. */
import { type Domain, DomainInput, DomainPatch } from "../../contracts/domain.ts";
import { columns, type EntityDef } from "../entities/definition.ts";

/** The `domain` definition the shared entity code runs on. */
export const domainDef: EntityDef<Domain, DomainInput> = {
  subject: "domain",
  table: "domains",
  columns: columns([
    ["host", "text"],
    ["isDefault", "bool"],
    ["purpose", "text"],
    ["rootCampaignId", "int"],
  ]),
  refs: (values) =>
    typeof values.rootCampaignId === "number"
      ? [{ path: ["rootCampaignId"], table: "campaigns", id: values.rootCampaignId }]
      : [],
  create: DomainInput,
  patch: DomainPatch,
  check: (db, values, id) => {
    const taken = db.prepare("SELECT archived FROM domains WHERE host = ? AND id IS NOT ?")
      .get(String(values.host), id ?? null);
    if (!taken) return [];
    // The host stays taken while archived (unique): say where to bring it back.
    const message = Number(taken.archived) === 1
      ? `${values.host} is archived: restore it (Domains → Show archived)`
      : `${values.host} is already added`;
    return [{ path: "host", message }];
  },
  // A copy needs a host of its own (unique) and does not take over the default.
  onClone: (db, values) => {
    const taken = (host: string) => db.prepare("SELECT 1 FROM domains WHERE host = ?").get(host);
    let n = 1;
    while (taken(`copy-${n}.${values.host}`)) n++;
    return { ...values, host: `copy-${n}.${values.host}`, isDefault: false };
  },
  afterWrite: (db, id, values) => {
    if (!values.isDefault) return;
    db.prepare(
      "UPDATE domains SET is_default = 0, updated_at = ? WHERE purpose = ? AND id != ? AND is_default = 1",
    )
      .run(Date.now(), String(values.purpose), id);
  },
  searchColumns: ["host"],
};
