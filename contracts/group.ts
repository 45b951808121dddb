/** Groups (DESIGN §3): named buckets for one entity type. */
import { z } from "zod";
import { EntityBase, EntityInputBase, toPatch } from "./fields.ts";

/** The entity types a group can hold. */
export const GroupType = z.enum([
  "campaign",
  "offer",
  "landing",
  "traffic-source",
  "affiliate-network",
  "rotation",
]);
export type GroupType = z.infer<typeof GroupType>;

/** `POST /api/groups`. Groups are not grouped: `groupId` stays null. */
export const GroupInput = EntityInputBase.extend({ type: GroupType });
export type GroupInput = z.infer<typeof GroupInput>;

/** `PATCH /api/groups/:id`. */
export const GroupPatch = toPatch(GroupInput);
export type GroupPatch = z.infer<typeof GroupPatch>;

/** A group as the API answers it. */
export const Group = EntityBase.extend({ type: GroupType });
export type Group = z.infer<typeof Group>;
