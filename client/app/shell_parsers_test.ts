import assert from "node:assert/strict";
import fc from "fast-check";
import { z } from "zod";
import {
  HideProfitAnswer,
  ModeAnswer,
  Role,
  RoleAnswer,
  SessionAnswer,
} from "../../contracts/auth.ts";
import { ErrorBody, LicenceErrorBody, OkBody } from "../../contracts/common.ts";
import {
  CurrentUserParser,
  ErrorBodyParser,
  HideProfitParser,
  LicenceErrorParser,
  ModeAnswerParser,
  OkBodyParser,
  type Parser,
  RoleAnswerParser,
  SessionAnswerParser,
} from "./shell_parsers.ts";

const CurrentUser = z.object({
  id: z.string(),
  username: z.string(),
  role: Role,
  isHideProfit: z.boolean(),
});

const PAIRS: Array<[string, Parser<unknown>, z.ZodType]> = [
  ["role", RoleAnswerParser, RoleAnswer],
  ["session", SessionAnswerParser, SessionAnswer],
  ["hide profit", HideProfitParser, HideProfitAnswer],
  ["mode", ModeAnswerParser, ModeAnswer],
  ["ok", OkBodyParser, OkBody],
  ["error", ErrorBodyParser, ErrorBody],
  ["licence", LicenceErrorParser, LicenceErrorBody],
  ["current user", CurrentUserParser, CurrentUser],
];

const leaf = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.constantFrom("ok", "demo", "normal", "admin", "super_admin", "super-admin", "user"),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const KEYS = [
  "id",
  "role",
  "username",
  "hideProfit",
  "mode",
  "status",
  "error",
  "code",
  "message",
  "issues",
  "path",
  "trackerId",
  "isHideProfit",
  "user",
  "extra",
];
const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: "small" }, leaf, tie("obj"), tie("arr")),
  obj: fc.dictionary(fc.constantFrom(...KEYS), tie("any"), { maxKeys: 6 }),
  arr: fc.array(tie("any"), { maxLength: 3 }),
})).any;

const SAMPLES: unknown[] = [
  { id: "1", role: "super_admin", username: "admin", extra: 1 },
  { hideProfit: true },
  { mode: "demo" },
  { status: "ok" },
  { error: { status: 400, code: "BAD", message: "m", issues: [{ path: "a", message: "b" }] } },
  { error: { status: 400.5, code: "BAD", message: "m" } },
  { error: "License expired", trackerId: "t-1" },
  { id: "1", username: "u", role: "admin", isHideProfit: false },
  { user: null },
  { user: { id: "1", role: "user", username: "u", extra: 2 } },
  { user: { id: "1", role: "super-admin", username: "u" } },
  { user: undefined },
  {},
];

function verdict(
  parser: { safeParse(v: unknown): { success: boolean; data?: unknown } },
  v: unknown,
) {
  const result = parser.safeParse(v);
  return result.success ? { ok: true, data: result.data } : { ok: false };
}

Deno.test("shell parsers accept and return exactly what the zod contracts do", () => {
  for (const [name, mine, contract] of PAIRS) {
    for (const sample of SAMPLES) {
      assert.deepEqual(
        verdict(mine, sample),
        verdict(contract, sample),
        `${name}: ${JSON.stringify(sample)}`,
      );
    }
    fc.assert(
      fc.property(value, (v) => {
        assert.deepEqual(verdict(mine, v), verdict(contract, v), name);
      }),
      { numRuns: 400 },
    );
  }
});
