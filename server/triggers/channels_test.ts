import assert from "node:assert/strict";
import net from "node:net";
import { buildLanding, buildOffer } from "../../fixtures/builders.ts";
import type { z } from "zod";
import { TRIGGER_ROUTES } from "../../contracts/api/triggers.ts";
import type { ChannelSettings } from "../../contracts/trigger.ts";
import { idOf, signedIn } from "../entities/testing.ts";
import { sign, SIGNATURE_HEADER } from "./notify.ts";
import { isPlaceholderUrl } from "./check.ts";
import {
  check,
  createTrigger,
  history,
  HOUR,
  spendTrigger,
  T0,
  traffic,
  type World,
  world,
} from "./testing.ts";

type Seen = { path: string; headers: Headers; body: string };

/** A local HTTP listener recording what it gets; `answer` decides the reply. */
function listener(answer: (path: string) => Response = () => new Response("ok")) {
  const seen: Seen[] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const path = new URL(req.url).pathname;
    seen.push({ path, headers: req.headers, body: await req.text() });
    return answer(path);
  });
  return { seen, base: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

function putChannels(w: World, settings: z.input<typeof ChannelSettings>) {
  return w.api.call(TRIGGER_ROUTES.saveChannels, { body: settings });
}

async function fire(w: World, channel: string) {
  const id = await createTrigger(
    w,
    spendTrigger(w, { actions: [{ kind: "notify", channels: [channel] }] }),
  );
  traffic(w, { n: 20, ts: T0 - HOUR, cost: 1 });
  await check(w, id);
  return await history(w, id);
}

Deno.test("trigger channels: a webhook gets the JSON with an HMAC-SHA256 signature", async () => {
  const w = await world();
  const hook = listener();
  try {
    const saved = await putChannels(w, {
      allowlist: ["127.0.0.1/32"],
      webhook: { url: `${hook.base}/hook`, secret: "shh" },
    });
    assert.equal(saved.webhook?.secret, "********", "secrets are never answered");
    const [record] = await fire(w, "webhook");
    assert.equal(record.error, "");
    assert.equal(hook.seen.length, 1);
    const body = JSON.parse(hook.seen[0].body);
    assert.equal(body.event, "trigger.fired");
    assert.equal(body.label, "Push");
    assert.equal(body.figures["cost@6h"], 20);
    assert.equal(
      hook.seen[0].headers.get(SIGNATURE_HEADER),
      `sha256=${await sign("shh", hook.seen[0].body)}`,
    );
  } finally {
    await hook.close();
  }
});

Deno.test("trigger channels: internal targets are refused unless the allowlist names them", async () => {
  const w = await world();
  const hook = listener();
  try {
    await putChannels(w, { webhook: { url: `${hook.base}/hook`, secret: "" } });
    const [record] = await fire(w, "webhook");
    assert.match(record.error, /webhook: refused/);
    assert.equal(hook.seen.length, 0);
  } finally {
    await hook.close();
  }
});

Deno.test("trigger channels: Telegram through a configurable API base", async () => {
  const w = await world();
  const api = listener(() => Response.json({ ok: true }));
  try {
    await putChannels(w, {
      allowlist: ["127.0.0.1"],
      telegram: { apiBase: `${api.base}/tg`, botToken: "123:abc", chatId: "-100" },
    });
    const [record] = await fire(w, "telegram");
    assert.equal(record.error, "");
    assert.equal(api.seen[0].path, "/tg/bot123:abc/sendMessage");
    const body = JSON.parse(api.seen[0].body);
    assert.equal(body.chat_id, "-100");
    assert.match(body.text, /Spend without sales: Push/);
    // A stored secret sent back masked is kept.
    const saved = await putChannels(w, {
      allowlist: ["127.0.0.1"],
      telegram: { apiBase: `${api.base}/tg`, botToken: "********", chatId: "-100" },
    });
    assert.equal(saved.telegram?.botToken, "********");
    w.clock.now = T0 + 2 * HOUR;
    await check(w, record.triggerId);
    assert.equal(api.seen.at(-1)?.path, "/tg/bot123:abc/sendMessage");
  } finally {
    await api.close();
  }
});

/** A local SMTP listener speaking just enough of the protocol; the messages it took. */
function smtpListener() {
  const messages: { from: string; to: string[]; auth: string; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    const current = { from: "", to: [] as string[], auth: "", data: "" };
    socket.write("220 test ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString();
      let at;
      while ((at = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            messages.push({ ...current });
            socket.write("250 queued\r\n");
          } else current.data += `${line}\n`;
          continue;
        }
        if (line.startsWith("EHLO")) socket.write("250-test\r\n250 AUTH PLAIN\r\n");
        else if (line.startsWith("AUTH PLAIN ")) {
          current.auth = atob(line.slice(11));
          socket.write("235 ok\r\n");
        } else if (line.startsWith("MAIL FROM:")) {
          current.from = line.slice(10);
          socket.write("250 ok\r\n");
        } else if (line.startsWith("RCPT TO:")) {
          current.to.push(line.slice(8));
          socket.write("250 ok\r\n");
        } else if (line === "DATA") {
          inData = true;
          socket.write("354 go\r\n");
        } else if (line === "QUIT") {
          socket.end("221 bye\r\n");
        } else socket.write("500 what\r\n");
      }
    });
  });
  return new Promise<{ port: number; messages: typeof messages; close: () => void }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address() as net.AddressInfo;
      resolve({ port: address.port, messages, close: () => server.close() });
    });
  });
}

