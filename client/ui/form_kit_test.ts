/** The kit's paths are checked against the form's value type (`deno check` proves the errors). */
import assert from "node:assert/strict";
import type { FieldPath, PathValue } from "./field_path.ts";
import { root, within } from "./field_path.ts";
import { formFields } from "./form_kit.ts";
import type { SettingsValue } from "../../contracts/settings.ts";
import type { z } from "zod";
import type { CostUpdateInput } from "../../contracts/cost_update.ts";

type Sample = {
  name: string;
  payout?: number | null;
  tokens: { param: string; name: string }[];
  destination: { type: "url"; url: string } | { type: "rotation"; rotationId: number | null };
};

const good: FieldPath<Sample>[] = [
  "name",
  "payout",
  "tokens",
  "tokens.0",
  "tokens.3.param",
  "destination.url",
  "destination.rotationId",
];
// @ts-expect-error a misspelt path
const misspelt: FieldPath<Sample> = "nmae";
// @ts-expect-error an index must be a number
const wordIndex: FieldPath<Sample> = "tokens.first.param";
// @ts-expect-error a key no item has
const wrongItemKey: FieldPath<Sample> = "tokens.0.placeholder";

const url: PathValue<Sample, "destination.url"> = "https://x.example";
const param: PathValue<Sample, `tokens.${number}.param`> = "zone";
// @ts-expect-error the value at a path has that path's type
const notNumber: PathValue<Sample, "name"> = 1;

const F = formFields<Sample>();
// @ts-expect-error the kit's controls refuse a path the form has not
const bad = () => F.TextField({ path: "notes", label: "Notes" });
const fine = () => F.TextField({ path: "tokens.1.name", label: "Name" });
// @ts-expect-error every control of the kit checks its path
const badCheck = () => F.CheckField({ path: "payot", label: "Payout" });
// @ts-expect-error and so does its field hook
const badHook = () => F.useField("destination.rotation");

// A settings section's kit is typed by its contract, as an entity form's.
const Backups = formFields<SettingsValue<"backups">>();
const backupsFine = () => Backups.NumberField({ path: "everyHours", label: "Every (hours)" });
// @ts-expect-error a misspelt settings key
const backupsBad = () => Backups.NumberField({ path: "everyHour", label: "Every (hours)" });
const Beta = formFields<SettingsValue<"beta">>();
const betaFine = () => Beta.CheckField({ path: "flags.compactTables", label: "Compact tables" });
// @ts-expect-error a flag the contract has not
const betaBad = () => Beta.CheckField({ path: "flags.compact", label: "Compact" });
const Exceptions = formFields<SettingsValue<"auto-clearing">>();
// @ts-expect-error a key an exception has not
const exceptionBad = () => Exceptions.FieldError({ path: "exceptions.0.days" });
// A local form's kit is typed by its contract's input.
const Cost = formFields<z.input<typeof CostUpdateInput>>();
const costFine = () => Cost.CheckField({ path: "uniqueOnly", label: "Unique" });
// @ts-expect-error a field the cost update has not
const costBad = () => Cost.TextField({ path: "amonut", label: "Amount" });

Deno.test("places join checked paths into the dotted path the form reads", () => {
  const tokens = within(root<Sample>(), "tokens");
  assert.equal(tokens, "tokens");
  assert.equal(within(tokens, "2.param"), "tokens.2.param");
  // @ts-expect-error a place checks the paths reached from it
  within(tokens, "2.parm");
  assert.ok([
    good,
    misspelt,
    wordIndex,
    wrongItemKey,
    url,
    param,
    notNumber,
    bad,
    fine,
    badCheck,
    badHook,
    backupsFine,
    backupsBad,
    betaFine,
    betaBad,
    exceptionBad,
    costFine,
    costBad,
  ]);
});
