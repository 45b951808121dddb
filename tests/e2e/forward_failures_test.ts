/**
 * Forward mode when the upstream fails: a real front process answers the
 * panel's API with the one error shape — 504 when the upstream accepts the
 * connection but never answers in time, 502 when nothing listens or the
 * connection drops — and keeps serving everything else meanwhile.
 */
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";
import { GATEWAY_TIMEOUT } from "../../contracts/messages.ts";

/** A TCP server that accepts connections and never writes a byte (or drops them). */
function silentUpstream(options: { drop?: boolean } = {}) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const held: Deno.Conn[] = [];
  const accepting = (async () => {
    for await (const conn of listener) {
      if (options.drop) conn.close();
      else held.push(conn);
    }
  })().catch(() => {});
  return {
    url: `http://127.0.0.1:${listener.addr.port}`,
    async close() {
      listener.close();
      for (const conn of held) conn.close();
      await accepting;
    },
  };
}

/** A port nothing listens on. */
function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = listener.addr.port;
  listener.close();
  return port;
}

/** The answer and how long it took. */
async function timed(url: string, init: RequestInit = {}) {
  const started = performance.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const body = await res.json();
  return { res, body, ms: performance.now() - started };
}

const JSON_POST = (origin: string): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", origin },
  body: JSON.stringify({ login: "admin", password: "whatever-password" }),
});

Deno.test({
  name: "forward mode: a silent upstream gives 504 in the error shape, within the timeout",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const upstream = silentUpstream();
    const front = await startServer({
      env: { ROTOR_UPSTREAM: upstream.url, ROTOR_UPSTREAM_TIMEOUT: "0.5" },
    });
    try {
      for (
        const [name, path, init] of [
          ["a read", "/api/user/role", {}],
          ["a write with a body", "/api/user/sign_in", JSON_POST(front.url)],
          ["the update check", "/updates/check", {}],
        ] as const
      ) {
        await t.step(name, async () => {
          const { res, body, ms } = await timed(`${front.url}${path}`, init);
          assert.equal(res.status, 504);
          assert.match(res.headers.get("content-type") ?? "", /application\/json/);
          assert.deepEqual(body, {
            error: { status: 504, code: "GATEWAY_TIMEOUT", message: GATEWAY_TIMEOUT },
          });
          assert.ok(ms >= 450, `waited the timeout (${ms.toFixed(0)} ms)`);
          assert.ok(ms < 5_000, `answered soon after it (${ms.toFixed(0)} ms)`);
        });
      }

      await t.step("calls in flight at once all get their answer", async () => {
        const answers = await Promise.all(
          Array.from({ length: 8 }, () => timed(`${front.url}/api/offers`)),
        );
        assert.deepEqual(answers.map((a) => a.res.status), Array(8).fill(504));
      });

      await t.step("the panel stays served while the upstream hangs", async () => {
        const hanging = fetch(`${front.url}/api/mode`);
        const panel = await fetch(`${front.url}/panel/`);
        assert.equal(panel.status, 200);
        assert.match(await panel.text(), /<div id="root">/);
        await (await hanging).body?.cancel();
      });

      await t.step("the failure is logged, a forwarded password is not", () => {
        const lines = front.output.filter((l) => l.includes('"upstream_failed"'));
        assert.ok(lines.some((l) => l.includes('"reason":"timeout"')), lines.join("\n"));
        assert.ok(!front.output.some((l) => l.includes("whatever-password")));
      });
    } finally {
      await front.stop();
      await upstream.close();
    }
  },
});

Deno.test({
  name: "forward mode: a refused or dropped upstream gives 502 in the error shape, at once",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const dropping = silentUpstream({ drop: true });
    const cases = [
      ["nothing listens", `http://127.0.0.1:${closedPort()}`],
      ["the connection drops", dropping.url],
    ] as const;
    try {
      for (const [name, upstream] of cases) {
        await t.step(name, async () => {
          // A long timeout: a 502 must not wait for it.
          const front = await startServer({
            env: { ROTOR_UPSTREAM: upstream, ROTOR_UPSTREAM_TIMEOUT: "20" },
          });
          try {
            for (const init of [{}, JSON_POST(front.url)]) {
              const path = init.method ? "/api/user/sign_in" : "/api/user/role";
              const { res, body, ms } = await timed(`${front.url}${path}`, init);
              assert.equal(res.status, 502, path);
              assert.equal(body.error.status, 502);
              assert.equal(body.error.code, "UPSTREAM_UNREACHABLE");
              assert.match(body.error.message, /upstream tracker cannot be reached/);
              assert.ok(ms < 3_000, `no wait for the timeout (${ms.toFixed(0)} ms)`);
            }
          } finally {
            await front.stop();
          }
        });
      }
    } finally {
      await dropping.close();
    }
  },
});
