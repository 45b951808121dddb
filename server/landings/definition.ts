/** Landers as the shared entity code sees them. */
import { type Landing, LandingInput, LandingPatch } from "../../contracts/landing.ts";
import { columns, type EntityDef } from "../entities/definition.ts";

/** The `landing` definition the shared entity code runs on. */
export const landingDef: EntityDef<Landing, LandingInput> = {
  subject: "landing",
  table: "landings",
  groupType: "landing",
  columns: columns([["url", "text"], ["offerCount", "int"], ["protect", "bool"]]),
  create: LandingInput,
  patch: LandingPatch,
  stats: { key: "c.landing_id" },
  searchColumns: ["url"],
};
