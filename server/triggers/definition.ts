/** Triggers as the shared entity code sees them (issue 15). */
import { type Scope, type Trigger, TriggerInput, TriggerPatch } from "../../contracts/trigger.ts";
import { columns, type EntityDef, type Ref } from "../entities/definition.ts";
import { rebaseCooldowns } from "./store.ts";

/** The entity table each scope type lists. */
export const SCOPE_TABLES: Readonly<Record<Scope["type"], string | null>> = {
  campaign: "campaigns",
  offer: "offers",
  landing: "landings",
  "traffic-source": "traffic_sources",
  "affiliate-network": "affiliate_networks",
  token: null,
  pages: null,
};

function triggerRefs(values: Record<string, unknown>): Ref[] {
  const t = TriggerInput.parse(values);
  const refs: Ref[] = [];
  const table = SCOPE_TABLES[t.scope.type];
  if (table) t.scope.ids.forEach((id, i) => refs.push({ path: ["scope", "ids", i], table, id }));
  if (t.scope.type === "token" && t.scope.campaignId) {
    refs.push({ path: ["scope", "campaignId"], table: "campaigns", id: t.scope.campaignId });
  }
  t.actions.forEach((a, i) => {
    if (a.kind === "blockToken") {
      refs.push({ path: ["actions", i, "offerId"], table: "offers", id: a.offerId });
    }
    if (a.kind === "setPathWeight") {
      const owner = a.owner === "campaign" ? "campaigns" : "rotations";
      refs.push({ path: ["actions", i, "ownerId"], table: owner, id: a.ownerId });
    }
  });
  return refs;
}

/** The `trigger` definition the shared entity code runs on. */
export const triggerDef: EntityDef<Trigger, TriggerInput> = {
  subject: "trigger",
  table: "triggers",
  columns: columns([
    ["enabled", "bool"],
    ["scope", "json"],
    ["logic", "text"],
    ["conditions", "json"],
    ["minClicks", "int"],
    ["formulas", "json"],
    ["actions", "json"],
    ["checkEveryMinutes", "int"],
    ["cooldownMinutes", "int"],
  ]),
  create: TriggerInput,
  patch: TriggerPatch,
  refs: triggerRefs,
  // A saved change is checked at the next scheduler tick, not after the old interval, and a
  // changed cooldown counts from each subject's last firing.
  afterWrite: (db, id, values) => {
    db.prepare("UPDATE triggers SET next_check_at = 0 WHERE id = ?").run(id);
    rebaseCooldowns(db, id, values.cooldownMinutes * 60_000);
  },
};
