/**
 * The entity calls of the screens (DESIGN §5) over the one fetcher, with one
 * SWR hook per call. The declared resources (`contracts/api/entities.ts`) are
 * called through their declarations, so each answer is typed and parsed by
 * its entity's own schema; users still go by path.
 */
import useSWR, { type SWRResponse } from "swr";
import { z } from "zod";
import { ENTITY_ROUTES, type EntityRoutes } from "../../contracts/api/entities.ts";
import { listAnswer, MAX_PAGE } from "../../contracts/list.ts";
import type { CallInput, ReceivedOf, RouteDecl } from "../../contracts/route.ts";
import { routePath, routeUrl } from "../../contracts/route.ts";
import { USER_ROUTES } from "../../contracts/api/users.ts";
import { api, call } from "../app/api.ts";
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

/** The resources whose routes are declared. */
export type DeclaredResource = keyof typeof ENTITY_ROUTES;
/** The resources still called by path (their own helpers convert them). */
export type UndeclaredResource = Exclude<ResourceName, DeclaredResource>;
type RoutesOf<R extends DeclaredResource> = (typeof ENTITY_ROUTES)[R];

/** A list's query, as the list route declares it. */
export type ListCallQuery = NonNullable<CallInput<EntityRoutes["list"]>["query"]>;

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

/** The entity a resource answers: its own schema's type where its routes are declared. */
export type EntityOf<R extends ResourceName> = R extends DeclaredResource
  ? ReceivedOf<RoutesOf<R>["get"]>
  : AnyEntity;
/** A resource's list answer. */
export type ListOf<R extends ResourceName> = R extends DeclaredResource
  ? ReceivedOf<RoutesOf<R>["list"]>
  : EntityListAnswer;
/** One row of a resource's list: the entity with its stats. */
export type ListItemOf<R extends ResourceName> = ListOf<R>["items"][number];
/** What a save of a resource answers: the entity, with warnings when there are any. */
export type SavedOf<R extends ResourceName> = R extends DeclaredResource
  ? ReceivedOf<RoutesOf<R>["create"]>
  : AnyEntity;
/** The create body of a resource. */
export type InputOf<R extends ResourceName> = R extends DeclaredResource
  ? CallInput<RoutesOf<R>["create"]>["body"]
  : Record<string, unknown>;
/** The patch body of a resource. */
export type PatchOf<R extends ResourceName> = R extends DeclaredResource
  ? CallInput<RoutesOf<R>["patch"]>["body"]
  : Record<string, unknown>;

const DECLARED: Partial<Record<ResourceName, EntityRoutes>> = ENTITY_ROUTES;

/** The declared routes of `resource`, or none for the resources still called by path. */
function declared(resource: ResourceName): EntityRoutes | undefined {
  return DECLARED[resource];
}

/** A list's URL for the resources still called by path. */
function pathListUrl(resource: ResourceName, query: ListCallQuery): string {
  const decl: RouteDecl = {
    method: "get",
    path: `/api/${resource}`,
    tag: "",
    summary: "",
    access: "user",
  };
  return routeUrl(decl, { query });
}

/** One page of a list (stats for the query's days); the previous page stays while the next loads. */
export function useEntityList<R extends ResourceName>(
  resource: R,
  query: ListCallQuery | null,
): SWRResponse<ListOf<R>>;
export function useEntityList(resource: ResourceName, query: ListCallQuery | null) {
  const routes = declared(resource);
  const key = query === null
    ? null
    : routes
    ? routeUrl(routes.list, { query })
    : pathListUrl(resource, query);
  const fetcher = (url: string) =>
    routes ? call(routes.list, { query: query ?? {} }) : api(url, { schema: AnyList });
  return useSWR(key, fetcher, { keepPreviousData: true });
}

/** Every live item of a resource, by name: what pickers (groups, offers, landers…) offer. */
export function useOptions<R extends ResourceName>(resource: R, enabled = true) {
  const query = { sort: "name", order: "asc", limit: MAX_PAGE, archived: "all" } as const;
  return useEntityList(resource, enabled ? query : null);
}

/** One entity, or none while `id` is undefined. */
export function useEntity<R extends ResourceName>(
  resource: R,
  id: number | undefined,
): SWRResponse<EntityOf<R>>;
export function useEntity(resource: ResourceName, id: number | undefined) {
  return useSWR(id === undefined ? null : entityKey(resource, id), () => getEntity(resource, id!));
}

/** The SWR key of one entity. */
function entityKey(resource: ResourceName, id: number): string {
  return `/api/${resource}/${id}`;
}

/** `GET /:id`. */
export function getEntity<R extends ResourceName>(resource: R, id: number): Promise<EntityOf<R>>;
export function getEntity(resource: ResourceName, id: number) {
  const routes = declared(resource);
  return routes
    ? call(routes.get, { params: { id } })
    : api(entityKey(resource, id), { schema: AnyEntity });
}

/** Drops every cached answer of a resource (after a write), so open lists reload. */
export function refreshResource(resource: ResourceName): Promise<unknown> {
  const prefix = `/api/${resource}`;
  return mutatePanel((key) => typeof key === "string" && key.startsWith(prefix));
}

/** `POST` create. */
export function createEntity<R extends ResourceName>(
  resource: R,
  body: InputOf<R>,
): Promise<SavedOf<R>>;
export function createEntity(resource: ResourceName, body: Record<string, unknown>) {
  const routes = declared(resource);
  return routes
    ? call(routes.create, { body })
    : api(`/api/${resource}`, { method: "post", body, schema: AnyEntity });
}

/** `PATCH /:id`. */
export function patchEntity<R extends ResourceName>(
  resource: R,
  id: number,
  body: PatchOf<R>,
): Promise<SavedOf<R>>;
export function patchEntity(resource: ResourceName, id: number, body: Record<string, unknown>) {
  const routes = declared(resource);
  return routes
    ? call(routes.patch, { params: { id }, body })
    : api(entityKey(resource, id), { method: "patch", body, schema: AnyEntity });
}

/** `PATCH /mass`: one patch for many, all or none. */
export function massPatchEntities<R extends ResourceName>(
  resource: R,
  ids: number[],
  patch: PatchOf<R>,
): Promise<unknown>;
export function massPatchEntities(
  resource: ResourceName,
  ids: number[],
  patch: Record<string, unknown>,
) {
  const routes = declared(resource);
  return routes
    ? call(routes.mass, { body: { ids, patch } })
    : api(`/api/${resource}/mass`, { method: "patch", body: { ids, patch } });
}

/** `DELETE /:id` (archive) for each id, one by one; stops at the first refusal. */
export async function archiveEntities(resource: ResourceName, ids: number[]): Promise<void> {
  const routes = declared(resource);
  for (const id of ids) {
    if (routes) await call(routes.archive, { params: { id } });
    else await api(entityKey(resource, id), { method: "delete" });
  }
}

/** `POST /:id/restore` for each id. */
export async function restoreEntities(resource: ResourceName, ids: number[]): Promise<void> {
  const routes = declared(resource);
  for (const id of ids) {
    if (routes) await call(routes.restore, { params: { id } });
    else await api(`${entityKey(resource, id)}/restore`, { method: "post", body: {} });
  }
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
