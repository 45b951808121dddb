/** Rotations as the shared entity code sees them. */
import { RotationInput, RotationPatch } from "../../contracts/rotation.ts";
import { columns, type EntityDef } from "../entities/definition.ts";
import { flowRefs } from "./flow_refs.ts";

/** The `rotation` definition the shared entity code runs on. */
export const rotationDef: EntityDef = {
  subject: "rotation",
  table: "rotations",
  groupType: "rotation",
  columns: columns([["rules", "json"], ["defaultPaths", "json"]]),
  create: RotationInput,
  patch: RotationPatch,
  refs: (values) => flowRefs(RotationInput.parse(values)),
  stats: { key: "c.rotation_id" },
};
