import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../tests/helpers/server.ts";
import { openDataDir } from "../server/db/connection.ts";
import { findUserByUsername } from "../server/users/store.ts";
import { verifyPassword } from "../server/auth/password.ts";
import { buildProgram } from "./main.ts";

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
      const args of [
        ["--help"],
        ["mode", "--help"],
        ["licence", "--help"],
        ["user", "add", "--help"],
        ["user", "passwd", "--help"],
        ["seed", "--help"],
        ["status", "--help"],
        ["export", "--help"],
        ["import", "--help"],
        ["clear", "--help"],
        ["apikey", "create", "--help"],
        ["apikey", "list", "--help"],
        ["apikey", "revoke", "--help"],
        ["backup", "--help"],
        ["restore", "--help"],
        ["migrate", "--help"],
        ["simulate", "--help"],
      ]
    ) {
      const res = await runCli(args, { dataDir });
      assert.equal(res.code, 0, args.join(" "));
      assert.match(res.stdout, /Usage: rotor/);
    }
  });
});

Deno.test("cli: licence --message goes with expire only, and changes nothing otherwise", async () => {
  await withDataDir(async (dataDir) => {
    const expired = await runCli(["licence", "expire", "--message", "Pay us"], { dataDir });
    assert.equal(expired.code, 0, expired.stderr);
    assert.match(expired.stdout, /message: Pay us/);
    const valid = await runCli(["licence", "valid", "--message", "ignored"], { dataDir });
    assert.equal(valid.code, 1);
    assert.match(valid.stderr, /^error: --message goes with `licence expire` only, not with valid/);
    assert.match((await runCli(["licence", "status"], { dataDir })).stdout, /licence: expired/);
  });
});

Deno.test("cli: simulate names an unusable or unreachable --url in one line", async () => {
  await withDataDir(async (dataDir) => {
    const env = { ROTOR_ADMIN_PASSWORD: "a-long-password" };
    const bad = await runCli(["simulate", "small", "--url", "localhost:8080", "--quiet"], {
      dataDir,
      env,
    });
    assert.equal(bad.code, 1);
    assert.equal(
      bad.stderr.trim(),
      'error: --url must be an http(s) address like http://localhost:8080, not "localhost:8080"',
    );
    // A port nothing listens on: the one a just-closed listener had.
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const url = `http://127.0.0.1:${listener.addr.port}`;
    listener.close();
    const down = await runCli(["simulate", "small", "--url", url, "--quiet"], { dataDir, env });
    assert.equal(down.code, 1);
    assert.match(down.stderr, new RegExp(`^error: cannot reach Rotor at ${url}: .*refused`));
    assert.equal(down.stderr.trim().split("\n").length, 1, down.stderr);
  });
});

Deno.test("cli: README's command line lists every command and subcommand", async () => {
  const readme = await Deno.readTextFile(new URL("../README.md", import.meta.url));
  const missing: string[] = [];
  for (const command of buildProgram().commands) {
    const names = command.commands.length
      ? command.commands.map((sub) => `${command.name()} ${sub.name()}`)
      : [command.name()];
    for (const name of names) {
      if (!readme.includes(`deno task rotor ${name}`)) missing.push(name);
    }
  }
  assert.deepEqual(missing, []);
});

Deno.test("cli: README documents every ROTOR_ variable the server and the CLI read", async () => {
  const readme = await Deno.readTextFile(new URL("../README.md", import.meta.url));
  const read = new Set<string>();
  const scan = async (dir: URL) => {
    for await (const entry of Deno.readDir(dir)) {
      const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
      if (entry.isDirectory) await scan(url);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith("_test.ts")) {
        const text = await Deno.readTextFile(url);
        for (const [name] of text.matchAll(/\bROTOR_[A-Z_]+[A-Z]\b/g)) read.add(name);
      }
    }
  };
  await scan(new URL("../server/", import.meta.url));
  await scan(new URL("./", import.meta.url));
  assert.ok(read.has("ROTOR_DATA"));
  assert.deepEqual([...read].filter((name) => !readme.includes(`\`${name}\``)).sort(), []);
});

Deno.test("cli: a --database that is no PostgreSQL URL ends in one line, creating nothing", async () => {
  await withDataDir(async (dir) => {
    const dataDir = join(dir, "data");
    // "foo" waited 15 s for the driver's thread and printed its stack; a URL the driver cannot
    // parse did too, with the password in it.
    for (
      const [url, message] of [
        ["foo", "error: --database (or ROTOR_DATABASE_URL) must be a postgres://… URL"],
        [
          "postgres://rotor:s3cret@db:notaport/rotor",
          "error: PostgreSQL bridge to (an invalid URL) did not start: the URL does not parse (postgres://user:pass@host:5432/db)",
        ],
      ]
    ) {
      const res = await runCli(["--database", url, "status"], { dataDir });
      assert.equal(res.code, 1);
      assert.equal(res.stderr.trim(), message);
    }
    const env = await runCli(["mode"], { dataDir, env: { ROTOR_DATABASE_URL: "mysql://x/y" } });
    assert.equal(env.code, 1);
    assert.equal(
      env.stderr.trim(),
      "error: --database (or ROTOR_DATABASE_URL) must be a postgres://… URL",
    );
    assert.equal(existsSync(dataDir), false);
  });
});

Deno.test("cli: migrate copies an install only: not a mistyped folder, not with --database", async () => {
  await withDataDir(async (dir) => {
    const to = ["migrate", "--to", "postgres://rotor@127.0.0.1:1/rotor"];
    // A mistyped folder became a new, empty install, copied into PostgreSQL as if it were one.
    const typo = join(dir, "dta");
    const none = await runCli(to, { dataDir: typo });
    assert.equal(none.code, 1);
    assert.equal(none.stderr.trim(), `error: no Rotor install in ${typo} (no rotor.db)`);
    assert.equal(existsSync(typo), false, "no folder made");
    // --database names a PostgreSQL store; migrate read the data folder anyway.
    await runCli(["mode"], { dataDir: dir });
    const both = await runCli(["--database", "postgres://rotor@127.0.0.1:1/other", ...to], {
      dataDir: dir,
    });
    assert.equal(both.code, 1);
    assert.match(
      both.stderr,
      /^error: migrate copies the data folder's SQLite install; --database/,
    );
  });
});
