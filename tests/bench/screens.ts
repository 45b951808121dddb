/**
 * Screenshots of every panel screen (issue 17): the real server with the demo data, signed in
 * as admin, each route of SPEC §2 at 1440×900 and 390×844 in the light and the dark theme,
 * full page, as PNG files in the folder given (default /tmp/rotor-screens/). Run
 * `deno task build` first; `deno task bench screens [DIR] [--only=TEXT]` (TEXT: part of the file names).
 * Each file is named `<screen>-<width>-<theme>.png`; the list is printed at the end.
 */
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { ADMIN_PASSWORD, startServer } from "../helpers/server.ts";
import { launchBrowser, signIn } from "../helpers/browser.ts";
import { DEVELOPER_CHILDREN, SETTINGS_CHILDREN } from "../../client/app/route_rules.ts";

const VIEWPORTS = [{ width: 1440, height: 900 }, { width: 390, height: 844 }] as const;
const THEMES = ["light", "dark"] as const;

/** Entity lists with their forms and reports: panel path, API path, report subject type. */
const ENTITIES = [
  ["campaigns", "campaigns", "campaign"],
  ["offers", "offers", "offer"],
  ["landings", "landings", "landing"],
  ["affiliate-networks", "affiliate-networks", "affiliate-network"],
  ["traffic-sources", "traffic-sources", "traffic-source"],
  ["rotations", "rotations", "rotation"],
  ["users", "users", null],
  ["triggers", "triggers", null],
] as const;

/** The ids of the first items of an API list (demo data), newest API shape `{items}` or array. */
async function firstIds(url: string, cookie: string, api: string, count = 2): Promise<number[]> {
  const res = await fetch(`${url}/api/${api}?limit=${count}`, { headers: { cookie } });
  if (!res.ok) {
    await res.body?.cancel();
    return [];
  }
  const body = await res.json();
  const items: Array<{ id: number }> = Array.isArray(body) ? body : body.items ?? [];
  return items.slice(0, count).map((item) => Number(item.id));
}

async function sessionCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/user/sign_in`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ login: "admin", password: ADMIN_PASSWORD }),
  });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/** Every screen: a file name and a panel path. */
async function screens(url: string): Promise<Array<[string, string]>> {
  const cookie = await sessionCookie(url);
  const list: Array<[string, string]> = [["login", "/login"], ["not-found", "/404"]];
  for (const [path, api, subject] of ENTITIES) {
    const ids = await firstIds(url, cookie, api);
    list.push([path, `/${path}`], [`${path}-create`, `/${path}/create`]);
    if (ids.length) {
      list.push([`${path}-edit`, `/${path}/edit/${ids[0]}`]);
      list.push([`${path}-clone`, `/${path}/clone/${ids[0]}`]);
    }
    if (ids.length && ["campaigns", "offers", "landings"].includes(path)) {
      list.push([`${path}-mass-edit`, `/${path}/edit/mass/${ids.join(",")}`]);
    }
    if (ids.length && subject) {
      list.push([`report-${subject}`, `/report/${subject}/${ids[0]}`]);
      list.push([`report-leads-${subject}`, `/report/leads/${subject}/${ids[0]}`]);
    }
  }
  for (const path of ["trends", "conversions", "clicklog", "files", "domains", "groups"]) {
    list.push([path, `/${path}`]);
  }
  list.push(["update", "/update"], ["monitor", "/monitor"]);
  for (const [path] of DEVELOPER_CHILDREN) {
    list.push([`monitor-developer-${path}`, `/monitor/developer/${path}`]);
  }
  for (const [path] of SETTINGS_CHILDREN) list.push([`settings-${path}`, `/settings/${path}`]);
  return list;
}

/** Waits until the page has settled: no request running, no loading placeholder shown. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.locator("main, .login, .standalone").first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector("[aria-busy='true']"), undefined, {
    timeout: 30_000,
  });
  // Fonts and charts draw after data arrives.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState("networkidle");
}

/** Whether the page scrolls sideways: the document is wider than the viewport. */
function overflowX(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - globalThis.innerWidth);
}

/**
 * The whole page in one picture: the viewport is stretched to the page's height for the shot, so
 * sticky bars sit at the bottom of the picture rather than over the middle of a long form.
 */
async function fullPage(page: Page, viewport: { width: number; height: number }, file: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (height > viewport.height) {
    await page.setViewportSize({ width: viewport.width, height });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
  }
  await page.screenshot({ path: file, fullPage: true });
  if (height > viewport.height) await page.setViewportSize(viewport);
}

async function shoot(
  browser: Browser,
  url: string,
  list: Array<[string, string]>,
  options: { out: string; theme: typeof THEMES[number]; viewport: typeof VIEWPORTS[number] },
): Promise<string[]> {
  const { out, theme, viewport } = options;
  const context = await browser.newContext({ viewport, colorScheme: theme });
  const page = await context.newPage();
  await page.addInitScript((value) => localStorage.setItem("user-theme", value), theme);
  const files: string[] = [];
  try {
    for (const [name, path] of list) {
      if (name === "login") {
        await page.goto(`${url}/panel/login`);
      } else {
        if (files.length === 1) await signIn(page, { url });
        await page.goto(`${url}/panel${path}`);
      }
      await settle(page).catch((e) => console.error(`${name}: ${e.message}`));
      const file = join(out, `${name}-${viewport.width}-${theme}.png`);
      const wide = await overflowX(page);
      await fullPage(page, viewport, file);
      const landed = new URL(page.url()).pathname.replace(/^\/panel/, "") || "/";
      const notes = [
        landed === path ? "" : `landed on ${landed}`,
        wide > 0 ? `scrolls sideways by ${wide}px` : "",
      ].filter(Boolean).join(", ");
      console.log(`${file}${notes ? `  (${notes})` : ""}`);
      files.push(file);
    }
  } finally {
    await context.close();
  }
  return files;
}

/** `--name value` or `--name=value`. */
function flagValue(flags: string[], name: string): string | undefined {
  const inline = flags.find((flag) => flag.startsWith(`${name}=`));
  if (inline) return inline.slice(name.length + 1);
  const at = flags.indexOf(name);
  return at >= 0 ? flags[at + 1] : undefined;
}

export const bench = {
  describe: "full-page screenshots of every panel screen, 1440 and 390 px, light and dark",
  async run(flags: string[]) {
    const out = flagValue(flags, "--out") ?? flags.find((flag) => /^\.{0,2}\//.test(flag)) ??
      "/tmp/rotor-screens";
    const only = flagValue(flags, "--only");
    await Deno.mkdir(out, { recursive: true });
    const server = await startServer({ args: ["--seed"] });
    const browser = await launchBrowser();
    try {
      const all = await screens(server.url);
      const list = only ? all.filter(([name]) => name === "login" || name.includes(only)) : all;
      let count = 0;
      for (const theme of THEMES) {
        for (const viewport of VIEWPORTS) {
          count += (await shoot(browser, server.url, list, { out, theme, viewport })).length;
        }
      }
      console.log(`${count} screenshots in ${out}`);
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
