import assert from "node:assert/strict";
import { isIdText, readFilters, writeFilters } from "./filter_params.ts";

const SPEC = { offerId: isIdText, country: (v: string) => /^[A-Za-z]{2}$/.test(v) };

Deno.test("filter params: valid values are read, malformed ones read as empty", () => {
  assert.deepEqual(readFilters(new URLSearchParams("offerId=12&country=de"), SPEC), {
    offerId: "12",
    country: "de",
  });
  assert.deepEqual(readFilters(new URLSearchParams("offerId=0&country=DEU"), SPEC), {
    offerId: "",
    country: "",
  });
  assert.deepEqual(readFilters(new URLSearchParams("offerId=x1"), SPEC), {
    offerId: "",
    country: "",
  });
});

Deno.test("filter params: empty values leave the address, other keys stay", () => {
  const start = new URLSearchParams("range=last7&offerId=3&auth=s");
  assert.equal(
    writeFilters(start, { offerId: "", country: "US" }).toString(),
    "range=last7&auth=s&country=US",
  );
  assert.equal(start.toString(), "range=last7&offerId=3&auth=s", "the input is not changed");
});
