import assert from "node:assert/strict";
import { CLICK_ROUTES, REPORT_ROUTES } from "../../contracts/api/reports.ts";
import { SETTINGS_ROUTES as SECTIONS } from "../../contracts/api/settings.ts";
import {
  type EntityColumnList,
  entityListColumns,
  LISTS_WITH_SETS,
  REPORT_COLUMNS,
} from "../../contracts/list_columns.ts";
import type { ColumnSet } from "../../contracts/settings.ts";
import { buildCampaign } from "../../fixtures/builders.ts";
import { writeSection } from "./sections.ts";
import { settingsAdmin, settingsUser } from "./testing.ts";

type Issues = Array<{ path: string; message: string }>;
type Refusal = { code: string; message: string; issues: Issues };

/** Sets of at most 80 columns (the contract's limit) holding every one of `columns`. */
function setsOf(list: ColumnSet["list"], columns: readonly string[]): ColumnSet[] {
  const sets: ColumnSet[] = [];
  for (let i = 0; i < columns.length; i += 80) {
    sets.push({
      list,
      name: `All ${i / 80 + 1}`,
      columns: columns.slice(i, i + 80),
      isDefault: false,
    });
  }
  return sets;
}

/** A column each list has, so a set's second column is the one refused. */
const FIRST: Record<ColumnSet["list"], string> = {
  campaigns: "name",
  offers: "name",
  landings: "name",
  "affiliate-networks": "name",
  "traffic-sources": "name",
  rotations: "name",
  report: "clicks",
  conversions: "status",
  clicklog: "id",
};

Deno.test("column sets: a column its list does not have is refused by name, and nothing is stored", async (t) => {
  const { api } = await settingsAdmin();
  const lean = { list: "campaigns", name: "Lean", columns: ["name", "clicks"], isDefault: false };
  assert.equal((await api.put("/api/settings/columns", { sets: [lean] })).status, 200);
  const cases: Array<[string, ColumnSet["list"], string]> = [
    ["a made-up name", "campaigns", "nonsense"],
    ["another list's column (offers' payout)", "campaigns", "payout"],
    ["a report metric the lists have not (leads)", "offers", "leads"],
    ["a grouping of the report, not a column of it", "report", "country"],
    ["an event type nobody configured", "report", "ev.ftd.count"],
    ["a click column on an entity list", "landings", "userAgent"],
    ["a stat column on the click log", "clicklog", "roi"],
  ];
  for (const [what, list, name] of cases) {
    await t.step(what, async () => {
      const set = { list, name: "Mine", columns: [FIRST[list], name] };
      const res = await api.put("/api/settings/columns", { sets: [lean, set] });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      const error = res.body.error as Refusal;
      assert.equal(error.code, "VALIDATION_ERROR");
      assert.ok(error.message.includes(`"${name}"`), error.message);
      assert.deepEqual(error.issues.map((i) => i.path), ["sets.1.columns.1"]);
      const stored = await api.call(SECTIONS.columns.get, {});
      assert.deepEqual(stored.sets, [lean], "unchanged");
    });
  }
});

