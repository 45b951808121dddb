import assert from "node:assert/strict";
import { join } from "node:path";
import { BuildInfo, LogLine, SeedJob } from "../../contracts/monitor.ts";
import { TEST_PASSWORD, TEST_STORE, testApp } from "../../tests/helpers/api.ts";
import { waitFor } from "../../tests/helpers/wait.ts";
import { logEvent } from "../log.ts";
import { gitCommit } from "./build_info.ts";
import { redact } from "./messages.ts";
import { seedJob, startSeed } from "./seed.ts";

async function adminApp(role: "admin" | "user" = "admin") {
  const dataDir = await Deno.makeTempDir({ prefix: "rotor-monitor-" });
  const app = testApp({ config: { dataDir } });
  await app.addUser("alice", role);
  const cookie = await app.signIn("alice", TEST_PASSWORD);
  return { app, cookie, dataDir, cleanup: () => Deno.remove(dataDir, { recursive: true }) };
}

/** Reads SSE `log` events from a response until `until` says stop. */
async function readEvents(res: Response, until: (lines: LogLine[]) => boolean) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const lines: LogLine[] = [];
  let buffer = "";
  const deadline = Date.now() + 5000;
  try {
    while (!until(lines) && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const events = buffer.split("\n\n");
      buffer = events.pop()!;
      for (const event of events) {
        const data = event.split("\n").find((l) => l.startsWith("data: "));
        if (event.includes("event: log") && data) {
          lines.push(LogLine.parse(JSON.parse(data.slice(6))));
        }
      }
    }
  } finally {
    await reader.cancel();
  }
  return lines;
}

Deno.test("monitor: build info tells versions, database size and uptime", async () => {
  const m = await adminApp();
  try {
    const res = await m.app.request("/api/monitor/build-info", { cookie: m.cookie });
    assert.equal(res.status, 200);
    const info = BuildInfo.parse(await res.json());
    assert.equal(info.version, m.app.deps.version);
    assert.equal(info.deno, Deno.version.deno);
    assert.match(info.sqlite, TEST_STORE === "sqlite" ? /^3\.\d+/ : /^1\d\./);
    assert.ok(info.databaseBytes > 0);
    assert.ok(info.uptimeSeconds >= 0);
    assert.equal(info.upstream, null);
    assert.match(info.commit, /^([0-9a-f]{40}|unknown)$/);
  } finally {
    await m.cleanup();
  }
});

