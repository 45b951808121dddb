/**
 * Lighthouse on the built panel (issue 17): performance and accessibility of Login and
 * Campaigns, mobile and desktop, with Debian's Chromium against the real server process.
 * Figures on a shared, busy machine are noisy; run `deno task build` first.
 * `--audits` prints the performance audits that lose points with their top items; `--json`
 * writes each report to `lighthouse-<page>-<form>.json` in the current folder.
 */
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { launch } from "chrome-launcher";
import { ADMIN_PASSWORD, startServer } from "../helpers/server.ts";
import { CHROMIUM } from "../helpers/browser.ts";

const PAGES = [["Login", "/panel/login"], ["Campaigns", "/panel/campaigns"]] as const;

async function sessionCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/user/sign_in`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login: "admin", password: ADMIN_PASSWORD }),
  });
  await res.body?.cancel();
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** The performance audits that lose points, each with its top items (`--audits`). */
function printPerformanceAudits(lhr: Lhr): void {
  const refs = (lhr.categories.performance?.auditRefs ?? []).map((ref) => ref.id);
  const ids = new Set([...refs, "long-tasks", "layout-shifts"]);
  ids.delete("network-dependency-tree-insight"); // a tree: read it in the --json report
  for (const id of ids) {
    const audit = lhr.audits[id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    const value = audit.displayValue ? ` (${audit.displayValue})` : "";
    console.log(`  performance: ${audit.id}: ${audit.title}${value}`);
    const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
    for (const item of (details?.items ?? []).slice(0, 5)) {
      const cells = Object.entries(item)
        .filter(([, v]) => typeof v === "string" || typeof v === "number")
        .map(([k, v]) => `${k}=${typeof v === "number" ? Math.round(v) : v}`);
      if (cells.length) console.log(`    ${cells.join("  ")}`);
    }
  }
}

export const bench = {
  describe: "Lighthouse performance / accessibility, Login and Campaigns, mobile and desktop",
  async run(flags: string[]) {
    const server = await startServer();
    const chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    try {
      const cookie = await sessionCookie(server.url);
      for (const [name, path] of PAGES) {
        for (const form of ["mobile", "desktop"] as const) {
          const result = await lighthouse(
            `${server.url}${path}`,
            {
              port: chrome.port,
              output: "json",
              logLevel: "error",
              onlyCategories: ["performance", "accessibility"],
              extraHeaders: name === "Login" ? undefined : { Cookie: cookie },
            },
            form === "desktop" ? desktopConfig : undefined,
          );
          const lhr = result?.lhr;
          if (!lhr) throw new Error("lighthouse gave no result");
          const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
          const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
          console.log(
            `${name.padEnd(10)} ${form.padEnd(8)} performance ${score("performance")}` +
              `  accessibility ${score("accessibility")}  FCP ${ms("first-contentful-paint")} ms` +
              `  LCP ${ms("largest-contentful-paint")} ms  TBT ${ms("total-blocking-time")} ms` +
              `  CLS ${(lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)}`,
          );
          const failing = (lhr.categories.accessibility?.auditRefs ?? [])
            .map((ref) => lhr.audits[ref.id])
            .filter((audit) => audit && audit.score !== null && audit.score < 1);
          for (const audit of failing) console.log(`  accessibility: ${audit.id}: ${audit.title}`);
          if (flags.includes("--audits")) printPerformanceAudits(lhr);
          if (flags.includes("--json")) {
            const file = `lighthouse-${name.toLowerCase()}-${form}.json`;
            await Deno.writeTextFile(file, JSON.stringify(lhr));
            console.log(`  report: ${file}`);
          }
        }
      }
    } finally {
      chrome.kill();
      await server.stop();
    }
  },
};
