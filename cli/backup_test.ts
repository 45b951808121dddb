import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type CliResult, ROOT, runCli, startServer } from "../tests/helpers/server.ts";

/** The server's own permissions (`deno task start`, the README's systemd unit): no `-A`. */
const SERVER_PERMISSIONS = [
  "--allow-net",
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-sys",
];

/** Runs `deno <denoArgs> --data DIR <args>` from the repository, as an operator would. */
async function run(denoArgs: string[], dataDir: string, args: string[]): Promise<CliResult> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [...denoArgs, "--data", dataDir, ...args],
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
}

/** `deno task rotor …`: the command line exactly as README shows it. */
const task = (dataDir: string, args: string[]) => run(["task", "-q", "rotor"], dataDir, args);

async function withDataDir(fn: (dataDir: string) => Promise<void>) {
  const dataDir = await Deno.makeTempDir({ prefix: "rotor-cli-backup-" });
  try {
    await fn(dataDir);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
}

Deno.test("cli: backup copies the database under the server's own permissions", async () => {
  await withDataDir(async (dataDir) => {
    await runCli(["seed", "--no-traffic"], { dataDir });
    // `VACUUM INTO` attaches its target, which Deno refuses without -A ("max 0"); the server's
    // scheduled backups run with these permissions.
    const res = await run(["run", ...SERVER_PERMISSIONS, "cli/main.ts"], dataDir, ["backup"]);
    assert.equal(res.code, 0, res.stderr);
    const path = /backup written to (\S+):/.exec(res.stdout)?.[1];
    assert.ok(path, res.stdout);
    assert.deepEqual([...Deno.readDirSync(path)].map((e) => e.name).sort(), [
      "files",
      "manifest.json",
      "rotor.db",
    ]);
    const restored = join(dataDir, "restored");
    const back = await runCli(["restore", path], { dataDir: restored });
    assert.equal(back.code, 0, back.stderr);
    assert.match((await runCli(["status"], { dataDir: restored })).stdout, /^mode: +normal$/m);
  });
});

Deno.test("cli: the rotor task sees a running server; restore refuses while it runs", async () => {
  const server = await startServer();
  try {
    const dataDir = server.dataDir;
    const status = await task(dataDir, ["status"]);
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stdout, /^server: +running since /m);
    const backup = await task(dataDir, ["backup"]);
    assert.equal(backup.code, 0, backup.stderr);
    const path = /backup written to (\S+):/.exec(backup.stdout)![1];
    const refused = await task(dataDir, ["restore", path]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /^error: the server is running: stop it first/);
    // Without -A the process table cannot be read: refuse rather than restore under the server.
    const blind = await run(["run", ...SERVER_PERMISSIONS, "cli/main.ts"], dataDir, [
      "restore",
      path,
    ]);
    assert.equal(blind.code, 1);
    assert.match(blind.stderr, /^error: cannot tell whether the server \(pid \d+\) still runs/);
    assert.ok(existsSync(join(dataDir, "rotor.db")));
    assert.ok(
      ![...Deno.readDirSync(dataDir)].some((e) => e.name.startsWith("before-restore-")),
      "nothing was moved",
    );
  } finally {
    await server.stop();
  }
});

Deno.test("cli: restore of a bad backup into a new data folder creates nothing", async () => {
  await withDataDir(async (dir) => {
    const target = join(dir, "new-data");
    const res = await runCli(["restore", join(dir, "no-such-backup")], { dataDir: target });
    assert.equal(res.code, 1);
    assert.match(res.stderr, /^error: no-such-backup: no rotor\.db in it/);
    assert.equal(existsSync(target), false, "the data folder was not created");
  });
});