Deno.test("monitor: the commit is read from .git, or unknown", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    await t.step("no .git → unknown", () => assert.equal(gitCommit(dir), "unknown"));
    const sha = "0123456789abcdef0123456789abcdef01234567";
    await Deno.mkdir(join(dir, ".git/refs/heads"), { recursive: true });
    await Deno.writeTextFile(join(dir, ".git/HEAD"), "ref: refs/heads/main\n");
    await t.step("a packed ref", async () => {
      await Deno.writeTextFile(join(dir, ".git/packed-refs"), `# pack\n${sha} refs/heads/main\n`);
      assert.equal(gitCommit(dir), sha);
    });
    await t.step("a loose ref wins", async () => {
      const other = "f".repeat(40);
      await Deno.writeTextFile(join(dir, ".git/refs/heads/main"), `${other}\n`);
      assert.equal(gitCommit(dir), other);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("monitor: only admins reach it", async () => {
  const m = await adminApp("user");
  try {
    for (const path of ["build-info", "messages", "seed"]) {
      const res = await m.app.request(`/api/monitor/${path}`, { cookie: m.cookie });
      assert.equal(res.status, 403, path);
      await res.body?.cancel();
    }
    assert.equal((await m.app.request("/api/monitor/build-info")).status, 401);
  } finally {
    await m.cleanup();
  }
});

Deno.test("monitor: messages stream new log lines live, filtered by level, never secrets", async () => {
  const m = await adminApp();
  try {
    const res = await m.app.request("/api/monitor/messages?level=warn", { cookie: m.cookie });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "text/event-stream");
    setTimeout(() => {
      logEvent("info", "test_quiet_line", {});
      logEvent("warn", "test_live_line", { password: "hunter2", nested: { apiKey: "k" } });
    }, 50);
    const lines = await readEvents(res, (ls) => ls.some((l) => l.event === "test_live_line"));
    const live = lines.find((l) => l.event === "test_live_line");
    assert.ok(live, "the live line arrived");
    assert.equal(live.password, "[redacted]");
    assert.deepEqual(live.nested, { apiKey: "[redacted]" });
    assert.ok(lines.every((l) => l.level === "warn" || l.level === "error"), "no info lines");
    assert.doesNotMatch(JSON.stringify(lines), /hunter2/);
  } finally {
    await m.cleanup();
  }
});

Deno.test("monitor: a bad level is a 400", async () => {
  const m = await adminApp();
  try {
    const res = await m.app.request("/api/monitor/messages?level=loud", { cookie: m.cookie });
    assert.equal(res.status, 400);
  } finally {
    await m.cleanup();
  }
});

Deno.test("monitor: redaction reaches nested fields", () => {
  assert.deepEqual(redact({ a: 1, session: "s", list: [{ authSecret: "x", ok: true }] }), {
    a: 1,
    session: "[redacted]",
    list: [{ authSecret: "[redacted]", ok: true }],
  });
});

Deno.test("monitor: seeding loads the fixture set with progress, once at a time", async () => {
  const m = await adminApp();
  try {
    const start = await m.app.send("/api/monitor/seed", {}, { cookie: m.cookie });
    assert.equal(start.status, 202);
    assert.equal(SeedJob.parse(await start.json()).state, "running");
    let job = SeedJob.parse(
      await (await m.app.request("/api/monitor/seed", { cookie: m.cookie })).json(),
    );
    await waitFor(async () => {
      job = SeedJob.parse(
        await (await m.app.request("/api/monitor/seed", { cookie: m.cookie })).json(),
      );
      return job.state !== "running";
    }, { message: "the seed job ends" });
    assert.equal(job.state, "done", job.error ?? "");
    assert.equal(job.done, job.total);
    assert.match(job.steps[0].detail, /added .*campaigns/);
    const campaigns = m.app.deps.db.prepare("SELECT count(*) AS n FROM campaigns").get();
    assert.ok(Number(campaigns?.n) >= 2);
    assert.ok(Deno.statSync(join(m.dataDir, "files/demo-quiz/index.html")).isFile);
    const lander = await m.app.request("/lp/files/demo-quiz/");
    assert.equal(lander.status, 200);
    await lander.body?.cancel();
  } finally {
    await m.cleanup();
  }
});

Deno.test("monitor: a second seed while one runs is refused, and a failing step is reported", async () => {
  const m = await adminApp();
  try {
    let release = () => {};
    const gate = new Promise<void>((r) => release = r);
    const running = startSeed(m.app.deps, [
      { name: "slow", run: () => gate.then(() => "ok") },
      {
        name: "broken",
        run: () => {
          throw new Error("disk full");
        },
      },
    ]);
    assert.equal(seedJob(m.app.deps.db).current, "slow");
    const again = await m.app.send("/api/monitor/seed", {}, { cookie: m.cookie });
    assert.equal(again.status, 409);
    release();
    await running;
    const job = seedJob(m.app.deps.db);
    assert.equal(job.state, "failed");
    assert.equal(job.done, 1);
    assert.equal(job.error, "disk full");
  } finally {
    await m.cleanup();
  }
});

Deno.test("monitor: the clicker refuses what it cannot run, before sending anything", async (t) => {
  const dataDir = await Deno.makeTempDir({ prefix: "rotor-clicker-" });
  try {
    for (const trustProxy of [false, true]) {
      const app = testApp({ config: { dataDir, trustProxy } });
      await app.addUser(`alice${trustProxy}`, "admin");
      const cookie = await app.signIn(`alice${trustProxy}`, TEST_PASSWORD);
      const run = (body: unknown) => app.send("/api/monitor/clicker", body, { cookie });
      if (!trustProxy) {
        await t.step("without ROTOR_TRUST_PROXY", async () => {
          const res = await run({ scenario: "small", password: TEST_PASSWORD });
          assert.equal(res.status, 400);
          assert.equal((await res.json()).error.code, "NEEDS_TRUST_PROXY");
        });
        continue;
      }
      const cases: Array<[string, unknown, string]> = [
        ["a wrong password", { scenario: "small", password: "nope" }, "WRONG_PASSWORD"],
        ["an unknown scenario", { scenario: "nope", password: TEST_PASSWORD }, "UNKNOWN_SCENARIO"],
        [
          "a scenario too large",
          { scenario: "large", password: TEST_PASSWORD },
          "SCENARIO_TOO_LARGE",
        ],
        ["a path as scenario", { scenario: "../x", password: TEST_PASSWORD }, "VALIDATION_ERROR"],
      ];
      for (const [name, body, code] of cases) {
        await t.step(name, async () => {
          const res = await run(body);
          assert.equal(res.status, 400);
          assert.equal((await res.json()).error.code, code);
        });
      }
      await t.step("the scenarios are listed smallest first", async () => {
        const res = await app.request("/api/monitor/clicker/scenarios", { cookie });
        const { scenarios } = await res.json();
        assert.equal(scenarios[0].name, "small");
      });
      const job = await (await app.request("/api/monitor/clicker", { cookie })).json();
      assert.equal(job.state, "idle", "nothing ran");
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("monitor: the clicker signs in to this server's loopback address, never to the request's Host", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "rotor-clicker-" });
  const seen: Array<{ listener: string; path: string; body: string }> = [];
  const recorder = (listener: string) =>
    Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
      seen.push({ listener, path: new URL(req.url).pathname, body: await req.text() });
      return new Response("{}", { status: 401, headers: { "content-type": "application/json" } });
    });
  const own = recorder("own");
  const foreign = recorder("foreign");
  try {
    const app = testApp({ config: { dataDir, trustProxy: true } });
    app.deps.listening = { hostname: "0.0.0.0", port: own.addr.port };
    await app.addUser("alice", "admin");
    const cookie = await app.signIn("alice", TEST_PASSWORD);
    const res = await app.send("/api/monitor/clicker", {
      scenario: "small",
      password: TEST_PASSWORD,
    }, { cookie, headers: { host: `127.0.0.1:${foreign.addr.port}` } });
    assert.equal(res.status, 202);
    await waitFor(async () =>
      (await (await app.request("/api/monitor/clicker", { cookie })).json()).state !== "running"
    );
    assert.ok(seen.some((s) => s.listener === "own" && s.path === "/api/user/sign_in"));
    assert.deepEqual(seen.filter((s) => s.listener === "foreign"), [], "no password left");
  } finally {
    await own.shutdown();
    await foreign.shutdown();
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("monitor: the clicker's password check has an attempt limit", async () => {
  const app = testApp({ config: { trustProxy: true } });
  await app.addUser("alice", "admin");
  const cookie = await app.signIn("alice", TEST_PASSWORD);
  const codes: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await app.send("/api/monitor/clicker", { scenario: "small", password: "nope" }, {
      cookie,
    });
    codes.push(res.status);
  }
  assert.deepEqual(codes, [400, 400, 400, 400, 400, 429]);
});
