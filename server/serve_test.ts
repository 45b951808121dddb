import assert from "node:assert/strict";
import { type Handler, serveHttp, type ServeOptions } from "./serve.ts";
import { createApp, serveHandler } from "./app.ts";
import { UA } from "./tracking/enrich/test_agents.ts";
import { serverRequest } from "./net.ts";
import { trackingApp, type TrackingSetup } from "./tracking/testing.ts";
import { waitFor } from "../tests/helpers/wait.ts";

type Answer = { status: number; headers: Map<string, string>; body: string };

/** Reads what the server sends until it closes the connection (or `until` matches). */
async function readAll(conn: Deno.Conn, until?: RegExp): Promise<string> {
  let text = "";
  const buf = new Uint8Array(65536);
  while (!until?.test(text)) {
    const n = await conn.read(buf).catch(() => null);
    if (n === null) break;
    text += new TextDecoder().decode(buf.subarray(0, n));
  }
  return text;
}

function parse(text: string): Answer {
  const [top, ...rest] = text.split("\r\n\r\n");
  const [status, ...lines] = top.split("\r\n");
  const headers = new Map<string, string>();
  for (const line of lines) {
    const at = line.indexOf(":");
    headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  return { status: Number(status.split(" ")[1]), headers, body: rest.join("\r\n\r\n") };
}

const encode = (text: string) => new TextEncoder().encode(text);

/** The tracking app served as `main.ts` serves it: the click's fast path first, the app for the rest. */
/** `serveHttp` on a free local port, with the defaults `main.ts` has unless `limits` says otherwise. */
async function listening(handler: Handler, limits: Partial<ServeOptions> = {}) {
  let port = 0;
  const ready = Promise.withResolvers<void>();
  const server = serveHttp({
    port: 0,
    hostname: "127.0.0.1",
    headersTimeoutMs: 5000,
    maxConnections: 0,
    onListen: (at) => {
      port = at.port;
      ready.resolve();
    },
    ...limits,
  }, handler);
  await ready.promise;
  return { server, port };
}

async function served(s: TrackingSetup, limits: Partial<ServeOptions> = {}) {
  const app = createApp(s.app.deps);
  let viaApp = 0;
  const { server, port } = await listening(
    serveHandler(s.app.deps, { fetch: (req, env) => (viaApp++, app.fetch(req, env)) }),
    limits,
  );
  const connect = () => Deno.connect({ hostname: "127.0.0.1", port });
  /** One HTTP/1.1 request written by hand (any Host, any header), read to the end. */
  const get = async (target: string, headers: Record<string, string> = {}, method = "GET") => {
    const conn = await connect();
    const head =
      `${method} ${target} HTTP/1.1\r\nHost: ${headers.host ?? "tracker.example.com"}\r\n` +
      Object.entries({ "user-agent": UA.iphone, ...headers, connection: "close" })
        .filter(([k]) => k !== "host")
        // A header named in another case replaces the default (the test sends it as written).
        .filter(([k], _, all) => k !== "user-agent" || !all.some(([o]) => o === "User-Agent"))
        .map(([k, v]) => `${k}: ${v}\r\n`).join("");
    await conn.write(encode(head + "\r\n"));
    const text = await readAll(conn);
    conn.close();
    return parse(text);
  };
  return {
    get,
    connect,
    appAnswers: () => viaApp,
    server,
    stop: async () => {
      server.shutdown();
      await server.finished;
    },
  };
}

function stored(s: TrackingSetup, id: string) {
  return s.app.deps.db.prepare("SELECT ip, external_id, language FROM clicks WHERE id = ?").get(id);
}

function storedAgent(s: TrackingSetup, id: string) {
  return s.app.deps.db.prepare(
    "SELECT u.text FROM clicks c JOIN user_agents u ON u.id = c.ua_id WHERE c.id = ?",
  ).get(id)?.text;
}

const cookieId = (a: Answer) => /rotor_click=([^;]+)/.exec(a.headers.get("set-cookie") ?? "")![1];

/** True once the server closed `conn` (it read to the end, or the read failed); fails after 30 s. */
async function closedByServer(conn: Deno.Conn): Promise<true> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the server left the connection open")), 30_000);
  });
  try {
    await Promise.race([readAll(conn), limit]);
    return true;
  } finally {
    clearTimeout(timer);
  }
}

