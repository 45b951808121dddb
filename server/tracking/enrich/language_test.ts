import assert from "node:assert/strict";
import { primaryLanguage } from "./language.ts";

Deno.test("language: the most preferred primary subtag of Accept-Language", () => {
  const cases: Array<[string | null | undefined, string]> = [
    ["en-US,en;q=0.9,fr;q=0.8", "en"],
    ["fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "fr"],
    ["de;q=0.5, pt-BR;q=0.9", "pt"],
    ["*, es;q=0.1", "es"],
    ["en;q=0, ru", "ru"],
    ["ZH-hant-TW", "zh"],
    ["fil-PH", "fil"],
    ["en;q=0", ""],
    ["x-klingon, 12", ""],
    ["", ""],
    [null, ""],
    [undefined, ""],
  ];
  for (const [header, want] of cases) assert.equal(primaryLanguage(header), want, String(header));
});
