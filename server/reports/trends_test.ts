import assert from "node:assert/strict";
import { trackingApp } from "../tracking/testing.ts";

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

Deno.test("trends: buckets stop at now (no future drawn as zero); the previous period stays whole", async () => {
  const s = await trackingApp();
  await s.click();
  const base = `/api/trends?tz=UTC&metrics=clicks&campaignIds=${s.campaignId}`;
  const hours = await s.api.get(`${base}&interval=hour&from=${day(0)}&to=${day(0)}&compare=true`);
  assert.equal(hours.status, 200, JSON.stringify(hours.body));
  const hourNow = new Date().getUTCHours();
  const buckets = hours.body.buckets as string[];
  assert.equal(buckets.length, hourNow + 1, buckets.join(" "));
  assert.equal((hours.body.series as { clicks: number[] }).clicks.at(-1), 1, "this hour's click");
  const previous = hours.body.previous as { buckets: string[] };
  assert.equal(previous.buckets.length, 24, "yesterday is whole");

  const days = await s.api.get(`${base}&interval=day&from=${day(-2)}&to=${day(3)}`);
  assert.deepEqual(days.body.buckets, [day(-2), day(-1), day(0)]);
});