Deno.test("trigger channels: e-mail over SMTP with a login", async () => {
  const w = await world();
  const smtp = await smtpListener();
  try {
    await putChannels(w, {
      allowlist: ["127.0.0.1"],
      email: {
        host: "127.0.0.1",
        port: smtp.port,
        tls: "none",
        user: "bot",
        password: "pw",
        from: "rotor@example.com",
        to: "me@example.com, ops@example.com",
      },
    });
    const [record] = await fire(w, "email");
    assert.equal(record.error, "");
    assert.equal(smtp.messages.length, 1);
    const [message] = smtp.messages;
    assert.equal(message.auth, "\u0000bot\u0000pw");
    assert.deepEqual(message.to, ["<me@example.com>", "<ops@example.com>"]);
    assert.match(message.data, /Subject: Rotor: Spend without sales: Push/);
    assert.match(message.data, /cost 20 >= 20/);
    assert.equal(message.from, "<rotor@example.com>");
    // STARTTLS asked of a server that does not offer it: refused, nothing sent in clear.
    const saved = await w.api.call(TRIGGER_ROUTES.channels, {});
    await putChannels(w, { ...saved, email: { ...saved.email, tls: "starttls" } });
    w.clock.now = T0 + 2 * HOUR;
    await check(w, record.triggerId);
    const [again] = await history(w, record.triggerId);
    assert.match(again.error, /email: SMTP server does not offer STARTTLS/);
    assert.equal(smtp.messages.length, 1);
  } finally {
    smtp.close();
  }
});

