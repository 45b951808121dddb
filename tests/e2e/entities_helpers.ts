/** Shared steps of the entity browser tests: sign in through the form, call the API as that user. */
import type { Browser, Page } from "playwright-core";
import type { RunningServer } from "../helpers/server.ts";
import { signIn } from "../helpers/browser.ts";

/** A fresh signed-in page (fresh cookies and storage). */
export async function signedInPage(
  browser: Browser,
  server: RunningServer,
  user?: string,
  password?: string,
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, server, { user, password });
  return { context, page };
}

/** A JSON call with the page's session, as the panel makes it. */
export async function call(
  page: Page,
  server: RunningServer,
  request: { method: "GET" | "POST" | "PATCH" | "DELETE"; path: string; body?: unknown },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await page.request.fetch(`${server.url}${request.path}`, {
    method: request.method,
    data: request.method === "GET" ? undefined : JSON.stringify(request.body ?? {}),
    headers: { "Content-Type": "application/json", Origin: server.url },
  });
  return { status: res.status(), body: await res.json() };
}
