import assert from "node:assert/strict";
import { join } from "node:path";
import { openDataDir } from "../db/connection.ts";
import { createDeps } from "../deps.ts";
import { createApp } from "../app.ts";
import { parseConfig } from "../config.ts";
import { createUser } from "../users/service.ts";
import { TEST_PASSWORD } from "../../tests/helpers/api.ts";
import { listBackups } from "./backup.ts";
import { backupTick, lastBackupRun } from "./schedule.ts";

const HOUR = 3_600_000;

/** The app on a real data folder, with an admin signed in. */
async function fileApp() {
  const dataDir = await Deno.makeTempDir({ prefix: "rotor-schedule-" });
  const db = openDataDir(dataDir);
  const deps = createDeps(db, { ...parseConfig({}), dataDir });
  const app = createApp(deps);
  await createUser(db, { username: "root", role: "super-admin", password: TEST_PASSWORD });
  const call = (path: string, init: RequestInit = {}, cookie = "") =>
    app.request(`http://localhost${path}`, {
      ...init,
      headers: { "content-type": "application/json", cookie, ...init.headers },
    }, { remoteAddr: { hostname: "203.0.113.1" } });
  const signIn = await call("/api/user/sign_in", {
    method: "POST",
    body: JSON.stringify({ login: "root", password: TEST_PASSWORD }),
  });
  const cookie = signIn.headers.getSetCookie()[0].split(";")[0];
  const put = async (value: unknown) => {
    const res = await call("/api/settings/backups", {
      method: "PUT",
      body: JSON.stringify(value),
    }, cookie);
    assert.equal(res.status, 200, await res.clone().text());
    await res.body?.cancel();
  };
  return { dataDir, deps, put, call: (p: string, i?: RequestInit) => call(p, i, cookie) };
}

Deno.test("backups: every saved field acts — enabled, every N hours, keep N, folder", async () => {
  const s = await fileApp();
  try {
    const folder = join(s.dataDir, "elsewhere");
    const t0 = Date.now();
    await s.put({ enabled: false, everyHours: 6, keep: 2, folder });
    assert.equal(await backupTick(s.deps, t0), null, "disabled: nothing is taken");
    assert.deepEqual(listBackups(folder), []);

    await s.put({ enabled: true, everyHours: 6, keep: 2, folder });
    assert.ok((await backupTick(s.deps, t0))?.path?.startsWith(folder), "enabled: into the folder");
    const last = lastBackupRun(s.deps)!;
    assert.equal(await backupTick(s.deps, last.startedAt + 6 * HOUR - 1), null, "not due yet");
    assert.ok(await backupTick(s.deps, last.startedAt + 6 * HOUR), "due after 6 hours");
    assert.equal(listBackups(folder).length, 2);
    await s.put({ enabled: true, everyHours: 1, keep: 2, folder });
    const third = lastBackupRun(s.deps)!.startedAt + HOUR;
    assert.ok(await backupTick(s.deps, third), "the new interval applies");
    assert.equal(listBackups(folder).length, 2, "keep 2: the oldest is deleted");

    await s.put({ enabled: true, everyHours: 1, keep: 1, folder: "" });
    const res = await s.call("/api/settings/backups/run", { method: "POST" });
    assert.equal(res.status, 200);
    const { lastRun } = await res.json();
    assert.ok(lastRun.path.startsWith(join(s.dataDir, "backups")), "empty folder: <data>/backups");
    assert.equal(lastRun.error, undefined);
    const read = await s.call("/api/settings/backups/last-run");
    assert.equal((await read.json()).lastRun.path, lastRun.path);
  } finally {
    s.deps.db.close();
    await Deno.remove(s.dataDir, { recursive: true });
  }
});
