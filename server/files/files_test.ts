import assert from "node:assert/strict";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { TEST_PASSWORD, testApp } from "../../tests/helpers/api.ts";

async function filesApp(role: "admin" | "user" = "admin") {
  const dataDir = await Deno.makeTempDir({ prefix: "rotor-files-" });
  const app = testApp({ config: { dataDir } });
  await app.addUser("alice", role);
  const cookie = await app.signIn("alice", TEST_PASSWORD);
  const root = join(dataDir, "files");
  const call = async (method: string, path: string, body?: unknown) => {
    const res = body === undefined
      ? await app.request(path, { method, cookie })
      : await app.send(path, body, { method, cookie });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, res };
  };
  return {
    app,
    cookie,
    root,
    call,
    cleanup: () => Deno.remove(dataDir, { recursive: true }),
  };
}

function upload(files: Record<string, string>) {
  const form = new FormData();
  for (const [name, text] of Object.entries(files)) form.append("file", new File([text], name));
  return form;
}

Deno.test("files: each operation works and answers its SPEC operation kind", async (t) => {
  const f = await filesApp();
  try {
    await t.step("create-directory", async () => {
      const r = await f.call("POST", "/api/files/directory", { path: "quiz" });
      assert.equal(r.status, 201);
      assert.deepEqual(r.body, { operation: "create-directory", status: "ok", path: "quiz" });
      assert.ok(Deno.statSync(join(f.root, "quiz")).isDirectory);
    });
    await t.step("create-text-file", async () => {
      const r = await f.call("POST", "/api/files/file", {
        path: "quiz/index.html",
        content: "<h1>Hi</h1>",
      });
      assert.equal(r.status, 201);
      assert.equal(r.body.operation, "create-text-file");
      assert.equal(Deno.readTextFileSync(join(f.root, "quiz/index.html")), "<h1>Hi</h1>");
    });
    await t.step("read and edit-text-file-content", async () => {
      const put = await f.call("PUT", "/api/files/content", {
        path: "quiz/index.html",
        content: "<h1>Hello</h1>",
      });
      assert.equal(put.body.operation, "edit-text-file-content");
      const get = await f.call("GET", "/api/files/content?path=quiz/index.html");
      assert.deepEqual(get.body, { path: "quiz/index.html", content: "<h1>Hello</h1>" });
    });
    await t.step("rename-file-or-directory", async () => {
      const r = await f.call("POST", "/api/files/rename", { from: "quiz", to: "survey" });
      assert.equal(r.status, 200);
      assert.equal(r.body.operation, "rename-file-or-directory");
      assert.equal(Deno.readTextFileSync(join(f.root, "survey/index.html")), "<h1>Hello</h1>");
    });
    await t.step("the tree lists folders first, with sizes", async () => {
      await f.call("POST", "/api/files/file", { path: "a.txt", content: "abc" });
      const r = await f.call("GET", "/api/files/tree");
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.entries.map((e: { path: string }) => e.path), ["survey", "a.txt"]);
      assert.equal(r.body.entries[1].size, 3);
      assert.equal(r.body.entries[0].children[0].path, "survey/index.html");
    });
    await t.step("upload (multipart, same origin)", async () => {
      const res = await f.app.request("/api/files/upload?dir=survey", {
        method: "POST",
        cookie: f.cookie,
        headers: { origin: "http://localhost" },
        body: upload({ "style.css": "h1{color:red}", "logo.svg": "<svg/>" }),
      });
      assert.equal(res.status, 201, await res.clone().text());
      const body = await res.json();
      assert.deepEqual(body.files.sort(), ["survey/logo.svg", "survey/style.css"]);
      assert.equal(Deno.readTextFileSync(join(f.root, "survey/style.css")), "h1{color:red}");
    });
    await t.step("download", async () => {
      const r = await f.app.request("/api/files/download?path=survey/style.css", {
        cookie: f.cookie,
      });
      assert.equal(r.status, 200);
      assert.match(
        r.headers.get("content-disposition")!,
        /attachment; filename\*=UTF-8''style.css/,
      );
      assert.equal(await r.text(), "h1{color:red}");
    });
    await t.step("delete a folder with its content", async () => {
      const r = await f.call("DELETE", "/api/files?path=survey");
      assert.equal(r.status, 200);
      assert.throws(() => Deno.statSync(join(f.root, "survey")));
    });
  } finally {
    await f.cleanup();
  }
});

