/**
 * The route table of SPEC §2 under the base path. Pages load lazily, each in its own chunk;
 * titles live here so they are known before a chunk arrives.
 */
import type { ComponentType } from "react";
import { type LoaderFunctionArgs, redirect, type RouteObject } from "react-router";
import { guardLoader, loginLoader, updateLoader } from "./loaders.ts";
import {
  DEVELOPER_CHILDREN,
  isReportSubjectType,
  isRouteId,
  isRouteIds,
  type RouteHandle,
  SETTINGS_CHILDREN,
} from "./route_rules.ts";
import { RouteError } from "./route_error.tsx";

function to(path: string) {
  return () => redirect(path);
}

function requireIds({ params }: LoaderFunctionArgs) {
  if (!isRouteIds(params.ids)) throw redirect("/404");
  return null;
}

function requireId({ params }: LoaderFunctionArgs) {
  if (!isRouteId(params.id)) throw redirect("/404");
  return null;
}

function requireReport({ params }: LoaderFunctionArgs) {
  if (!isReportSubjectType(params.subjectType) || !isRouteIds(params.subjectIds)) {
    throw redirect("/404");
  }
  return null;
}

type PageModule = Record<string, unknown>;
type Lazy = RouteObject["lazy"];

/** A lazy route component: `name` exported by the module `load` imports. */
function page(load: () => Promise<PageModule>, name: string): Lazy {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

function handle(title: string, extra: Omit<RouteHandle, "title"> = {}): RouteHandle {
  return { title, ...extra };
}

interface EntitySpec {
  path: string;
  title: string;
  /** Singular, lower case: "campaign". */
  noun: string;
  load: () => Promise<PageModule>;
  massEdit?: boolean;
}

function massEditChild(spec: EntitySpec): RouteObject[] {
  if (!spec.massEdit) return [];
  return [{
    path: "edit/mass/:ids",
    loader: requireIds,
    handle: handle(`Mass edit ${spec.noun}s`),
    lazy: page(spec.load, "MassEditPage"),
  }];
}

/** A list route with its create/edit/clone forms (and the mass-edit modal child). */
function entity(spec: EntitySpec): RouteObject[] {
  const form = (action: "create" | "edit" | "clone", path: string): RouteObject => ({
    path: `${spec.path}/${path}`,
    loader: action === "create" ? undefined : requireId,
    handle: handle(`${action[0].toUpperCase()}${action.slice(1)} ${spec.noun}`, { action }),
    lazy: page(spec.load, "FormPage"),
  });
  return [
    {
      path: spec.path,
      handle: handle(spec.title),
      lazy: page(spec.load, "ListPage"),
      children: [{ index: true }, ...massEditChild(spec)],
    },
    form("create", "create"),
    form("edit", "edit/:id"),
    form("clone", "clone/:id"),
  ];
}

function simple(path: string, title: string, load: () => Promise<PageModule>, name = "Page") {
  return { path, handle: handle(title), lazy: page(load, name) } satisfies RouteObject;
}

const campaigns = () => import("../campaigns/page.tsx");
const settings = () => import("../settings/page.tsx");
const developer = () => import("../monitor/developer.tsx");

const guarded: RouteObject[] = [
  // `/` is an alias of `/campaigns`, with the same mass-edit child.
  {
    id: "campaigns-root",
    handle: handle("Campaigns"),
    lazy: page(campaigns, "ListPage"),
    children: [
      { index: true },
      ...massEditChild({ path: "", title: "", noun: "campaign", load: campaigns, massEdit: true }),
    ],
  },
  ...entity({
    path: "campaigns",
    title: "Campaigns",
    noun: "campaign",
    load: campaigns,
    massEdit: true,
  }),
  ...entity({
    path: "offers",
    title: "Offers",
    noun: "offer",
    load: () => import("../offers/page.tsx"),
    massEdit: true,
  }),
  ...entity({
    path: "landings",
    title: "Landers",
    noun: "lander",
    load: () => import("../landings/page.tsx"),
    massEdit: true,
  }),
  ...entity({
    path: "affiliate-networks",
    title: "Affiliate Networks",
    noun: "affiliate network",
    load: () => import("../affiliate_networks/page.tsx"),
  }),
  ...entity({
    path: "traffic-sources",
    title: "Traffic Sources",
    noun: "traffic source",
    load: () => import("../traffic_sources/page.tsx"),
  }),
  ...entity({
    path: "rotations",
    title: "Rotations",
    noun: "rotation",
    load: () => import("../rotations/page.tsx"),
  }),
  ...entity({
    path: "users",
    title: "Users",
    noun: "user",
    load: () => import("../users/page.tsx"),
  }),
  ...entity({
    path: "triggers",
    title: "Triggers",
    noun: "trigger",
    load: () => import("../triggers/page.tsx"),
  }),
  simple("trends", "Trends", () => import("../trends/page.tsx")),
  simple("files", "Files", () => import("../files/page.tsx")),
  simple("conversions", "Conversions", () => import("../conversions/page.tsx")),
  simple("clicklog", "Click Log", () => import("../clicklog/page.tsx")),
  simple("domains", "Domains", () => import("../domains/page.tsx")),
  simple("groups", "Groups", () => import("../groups/page.tsx")),
  // `/update` is registered twice (SPEC §2): the guarded real page first, so it wins the match.
  {
    ...simple("update", "Update", () => import("../update/page.tsx")),
    id: "update",
    loader: updateLoader,
  },
  {
    ...simple("update", "Update", () => import("../update/page.tsx"), "UpdateStub"),
    id: "update-stub",
  },
  {
    ...simple("report/:subjectType/:subjectIds", "Report", () => import("../reports/page.tsx")),
    loader: requireReport,
  },
  {
    ...simple(
      "report/leads/:subjectType/:subjectIds",
      "Leads Report",
      () => import("../reports/page.tsx"),
      "LeadsPage",
    ),
    loader: requireReport,
  },
  simple("monitor", "Monitor", () => import("../monitor/page.tsx")),
  {
    ...simple("monitor/developer", "Developer monitor", developer, "DeveloperLayout"),
    children: [
      { index: true, loader: to("/monitor/developer/build-info") },
      ...DEVELOPER_CHILDREN.map(([path, title]) => simple(path, title, developer, "DeveloperPage")),
    ],
  },
  {
    ...simple("settings", "Settings", settings, "SettingsLayout"),
    children: [
      { index: true, loader: to("/settings/tracking-links") },
      ...SETTINGS_CHILDREN.map(([path, title]) => simple(path, title, settings, "SettingsPage")),
    ],
  },
];

/** The whole route table, relative to the `/panel` basename. */
export function buildRoutes(shell: {
  Root: ComponentType;
  /** The signed-in frame; loaded with the first guarded screen when absent. */
  Frame?: ComponentType;
}): RouteObject[] {
  return [{
    path: "/",
    Component: shell.Root,
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    children: [
      {
        path: "login",
        id: "authentication",
        handle: handle("Login", { name: "authentication" }),
        loader: loginLoader,
        lazy: page(() => import("../auth/login_page.tsx"), "LoginPage"),
      },
      simple("404", "Not found", () => import("../not_found/page.tsx")),
      {
        id: "guarded",
        loader: guardLoader,
        shouldRevalidate: () => true,
        ...(shell.Frame
          ? { Component: shell.Frame }
          : { lazy: page(() => import("../ui/frame.tsx"), "Frame") }),
        ErrorBoundary: RouteError,
        children: guarded,
      },
      { path: "*", loader: to("/404") },
    ],
  }];
}
