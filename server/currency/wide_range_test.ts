import assert from "node:assert/strict";
import { trackingApp } from "../tracking/testing.ts";
import { errorOf } from "../entities/testing.ts";

const CENTURIES = "from=1970-01-01&to=9999-12-31&tz=UTC";

Deno.test("reports: a range of centuries (1970 to 9999) answers like any other, not a 500", async (t) => {
  const s = await trackingApp();
  await s.click();
  for (
    const path of [
      `/api/campaigns?${CENTURIES}`,
      `/api/offers?${CENTURIES}`,
      `/api/report?${CENTURIES}&subjectType=campaign&subjectIds=${s.campaignId}&groupBy=day`,
      `/api/trends?from=2020-01-01&to=2026-12-31&tz=UTC&metrics=clicks,revenue&compare=true`,
    ]
  ) {
    await t.step(path, async () => {
      const res = await s.api.get(path);
      assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 300));
    });
  }
});

Deno.test("trends: a range longer than a trend draws, or backwards, is refused in words", async (t) => {
  const s = await trackingApp();
  const cases: Array<[string, string]> = [
    [`${CENTURIES}&interval=day`, "from: an hourly trend covers at most 93 days, a daily one 3700"],
    [
      "from=2026-01-01&to=2026-06-30&interval=hour",
      "from: an hourly trend covers at most 93 days, a daily one 3700",
    ],
    [
      "from=1970-01-01&interval=hour",
      "from: an hourly trend covers at most 93 days, a daily one 3700",
    ],
    ["from=2026-03-01&to=2026-01-01", "to: must not be before from"],
  ];
  for (const [query, message] of cases) {
    await t.step(query, async () => {
      const res = await s.api.get(`/api/trends?${query}&compare=true`);
      assert.equal(res.status, 400, JSON.stringify(res.body).slice(0, 300));
      assert.equal(errorOf(res).message, message);
    });
  }
});
