import assert from "node:assert/strict";
import { trackingApp } from "../tracking/testing.ts";
import { TEST_PASSWORD } from "../../tests/helpers/api.ts";
import { REPORT_ROUTES } from "../../contracts/api/reports.ts";
import type { CallInput } from "../../contracts/route.ts";

type TrendsParams = NonNullable<CallInput<typeof REPORT_ROUTES.trends>["query"]>;

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

Deno.test("trends: buckets stop at now (no future drawn as zero); the previous period stays whole", async () => {
  const s = await trackingApp();
  const trends = (query: TrendsParams) =>
    s.api.call(REPORT_ROUTES.trends, {
      query: { tz: "UTC", metrics: "clicks", campaignIds: String(s.campaignId), ...query },
    });
  // A click and the read in one hour: when the hour turns between them, another click is made
  // in the new one (a suite can reach this test at hh:59:59).
  let hours;
  let hourNow;
  for (;;) {
    const hourBefore = new Date().getUTCHours();
    await s.click();
    hours = await trends({ interval: "hour", from: day(0), to: day(0), compare: "true" });
    hourNow = new Date().getUTCHours();
    if (hourNow === hourBefore) break;
  }
  assert.equal(hours.buckets.length, hourNow + 1, hours.buckets.join(" "));
  assert.equal(hours.series.clicks.at(-1), 1, "this hour's click");
  assert.equal(hours.previous?.buckets.length, 24, "yesterday is whole");

  const days = await trends({ interval: "day", from: day(-2), to: day(3) });
  assert.deepEqual(days.buckets, [day(-2), day(-1), day(0)]);
});

Deno.test("trends: the CSV is headed by the metrics' labels, as the report's file is", async () => {
  const s = await trackingApp();
  await s.click();
  const cookie = await s.app.signIn("root", TEST_PASSWORD);
  const res = await s.app.request(
    `/api/trends?tz=UTC&metrics=clicks,uniqueClicks,revenue&interval=day&from=${day(0)}&to=${
      day(0)
    }&format=csv`,
    { cookie },
  );
  assert.equal(res.status, 200);
  const [header, row] = (await res.text()).trim().split(/\r?\n/);
  assert.equal(header, "Time,Clicks,Unique clicks,Revenue");
  assert.match(row, new RegExp(`^${day(0)},1,1,0$`));
});