Deno.test("files: each operation refuses what it must", async (t) => {
  const f = await filesApp();
  try {
    await f.call("POST", "/api/files/directory", { path: "lp" });
    await f.call("POST", "/api/files/file", { path: "lp/index.html", content: "x" });
    Deno.writeFileSync(join(f.root, "lp/pic.bin"), new Uint8Array([0, 159, 146, 150]));
    const cases: Array<[string, string, unknown, number, string]> = [
      ["POST", "/api/files/directory", { path: "lp" }, 409, "EXISTS"],
      ["POST", "/api/files/directory", { path: "nope/deeper" }, 404, "NOT_FOUND"],
      ["POST", "/api/files/file", { path: "lp/index.html" }, 409, "EXISTS"],
      ["POST", "/api/files/file", { path: "lp/index.html/x" }, 400, "NOT_A_FOLDER"],
      ["PUT", "/api/files/content", { path: "lp/none.html", content: "" }, 404, "NOT_FOUND"],
      ["PUT", "/api/files/content", { path: "lp", content: "" }, 400, "NOT_A_FILE"],
      ["GET", "/api/files/content?path=lp/pic.bin", undefined, 415, "NOT_TEXT"],
      ["POST", "/api/files/rename", { from: "none", to: "x" }, 404, "NOT_FOUND"],
      ["POST", "/api/files/rename", { from: "lp", to: "lp/inner" }, 400, "BAD_PATH"],
      ["POST", "/api/files/rename", { from: "lp/pic.bin", to: "lp/index.html" }, 409, "EXISTS"],
      ["DELETE", "/api/files?path=none", undefined, 404, "NOT_FOUND"],
      ["DELETE", "/api/files?path=", undefined, 400, "VALIDATION_ERROR"],
      ["POST", "/api/files/file", { path: "../x" }, 400, "VALIDATION_ERROR"],
      ["POST", "/api/files/file", { path: "/etc/x" }, 400, "VALIDATION_ERROR"],
    ];
    for (const [method, path, body, status, code] of cases) {
      await t.step(`${method} ${path} ${JSON.stringify(body ?? "")} → ${status}`, async () => {
        const r = await f.call(method, path, body);
        assert.equal(r.status, status, JSON.stringify(r.body));
        assert.equal(r.body.error.code, code);
      });
    }
    await t.step("an upload over an existing file is refused unless replace=true", async () => {
      const send = (query: string) =>
        f.app.request(`/api/files/upload?dir=lp${query}`, {
          method: "POST",
          cookie: f.cookie,
          headers: { origin: "http://localhost" },
          body: upload({ "index.html": "new", "other.html": "o" }),
        });
      assert.equal((await send("")).status, 409);
      assert.equal(Deno.readTextFileSync(join(f.root, "lp/index.html")), "x", "nothing replaced");
      assert.throws(() => Deno.statSync(join(f.root, "lp/other.html")), "nothing half-written");
      assert.equal((await send("&replace=true")).status, 201);
      assert.equal(Deno.readTextFileSync(join(f.root, "lp/index.html")), "new");
    });
  } finally {
    await f.cleanup();
  }
});