Deno.test("trigger URL checks: a page that answers 5xx, or lacks the text, is down", async () => {
  const w = await world();
  const site = listener((path) =>
    path === "/broken"
      ? new Response("no", { status: 503 })
      : path === "/moved"
      ? new Response(null, { status: 302, headers: { location: "/x" } })
      : new Response("<h1>Buy now</h1>")
  );
  try {
    await putChannels(w, { allowlist: ["127.0.0.1"] });
    // The world's offers and lander point at hosts that do not resolve here: the scopes list
    // only these.
    const up = idOf(
      await w.api.post(
        "/api/landings",
        buildLanding({ name: "Up", url: `${site.base}/lp?c={clickid}` }),
      ),
    );
    const moved = idOf(
      await w.api.post("/api/landings", buildLanding({ name: "Moved", url: `${site.base}/moved` })),
    );
    const broken = idOf(
      await w.api.post("/api/offers", buildOffer({ name: "Broken", url: `${site.base}/broken` })),
    );
    const notify = [{ kind: "notify", channels: ["panel"] }];
    const landers = await createTrigger(w, {
      name: "Landers down",
      scope: { type: "landing", ids: [up, moved] },
      conditions: [{ kind: "urlDown" }],
      actions: notify,
    });
    assert.deepEqual(await check(w, landers), [], "2xx and 3xx are up");
    const offers = await createTrigger(w, {
      name: "Offers down",
      scope: { type: "offer", ids: [broken] },
      conditions: [{ kind: "urlDown" }],
      actions: notify,
    });
    assert.deepEqual(await check(w, offers), ["Broken"]);
    const text = await createTrigger(w, {
      name: "Lander text",
      scope: { type: "landing", ids: [up] },
      conditions: [{ kind: "urlDown", mustContain: "Buy later" }],
      actions: notify,
    });
    assert.deepEqual(await check(w, text), ["Up"]);
    await w.api.patch(`/api/triggers/${text}`, {
      conditions: [{ kind: "urlDown", mustContain: "Buy now" }],
    });
    w.clock.now = T0 + 10 * HOUR;
    assert.deepEqual(await check(w, text), []);
  } finally {
    await site.close();
  }
});

Deno.test("trigger URL checks: each condition looks for its own text", async () => {
  const w = await world();
  const site = listener(() => new Response("<h1>Buy now</h1>"));
  try {
    await putChannels(w, { allowlist: ["127.0.0.1"] });
    const page = idOf(
      await w.api.post("/api/landings", buildLanding({ name: "Page", url: `${site.base}/lp` })),
    );
    const lacks = (text: string) => ({ kind: "urlDown", mustContain: text });
    const trigger = (logic: string, texts: string[]) =>
      createTrigger(w, {
        name: `Texts ${logic} ${texts.join(" ")}`,
        scope: { type: "landing", ids: [page] },
        logic,
        conditions: texts.map(lacks),
        actions: [{ kind: "notify", channels: ["panel"] }],
      });
    assert.deepEqual(await check(w, await trigger("any", ["Buy now", "Order"])), ["Page"]);
    assert.deepEqual(await check(w, await trigger("all", ["Buy now", "Order"])), []);
    assert.deepEqual(await check(w, await trigger("all", ["Order", "Sign up"])), ["Page"]);
    assert.deepEqual(await check(w, await trigger("any", ["", "Buy now"])), []);
  } finally {
    await site.close();
  }
});

Deno.test("trigger URL checks: pages on placeholder names (example.com, .test, .invalid) are not checked", async () => {
  const w = await world();
  const ids = [];
  for (const url of ["https://offers.example.com/keto?c={clickid}", "https://shop.test/buy"]) {
    ids.push(idOf(await w.api.post("/api/offers", buildOffer({ name: url, url }))));
  }
  const placeholders = await createTrigger(w, {
    name: "Placeholders down",
    scope: { type: "offer", ids },
    conditions: [{ kind: "urlDown" }],
    actions: [{ kind: "notify", channels: ["panel"] }],
  });
  assert.deepEqual(
    await check(w, placeholders),
    [],
    "no wolf cried for an address that never lives",
  );
  assert.equal(isPlaceholderUrl("https://lp.example.com/1/?c={clickid}"), true);
  assert.equal(isPlaceholderUrl("https://bad.invalid"), true);
  assert.equal(isPlaceholderUrl("https://myexample.com/"), false);
  assert.equal(isPlaceholderUrl("https://example.com.evil.net/"), false);
  assert.equal(isPlaceholderUrl("https://offers.examples.org/"), false);
});

