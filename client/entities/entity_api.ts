/**
 * The entity calls of the screens (DESIGN §5) over the one fetcher, with one
 * SWR hook per call. Answers are parsed with the contracts.
 */
import useSWR from "swr";
import { z } from "zod";
import { listAnswer, MAX_PAGE } from "../../contracts/list.ts";
import { USER_ROUTES } from "../../contracts/api/users.ts";
import { routePath } from "../../contracts/route.ts";
import { api, buildUrl, call } from "../app/api.ts";
import { mutatePanel } from "../app/swr_config.ts";
import { notify, notifyError } from "../app/toasts.tsx";

/** A resource as its API path names it: `offers`, `affiliate-networks`. */
export type ResourceName =
  | "campaigns"
  | "offers"
  | "landings"
  | "affiliate-networks"
  | "traffic-sources"
  | "rotations"
  | "users"
  | "domains"
  | "groups"
  | "triggers";

type Query = Record<string, string | number | undefined>;

/** An entity answer: the fields every entity has, the rest unchecked until a form parses it. */
export const AnyEntity = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  groupId: z.number().int().nullable(),
  archived: z.boolean(),
});
export type AnyEntity = z.infer<typeof AnyEntity> & Record<string, unknown>;

const AnyList = listAnswer(AnyEntity);
export type EntityListAnswer = z.infer<typeof AnyList>;

/** One page of a list (stats for the query's days); the previous page stays while the next loads. */
export function useEntityList(resource: ResourceName, query: Query | null) {
  const key = query ? buildUrl(`/api/${resource}`, query) : null;
  return useSWR(key, (url: string) => api(url, { schema: AnyList }), { keepPreviousData: true });
}

/** Every live item of a resource, by name: what pickers (groups, offers, landers…) offer. */
export function useOptions(resource: ResourceName, enabled = true) {
  const query = { sort: "name", order: "asc", limit: MAX_PAGE, archived: "all" };
  return useEntityList(resource, enabled ? query : null);
}

/** One entity, or none while `id` is undefined. */
export function useEntity(resource: ResourceName, id: number | undefined) {
  const key = id === undefined ? null : `/api/${resource}/${id}`;
  return useSWR(key, (url: string) => api(url, { schema: AnyEntity }));
}

/** Drops every cached answer of a resource (after a write), so open lists reload. */
export function refreshResource(resource: ResourceName): Promise<unknown> {
  const prefix = `/api/${resource}`;
  return mutatePanel((key) => typeof key === "string" && key.startsWith(prefix));
}

/** `POST` create. */
export function createEntity(resource: ResourceName, body: unknown) {
  return api(`/api/${resource}`, { method: "post", body, schema: AnyEntity });
}

/** `PATCH /:id`. */
export function patchEntity(resource: ResourceName, id: number, body: unknown) {
  return api(`/api/${resource}/${id}`, { method: "patch", body, schema: AnyEntity });
}

/** `PATCH /mass`: one patch for many, all or none. */
export function massPatchEntities(resource: ResourceName, ids: number[], patch: unknown) {
  return api(`/api/${resource}/mass`, { method: "patch", body: { ids, patch } });
}

/** `DELETE /:id` (archive) for each id, one by one; stops at the first refusal. */
export async function archiveEntities(resource: ResourceName, ids: number[]): Promise<void> {
  for (const id of ids) await api(`/api/${resource}/${id}`, { method: "delete" });
}

/** `POST /:id/restore` for each id. */
export async function restoreEntities(resource: ResourceName, ids: number[]): Promise<void> {
  for (const id of ids) await api(`/api/${resource}/${id}/restore`, { method: "post", body: {} });
}

/** `POST /:id/clone`. */
export function cloneEntity(resource: ResourceName, id: number, body: unknown = {}) {
  return api(`/api/${resource}/${id}/clone`, { method: "post", body, schema: AnyEntity });
}

/** Runs a change to `resource`, refreshes its lists, and toasts `done` or the failure. */
export async function changeAndRefresh(
  resource: ResourceName,
  change: () => Promise<unknown>,
  options: { done: string },
): Promise<void> {
  try {
    await change();
    await refreshResource(resource);
    notify(options.done, { type: "success" });
  } catch (error) {
    notifyError(error);
  }
}

/** The signed-in user's own account (rights and hide-profit), from `GET /api/users/me`. */
export function useMyAccount() {
  return useSWR(routePath(USER_ROUTES.me), () => call(USER_ROUTES.me, {}));
}
