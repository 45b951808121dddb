/** The trigger calls of DESIGN §5 (list, create, get, change, archive, restore, clone, mass edit). */
import { z } from "zod";
import { listAnswer, ListQuery, massPatch } from "../../contracts/list.ts";
import { Trigger, TriggerInput, TriggerPatch } from "../../contracts/trigger.ts";
import type { Operation } from "./operation.ts";

type Entity = {
  path: string;
  label: string;
  item: z.ZodType;
  input: z.ZodType;
  patch: z.ZodType;
  mass?: z.ZodType;
  cloneBody?: z.ZodType;
};

/** Triggers; the other entity types are declared in `contracts/api/`. */
const ENTITIES: readonly Entity[] = [
  { path: "triggers", label: "Trigger", item: Trigger, input: TriggerInput, patch: TriggerPatch },
];

function operationsOf(e: Entity): Operation[] {
  const noun = e.label.toLowerCase();
  const base = `/api/${e.path}`;
  const tag = e.label;
  return [
    {
      method: "get",
      path: base,
      tag,
      summary: `List ${noun}s with stats`,
      query: ListQuery,
      response: listAnswer(e.item),
    },
    {
      method: "post",
      path: base,
      tag,
      summary: `Create a ${noun}`,
      body: e.input,
      response: e.item,
      status: 201,
    },
    {
      method: "patch",
      path: `${base}/mass`,
      tag,
      summary: `Change many ${noun}s at once (one transaction)`,
      body: massPatch(e.mass ?? e.patch),
      response: z.object({ items: z.array(e.item) }),
    },
    { method: "get", path: `${base}/{id}`, tag, summary: `Get a ${noun}`, response: e.item },
    {
      method: "patch",
      path: `${base}/{id}`,
      tag,
      summary: `Change a ${noun}`,
      body: e.patch,
      response: e.item,
    },
    { method: "delete", path: `${base}/{id}`, tag, summary: `Archive a ${noun}`, response: e.item },
    {
      method: "post",
      path: `${base}/{id}/restore`,
      tag,
      summary: `Restore an archived ${noun}`,
      response: e.item,
    },
    {
      method: "post",
      path: `${base}/{id}/clone`,
      tag,
      summary: `Clone a ${noun}`,
      body: e.cloneBody,
      response: e.item,
      status: 201,
    },
  ];
}

/** Every entity call. */
export function entityOperations(): Operation[] {
  return ENTITIES.flatMap(operationsOf);
}
