/**
 * The files manager in Chromium against the real server: create a folder and a
 * lander file, edit it, rename it, upload beside it, and open it at /lp/files/….
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { strToU8, zipSync } from "fflate";
import { browserTest, signIn } from "../helpers/browser.ts";
import { waitFor } from "../helpers/wait.ts";
import { ADMIN_PASSWORD } from "../helpers/server.ts";
import { PanelClient } from "../../server/tracking/simulate/setup.ts";

browserTest(
  "browser: a lander file is created, edited, renamed and served at /lp/files/",
  async ({ server, browser, t }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server, { returnTo: "/files" });
    const tree = page.getByRole("tree", { name: "Files" });

    await t.step("create a folder", async () => {
      // The page is ready once its tree is in. A click that lands while the page is still
      // settling after sign-in is tried again (once seen in CI with both cores loaded).
      await tree.waitFor({ timeout: 60_000 });
      const field = page.getByLabel("Folder name");
      await waitFor(async () => {
        await page.getByRole("button", { name: "New folder" }).click();
        return await field.waitFor({ timeout: 10_000 }).then(() => true, () => false);
      }, { message: "the folder form never opened" });
      await field.fill("quiz");
      await page.getByRole("button", { name: "Create" }).click();
      await tree.getByRole("treeitem", { name: "quiz" }).waitFor();
    });

    await t.step("a bad name is refused in the form, before any call", async () => {
      await page.getByRole("button", { name: "New file" }).click();
      await page.getByLabel("File name").fill("..");
      await page.getByRole("button", { name: "Create" }).click();
      await page.getByRole("alert").filter({ hasText: "must not contain . or .." }).waitFor();
    });

    await t.step("create a text file in it and edit its content", async () => {
      await page.getByLabel("File name").fill("index.html");
      await page.getByRole("button", { name: "Create" }).click();
      await tree.getByRole("treeitem", { name: /index\.html/ }).waitFor();
      const editor = page.getByLabel("File content");
      await editor.fill("<h1>Hello lander</h1>\n<p>two lines</p>");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Saved index.html").waitFor();
    });

    await t.step("rename it", async () => {
      await page.getByRole("button", { name: "Rename" }).click();
      await page.getByLabel("New name").fill("start.html");
      await page.locator("form.name-form").getByRole("button", { name: "Rename" }).click();
      await tree.getByRole("treeitem", { name: /start\.html/ }).waitFor();
      assert.equal(await tree.getByRole("treeitem", { name: /index\.html/ }).count(), 0);
    });

    await t.step("upload a stylesheet beside it", async () => {
      await page.getByLabel("Files to upload").setInputFiles({
        name: "style.css",
        mimeType: "text/css",
        buffer: Buffer.from("h1 { color: rebeccapurple }"),
      });
      await tree.getByRole("treeitem", { name: /style\.css/ }).waitFor();
    });

    await t.step("open it at /lp/files/…", async () => {
      const lander = await context.newPage();
      const res = await lander.goto(`${server.url}/lp/files/quiz/start.html`);
      assert.equal(res?.status(), 200);
      assert.equal(await lander.locator("h1").textContent(), "Hello lander");
      const css = await lander.goto(`${server.url}/lp/files/quiz/style.css`);
      assert.equal(css?.headers()["content-type"], "text/css; charset=utf-8");
      const old = await lander.goto(`${server.url}/lp/files/quiz/index.html`);
      assert.equal(old?.status(), 404);
    });

    await t.step("a lander's folder uploaded as a .zip is unpacked, and served", async () => {
      assert.equal(await page.getByLabel(/^Unpack \.zip archives/).isChecked(), true);
      await page.getByLabel("Files to upload").setInputFiles({
        name: "promo.zip",
        mimeType: "application/zip",
        buffer: Buffer.from(zipSync({
          "promo/index.html": strToU8("<h1>Promo</h1>"),
          "promo/img/dot.svg": strToU8("<svg/>"),
        })),
      });
      await page.getByText("Uploaded 2 file(s)").first().waitFor();
      await tree.getByRole("treeitem", { name: /^promo/ }).waitFor();
      const lander = await context.newPage();
      await lander.goto(`${server.url}/lp/files/quiz/promo/`);
      assert.equal(await lander.locator("h1").textContent(), "Promo");
    });
    await context.close();
  },
);

browserTest(
  "browser: a reader of landers sees the hosted files but is offered no change",
  async ({ server, browser }) => {
    const admin = new PanelClient(server.url);
    await admin.signIn("admin", ADMIN_PASSWORD);
    await admin.call("POST", "/api/files/directory", { path: "quiz" });
    await admin.call("POST", "/api/files/file", { path: "quiz/index.html", content: "<h1>Q</h1>" });
    await admin.call("POST", "/api/users", {
      username: "reader",
      password: "reader-password-123",
      role: "user",
      permissions: { "*": "read" },
    });
    const page = await browser.newPage();
    await signIn(page, server, {
      returnTo: "/files",
      user: "reader",
      password: "reader-password-123",
    });
    const tree = page.getByRole("tree", { name: "Files" });
    await tree.getByRole("treeitem", { name: "quiz" }).click();
    await tree.getByRole("treeitem", { name: /index\.html/ }).click();
    const content = page.getByLabel("File content");
    await page.waitForFunction(
      () =>
        (document.querySelector("textarea") as HTMLTextAreaElement | null)?.value === "<h1>Q</h1>",
      undefined,
      { timeout: 60_000 },
    );
    assert.equal(await content.getAttribute("readonly"), "");
    await page.getByRole("link", { name: "Download" }).waitFor();
    for (const name of ["New folder", "New file", "Upload", "Save", "Rename", "Delete"]) {
      assert.equal(await page.getByRole("button", { name, exact: true }).count(), 0, name);
    }
  },
);