Deno.test("trigger channels: an SMTP port out of range answers 400 with a clear message", async (t) => {
  const w = await world();
  const cases: [unknown, string][] = [
    [99999, "must be a port from 1 to 65535"],
    [0, "must be a port from 1 to 65535"],
    [25.5, "must be a port from 1 to 65535"],
    ["587", "must be a port from 1 to 65535"],
  ];
  for (const [port, message] of cases) {
    await t.step(`port ${JSON.stringify(port)}`, async () => {
      const res = await w.api.put(TRIGGER_ROUTES.saveChannels.path, { email: { port } });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      const error = res.body.error as { code: string; message: string };
      assert.equal(error.code, "VALIDATION_ERROR");
      assert.equal(error.message, `email.port: ${message}`);
    });
  }
  const saved = await w.api.get(TRIGGER_ROUTES.channels.path);
  assert.equal((saved.body.email as { port: number }).port, 587, "nothing was saved");
});

Deno.test("trigger channels: Send a test reaches the channel as the form holds it, and saves nothing", async (t) => {
  const w = await world();
  const hook = listener();
  const test = (body: unknown) => w.api.post(TRIGGER_ROUTES.testChannel.path, body);
  try {
    await t.step("an unsaved webhook gets a signed test event", async () => {
      const res = await test({
        channel: "webhook",
        settings: {
          allowlist: ["127.0.0.1/32"],
          webhook: { url: `${hook.base}/new`, secret: "s1" },
        },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body, { ok: true, error: null });
      assert.equal(hook.seen.length, 1);
      assert.equal(hook.seen[0].path, "/new");
      assert.equal(JSON.parse(hook.seen[0].body).event, "channel.test");
      assert.equal(
        hook.seen[0].headers.get(SIGNATURE_HEADER),
        `sha256=${await sign("s1", hook.seen[0].body)}`,
      );
      const saved = await w.api.get(TRIGGER_ROUTES.channels.path);
      assert.equal((saved.body.webhook as { url: string }).url, "", "a test saves nothing");
    });
    await t.step("a masked secret signs with the stored one", async () => {
      await putChannels(w, {
        allowlist: ["127.0.0.1/32"],
        webhook: { url: `${hook.base}/saved`, secret: "stored-secret" },
      });
      const shown = (await w.api.get(TRIGGER_ROUTES.channels.path)).body;
      const res = await test({ channel: "webhook", settings: shown });
      assert.deepEqual(res.body, { ok: true, error: null });
      const last = hook.seen.at(-1)!;
      assert.equal(last.path, "/saved");
      assert.equal(
        last.headers.get(SIGNATURE_HEADER),
        `sha256=${await sign("stored-secret", last.body)}`,
      );
    });
    await t.step("a channel that cannot be reached says why", async () => {
      const refused = await test({
        channel: "webhook",
        settings: { webhook: { url: `${hook.base}/x` } },
      });
      assert.equal(refused.status, 200);
      assert.equal(refused.body.ok, false);
      assert.match(String(refused.body.error), /refused/);
      const unset = await test({ channel: "telegram", settings: {} });
      assert.deepEqual(unset.body, { ok: false, error: "no Telegram bot token or chat id is set" });
      const email = await test({ channel: "email", settings: {} });
      assert.deepEqual(email.body, { ok: false, error: "no SMTP host or recipient is set" });
    });
    await t.step(
      "the panel's own centre and unknown channels are refused; non-admins get 403",
      async () => {
        assert.equal((await test({ channel: "panel", settings: {} })).status, 400);
        assert.equal((await test({ channel: "sms", settings: {} })).status, 400);
        const count = hook.seen.length;
        const buyer = await signedIn(w.app, {
          username: "buyer",
          role: "user",
          permissions: { "*": "write" },
        });
        const res = await buyer.post(TRIGGER_ROUTES.testChannel.path, {
          channel: "webhook",
          settings: { allowlist: ["127.0.0.1/32"], webhook: { url: `${hook.base}/buyer` } },
        });
        assert.equal(res.status, 403);
        assert.equal(hook.seen.length, count, "nothing was sent");
      },
    );
  } finally {
    await hook.close();
  }
});
