/** Rotations as the shared entity code sees them. */
import { type Rotation, RotationInput, RotationPatch } from "../../contracts/rotation.ts";
import { columns, type EntityDef } from "../entities/definition.ts";
import { flowRefs } from "./flow_refs.ts";
import { assignRotationIds } from "./flow_ids.ts";

/** The `rotation` definition the shared entity code runs on. */
export const rotationDef: EntityDef<Rotation, RotationInput> = {
  subject: "rotation",
  table: "rotations",
  groupType: "rotation",
  columns: columns([["rules", "json"], ["defaultPaths", "json"]]),
  create: RotationInput,
  patch: RotationPatch,
  refs: (values) => flowRefs(RotationInput.parse(values)),
  stats: { key: "c.rotation_id" },
  // Rules and paths get stable ids (decision 123) inside the write's transaction.
  afterWrite: (db, id, values) => assignRotationIds(db, id, RotationInput.parse(values)),
};
