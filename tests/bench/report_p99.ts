/**
 * The report bench's click latency runs (issues 13 and 18): click p99 idle,
 * then while reports or cost updates run against the same server, with
 * `bench click`'s campaign and wrk script (server on core 0, wrk and this
 * process on core 1).
 */
import type { PanelClient } from "../../server/tracking/simulate/setup.ts";
import type { ServerProcess } from "../helpers/server.ts";
import { campaignKey, luaScript } from "./click.ts";
import { runWrk } from "./wrk.ts";

const DAY = 86_400_000;

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Pins every thread of this process to `cpus` (taskset list); answers the previous list. */
async function pinSelf(cpus: string): Promise<string> {
  const run = async (args: string[]) =>
    new TextDecoder().decode((await new Deno.Command("taskset", { args }).output()).stdout);
  const before = /:\s*(\S+)\s*$/.exec(await run(["-cp", String(Deno.pid)]))?.[1] ?? "0-1";
  await run(["-acp", cpus, String(Deno.pid)]);
  return before;
}

/**
 * Click p99 idle, then while reports run in a loop: `bench click`'s campaign
 * and wrk script against this server (pinned to core 0), wrk and this process
 * on core 1.
 */
export async function clickP99(
  server: ServerProcess,
  report: (groupBy: string) => Promise<unknown>,
): Promise<void> {
  const key = await campaignKey(server.url);
  const script = await Deno.makeTempFile({ suffix: ".lua" });
  await Deno.writeTextFile(script, luaScript(key));
  const url = `${server.url}/c/${key}`;
  const cpus = await pinSelf("1");
  try {
    const idle = await runWrk(url, { seconds: 10, script });
    let running = true;
    let reports = 0;
    const load = (async () => {
      while (running) {
        // The heaviest kind too: a raw read of 10M clicks (by language) besides rollup reads.
        await report(reports % 3 === 2 ? "language" : reports % 3 ? "country,offer" : "day");
        reports++;
      }
    })();
    const busy = await runWrk(url, { seconds: 10, script });
    running = false;
    await load;
    const show = (label: string, r: typeof idle, extra = "") =>
      console.log(
        `${label.padEnd(24)} ${r.p99Ms.toFixed(2)} ms (p50 ${r.p50Ms.toFixed(2)} ms, ${
          Math.round(r.rate)
        } req/s${extra})`,
      );
    show("click p99 idle", idle);
    show("click p99 under reports", busy, `, ${reports} reports ran`);
    console.log(`ratio                    ${(busy.p99Ms / idle.p99Ms).toFixed(2)}`);
  } finally {
    await pinSelf(cpus);
    await Deno.remove(script);
  }
}

/**
 * Click p99 idle vs while cost updates run (issue 13): replace, over and over,
 * the spend of half the campaigns for yesterday (~110k clicks at 10M) through
 * the API, each update timed; once back to back (the worst a script can do),
 * once an update a second (a buyer's tool pushing many accounts' spend).
 */
export async function costUpdateP99(
  server: ServerProcess,
  panel: PanelClient,
  campaignIds: number[],
) {
  const key = await campaignKey(server.url);
  const script = await Deno.makeTempFile({ suffix: ".lua" });
  await Deno.writeTextFile(script, luaScript(key));
  const url = `${server.url}/c/${key}`;
  const cpus = await pinSelf("1");
  const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
  try {
    const idle = await runWrk(url, { seconds: 10, script });
    console.log(
      `click p99 idle           ${idle.p99Ms.toFixed(2)} ms (p50 ${idle.p50Ms.toFixed(2)})`,
    );
    for (const [name, everyMs] of [["back to back", 0], ["one a second", 1000]] as const) {
      let running = true;
      const times: number[] = [];
      let clicks = 0;
      const load = (async () => {
        for (let i = 0; running; i++) {
          const t0 = performance.now();
          const result = await panel.call("POST", "/api/cost-updates", {
            campaignIds,
            from: yesterday,
            to: yesterday,
            tz: "UTC",
            amount: 5000 + i,
          }) as { clicks: number };
          const ms = performance.now() - t0;
          times.push(ms);
          clicks = result.clicks;
          if (ms < everyMs && running) await new Promise((r) => setTimeout(r, everyMs - ms));
        }
      })();
      const busy = await runWrk(url, { seconds: 10, script });
      running = false;
      await load;
      console.log(
        `cost update (${clicks} clicks), ${name}: ${
          median(times).toFixed(0)
        } ms median of ${times.length}; ` +
          `click p99 ${busy.p99Ms.toFixed(2)} ms (p50 ${busy.p50Ms.toFixed(2)}), ` +
          `ratio ${(busy.p99Ms / idle.p99Ms).toFixed(2)}`,
      );
    }
  } finally {
    await pinSelf(cpus);
    await Deno.remove(script);
  }
}
