import assert from "node:assert/strict";
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