Deno.test("files: a .zip upload unpacks a lander's folder; a bad archive writes nothing", async (t) => {
  const f = await filesApp();
  const send = (name: string, bytes: Uint8Array, query: string) => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], name));
    return f.app.request(`/api/files/upload?${query}`, {
      method: "POST",
      cookie: f.cookie,
      headers: { origin: "http://localhost" },
      body: form,
    });
  };
  const files = () => [...Deno.readDirSync(f.root)].map((e) => e.name).sort();
  const site = zipSync({
    "quiz/": {},
    "quiz/index.html": strToU8("<h1>Quiz</h1>"),
    "quiz/css/a.css": strToU8("h1{color:red}"),
    "__MACOSX/quiz/._index.html": strToU8("mac"),
  });
  try {
    await t.step("unpacked, in its folders, and served as a lander", async () => {
      const res = await send("site.zip", site, "unpack=true");
      assert.equal(res.status, 201, await res.clone().text());
      assert.deepEqual((await res.json()).files.sort(), ["quiz/css/a.css", "quiz/index.html"]);
      assert.deepEqual(files(), ["quiz"]);
      const page = await f.app.request("/lp/files/quiz/");
      assert.equal(await page.text(), "<h1>Quiz</h1>");
      const css = await f.app.request("/lp/files/quiz/css/a.css");
      assert.equal(await css.text(), "h1{color:red}");
    });
    await t.step("over existing files: refused unless replace, nothing half-written", async () => {
      const again = zipSync({
        "quiz/index.html": strToU8("<h1>New</h1>"),
        "quiz/new.html": strToU8("n"),
      });
      assert.equal((await send("again.zip", again, "unpack=true")).status, 409);
      assert.throws(() => Deno.statSync(join(f.root, "quiz/new.html")));
      assert.equal((await send("again.zip", again, "unpack=true&replace=true")).status, 201);
      assert.equal(Deno.readTextFileSync(join(f.root, "quiz/index.html")), "<h1>New</h1>");
    });
    await t.step("without unpack the archive is stored as a file", async () => {
      assert.equal((await send("site.zip", site, "")).status, 201);
      assert.equal(Deno.statSync(join(f.root, "site.zip")).size, site.length);
    });
    const refused: Array<[string, Uint8Array, number, RegExp]> = [
      [
        "escape.zip",
        zipSync({ "ok.html": strToU8("x"), "../evil.html": strToU8("x") }),
        400,
        /^escape\.zip: \.\.\/evil\.html must not contain \. or \.\.$/,
      ],
      ["fake.zip", strToU8("not an archive"), 400, /^fake\.zip is not a zip archive/],
      // 65 MB of zeros packs into a few KB: its declared size stops it before it is inflated.
      [
        "bomb.zip",
        zipSync({ "big.bin": new Uint8Array(65 * 1024 * 1024) }),
        413,
        /^bomb\.zip unpacks to more than/,
      ],
      [
        "clash.zip",
        zipSync({ "a": strToU8("x"), "a/b.html": strToU8("y") }),
        409,
        /^a is both a file and a folder/,
      ],
    ];
    for (const [name, bytes, status, message] of refused) {
      await t.step(`${name}: ${status}, nothing written`, async () => {
        const before = files();
        const res = await send(name, bytes, "unpack=true");
        assert.equal(res.status, status, await res.clone().text());
        assert.match((await res.json()).error.message, message);
        assert.deepEqual(files(), before);
      });
    }
  } finally {
    await f.cleanup();
  }
});

Deno.test("files: a multipart upload needs proof of our own origin", async (t) => {
  const f = await filesApp();
  try {
    const send = (headers: Record<string, string>, path = "/api/files/upload") =>
      f.app.request(path, {
        method: "POST",
        cookie: f.cookie,
        headers,
        body: upload({ "a.txt": "a" }),
      });
    await t.step("no Origin and no Sec-Fetch-Site → 415", async () => {
      assert.equal((await send({})).status, 415);
    });
    await t.step("a foreign Origin → 403", async () => {
      assert.equal((await send({ origin: "https://evil.example" })).status, 403);
    });
    await t.step("cross-site Sec-Fetch-Site → 403", async () => {
      assert.equal((await send({ "sec-fetch-site": "cross-site" })).status, 403);
    });
    await t.step("multipart on any other route → 415", async () => {
      assert.equal((await send({ origin: "http://localhost" }, "/api/files/file")).status, 415);
    });
    await t.step("Sec-Fetch-Site: same-origin → accepted", async () => {
      assert.equal((await send({ "sec-fetch-site": "same-origin" })).status, 201);
    });
    assert.equal(Deno.readTextFileSync(join(f.root, "a.txt")), "a");
  } finally {
    await f.cleanup();
  }
});

Deno.test("files: reading needs read on landers, changing needs write", async () => {
  const f = await filesApp("user");
  try {
    assert.equal((await f.call("GET", "/api/files/tree")).status, 403);
    assert.equal((await f.call("POST", "/api/files/directory", { path: "x" })).status, 403);
    assert.equal((await f.app.request("/api/files/tree")).status, 401);
  } finally {
    await f.cleanup();
  }
});
