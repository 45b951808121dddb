import assert from "node:assert/strict";
import { join } from "node:path";
import { TEST_PASSWORD, testApp } from "../../tests/helpers/api.ts";
import { buildLanding } from "../../fixtures/builders.ts";
import { writeSection } from "../settings/sections.ts";
import { hostedFileOf } from "./lp_protect.ts";

async function hosting() {
  const dataDir = await Deno.makeTempDir({ prefix: "rotor-serve-" });
  const app = testApp({ config: { dataDir } });
  await app.addUser("alice", "admin");
  const cookie = await app.signIn("alice", TEST_PASSWORD);
  const root = join(dataDir, "files");
  Deno.mkdirSync(join(root, "quiz"), { recursive: true });
  Deno.mkdirSync(join(root, "empty"));
  Deno.writeTextFileSync(join(root, "quiz", "index.html"), "<h1>Quiz</h1>");
  Deno.writeTextFileSync(join(root, "quiz", "app.js"), "1");
  Deno.writeTextFileSync(join(root, "quiz", "blob.weird"), "?");
  Deno.writeTextFileSync(join(root, "100% real.html"), "pct");
  return { app, cookie, cleanup: () => Deno.remove(dataDir, { recursive: true }) };
}

function addClick(db: import("../db/connection.ts").Db, id: string, ageMs: number) {
  db.prepare("INSERT INTO clicks (id, ts) VALUES (?, ?)").run(id, Date.now() - ageMs);
}

Deno.test("hosted files: served with their content type, sandboxed, never listed", async (t) => {
  const h = await hosting();
  try {
    await t.step("a file, with its type and the sandbox policy", async () => {
      const res = await h.app.request("/lp/files/quiz/app.js");
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "text/javascript; charset=utf-8");
      assert.match(res.headers.get("content-security-policy")!, /^sandbox allow-scripts/);
      assert.doesNotMatch(res.headers.get("content-security-policy")!, /allow-same-origin/);
      assert.equal(await res.text(), "1");
    });
    await t.step("an unknown extension is octet-stream", async () => {
      const res = await h.app.request("/lp/files/quiz/blob.weird");
      assert.equal(res.headers.get("content-type"), "application/octet-stream");
      await res.body?.cancel();
    });
    await t.step("a percent-encoded name", async () => {
      const res = await h.app.request("/lp/files/100%25%20real.html");
      assert.equal(await res.text(), "pct");
    });
    await t.step("a folder redirects to its slash, then serves index.html", async () => {
      const res = await h.app.request("/lp/files/quiz?x=1");
      assert.equal(res.status, 301);
      assert.equal(res.headers.get("location"), "/lp/files/quiz/?x=1");
      const index = await h.app.request("/lp/files/quiz/");
      assert.equal(index.headers.get("content-type"), "text/html; charset=utf-8");
      assert.equal(await index.text(), "<h1>Quiz</h1>");
    });
    await t.step("a folder without index.html, the root, and a missing file are 404", async () => {
      for (
        const url of ["/lp/files/empty/", "/lp/files/empty", "/lp/files/", "/lp/files/no.html"]
      ) {
        const res = await h.app.request(url);
        assert.equal(res.status, 404, url);
        await res.body?.cancel();
      }
    });
    await t.step("HEAD answers the headers only", async () => {
      const res = await h.app.request("/lp/files/quiz/app.js", { method: "HEAD" });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-length"), "1");
    });
  } finally {
    await h.cleanup();
  }
});

Deno.test("LP protect: a protected hosted lander opens only through a recent click", async (t) => {
  const h = await hosting();
  try {
    const { db } = h.app.deps;
    const created = await h.app.send(
      "/api/landings",
      buildLanding({ url: "/lp/files/quiz/", protect: true }),
      { cookie: h.cookie },
    );
    assert.equal(created.status, 201);
    writeSection(db, "lp-protect", { value: { enabled: true, tokenLifetimeMinutes: 60 } });
    addClick(db, "fresh1", 60_000);
    addClick(db, "stale1", 90 * 60_000);
    const open = (init: { cookie?: string; query?: string } = {}) =>
      h.app.request(`/lp/files/quiz/index.html${init.query ?? ""}`, { cookie: init.cookie });

    await t.step("no click → 404", async () => {
      assert.equal((await open()).status, 404);
      assert.equal((await h.app.request("/lp/files/quiz/")).status, 404, "via the folder too");
    });
    await t.step("the rotor_click cookie of a recent click → 200", async () => {
      assert.equal((await open({ cookie: "rotor_click=fresh1" })).status, 200);
    });
    await t.step("the clickid the click put into the URL → 200", async () => {
      assert.equal((await open({ query: "?clickid=fresh1" })).status, 200);
    });
    await t.step("a click older than the lifetime, or an unknown id → 404", async () => {
      assert.equal((await open({ cookie: "rotor_click=stale1" })).status, 404);
      assert.equal((await open({ cookie: "rotor_click=nope" })).status, 404);
    });
    await t.step("a longer lifetime lets the older click in", async () => {
      writeSection(db, "lp-protect", { value: { enabled: true, tokenLifetimeMinutes: 120 } });
      assert.equal((await open({ cookie: "rotor_click=stale1" })).status, 200);
    });
    await t.step("other files of the folder are not protected", async () => {
      assert.equal((await h.app.request("/lp/files/quiz/app.js")).status, 200);
    });
    await t.step("LP protect switched off → 200 for everyone", async () => {
      writeSection(db, "lp-protect", { value: { enabled: false, tokenLifetimeMinutes: 60 } });
      assert.equal((await open()).status, 200);
    });
  } finally {
    await h.cleanup();
  }
});

Deno.test("LP protect: a lander URL naming its folder without the slash protects the folder's page", async () => {
  const h = await hosting();
  try {
    const { db } = h.app.deps;
    const created = await h.app.send(
      "/api/landings",
      buildLanding({ url: "/lp/files/quiz", protect: true }),
      { cookie: h.cookie },
    );
    assert.equal(created.status, 201);
    writeSection(db, "lp-protect", { value: { enabled: true, tokenLifetimeMinutes: 60 } });
    addClick(db, "fresh2", 60_000);
    // The click sends the visitor to /lp/files/quiz, which redirects to the folder's slash.
    const hop = await h.app.request("/lp/files/quiz");
    assert.equal(hop.headers.get("location"), "/lp/files/quiz/");
    for (const url of ["/lp/files/quiz/", "/lp/files/quiz/index.html"]) {
      assert.equal((await h.app.request(url)).status, 404, url);
      const res = await h.app.request(url, { cookie: "rotor_click=fresh2" });
      assert.equal(res.status, 200, url);
      await res.body?.cancel();
    }
  } finally {
    await h.cleanup();
  }
});

Deno.test("LP protect: lander URLs map to the hosted file they open", () => {
  assert.equal(hostedFileOf("/lp/files/quiz/"), "quiz/index.html");
  assert.equal(hostedFileOf("/lp/files/quiz/a.html?c={clickid}"), "quiz/a.html");
  assert.equal(hostedFileOf("https://lp.example.com/lp/files/x%20y.html"), "x y.html");
  assert.equal(hostedFileOf("https://lp.example.com/quiz/"), undefined);
});
