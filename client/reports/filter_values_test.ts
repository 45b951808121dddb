import assert from "node:assert/strict";
import { DIMENSION_BY_NAME } from "../../contracts/report.ts";
import { filterValueLabel, parseFilter } from "./filter_values.ts";

const dim = (name: string) => DIMENSION_BY_NAME.get(name)!;
const offers = [{ id: 1, name: "Keto Diet US" }, { id: 2, name: "Keto Diet DE" }, {
  id: 3,
  name: "Collagen US",
}];

Deno.test("report filters: an entity is named as the report shows it, or by id", () => {
  assert.deepEqual(parseFilter(dim("offer"), "is", ["keto diet us"], offers), {
    ok: true,
    filter: { dim: "offer", op: "is", values: [1] },
  });
  assert.deepEqual(parseFilter(dim("offer"), "isNot", ["#3", "2"], offers), {
    ok: true,
    filter: { dim: "offer", op: "isNot", values: [3, 2] },
  });
  // "contains" on names is "is" on the ids they name.
  assert.deepEqual(parseFilter(dim("offer"), "contains", ["keto"], offers), {
    ok: true,
    filter: { dim: "offer", op: "is", values: [1, 2] },
  });
  const none = parseFilter(dim("offer"), "is", ["Nope"], offers);
  assert.equal(none.ok, false);
  assert.match(!none.ok ? none.error : "", /No offer is named "Nope"/);
  assert.equal(parseFilter(dim("offer"), "is", ["Keto"], undefined).ok, false);
  assert.equal(filterValueLabel(dim("offer"), 2, offers), "Keto Diet DE");
  assert.equal(filterValueLabel(dim("offer"), 9, offers), "#9");
});

Deno.test("report filters: flags, hours, weekdays, days and countries become stored values", () => {
  const one = (name: string, text: string) => {
    const p = parseFilter(dim(name), "is", [text]);
    return p.ok ? p.filter.values[0] : p.error;
  };
  assert.equal(one("isBot", "Yes"), 1);
  assert.equal(one("isUnique", "no"), 0);
  assert.equal(one("hour", "14:00"), 14);
  assert.equal(one("weekday", "Monday"), 1);
  assert.equal(one("weekday", "sun"), 7);
  assert.equal(one("day", "2026-11-27"), Date.UTC(2026, 10, 27) / 86_400_000);
  assert.equal(one("dateHour", "2026-11-27 14:00"), Date.UTC(2026, 10, 27, 14) / 3_600_000);
  assert.equal(one("country", "us"), "US");
  assert.equal(one("os", "Android"), "Android");
  assert.match(String(one("hour", "25")), /0 to 23/);
  assert.match(String(one("isBot", "maybe")), /Yes or No/);
  assert.equal(filterValueLabel(dim("isBot"), 1), "Yes");
  assert.equal(filterValueLabel(dim("day"), Date.UTC(2026, 10, 27) / 86_400_000), "2026-11-27");
  assert.equal(filterValueLabel(dim("hour"), 9), "09:00");
});
