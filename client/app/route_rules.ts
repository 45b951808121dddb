/** Pure route rules (SPEC §2, §3, §5): titles, id and subject checks, CRUD actions. */
import { ROUTE_ID_PATTERN, ROUTE_IDS_PATTERN } from "../../contracts/wire.ts";

/** The product's name: the fallback title. */
export const PRODUCT_NAME = "Rotor";

/** What a route carries for the shell. */
export interface RouteHandle {
  title: string;
  /** A route name (SPEC: the sign-in route is named `authentication`). */
  name?: string;
  /** The CRUD action of a form route. */
  action?: CrudActionType;
}

/** Report subject types of SPEC §2. */
export const REPORT_SUBJECT_TYPES = [
  "affiliate-network",
  "campaign",
  "landing",
  "offer",
  "rotation",
  "traffic-source",
] as const;
export type ReportSubjectType = typeof REPORT_SUBJECT_TYPES[number];

/** Whether a route value is one or more comma-separated numeric ids. */
export function isRouteIds(value: string | undefined): boolean {
  return value !== undefined && ROUTE_IDS_PATTERN.test(value);
}

/** Whether a route value is one numeric id. */
export function isRouteId(value: string | undefined): boolean {
  return value !== undefined && ROUTE_ID_PATTERN.test(value);
}

/** Whether a route value is a report subject type. */
export function isReportSubjectType(value: string | undefined): value is ReportSubjectType {
  return (REPORT_SUBJECT_TYPES as readonly (string | undefined)[]).includes(value);
}

/** The ids of a route value. */
export function parseRouteIds(value: string): number[] {
  return value.split(",").map(Number);
}

/** Operation kinds of SPEC §3. */
export const OPERATION_KINDS = [
  "authentication",
  "create-directory",
  "create-text-file",
  "edit-text-file-content",
  "files",
  "rename-file-or-directory",
] as const;

/** The three form actions; edit and clone carry an id. */
export type CrudActionType = "clone" | "create" | "edit";
export type CrudAction = { type: "create" } | { type: "edit" | "clone"; id: number };

/** The CRUD action of a form route, or `null` when an id is missing or not digits. */
export function crudAction(type: CrudActionType, id?: string): CrudAction | null {
  if (type === "create") return { type };
  return isRouteId(id) ? { type, id: Number(id) } : null;
}

/** The page title: the deepest route title, else the product's name. */
export function titleOf(handles: ReadonlyArray<unknown>): string {
  for (let i = handles.length - 1; i >= 0; i--) {
    const handle = handles[i];
    if (typeof handle === "object" && handle !== null && "title" in handle) {
      const title = (handle as { title: unknown }).title;
      if (typeof title === "string" && title !== "") return title;
    }
  }
  return PRODUCT_NAME;
}

/** Settings children: path and title. */
export const SETTINGS_CHILDREN: ReadonlyArray<readonly [string, string]> = [
  ["tracking-links", "Tracking links"],
  ["auto-clearing", "Auto clearings clicks"],
  ["user", "User"],
  ["ui", "UI"],
  ["stats", "Stats"],
  ["columns", "Columns"],
  ["public-api", "Public API"],
  ["click-api", "Click API"],
  ["lp-protect", "LP protect"],
  ["integration", "Integration"],
  ["postback-processing", "Postback processing"],
  ["import-export", "Import / export"],
  ["url-customization", "URL customization"],
  ["feedback", "Feedback"],
  ["beta", "Beta"],
];

/** Developer monitor children: path and title. */
export const DEVELOPER_CHILDREN: ReadonlyArray<readonly [string, string]> = [
  ["build-info", "Build info"],
  ["debug-settings", "Debug settings"],
  ["seed", "Seed"],
  ["clicker", "Clicker"],
  ["messages", "Messages"],
];
