import assert from "node:assert/strict";
import { join } from "node:path";
import fc from "fast-check";
import { HttpError } from "../errors.ts";
import { TEST_PASSWORD, testApp } from "../../tests/helpers/api.ts";
import { filesRoot, resolvePath } from "./paths.ts";
import {
  createDirectory,
  createTextFile,
  deleteEntry,
  editTextFile,
  readTextFile,
  renameEntry,
  uploadFiles,
} from "./service.ts";
import { nameProblem, pathProblem } from "../../contracts/files.ts";

/** Every file and folder below `dir` with its content: what must never change. */
function snapshot(dir: string): string {
  const lines: string[] = [];
  const walk = (path: string, rel: string) => {
    for (const entry of [...Deno.readDirSync(path)].sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(path, entry.name);
      if (entry.isDirectory) {
        lines.push(`d ${rel}${entry.name}`);
        walk(full, `${rel}${entry.name}/`);
      } else if (entry.isFile) {
        lines.push(`f ${rel}${entry.name} ${Deno.readTextFileSync(full)}`);
      } else lines.push(`l ${rel}${entry.name}`);
    }
  };
  walk(dir, "");
  return lines.join("\n");
}

/**
 * A data folder whose files root holds a folder, a file, a link inside, a link
 * out and a dangling link out; beside the root, a folder that must stay untouched.
 */
function playground() {
  const base = Deno.makeTempDirSync({ prefix: "rotor-paths-" });
  const outside = join(base, "outside");
  Deno.mkdirSync(join(outside, "deep"), { recursive: true });
  Deno.writeTextFileSync(join(outside, "secret.txt"), "secret");
  Deno.writeTextFileSync(join(base, "rotor.db"), "db");
  const root = filesRoot(base);
  Deno.mkdirSync(join(root, "sub"));
  Deno.writeTextFileSync(join(root, "sub", "f.txt"), "inside");
  Deno.symlinkSync(join(root, "sub"), join(root, "inlink"));
  Deno.symlinkSync(outside, join(root, "out"));
  Deno.symlinkSync(join(outside, "gone"), join(root, "dangling"));
  Deno.symlinkSync(join(outside, "secret.txt"), join(root, "sub", "secret-link"));
  return { base, root, outside, before: snapshot(outside), dbBefore: "db" };
}

const SEGMENTS = [
  "..",
  ".",
  "",
  "out",
  "dangling",
  "sub",
  "inlink",
  "secret-link",
  "f.txt",
  "new",
  "a\0b",
  "..\\..",
  "%2e%2e",
  "deep",
  "secret.txt",
  "~",
];

/** Paths built from dangerous parts, plus arbitrary strings. */
const pathArb = fc.oneof(
  fc.array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 5 }).map((parts) =>
    parts.join("/")
  ),
  fc.tuple(fc.constantFrom("/", "", "./", "../"), fc.string()).map(([a, b]) => a + b),
  fc.string({ unit: "binary", maxLength: 40 }),
);

const OPERATIONS: Array<[string, (root: string, path: string) => unknown]> = [
  ["create-directory", (root, p) => createDirectory(root, p)],
  ["create-text-file", (root, p) => createTextFile(root, p, "x")],
  ["edit-text-file-content", (root, p) => editTextFile(root, p, "x")],
  ["read", (root, p) => readTextFile(root, p)],
  ["rename from", (root, p) => renameEntry(root, p, "moved")],
  ["rename to", (root, p) => renameEntry(root, "sub/f.txt", p)],
  ["delete", (root, p) => deleteEntry(root, p)],
  [
    "upload into",
    (root, p) =>
      uploadFiles(root, p, {
        files: [{ name: "u.txt", bytes: new Uint8Array([1]) }],
        replace: true,
      }),
  ],
  [
    "upload named",
    (root, p) =>
      uploadFiles(root, "", { files: [{ name: p, bytes: new Uint8Array([1]) }], replace: true }),
  ],
];

Deno.test("files: no path string ever touches anything outside the root", () => {
  fc.assert(
    fc.property(pathArb, fc.constantFrom(...OPERATIONS), (path, [, operation]) => {
      const p = playground();
      try {
        try {
          const result = operation(p.root, path);
          // Whatever succeeded read or changed something inside the root only.
          assert.doesNotMatch(JSON.stringify(result), /secret"/);
        } catch (err) {
          assert.ok(err instanceof HttpError, `not an HttpError: ${err}`);
          assert.ok(err.status >= 400 && err.status < 500, `status ${err.status}`);
        }
        assert.equal(snapshot(p.outside), p.before);
        assert.equal(Deno.readTextFileSync(join(p.base, "rotor.db")), "db");
        assert.deepEqual(
          [...Deno.readDirSync(p.base)].map((e) => e.name).sort(),
          ["files", "outside", "rotor.db"],
        );
      } finally {
        Deno.removeSync(p.base, { recursive: true });
      }
    }),
    { numRuns: 400 },
  );
});

Deno.test("files: escapes are refused with 400 and touch nothing", async (t) => {
  const p = playground();
  try {
    for (
      const bad of [
        "../x",
        "/etc/passwd",
        "a/../../x",
        "out/secret.txt",
        "dangling",
        "a\0b",
        "sub/secret-link",
        "out",
        "..\\x",
      ]
    ) {
      await t.step(JSON.stringify(bad), () => {
        assert.throws(() => resolvePath(p.root, bad), (err: HttpError) => err.status === 400);
      });
    }
    await t.step("a link that stays inside is followed", () => {
      assert.equal(resolvePath(p.root, "inlink/f.txt").rel, "inlink/f.txt");
    });
    assert.equal(snapshot(p.outside), p.before);
  } finally {
    Deno.removeSync(p.base, { recursive: true });
  }
});

Deno.test("files: escape attempts over HTTP never serve anything outside", async () => {
  const p = playground();
  try {
    const app = testApp({ config: { dataDir: p.base } });
    await app.addUser("alice", "admin");
    const cookie = await app.signIn("alice", TEST_PASSWORD);
    const attempts = [
      "/lp/files/out/secret.txt",
      "/lp/files/sub/secret-link",
      "/lp/files/..%2f..%2foutside/secret.txt",
      "/lp/files/%2e%2e/%2e%2e/outside/secret.txt",
      "/lp/files/sub%2f..%2f..%2f..%2foutside%2fsecret.txt",
      "/lp/files/a%00b",
      "/lp/files/%ff",
    ];
    for (const url of attempts) {
      const res = await app.request(url);
      // 302: the URL parser itself folded the dots, and the address left /lp/files/.
      assert.ok([302, 400, 404].includes(res.status), `${url}: ${res.status}`);
      assert.doesNotMatch(await res.text(), /secret$/);
    }
    const api = [
      "/api/files/content?path=out/secret.txt",
      "/api/files/content?path=..%2Foutside%2Fsecret.txt",
      "/api/files/download?path=sub/secret-link",
    ];
    for (const url of api) {
      const res = await app.request(url, { cookie });
      assert.equal(res.status, 400, url);
    }
    assert.equal(snapshot(p.outside), p.before);
  } finally {
    Deno.removeSync(p.base, { recursive: true });
  }
});

Deno.test("files: an empty name says it is empty; an empty part of a path says so", () => {
  assert.equal(nameProblem(""), "must not be empty");
  assert.equal(pathProblem("a//b"), "must not have empty parts");
  assert.equal(pathProblem("a/"), "must not have empty parts");
});
