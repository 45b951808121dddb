/**
 * The real server process with the real CLI beside it: what an operator does
 * with curl and `deno task rotor`.
 */
import assert from "node:assert/strict";
import { ADMIN_PASSWORD, startServer } from "../helpers/server.ts";

Deno.test("process: mode and licence set by the CLI take effect without a restart", async () => {
  const server = await startServer();
  try {
    const mode = () => fetch(`${server.url}/api/mode`).then((r) => r.json());
    assert.deepEqual(await mode(), { mode: "normal" });
    assert.equal((await server.cli(["mode", "demo"])).code, 0);
    assert.deepEqual(await mode(), { mode: "demo" });

    const expired = await server.cli(["licence", "expire"]);
    const trackerId = /tracker id: (\S+)/.exec(expired.stdout)![1];
    const res = await fetch(`${server.url}/api/user/role`);
    assert.equal(res.status, 402);
    assert.deepEqual(await res.json(), { error: "License expired", trackerId });
  } finally {
    await server.stop();
  }
});

Deno.test("process: sign-in over HTTP, wrong password text, and 429 after 10 failures", async () => {
  const server = await startServer();
  try {
    const signIn = (password: string) =>
      fetch(`${server.url}/api/user/sign_in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ login: "admin", password }),
      });
    const ok = await signIn(ADMIN_PASSWORD);
    assert.equal(ok.status, 200);
    const cookie = ok.headers.getSetCookie()[0].split(";")[0];
    const role = await fetch(`${server.url}/api/user/role`, { headers: { cookie } });
    assert.equal((await role.json()).role, "super_admin");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await signIn(`wrong-${i}`);
      statuses.push(res.status);
      if (i === 0) assert.equal((await res.json()).error.message, "Wrong username or password");
      else await res.body?.cancel();
    }
    assert.deepEqual(statuses, [...Array(10).fill(401), 429]);
  } finally {
    await server.stop();
  }
});

Deno.test("process: a first start without a password prints a generated one, once", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "rotor-first-" });
  try {
    const first = await startServer({ dataDir, env: { ROTOR_ADMIN_PASSWORD: "" } });
    await first.stop();
    const printed = first.output.join("\n");
    const password = /with password (\S+)/.exec(printed)?.[1];
    assert.ok(password && password.length >= 16, printed);
    const second = await startServer({ dataDir, env: { ROTOR_ADMIN_PASSWORD: "" } });
    await second.stop();
    assert.doesNotMatch(second.output.join("\n"), /with password/);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("process: a bad configuration stops the start with a clear message", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "server/main.ts"],
    env: { PORT: "not-a-port", ROTOR_DATA: "/tmp/rotor-never" },
    stdout: "piped",
    stderr: "piped",
  });
  const out = await child.output();
  assert.equal(out.code, 2);
  assert.match(new TextDecoder().decode(out.stderr), /Invalid configuration:\n\s+PORT:/);
});
