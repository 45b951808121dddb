/**
 * Plain words for zod's own issues, for every contract on both sides: a form
 * or an API caller reads "must be a number", "is required" or "must be at
 * most 255 characters", not "Invalid input: expected int, received number" or
 * "Too big: expected string to have <=255 characters". A schema's own message
 * still wins. Set once for the zod instance when this module loads;
 * `fields.ts` (which the entity and settings contracts use) imports it, so
 * does any parse point.
 */
import { z } from "zod";

type Issue = {
  code?: string;
  expected?: unknown;
  input?: unknown;
  origin?: unknown;
  format?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  exact?: boolean;
  values?: unknown[];
  options?: unknown[];
  keys?: unknown[];
  divisor?: unknown;
  prefix?: unknown;
  suffix?: unknown;
  includes?: unknown;
  errors?: Issue[][];
};

/** What a value of each type is called. */
const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  array: "a list",
  tuple: "a list",
  object: "an object",
  record: "an object",
  map: "an object",
  set: "a list",
  date: "a date",
  null: "null",
};

/** Sized values: what they hold. */
const UNITS: Record<string, [string, string]> = {
  string: ["character", "characters"],
  array: ["item", "items"],
  set: ["item", "items"],
  map: ["entry", "entries"],
  file: ["byte", "bytes"],
};

const FORMAT_WORDS: Record<string, string> = {
  email: "an e-mail address",
  url: "a URL like https://example.com",
  uuid: "a UUID",
  datetime: "a date and time like 2026-05-31T14:30:00Z",
  date: "a date like 2026-05-31",
  time: "a time like 14:30",
  ipv4: "an IPv4 address",
  ipv6: "an IPv6 address",
  cidrv4: "an IPv4 range like 10.0.0.0/8",
  cidrv6: "an IPv6 range",
  base64: "base64 text",
  base64url: "base64url text",
  json_string: "JSON text",
};

function typeMessage(issue: Issue): string {
  if (issue.input === undefined) return "is required";
  // A query key given twice (`?from=a&from=b`) arrives as a list.
  if (Array.isArray(issue.input) && issue.expected !== "array") {
    const one = TYPE_WORDS[String(issue.expected)];
    return one ? `must be one value (${one}), not a list` : "must be one value, not a list";
  }
  const word = TYPE_WORDS[String(issue.expected)];
  return word ? `must be ${word}` : "has the wrong type";
}

function sizeMessage(issue: Issue, big: boolean): string {
  const bound = Number(big ? issue.maximum : issue.minimum);
  const unit = UNITS[String(issue.origin)];
  if (unit) {
    const noun = bound === 1 ? unit[0] : unit[1];
    if (issue.exact) return `must have exactly ${bound} ${noun}`;
    if (!big && bound === 1) return "must not be empty";
    return big ? `must have at most ${bound} ${noun}` : `must have at least ${bound} ${noun}`;
  }
  if (big && bound >= Number.MAX_SAFE_INTEGER) return "is too large";
  if (!big && bound <= Number.MIN_SAFE_INTEGER) return "is too small";
  if (issue.exact) return `must be exactly ${bound}`;
  if (big) {
    return issue.inclusive === false ? `must be less than ${bound}` : `must be at most ${bound}`;
  }
  if (issue.inclusive === false) return bound === 0 ? "must be above 0" : `must be above ${bound}`;
  return `must be at least ${bound}`;
}

function choices(values: unknown[]): string {
  return values.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ");
}

function formatMessage(issue: Issue): string {
  switch (issue.format) {
    case "starts_with":
      return `must start with "${issue.prefix}"`;
    case "ends_with":
      return `must end with "${issue.suffix}"`;
    case "includes":
      return `must include "${issue.includes}"`;
    case "regex":
      return "is not in the expected form";
  }
  const word = FORMAT_WORDS[String(issue.format)];
  return word ? `must be ${word}` : "is not in the expected form";
}

/** A union none of whose options took the value: the type they share, or the one that came near. */
function unionMessage(issue: Issue): string {
  if (issue.options?.length) return `must be one of ${choices(issue.options)}`;
  if (issue.input === undefined) return "is required";
  const firsts = (issue.errors ?? []).map((branch) => branch[0]).filter((i) => i !== undefined);
  const types = new Set(
    firsts.filter((i) => i.code === "invalid_type").map((i) => String(i.expected)),
  );
  // `z.union([z.literal(""), Url])` given a number: "must be text", not "Invalid input".
  if (
    types.size === 1 && firsts.every((i) => i.code === "invalid_type" || i.code === "invalid_value")
  ) {
    return typeMessage({ ...firsts.find((i) => i.code === "invalid_type"), input: issue.input });
  }
  return "is not a value this field takes";
}

/** The plain message of a zod issue, or undefined to keep zod's own. */
export function plainMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      return typeMessage(issue);
    case "too_big":
      return sizeMessage(issue, true);
    case "too_small":
      return sizeMessage(issue, false);
    case "invalid_value": {
      const values = issue.values ?? [];
      return values.length === 1
        ? `must be ${choices(values)}`
        : `must be one of ${choices(values)}`;
    }
    case "invalid_format":
      return formatMessage(issue);
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    case "unrecognized_keys": {
      const keys = issue.keys ?? [];
      return `has ${keys.length === 1 ? "an unknown field" : "unknown fields"}: ${choices(keys)}`;
    }
    case "invalid_key":
      return "is not a name this field takes";
    case "invalid_union":
      return unionMessage(issue);
    case "invalid_element":
      return "holds a value that is not allowed";
    case "custom":
      return "is not valid";
  }
  return undefined;
}

z.config({ customError: plainMessage });