Deno.test("column sets: every column each list offers is accepted", async (t) => {
  const { api } = await settingsAdmin();
  for (const list of LISTS_WITH_SETS.filter((l) => l !== "report" && l !== "clicklog")) {
    await t.step(list, async () => {
      const columns = entityListColumns(list as EntityColumnList);
      const res = await api.put("/api/settings/columns", { sets: setsOf(list, columns) });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    });
  }
  await t.step("report: every metric, event and formula column its answer offers", async () => {
    const types = [{ name: "ftd", label: "FTD" }, { name: "registration" }];
    assert.equal((await api.put("/api/settings/events", { types })).status, 200);
    const campaign = await api.post("/api/campaigns", buildCampaign());
    const answer = await api.call(REPORT_ROUTES.report, {
      query: {
        subjectType: "campaign",
        subjectIds: String(campaign.body.id),
        groupBy: "day",
        formulas: JSON.stringify([{
          name: "f_margin_0",
          label: "Margin",
          expr: "profit / clicks",
        }]),
      },
    });
    assert.ok(answer.metrics.includes("f_margin_0") && answer.metrics.includes("ev.ftd.cr"));
    const columns = [...new Set([...REPORT_COLUMNS, ...answer.metrics])];
    const res = await api.put("/api/settings/columns", { sets: setsOf("report", columns) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });
});

Deno.test("column sets: the click log's are of the columns its answer has", async () => {
  const { api } = await settingsAdmin();
  const { columns } = await api.call(CLICK_ROUTES.list, { query: { tz: "UTC" } });
  assert.ok(
    columns.includes("userAgent") && columns.includes("t30") && columns.includes("changes"),
  );
  const res = await api.put("/api/settings/columns", { sets: setsOf("clicklog", columns) });
  assert.equal(res.status, 200, JSON.stringify(res.body));
});

Deno.test("column sets: none for the conversions list, whose screen chooses no columns", async () => {
  const { app, api } = await settingsAdmin();
  const lean = { list: "campaigns", name: "Lean", columns: ["name", "clicks"], isDefault: false };
  for (const list of ["conversions"] as const) {
    const set = { list, name: "Mine", columns: [FIRST[list]], isDefault: false };
    const res = await api.put("/api/settings/columns", { sets: [lean, set] });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    const error = res.body.error as Refusal;
    assert.deepEqual(error.issues.map((i) => i.path), ["sets.1.list"]);
    assert.ok(error.issues[0].message.includes("has no column choice"), error.message);
    assert.deepEqual((await api.call(SECTIONS.columns.get, {})).sets ?? [], []);
  }
  // One saved before the check stays, and saving beside it works; it can be deleted.
  const userId = Number((await api.get("/api/user/role")).body.id);
  const old: ColumnSet = { list: "conversions", name: "Old", columns: ["id"], isDefault: false };
  writeSection(app.deps.db, "columns", { value: { sets: [old] }, userId });
  assert.equal((await api.put("/api/settings/columns", { sets: [old, lean] })).status, 200);
  assert.equal((await api.put("/api/settings/columns", { sets: [lean] })).status, 200);
  assert.deepEqual((await api.call(SECTIONS.columns.get, {})).sets, [lean]);
});

Deno.test("column sets: a report set holds the user's formula columns (f_…, kept in their browser)", async () => {
  const { app } = await settingsAdmin();
  const buyer = await settingsUser(app, { username: "maria", role: "user" });
  const set = { list: "report", name: "Margins", columns: ["clicks", "f_margin_0"] };
  const res = await buyer.put("/api/settings/columns", { sets: [set] });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const stored = await buyer.call(SECTIONS.columns.get, {});
  assert.deepEqual(stored.sets, [{ ...set, isDefault: false }]);
  const odd = { ...set, columns: ["clicks", "f_"] };
  assert.equal((await buyer.put("/api/settings/columns", { sets: [odd] })).status, 400);
});

Deno.test("column sets: a name stored before the check still reads, and saving other sets keeps it", async (t) => {
  const { app, api } = await settingsAdmin();
  const userId = Number((await api.get("/api/user/role")).body.id);
  const old: ColumnSet = {
    list: "campaigns",
    name: "Old",
    columns: ["name", "gone"],
    isDefault: true,
  };
  writeSection(app.deps.db, "columns", { value: { sets: [old] }, userId });
  await t.step("it reads as stored", async () => {
    assert.deepEqual((await api.call(SECTIONS.columns.get, {})).sets, [old]);
  });
  await t.step("a new set beside it is saved, the old one kept as it was", async () => {
    const lean = { list: "offers", name: "Lean", columns: ["name", "payout"], isDefault: false };
    const res = await api.put("/api/settings/columns", { sets: [old, lean] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual((await api.call(SECTIONS.columns.get, {})).sets, [old, lean]);
  });
  await t.step("the stored name does not open another list, nor a new unknown name", async () => {
    const sets = [
      { ...old, list: "offers", isDefault: false },
      { ...old, name: "Newer", columns: ["name", "gone", "gone2"], isDefault: false },
    ];
    for (const [set, refused] of [[sets[0], "sets.1.columns.1"], [sets[1], "sets.1.columns.2"]]) {
      const res = await api.put("/api/settings/columns", { sets: [old, set] });
      assert.equal(res.status, 400, JSON.stringify(set));
      const issues = (res.body.error as Refusal).issues;
      assert.deepEqual(issues.map((i) => i.path), [refused]);
    }
    assert.equal((await api.call(SECTIONS.columns.get, {})).sets?.length, 2, "unchanged");
  });
});
