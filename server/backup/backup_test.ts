import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { openDataDir } from "../db/connection.ts";
import { listBackups, pruneBackups, restoreBackup, takeBackup } from "./backup.ts";

async function dataFolder(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "rotor-backup-unit-" });
  const db = openDataDir(dir);
  db.prepare("INSERT INTO settings (key, value, updated_at) VALUES (?, ?, 0)").run(
    "marker",
    '"one"',
  );
  db.close();
  return dir;
}

Deno.test("backup: a damaged or foreign backup is refused and nothing is replaced", async () => {
  const dir = await dataFolder();
  try {
    const { path } = await takeBackup({ dataDir: dir, version: "test" });
    const bytes = await Deno.readFile(join(path, "rotor.db"));
    const before = await Deno.readFile(join(dir, "rotor.db"));
    // Damage pages in the middle of the copy.
    bytes.fill(0x5a, 4096, Math.min(bytes.length, 4096 * 3));
    await Deno.writeFile(join(path, "rotor.db"), bytes);
    assert.throws(() => restoreBackup(path, dir), /integrity|malformed|not a database|rows/i);
    assert.deepEqual(await Deno.readFile(join(dir, "rotor.db")), before, "data folder untouched");
    await Deno.writeTextFile(join(path, "manifest.json"), "{");
    assert.throws(() => restoreBackup(path, dir), /manifest/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("backup: restore keeps what it replaces; retention keeps the newest", async () => {
  const dir = await dataFolder();
  try {
    const root = join(dir, "b");
    const first = await takeBackup({ dataDir: dir, folder: root, version: "test", now: 1_000 });
    await takeBackup({ dataDir: dir, folder: root, version: "test", now: 2_000 });
    const third = await takeBackup({ dataDir: dir, folder: root, version: "test", now: 3_000 });
    assert.equal(listBackups(root).length, 3);
    assert.equal(pruneBackups(root, 2)[0], first.path);
    assert.deepEqual(listBackups(root).at(-1), third.path);
    const { keptIn } = restoreBackup(third.path, dir);
    await Deno.stat(join(keptIn, "rotor.db"));
    const db = openDataDir(dir);
    assert.equal(
      db.prepare("SELECT value FROM settings WHERE key = 'marker'").get()!.value,
      '"one"',
    );
    db.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("backup: a folder inside the hosted files is refused before anything is copied", async () => {
  const dir = await dataFolder();
  try {
    await Deno.mkdir(join(dir, "files", "lander"), { recursive: true });
    await Deno.writeTextFile(join(dir, "files", "lander", "index.html"), "<p>hi</p>");
    // It copied the hosted files into itself until the name was too long, and /lp/files/ served it.
    for (const folder of [join(dir, "files"), join(dir, "files", "lander", "backups")]) {
      await assert.rejects(
        () => takeBackup({ dataDir: dir, folder, version: "test" }),
        /inside the hosted files/,
      );
    }
    const left = [...Deno.readDirSync(join(dir, "files"))].map((e) => e.name);
    assert.deepEqual(left, ["lander"]);
    assert.deepEqual([...Deno.readDirSync(join(dir, "files", "lander"))].map((e) => e.name), [
      "index.html",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** Names in the data folder: a refused restore moves nothing and makes no `before-restore-*`. */
function entries(dir: string): string[] {
  return [...Deno.readDirSync(dir)].map((e) => e.name).sort();
}

Deno.test("backup: a manifest that lacks a field is refused before anything moves", async () => {
  const dir = await dataFolder();
  try {
    const { path } = await takeBackup({ dataDir: dir, folder: join(dir, "b"), version: "test" });
    const manifest = JSON.parse(await Deno.readTextFile(join(path, "manifest.json")));
    const before = entries(dir);
    // It restored, then `rotor restore` failed on the missing time: "error: Invalid time value".
    delete manifest.takenAt;
    await Deno.writeTextFile(join(path, "manifest.json"), JSON.stringify(manifest));
    assert.throws(
      () => restoreBackup(path, dir),
      /manifest\.json is not a backup's manifest \(takenAt/,
    );
    await Deno.writeTextFile(join(path, "manifest.json"), "null");
    assert.throws(() => restoreBackup(path, dir), /manifest\.json is not a backup's manifest/);
    assert.deepEqual(entries(dir), before, "nothing moved");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("backup: a backup made by a newer Rotor (an unknown migration) is refused", async () => {
  const dir = await dataFolder();
  try {
    const { path } = await takeBackup({ dataDir: dir, folder: join(dir, "b"), version: "test" });
    const copy = new DatabaseSync(join(path, "rotor.db"));
    copy.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, 0)")
      .run(99_999, "from_the_future");
    copy.close();
    const before = entries(dir);
    assert.throws(
      () => restoreBackup(path, dir),
      /made by a newer Rotor \(migration 99999 is unknown here.*upgrade Rotor, then restore/,
    );
    assert.deepEqual(entries(dir), before, "nothing moved");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("backup: a backup missing a hosted file is refused before anything moves", async () => {
  const dir = await dataFolder();
  try {
    await Deno.mkdir(join(dir, "files", "lander"), { recursive: true });
    await Deno.writeTextFile(join(dir, "files", "lander", "index.html"), "<p>live</p>");
    await Deno.writeTextFile(join(dir, "files", "lander", "thanks.html"), "<p>thanks</p>");
    const { path, manifest } = await takeBackup({
      dataDir: dir,
      folder: join(dir, "b"),
      version: "test",
    });
    assert.equal(manifest.files, 2);
    // It restored one page of two, and moved the live lander aside.
    await Deno.remove(join(path, "files", "lander", "thanks.html"));
    assert.throws(() => restoreBackup(path, dir), /files\/ holds 1 files, the manifest says 2/);
    assert.equal(
      await Deno.readTextFile(join(dir, "files", "lander", "thanks.html")),
      "<p>thanks</p>",
    );
    assert.ok(!entries(dir).some((name) => name.startsWith("before-restore-")), "nothing moved");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
