/**
 * Debian's Chromium driven by playwright-core (Playwright's own browser
 * download cannot work here).
 */
import { type Browser, chromium, type Page } from "playwright-core";
import { ADMIN_PASSWORD, type RunningServer, startServer } from "./server.ts";

export const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";

/** Launches headless Chromium with the flags this machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * Signs in through the panel's sign-in form and waits for where it leads:
 * `returnTo` (a panel path) when given, else the campaigns list.
 */
export async function signIn(
  page: Page,
  server: { url: string },
  options: { returnTo?: string; user?: string; password?: string } = {},
): Promise<void> {
  const { returnTo, user = "admin", password = ADMIN_PASSWORD } = options;
  const query = returnTo === undefined ? "" : `?returnTo=${encodeURIComponent(returnTo)}`;
  await page.goto(`${server.url}/panel/login${query}`);
  await page.getByLabel("Username").fill(user);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(
    returnTo === undefined ? /\/panel\/(campaigns)?$/ : new RegExp(`/panel${returnTo}$`),
  );
}

/** What a browser test gets: a fresh server, a browser, and the test context for steps. */
export type BrowserTestContext = { server: RunningServer; browser: Browser; t: Deno.TestContext };

/**
 * A Chromium test against its own server (started with `options`, as `startServer` takes
 * them); both are stopped however it ends.
 */
export function browserTest(
  name: string,
  fn: (ctx: BrowserTestContext) => Promise<void>,
  options?: Parameters<typeof startServer>[0],
): void {
  Deno.test({
    name,
    // Playwright keeps its own pipes and timers open between calls.
    sanitizeOps: false,
    sanitizeResources: false,
    async fn(t) {
      const server = await startServer(options);
      const browser = await launchBrowser();
      try {
        await fn({ server, browser, t });
      } finally {
        await browser.close();
        await server.stop();
      }
    },
  });
}

/**
 * A signed-in page (own context, 1440 × 900 unless told) on the click log,
 * once it lists `rows` clicks.
 */
export async function clickLogPage(
  browser: Browser,
  server: RunningServer,
  rows: number,
  width = 1440,
) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, server);
  await page.goto(`${server.url}/panel/clicklog`);
  await page.waitForFunction(
    (n) => document.querySelectorAll(".clicklog__row").length === n,
    rows,
    { timeout: 20_000 },
  );
  return { context, page };
}
