import assert from "node:assert/strict";
import { runCli } from "../tests/helpers/server.ts";
import { openDataDir } from "../server/db/connection.ts";
import { findUserByUsername } from "../server/users/store.ts";
import { verifyPassword } from "../server/auth/password.ts";

async function withDataDir(fn: (dataDir: string) => Promise<void>) {
  const dataDir = await Deno.makeTempDir({ prefix: "rotor-cli-" });
  try {
    await fn(dataDir);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
}

Deno.test("cli: mode switches between demo and normal and rejects anything else", async () => {
  await withDataDir(async (dataDir) => {
    const demo = await runCli(["mode", "demo"], { dataDir });
    assert.equal(demo.code, 0, demo.stderr);
    assert.match(demo.stdout, /mode: demo/);
    assert.match((await runCli(["mode"], { dataDir })).stdout, /mode: demo/);
    const bad = await runCli(["mode", "party"], { dataDir });
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /invalid.*Allowed choices are demo, normal/);
    assert.match((await runCli(["mode", "normal"], { dataDir })).stdout, /mode: normal/);
  });
});

Deno.test("cli: licence status, expire, missing and valid", async () => {
  await withDataDir(async (dataDir) => {
    const status = await runCli(["licence", "status"], { dataDir });
    assert.match(status.stdout, /licence: valid/);
    const trackerId = /tracker id: (\S+)/.exec(status.stdout)?.[1];
    assert.ok(trackerId);
    const expired = await runCli(["licence", "expire"], { dataDir });
    assert.match(expired.stdout, /licence: expired\nmessage: License expired/);
    assert.match(expired.stdout, new RegExp(`tracker id: ${trackerId}`), "the id stays");
    const missing = await runCli(["licence", "missing"], { dataDir });
    assert.match(missing.stdout, /message: License not found/);
    assert.match((await runCli(["licence", "valid"], { dataDir })).stdout, /licence: valid/);
    const bad = await runCli(["licence", "renew"], { dataDir });
    assert.notEqual(bad.code, 0);
  });
});

Deno.test("cli: user add reads the password from stdin and refuses bad input", async () => {
  await withDataDir(async (dataDir) => {
    const added = await runCli(["user", "add", "maria", "--role", "admin"], {
      dataDir,
      stdin: "a-long-password\n",
    });
    assert.equal(added.code, 0, added.stderr);
    assert.match(added.stdout, /created admin 'maria'/);
    const db = openDataDir(dataDir);
    const maria = findUserByUsername(db, "maria")!;
    db.close();
    assert.equal(maria.role, "admin");
    assert.ok(await verifyPassword("a-long-password", maria.passwordHash));

    const taken = await runCli(["user", "add", "maria"], { dataDir, stdin: "another-password\n" });
    assert.equal(taken.code, 1);
    assert.match(taken.stderr, /error: User 'maria' already exists/);
    const short = await runCli(["user", "add", "ivan"], { dataDir, stdin: "short\n" });
    assert.equal(short.code, 1);
    assert.match(short.stderr, /at least 8 characters/);
    const role = await runCli(["user", "add", "ivan", "--role", "owner"], { dataDir, stdin: "" });
    assert.notEqual(role.code, 0);
    assert.match(role.stderr, /Allowed choices are super-admin, admin, user/);
  });
});

Deno.test("cli: user passwd changes the password of an existing user only", async () => {
  await withDataDir(async (dataDir) => {
    await runCli(["user", "add", "maria"], { dataDir, stdin: "first-password\n" });
    const changed = await runCli(["user", "passwd", "maria"], {
      dataDir,
      stdin: "second-password\n",
    });
    assert.equal(changed.code, 0, changed.stderr);
    const db = openDataDir(dataDir);
    const maria = findUserByUsername(db, "maria")!;
    db.close();
    assert.ok(await verifyPassword("second-password", maria.passwordHash));
    const unknown = await runCli(["user", "passwd", "ghost"], {
      dataDir,
      stdin: "whatever-pass\n",
    });
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no user 'ghost'/);
  });
});

Deno.test("cli: seed is idempotent", async () => {
  await withDataDir(async (dataDir) => {
    assert.equal((await runCli(["seed"], { dataDir })).code, 0);
    const again = await runCli(["seed"], { dataDir });
    assert.equal(again.code, 0, again.stderr);
    const db = openDataDir(dataDir);
    const users = db.prepare("SELECT count(*) AS n FROM users WHERE username = 'demo'").get();
    db.close();
    assert.equal(Number(users?.n), 1);
  });
});

Deno.test("cli: every command has --help", async () => {
  await withDataDir(async (dataDir) => {
    for (
      const args of [["--help"], ["mode", "--help"], ["licence", "--help"], [
        "user",
        "add",
        "--help",
      ], [
        "seed",
        "--help",
      ]]
    ) {
      const res = await runCli(args, { dataDir });
      assert.equal(res.code, 0, args.join(" "));
      assert.match(res.stdout, /Usage: rotor/);
    }
  });
});
