/**
 * Stopping the real server process: SIGTERM ends it (exit 0) even while a
 * panel user watches the live log, an answer that would otherwise never end
 * (a supervisor's restart would wait for its kill timeout).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ADMIN_PASSWORD, ROOT, spawnServer } from "../helpers/server.ts";
import { PanelClient } from "../../server/tracking/simulate/setup.ts";

/** Far longer than a stop takes, even on a loaded machine (it takes ~1 s). */
const STOP_LIMIT_MS = 60_000;

Deno.test({
  name: "shutdown: SIGTERM ends the process while the live log streams",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "rotor-stop-" });
    const server = await spawnServer(join(ROOT, "server/main.ts"), {
      env: { ROTOR_DATA: dataDir, ROTOR_ADMIN_PASSWORD: ADMIN_PASSWORD },
    });
    let limit: ReturnType<typeof setTimeout> | undefined;
    try {
      const panel = new PanelClient(server.url);
      await panel.signIn("admin", ADMIN_PASSWORD);
      const res = await fetch(`${server.url}/api/monitor/messages?level=info`, {
        headers: { cookie: panel.cookie },
      });
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /text\/event-stream/);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      while (!text.includes("event: log")) {
        const { value, done } = await reader.read();
        assert.equal(done, false, "the stream answers the log's tail first");
        text += value;
      }

      server.child.kill("SIGTERM");
      const stopped = await Promise.race([
        server.child.status,
        new Promise<null>((resolve) => limit = setTimeout(() => resolve(null), STOP_LIMIT_MS)),
      ]);
      assert.notEqual(stopped, null, `still running ${STOP_LIMIT_MS / 1000} s after SIGTERM`);
      assert.equal(stopped!.code, 0, "SIGTERM exits 0");
      // The stream ended with the process, after the line saying it stops.
      while (true) {
        const { value, done } = await reader.read().catch(() => ({ value: "", done: true }));
        if (done) break;
        text += value;
      }
      assert.match(text, /"event":"stopping"/);
    } finally {
      clearTimeout(limit);
      try {
        server.child.kill("SIGKILL");
      } catch { /* already ended */ }
      await server.child.status;
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