Deno.test("listener: a click is answered before the app's router, as the app answers it, after its commit", async (t) => {
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
        assert.equal(http.appAnswers(), 0, "answered before the router");
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
          ).sort(),
          [...viaApp.headers.keys()].filter((k) => k !== "content-length").sort(),
        );
      },
    );

    await t.step("header names in any case; a header sent twice reads joined", async () => {
      const a = await http.get(`/c/${s.key}?subid=raw4`, {
        "User-Agent": UA.galaxy,
        "X-Forwarded-For": "10.0.0.1",
        "X-FORWARDED-FOR": "8.8.4.4",
        "Accept-Language": "fr-FR,fr;q=0.9",
      });
      assert.equal(a.status, 302);
      const id = cookieId(a);
      assert.deepEqual({ ...stored(s, id) }, {
        ip: "8.8.4.4",
        external_id: "raw4",
        language: "fr",
      });
      assert.equal(storedAgent(s, id), UA.galaxy);
    });

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
      for (const target of ["/c/%41b", "/c/a/b", "/c/", "/api/mode", "/cx/abc"]) {
        await http.get(target);
        assert.equal(http.appAnswers(), ++before, target);
      }
      const head = await http.get(`/c/${s.key}`, {}, "HEAD");
      assert.equal(http.appAnswers(), ++before, "HEAD");
      assert.equal(head.status, 302);
      const bad = await http.get(`/c/${s.key}`, { host: "a b" });
      assert.equal(bad.status, 400, "a malformed Host is refused");
      assert.equal(http.appAnswers(), before);
    });
  } finally {
    await http.stop();
  }
});

Deno.test("serverRequest reads a served request's headers as Headers.get does", async () => {
  const names = ["user-agent", "x-forwarded-for", "origin", "referer", "host", "accept-language"];
  const { server, port } = await listening((req) => {
    const fast = serverRequest(req);
    assert.notEqual(fast, req, "read off the server's header list");
    assert.equal(fast.url, req.url);
    return Response.json(names.map((n) => [fast.headers.get(n), req.headers.get(n)]));
  });
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(encode(
      "GET /x HTTP/1.1\r\nHost: t.example\r\nUser-Agent: UA/1\r\nX-Forwarded-For: 1.1.1.1\r\n" +
        "x-forwarded-for: 2.2.2.2\r\nORIGIN: https://lp.example\r\nConnection: close\r\n\r\n",
    ));
    const pairs: [string | null, string | null][] = JSON.parse(parse(await readAll(conn)).body);
    conn.close();
    for (const [fast, standard] of pairs) assert.equal(fast, standard);
    assert.deepEqual(pairs.map(([fast]) => fast), [
      "UA/1",
      "1.1.1.1, 2.2.2.2",
      "https://lp.example",
      null,
      "t.example",
      null,
    ]);
  } finally {
    server.shutdown();
    await server.finished;
  }
});

