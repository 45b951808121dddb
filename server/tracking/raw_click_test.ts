import assert from "node:assert/strict";
import { serveHttp } from "../serve.ts";
import { createApp } from "../app.ts";
import { rawClickPaths } from "./raw_click.ts";
import { UA } from "./enrich/test_agents.ts";
import { trackingApp, type TrackingSetup } from "./testing.ts";

type Answer = { status: number; headers: Map<string, string>; body: string };

/** One HTTP/1.1 request written by hand (any Host, any header), read to the end. */
async function send(port: number, head: string): Promise<Answer> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(new TextEncoder().encode(head.replaceAll("\n", "\r\n") + "\r\n"));
  let text = "";
  const buf = new Uint8Array(65536);
  while (true) {
    const n = await conn.read(buf).catch(() => null);
    if (n === null) break;
    text += new TextDecoder().decode(buf.subarray(0, n));
  }
  conn.close();
  const [top, ...rest] = text.split("\r\n\r\n");
  const [status, ...lines] = top.split("\r\n");
  const headers = new Map<string, string>();
  for (const line of lines) {
    const at = line.indexOf(":");
    headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  return { status: Number(status.split(" ")[1]), headers, body: rest.join("\r\n\r\n") };
}

/** The tracking app served as `main.ts` serves it: raw click paths first, the app for the rest. */
async function served(s: TrackingSetup) {
  const app = createApp(s.app.deps);
  let viaApp = 0;
  let port = 0;
  const listening = Promise.withResolvers<void>();
  const server = serveHttp({
    port: 0,
    hostname: "127.0.0.1",
    headersTimeoutMs: 5000,
    maxConnections: 0,
    raw: rawClickPaths(s.app.deps),
    onListen: (at) => {
      port = at.port;
      listening.resolve();
    },
  }, (req, remoteAddr) => {
    viaApp++;
    return app.fetch(req, { remoteAddr });
  });
  await listening.promise;
  const get = (target: string, headers: Record<string, string> = {}, method = "GET") =>
    send(
      port,
      `${method} ${target} HTTP/1.1\nHost: ${headers.host ?? "tracker.example.com"}\n` +
        Object.entries({ "user-agent": UA.iphone, ...headers, connection: "close" })
          .filter(([k]) => k !== "host")
          .map(([k, v]) => `${k}: ${v}\n`).join(""),
    );
  return {
    get,
    appAnswers: () => viaApp,
    stop: async () => {
      server.shutdown();
      await server.finished;
    },
  };
}

function stored(s: TrackingSetup, id: string) {
  return s.app.deps.db.prepare("SELECT ip, external_id, language FROM clicks WHERE id = ?").get(id);
}

const cookieId = (a: Answer) => /rotor_click=([^;]+)/.exec(a.headers.get("set-cookie") ?? "")![1];

Deno.test("raw click path: node:http's request answered as the app answers, after its commit", async (t) => {
  const s = await trackingApp({ config: { trustProxy: true } });
  const http = await served(s);
  try {
    await t.step(
      "a click: 302, the offer, the cookie, stored with the proxy's last hop",
      async () => {
        const a = await http.get(`/c/${s.key}?subid=raw1`, {
          "x-forwarded-for": "10.0.0.1, 8.8.4.4",
          "accept-language": "de-DE,de;q=0.9",
        });
        assert.equal(a.status, 302);
        assert.equal(http.appAnswers(), 0, "answered before the adapter");
        const id = cookieId(a);
        assert.match(a.headers.get("location")!, new RegExp(id));
        assert.equal(a.headers.get("cache-control"), "no-store");
        assert.match(a.headers.get("set-cookie")!, /HttpOnly; SameSite=Lax$/);
        assert.deepEqual({ ...stored(s, id) }, {
          ip: "8.8.4.4",
          external_id: "raw1",
          language: "de",
        });
        // The app's own answer to the same click has the same shape.
        const viaApp = await s.click({ query: "?subid=raw2" });
        assert.equal(viaApp.status, 302);
        assert.deepEqual(
          [...a.headers.keys()].filter((k) =>
            !["date", "connection", "content-length", "transfer-encoding"].includes(k)
          )
            .sort(),
          [...viaApp.headers.keys()].filter((k) => k !== "content-length").sort(),
        );
      },
    );

    await t.step("a proxy's https is kept in the cookie", async () => {
      const a = await http.get(`/c/${s.key}`, { "x-forwarded-proto": "https" });
      assert.match(a.headers.get("set-cookie")!, /; Secure$/);
    });

    await t.step("unknown campaign: 404 JSON, no redirect", async () => {
      const a = await http.get("/c/nope");
      assert.equal(a.status, 404);
      assert.equal(a.headers.get("location"), undefined);
      assert.equal(a.headers.get("content-type"), "application/json");
      assert.equal(JSON.parse(a.body).error.code, "NOT_FOUND");
      assert.equal(Number(a.headers.get("content-length")), a.body.length);
      assert.equal(http.appAnswers(), 0);
    });

    await t.step(
      "the direct script's call: its JSON answer (a refusal: no lander here)",
      async () => {
        const page = encodeURIComponent("https://lp.example.com/quiz/?subid=raw3");
        const refused = await http.get(`/rt/${s.key}?u=${page}&r=`, {
          origin: "https://evil.example",
        });
        assert.equal(refused.status, 403);
        assert.equal(JSON.parse(refused.body).error.code, "CROSS_ORIGIN");
        assert.equal(http.appAnswers(), 0);
      },
    );

    await t.step("anything unusual goes to the app, which answers as before", async () => {
      let before = http.appAnswers();
      for (const target of ["/c/%41b", "/c/a/b", "/c/", "/c/x/../y", "/api/mode", "/cx/abc"]) {
        await http.get(target);
        assert.equal(http.appAnswers(), ++before, target);
      }
      await http.get(`/c/${s.key}`, {}, "HEAD");
      assert.equal(http.appAnswers(), ++before, "HEAD");
      await http.get(`/c/${s.key}`, { host: "[::1]:8080" });
      assert.equal(http.appAnswers(), ++before, "an IPv6 Host");
      const bad = await http.get(`/c/${s.key}`, { host: "a b" });
      assert.equal(bad.status, 400, "a malformed Host: refused by node:http or the adapter");
    });
  } finally {
    await http.stop();
  }
});

Deno.test("raw click path: a click whose commit fails answers 500, no redirect, and the server goes on", async () => {
  const s = await trackingApp();
  const http = await served(s);
  try {
    const write = s.app.deps.tracking.clicks.write;
    s.app.deps.tracking.clicks.write = () => Promise.reject(new Error("disk full"));
    const failed = await http.get(`/c/${s.key}`);
    assert.equal(failed.status, 500);
    assert.equal(failed.headers.get("location"), undefined);
    assert.equal(JSON.parse(failed.body).error.code, "INTERNAL");
    s.app.deps.tracking.clicks.write = write;
    assert.equal((await http.get(`/c/${s.key}`)).status, 302);
  } finally {
    await http.stop();
  }
});
