/** Rotations (DESIGN §3): reusable flows (rules and default paths) campaigns point at. */
import type { z } from "zod";
import { EntityBase, EntityInputBase, toPatch } from "./fields.ts";
import { Flow } from "./flow.ts";

/** `POST /api/rotations`: the flow's `rules` and `defaultPaths` sit at the top level. */
export const RotationInput = EntityInputBase.extend(Flow.shape);
export type RotationInput = z.infer<typeof RotationInput>;

/** `PATCH /api/rotations/:id`. A new `rules` or `defaultPaths` replaces the whole list. */
export const RotationPatch = toPatch(RotationInput);
export type RotationPatch = z.infer<typeof RotationPatch>;

/** A rotation as the API answers it. */
export const Rotation = EntityBase.extend(RotationInput.shape);
export type Rotation = z.infer<typeof Rotation>;
