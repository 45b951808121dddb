/**
 * The routing flow (DESIGN §3): ordered rules, each with criteria and paths,
 * and default paths used when no rule matches. Shared by rotations, campaigns'
 * inline flows, the flow editor and the click engine.
 */
import { z } from "zod";
import { isCidr } from "./fields.ts";

/** Weights are relative shares: 0 turns an item off without removing it. */
export const Weight = z.number().int().min(0).max(100_000);

/** Fields a criterion can test; `token` and `param` take a `key` (t1…t30, a query name). */
export const CriterionField = z.enum([
  "country",
  "region",
  "city",
  "language",
  "deviceType",
  "brand",
  "model",
  "os",
  "osVersion",
  "browser",
  "browserVersion",
  "isp",
  "connection",
  "ip",
  "ipVersion",
  "userAgent",
  "referrer",
  "token",
  "param",
  "weekday",
  "hour",
  "isBot",
  "isUnique",
]);
export type CriterionField = z.infer<typeof CriterionField>;

/** Operators of a criterion. */
export const CriterionOp = z.enum(["is", "isNot", "contains", "regex", "between", "lt", "gt"]);
export type CriterionOp = z.infer<typeof CriterionOp>;

/** Which operators make sense for which field (the editor offers only these). */
export const OPS_BY_FIELD: Record<CriterionField, readonly CriterionOp[]> = {
  country: ["is", "isNot"],
  region: ["is", "isNot", "contains"],
  city: ["is", "isNot", "contains"],
  language: ["is", "isNot"],
  deviceType: ["is", "isNot"],
  brand: ["is", "isNot", "contains"],
  model: ["is", "isNot", "contains", "regex"],
  os: ["is", "isNot"],
  osVersion: ["is", "isNot", "lt", "gt", "between"],
  browser: ["is", "isNot"],
  browserVersion: ["is", "isNot", "lt", "gt", "between"],
  isp: ["is", "isNot", "contains"],
  connection: ["is", "isNot"],
  ip: ["is", "isNot"],
  ipVersion: ["is", "isNot"],
  userAgent: ["contains", "regex", "is", "isNot"],
  referrer: ["contains", "regex", "is", "isNot"],
  token: ["is", "isNot", "contains", "regex"],
  param: ["is", "isNot", "contains", "regex"],
  weekday: ["is", "isNot"],
  hour: ["is", "isNot", "between"],
  isBot: ["is"],
  isUnique: ["is"],
};

/** A regex criterion value must compile and stay short (no catastrophic patterns from the panel). */
const RegexSource = z.string().max(500).refine((s) => {
  try {
    new RegExp(s);
    return true;
  } catch {
    return false;
  }
}, "is not a valid regular expression");

/** Weekday names as a criterion takes them (three letters or more), Sunday first. */
export const WEEKDAY_NAMES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/**
 * Why a value of an `is`/`isNot`/`between` criterion on `field` could never
 * match, or null: the engine reads these fields as numbers, addresses or flags,
 * and a value it cannot read would be saved and silently never match.
 */
export function criterionValueProblem(field: CriterionField, value: string): string | null {
  const v = value.trim().toLowerCase();
  switch (field) {
    case "ip":
      return isCidr(v) ? null : "is not an IP address or CIDR range";
    case "hour":
      return /^\d{1,2}$/.test(v) && Number(v) <= 23 ? null : "is not an hour from 0 to 23";
    case "weekday":
      return /^[0-7]$/.test(v) || (v.length >= 3 && WEEKDAY_NAMES.includes(v.slice(0, 3)))
        ? null
        : "is not a weekday (Mon…Sun or 1–7)";
    case "isBot":
    case "isUnique":
      return ["true", "false", "yes", "no", "1", "0", "on", "off"].includes(v)
        ? null
        : "is not yes or no";
    case "ipVersion":
      return /^(ipv)?[46]$/.test(v) ? null : "is not 4 or 6";
    case "country":
      return v === "" || /^[a-z]{2}$/.test(v) ? null : "is not a 2-letter country code (US)";
    default:
      return null;
  }
}