Deno.test("listener: a click whose commit fails answers 500, no redirect, and the server goes on", async () => {
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

/** A bare listener whose handler reads each request's body and answers its length. */
async function bareListener(limits: Partial<ServeOptions>) {
  const { server, port } = await listening(
    async (req) => new Response(String((await req.text()).length)),
    limits,
  );
  const held: Deno.Conn[] = [];
  return {
    server,
    connect: async () => {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      held.push(conn);
      return conn;
    },
    ask: async (head: string) => {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      await conn.write(encode(head));
      const answer = parse(await readAll(conn));
      conn.close();
      return answer;
    },
    stop: async () => {
      for (const conn of held) {
        try {
          conn.close();
        } catch { /* closed by the server */ }
      }
      server.shutdown();
      await server.finished;
    },
  };
}

const GET_CLOSE = "GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n";

Deno.test("listener: half-sent heads, idle keep-alives and slow bodies are closed; the rest is served", async (t) => {
  const http = await bareListener({ headersTimeoutMs: 1000, requestTimeoutMs: 1500 });
  try {
    await t.step("a head never finished: closed after the header timeout", async () => {
      const conn = await http.connect();
      await conn.write(encode(`GET / HTTP/1.1\r\nHost: a\r\n`));
      const began = performance.now();
      // Meanwhile another client is answered.
      assert.equal((await http.ask(GET_CLOSE)).status, 200);
      assert.equal(await closedByServer(conn), true);
      const took = performance.now() - began;
      assert.ok(took >= 700, `closed after ${took} ms, not before the limit`);
    });

    await t.step("a keep-alive connection idle after its answer: closed", async () => {
      const conn = await http.connect();
      await conn.write(encode(`GET / HTTP/1.1\r\nHost: a\r\n\r\n`));
      assert.match(await readAll(conn, /\r\n\r\n0$/), /^HTTP\/1.1 200/);
      assert.equal(await closedByServer(conn), true);
    });

    await t.step("a body sent a byte at a time: closed after the request timeout", async () => {
      const conn = await http.connect();
      await conn.write(encode(`POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\n{`));
      let closed = false;
      const ended = closedByServer(conn).then(() => closed = true);
      const began = performance.now();
      // A byte every 200 ms: never idle, yet the whole request takes too long.
      while (!closed && performance.now() - began < 60_000) {
        await conn.write(encode(" ")).catch(() => closed = true);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await ended;
      const took = performance.now() - began;
      assert.ok(took >= 1200, `closed after ${took} ms, not before the limit`);
    });

    await t.step("a whole body, and a request with a malformed Host", async () => {
      const body = "x".repeat(5000);
      const posted = await http.ask(
        `POST / HTTP/1.1\r\nHost: a\r\nConnection: close\r\nContent-Length: 5000\r\n\r\n${body}`,
      );
      assert.equal(posted.body, "5000");
      const bad = await http.ask(GET_CLOSE.replace("Host: a", "Host: a b"));
      assert.equal(bad.status, 400);
      assert.equal(JSON.parse(bad.body).error.message, "Malformed Host header");
    });
  } finally {
    await http.stop();
  }
});

Deno.test("listener: connections past the cap are closed as they arrive; a freed place is taken again", async () => {
  const http = await bareListener({ maxConnections: 2 });
  try {
    assert.equal(http.server.maxConnections, 2);
    const first = await http.connect();
    await http.connect();
    const third = await http.connect();
    assert.equal(await closedByServer(third), true, "the third connection is closed");
    first.close();
    // Once the server has seen the close, a new client is answered.
    await waitFor(async () => (await http.ask(GET_CLOSE).catch(() => null))?.status === 200, {
      message: "a freed place serves again",
    });
  } finally {
    await http.stop();
  }
});

Deno.test("listener: shutting down lets a click in flight commit and be answered", async () => {
  const s = await trackingApp();
  const http = await served(s);
  const clicks = s.app.deps.tracking.clicks;
  const write = clicks.write.bind(clicks);
  const reached = Promise.withResolvers<void>();
  const gate = Promise.withResolvers<void>();
  clicks.write = (item) => {
    reached.resolve();
    return gate.promise.then(() => write(item));
  };
  const answer = http.get(`/c/${s.key}`);
  await reached.promise;
  http.server.shutdown();
  gate.resolve();
  assert.equal((await answer).status, 302);
  await http.server.finished;
  clicks.write = write;
});
