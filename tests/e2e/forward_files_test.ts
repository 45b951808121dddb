/**
 * Files in forward mode, against a second real Rotor: the files manager's API
 * edits the upstream's hosted files, and the front's `/lp/files/…` (what the
 * manager's "open" links point at) and download show those same files, never
 * the front's own data folder.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ADMIN_PASSWORD, startServer } from "../helpers/server.ts";

/** Every file path under `dir`, relative, sorted. */
async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  try {
    for await (const entry of Deno.readDir(join(dir, prefix))) {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory) out.push(`${rel}/`, ...await filesUnder(dir, rel));
      else out.push(rel);
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  return out.sort();
}

Deno.test({
  name: "forward mode: hosted landers and downloads come from the upstream's files",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const upstream = await startServer();
    const front = await startServer({ env: { ROTOR_UPSTREAM: upstream.url } });
    const frontFiles = join(front.dataDir, "files");
    const json = { "content-type": "application/json", origin: front.url };
    const html = "<!doctype html><title>Quiz</title><p>Edited through the front</p>";
    try {
      const signIn = await fetch(`${front.url}/api/user/sign_in`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ login: "admin", password: ADMIN_PASSWORD }),
      });
      assert.equal(signIn.status, 200);
      await signIn.body?.cancel();
      const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      const send = async (method: string, path: string, body: unknown) => {
        const res = await fetch(`${front.url}${path}`, {
          method,
          headers: { ...json, cookie },
          body: JSON.stringify(body),
        });
        assert.ok(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`);
        await res.body?.cancel();
      };
      const before = await filesUnder(frontFiles);

      await t.step("a lander created and edited through the front's API", async () => {
        await send("POST", "/api/files/directory", { path: "quiz" });
        await send("POST", "/api/files/file", { path: "quiz/index.html", content: "draft" });
        await send("PUT", "/api/files/content", { path: "quiz/index.html", content: html });
        const stored = await Deno.readTextFile(join(upstream.dataDir, "files/quiz/index.html"));
        assert.equal(stored, html, "written in the upstream's data folder");
      });

      await t.step("opens at the front's /lp/files, sandboxed", async () => {
        const res = await fetch(`${front.url}/lp/files/quiz/index.html`);
        assert.equal(res.status, 200);
        assert.equal(await res.text(), html);
        assert.match(res.headers.get("content-type")!, /^text\/html/);
        assert.match(res.headers.get("content-security-policy")!, /^sandbox /);
        const head = await fetch(`${front.url}/lp/files/quiz/index.html`, { method: "HEAD" });
        assert.equal(head.status, 200);
        assert.equal(head.headers.get("content-length"), String(new Blob([html]).size));
      });

      await t.step("a folder address redirects on the front and serves its index", async () => {
        const res = await fetch(`${front.url}/lp/files/quiz`, { redirect: "manual" });
        assert.equal(res.status, 301);
        await res.body?.cancel();
        const location = new URL(res.headers.get("location")!, front.url);
        assert.equal(location.origin, front.url, "the redirect stays on the front");
        const index = await fetch(location);
        assert.equal(await index.text(), html);
      });

      await t.step("the download is the upstream's file", async () => {
        const res = await fetch(
          `${front.url}/api/files/download?path=${encodeURIComponent("quiz/index.html")}`,
          { headers: { cookie } },
        );
        assert.equal(res.status, 200);
        assert.equal(await res.text(), html);
      });

      await t.step("a file only the front holds is not served", async () => {
        await Deno.mkdir(frontFiles, { recursive: true });
        await Deno.writeTextFile(join(frontFiles, "local-only.html"), "local");
        const res = await fetch(`${front.url}/lp/files/local-only.html`);
        assert.equal(res.status, 404);
        assert.equal((await res.json()).error.code, "NOT_FOUND");
        await Deno.remove(join(frontFiles, "local-only.html"));
      });

      await t.step("an escape attempt is refused upstream, nothing read", async () => {
        const res = await fetch(`${front.url}/lp/files/..%2f..%2fdb.sqlite`);
        assert.ok([400, 404].includes(res.status), String(res.status));
        assert.ok((await res.json()).error, "the error shape");
      });

      await t.step("the front's own files are untouched", async () => {
        assert.deepEqual(await filesUnder(frontFiles), before);
        assert.ok(!(await filesUnder(frontFiles)).some((p) => p.startsWith("quiz")));
      });
    } finally {
      await front.stop();
      await upstream.stop();
    }
  },
});