/** One test on the visitor. `values` are OR-ed (`is` any of them). */
export const Criterion = z.object({
  field: CriterionField,
  /** For `token` (t1…t30) and `param` (a query parameter name). */
  key: z.string().max(64).optional(),
  op: CriterionOp,
  values: z.array(z.string().max(500)).min(1).max(1000),
}).superRefine((c, ctx) => {
  if (!OPS_BY_FIELD[c.field].includes(c.op)) {
    ctx.addIssue({
      code: "custom",
      path: ["op"],
      message: `'${c.op}' does not apply to ${c.field}`,
    });
  }
  if ((c.field === "token" || c.field === "param") && !c.key) {
    ctx.addIssue({ code: "custom", path: ["key"], message: `${c.field} needs a key` });
  }
  if (c.field === "token" && c.key && !/^t([1-9]|[12]\d|30)$/.test(c.key)) {
    ctx.addIssue({ code: "custom", path: ["key"], message: "token key must be t1…t30" });
  }
  if (c.op === "between" && c.values.length !== 2) {
    ctx.addIssue({ code: "custom", path: ["values"], message: "between takes two values" });
  }
  if (c.op === "is" || c.op === "isNot" || (c.op === "between" && c.field === "hour")) {
    c.values.forEach((v, i) => {
      const problem = criterionValueProblem(c.field, v);
      if (problem) {
        ctx.addIssue({ code: "custom", path: ["values", i], message: `'${v}' ${problem}` });
      }
    });
  }
  if (c.op === "regex") {
    c.values.forEach((v, i) => {
      if (!RegexSource.safeParse(v).success) {
        ctx.addIssue({
          code: "custom",
          path: ["values", i],
          message: "is not a valid regular expression",
        });
      }
    });
  }
});
export type Criterion = z.infer<typeof Criterion>;

/**
 * A rule's or path's stable id: unique across every flow, kept across reorder
 * and edits, stored on each click (reports, click log and CSV show the name).
 * The server assigns it when missing, or when it belongs to another flow.
 */
export const FlowItemId = z.number().int().min(1000).max(Number.MAX_SAFE_INTEGER).optional();

/** A lander or offer inside a path, with its weight. */
export const WeightedLanding = z.object({ landingId: z.number().int().positive(), weight: Weight });
export const WeightedOffer = z.object({ offerId: z.number().int().positive(), weight: Weight });

/** A path: landers (unless `direct`) then offers, each picked by weight. */
export const Path = z.object({
  id: FlowItemId,
  name: z.string().max(255).default(""),
  weight: Weight.default(100),
  enabled: z.boolean().default(true),
  direct: z.boolean().default(false),
  landings: z.array(WeightedLanding).max(100).default([]),
  offers: z.array(WeightedOffer).min(1, "a path needs at least one offer").max(100),
}).superRefine((p, ctx) => {
  if (!p.direct && p.landings.length === 0) {
    ctx.addIssue({
      code: "custom",
      path: ["landings"],
      message: "a path with landers needs at least one lander (or mark it direct)",
    });
  }
});
export type Path = z.infer<typeof Path>;

/** How a rule combines its criteria: every one must hold, or at least one. */
export const RuleLogic = z.enum(["all", "any"]);
export type RuleLogic = z.infer<typeof RuleLogic>;

/** The panel's words for each logic: the select option and the criteria heading. */
export const RULE_LOGIC_LABELS: Readonly<Record<RuleLogic, { option: string; heading: string }>> = {
  all: { option: "all criteria", heading: "When all of" },
  any: { option: "any criterion", heading: "When any of" },
};

/** A rule: when its criteria match (all or any), the visitor takes one of its paths. */
export const Rule = z.object({
  id: FlowItemId,
  name: z.string().max(255).default(""),
  enabled: z.boolean().default(true),
  logic: RuleLogic.default("all"),
  criteria: z.array(Criterion).min(1, "a rule needs at least one criterion").max(50),
  paths: z.array(Path).min(1, "a rule needs at least one path").max(50),
});
export type Rule = z.infer<typeof Rule>;

/** A flow: rules in order, first enabled match wins, else the default paths. */
export const Flow = z.object({
  rules: z.array(Rule).max(100).default([]),
  defaultPaths: z.array(Path).min(1, "a flow needs a default path").max(50),
});
export type Flow = z.infer<typeof Flow>;
