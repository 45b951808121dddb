/**
 * Pure edits of a flow for the flow editor: new rules, criteria and paths,
 * reordering, and switching a criterion's field to one of the operators
 * OPS_BY_FIELD allows for it.
 */
import {
  type Criterion,
  type CriterionField,
  CriterionField as Fields,
  type CriterionOp,
  type Flow,
  OPS_BY_FIELD,
  type Path,
  type Rule,
} from "../../contracts/flow.ts";

/** Every criterion field, in the contract's order. */
export const CRITERION_FIELDS: readonly CriterionField[] = Fields.options;

/** How fields read in the picker. */
export const FIELD_LABELS: Record<CriterionField, string> = {
  country: "Country",
  region: "Region",
  city: "City",
  language: "Language",
  deviceType: "Device type",
  brand: "Brand",
  model: "Model",
  os: "OS",
  osVersion: "OS version",
  browser: "Browser",
  browserVersion: "Browser version",
  isp: "ISP",
  connection: "Connection",
  ip: "IP (CIDR)",
  ipVersion: "IP version",
  userAgent: "User agent",
  referrer: "Referrer",
  token: "Token",
  param: "Query param",
  weekday: "Weekday",
  hour: "Hour",
  isBot: "Is bot",
  isUnique: "Is unique",
};

/** How operators read. */
export const OP_LABELS: Record<CriterionOp, string> = {
  is: "is",
  isNot: "is not",
  contains: "contains",
  regex: "matches regex",
  between: "between",
  lt: "less than",
  gt: "greater than",
};

/** Examples shown in a criterion's values box. */
export const VALUE_HINTS: Partial<Record<CriterionField, string>> = {
  country: "US, DE, GB",
  language: "en, de",
  deviceType: "mobile, desktop, tablet",
  os: "Android, iOS, Windows",
  browser: "Chrome, Safari",
  ip: "203.0.113.0/24, 2001:db8::/32",
  ipVersion: "4 or 6",
  connection: "cellular, broadband, hosting",
  hour: "0–23",
  osVersion: "17 (also 17.1, 17.1.2)",
  browserVersion: "120 (also 120.0.6099)",
};

/** A path with one offer slot to fill. */
export function newPath(): Path {
  return { name: "", weight: 100, enabled: true, direct: false, landings: [], offers: [] };
}

/** A criterion on `field` with its first allowed operator. */
export function newCriterion(field: CriterionField = "country"): Criterion {
  return {
    field,
    op: OPS_BY_FIELD[field][0],
    values: field === "isBot" || field === "isUnique" ? ["true"] : [],
  };
}

/** A rule with one criterion and one path. */
export function newRule(): Rule {
  return { name: "", enabled: true, logic: "all", criteria: [newCriterion()], paths: [newPath()] };
}

/** A flow with just a default path. */
export function newFlow(): Flow {
  return { rules: [], defaultPaths: [newPath()] };
}

/**
 * The criterion with another field: the operator stays when the new field
 * allows it, else the first allowed one; only token and param keep a key.
 */
export function withField(criterion: Criterion, field: CriterionField): Criterion {
  const ops = OPS_BY_FIELD[field];
  const op = ops.includes(criterion.op) ? criterion.op : ops[0];
  const { key: _key, ...rest } = criterion;
  const boolean = field === "isBot" || field === "isUnique";
  const values = boolean ? ["true"] : op === "between" ? ["", ""] : criterion.values;
  const next: Criterion = { ...rest, field, op, values };
  if (field === "token") {
    next.key = criterion.key && /^t\d+$/.test(criterion.key) ? criterion.key : "t1";
  }
  if (field === "param") next.key = criterion.field === "param" ? criterion.key : "";
  return next;
}

/** The criterion with another operator (`between` takes exactly two values). */
export function withOp(criterion: Criterion, op: CriterionOp): Criterion {
  if (op === "between") {
    return { ...criterion, op, values: [criterion.values[0] ?? "", criterion.values[1] ?? ""] };
  }
  return {
    ...criterion,
    op,
    values: criterion.op === "between" ? criterion.values.filter(Boolean) : criterion.values,
  };
}

/** A copy of `list` with the item at `index` moved by `delta` (clamped). */
export function move<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, index + delta));
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  copy.splice(to, 0, item);
  return copy;
}

/** A copy of `list` without the item at `index`. */
export function without<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** Comma-separated text → values (blank entries dropped). */
export function parseValues(text: string): string[] {
  return text.split(",").map((v) => v.trim()).filter((v) => v !== "");
}
