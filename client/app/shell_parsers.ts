/**
 * Zod-free readers of the few answers the shell handles before any screen loads (session
 * check, mode, sign-in, error bodies, the stored user). They mirror the zod contracts —
 * `shell_parsers_test.ts` checks they accept and return exactly what the contracts do — so
 * the sign-in page loads without zod (docs/decisions/141).
 */
import type {
  HideProfitAnswer,
  ModeAnswer,
  RoleAnswer,
  SessionAnswer,
} from "../../contracts/auth.ts";
import type { ErrorBody, LicenceErrorBody, OkBody } from "../../contracts/common.ts";
import type { CurrentUser } from "./current_user.ts";

/** What `api()` needs of a schema: zod schemas and these readers both fit. */
export interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

const FAIL: unique symbol = Symbol("fail");
type Reader<T> = (value: unknown) => T | typeof FAIL;

const string: Reader<string> = (v) => typeof v === "string" ? v : FAIL;
const boolean: Reader<boolean> = (v) => typeof v === "boolean" ? v : FAIL;
const int: Reader<number> = (v) => typeof v === "number" && Number.isSafeInteger(v) ? v : FAIL;

function oneOf<T extends string>(...values: T[]): Reader<T> {
  return (v) => (values as unknown[]).includes(v) ? v as T : FAIL;
}

function optional<T>(read: Reader<T>): Reader<T | undefined> {
  return (v) => v === undefined ? undefined : read(v);
}

function array<T>(read: Reader<T>): Reader<T[]> {
  return (v) => {
    if (!Array.isArray(v)) return FAIL;
    const out: T[] = [];
    for (const item of v) {
      const value = read(item);
      if (value === FAIL) return FAIL;
      out.push(value);
    }
    return out;
  };
}

/** A plain object with these fields; unknown keys are dropped, as zod does. */
function object<T extends object>(fields: { [K in keyof T]-?: Reader<T[K]> }): Reader<T> {
  return (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return FAIL;
    const source = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(fields) as Array<[string, Reader<unknown>]>) {
      const value = read(source[key]);
      if (value === FAIL) return FAIL;
      if (value !== undefined || key in source) out[key] = value;
    }
    return out as T;
  };
}

function parser<T>(read: Reader<T>): Parser<T> {
  return {
    safeParse(value) {
      const data = read(value);
      return data === FAIL ? { success: false } : { success: true, data };
    },
  };
}

const roleAnswer = object<RoleAnswer>({
  id: string,
  role: oneOf("super_admin", "admin", "user"),
  username: string,
});

/** `GET /api/user/role`. */
export const RoleAnswerParser: Parser<RoleAnswer> = parser(roleAnswer);

/** `GET /api/user/session`: the user, or null when no one is signed in. */
export const SessionAnswerParser: Parser<SessionAnswer> = parser(object<SessionAnswer>({
  user: (v) => v === null ? null : roleAnswer(v),
}));

/** `GET /api/user/{id}/hide_profit`. */
export const HideProfitParser: Parser<HideProfitAnswer> = parser(
  object<HideProfitAnswer>({ hideProfit: boolean }),
);

/** `GET /api/mode`. */
export const ModeAnswerParser: Parser<ModeAnswer> = parser(
  object<ModeAnswer>({ mode: oneOf("demo", "normal") }),
);

/** `{ status: "ok" }`. */
export const OkBodyParser: Parser<OkBody> = parser(object<OkBody>({ status: oneOf("ok") }));

/** The error body of every failed call but the licence 402. */
export const ErrorBodyParser: Parser<ErrorBody> = parser(object<ErrorBody>({
  error: object<ErrorBody["error"]>({
    status: int,
    code: string,
    message: string,
    issues: optional(array(object({ path: string, message: string }))),
  }),
}));

/** The licence 402 body. */
export const LicenceErrorParser: Parser<LicenceErrorBody> = parser(
  object<LicenceErrorBody>({ error: string, trackerId: string }),
);

/** The signed-in user as stored in the browser. */
export const CurrentUserParser: Parser<CurrentUser> = parser(object<CurrentUser>({
  id: string,
  username: string,
  role: oneOf("super-admin", "admin", "user"),
  isHideProfit: boolean,
}));
