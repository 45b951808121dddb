/**
 * The entity calls of the screens (DESIGN §5) over the one fetcher, with one
 * SWR hook per call. Every resource is called through its declarations
 * (`contracts/api/entities.ts`, `users.ts`), so each answer is typed and
 * parsed by its entity's own schema.
 */
import useSWR, { type SWRResponse } from "swr";
import { ENTITY_ROUTES, type EntityRoutes } from "../../contracts/api/entities.ts";
import { MAX_PAGE } from "../../contracts/list.ts";
import type { CallInput, ReceivedOf, RouteDecl } from "../../contracts/route.ts";
import { routePath, routeUrl } from "../../contracts/route.ts";
import { USER_ROUTES } from "../../contracts/api/users.ts";
import { call } from "../app/api.ts";
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

/** Every resource's routes: the entity generator's, and the users' own (admins only). */
const RESOURCE_ROUTES = { ...ENTITY_ROUTES, users: USER_ROUTES };
type RoutesOf<R extends ResourceName> = (typeof RESOURCE_ROUTES)[R];

/** A list's query, as the list routes declare it. */
export type ListCallQuery = NonNullable<CallInput<EntityRoutes["list"]>["query"]>;

/** The entity a resource answers, typed by its own schema. */
export type EntityOf<R extends ResourceName> = R extends ResourceName
  ? ReceivedOf<RoutesOf<R>["get"]>
  : never;
/** A resource's list answer. */
export type ListOf<R extends ResourceName> = R extends ResourceName
  ? ReceivedOf<RoutesOf<R>["list"]>
  : never;
/** One row of a resource's list: the entity with its stats. */
export type ListItemOf<R extends ResourceName> = ListOf<R>["items"][number];
/** What a save of a resource answers: the entity, with warnings when there are any. */
export type SavedOf<R extends ResourceName> = R extends ResourceName
  ? ReceivedOf<RoutesOf<R>["create"]>
  : never;
/** The create body of a resource. */
export type InputOf<R extends ResourceName> = R extends ResourceName
  ? CallInput<RoutesOf<R>["create"]>["body"]
  : never;
/** The patch body of a resource. */
export type PatchOf<R extends ResourceName> = R extends ResourceName
  ? CallInput<RoutesOf<R>["patch"]>["body"]
  : never;

/** What the shared calls below use of any resource's routes (their types come from the overloads). */
type SharedRoutes = Record<
  "list" | "create" | "mass" | "get" | "patch" | "archive" | "restore",
  RouteDecl
>;
const SHARED: Record<ResourceName, SharedRoutes> = RESOURCE_ROUTES;
/** `call` on a route whose resource is only known at run time; each export below types it. */
const callAny = call as (
  decl: RouteDecl,
  input: { params?: { id: number }; query?: ListCallQuery; body?: unknown },
) => Promise<unknown>;

/** One page of a list (stats for the query's days); the previous page stays while the next loads. */
export function useEntityList<R extends ResourceName>(
  resource: R,
  query: ListCallQuery | null,
): SWRResponse<ListOf<R>>;
export function useEntityList(resource: ResourceName, query: ListCallQuery | null) {
  const list = SHARED[resource].list;
  const key = query === null ? null : routeUrl(list, { query });
  return useSWR(key, () => callAny(list, { query: query ?? {} }), { keepPreviousData: true });
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
  return callAny(SHARED[resource].get, { params: { id } });
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
  return callAny(SHARED[resource].create, { body });
}

/**
 * Creates (no `id`) or changes an entity from values a form's own contract has
 * just checked: the shared form and the inline editor, which serve every resource.
 */
export function saveChecked(
  resource: ResourceName,
  id: number | undefined,
  values: Record<string, unknown>,
): Promise<SavedOf<ResourceName>> {
  const routes = SHARED[resource];
  const saved = id === undefined
    ? callAny(routes.create, { body: values })
    : callAny(routes.patch, { params: { id }, body: values });
  return saved as Promise<SavedOf<ResourceName>>;
}

/** `PATCH /:id`. */
export function patchEntity<R extends ResourceName>(
  resource: R,
  id: number,
  body: PatchOf<R>,
): Promise<SavedOf<R>>;
export function patchEntity(resource: ResourceName, id: number, body: Record<string, unknown>) {
  return callAny(SHARED[resource].patch, { params: { id }, body });
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
  return callAny(SHARED[resource].mass, { body: { ids, patch } });
}

/** `DELETE /:id` (archive) for each id, one by one; stops at the first refusal. */
export async function archiveEntities(resource: ResourceName, ids: number[]): Promise<void> {
  for (const id of ids) await callAny(SHARED[resource].archive, { params: { id } });
}

/** `POST /:id/restore` for each id. */
export async function restoreEntities(resource: ResourceName, ids: number[]): Promise<void> {
  for (const id of ids) await callAny(SHARED[resource].restore, { params: { id } });
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
