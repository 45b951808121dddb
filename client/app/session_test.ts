import assert from "node:assert/strict";
import { setFetch } from "./api.ts";
import { AlreadyRunning } from "./helpers.ts";
import {
  checkSignedIn,
  guardStateStore,
  licenceNoticeStore,
  logout,
  runGuard,
  signIn,
} from "./session.ts";
import { loginLoader } from "./loaders.ts";
import { currentUserStore } from "./current_user.ts";

type Reply = { status: number; body: unknown };
type Routes = Record<string, Reply | (() => Reply)>;

/** A fake server answering by "METHOD path"; records the calls it got. */
function fakeServer(routes: Routes) {
  const calls: string[] = [];
  const previous = setFetch((input, init) => {
    const key = `${init?.method ?? "GET"} ${String(input)}`;
    calls.push(key);
    const route = routes[key];
    const reply = typeof route === "function" ? route() : route ?? { status: 404, body: {} };
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }));
  });
  return { calls, restore: () => setFetch(previous) };
}

const denied = {
  status: 403,
  body: { error: { status: 403, code: "AUTHENTICATION_ERROR", message: "AUTHENTICATION_ERROR" } },
};
const target = { pathname: "/offers", search: "", hash: "" };

Deno.test("session: a valid session passes the guard and stores the user", async () => {
  const server = fakeServer({
    "GET /api/user/role": {
      status: 200,
      body: { id: "1", role: "super_admin", username: "admin" },
    },
    "GET /api/user/1/hide_profit": { status: 200, body: { hideProfit: true } },
  });
  try {
    assert.deepEqual(await runGuard(target), { kind: "proceed" });
    assert.equal(guardStateStore.get(), "passed");
    assert.deepEqual(currentUserStore.get(), {
      id: "1",
      username: "admin",
      role: "super-admin",
      isHideProfit: true,
    });
  } finally {
    server.restore();
  }
});

Deno.test("session: in demo mode the guard signs in with the demo account", async () => {
  let signedIn = false;
  const server = fakeServer({
    "GET /api/user/role": () =>
      signedIn ? { status: 200, body: { id: "2", role: "user", username: "demo" } } : denied,
    "GET /api/user/2/hide_profit": { status: 200, body: { hideProfit: false } },
    "GET /api/mode": { status: 200, body: { mode: "demo" } },
    "POST /api/user/sign_in": () => {
      signedIn = true;
      return { status: 200, body: { status: "ok" } };
    },
  });
  try {
    assert.deepEqual(await runGuard(target), { kind: "proceed" });
    assert.ok(server.calls.includes("POST /api/user/sign_in"));
  } finally {
    server.restore();
  }
});

Deno.test("session: in normal mode a missing session goes to sign-in with returnTo", async () => {
  const server = fakeServer({
    "GET /api/user/role": denied,
    "GET /api/mode": { status: 200, body: { mode: "normal" } },
  });
  try {
    assert.deepEqual(await runGuard(target), { kind: "sign-in", returnTo: "/offers" });
    assert.equal(guardStateStore.get(), "initial");
    assert.equal(server.calls.includes("POST /api/user/sign_in"), false);
  } finally {
    server.restore();
  }
});

Deno.test("session: a 402 keeps the licence message and tracker id for the sign-in page", async () => {
  const server = fakeServer({
    "GET /api/user/role": { status: 402, body: { error: "License expired", trackerId: "T-9" } },
  });
  try {
    const got = await runGuard(target);
    assert.equal(got.kind, "licence");
    assert.deepEqual(licenceNoticeStore.get(), { message: "License expired", trackerId: "T-9" });
  } finally {
    licenceNoticeStore.set(null);
    server.restore();
  }
});

Deno.test("session: sign-in refuses to start while one is running", async () => {
  let release = () => {};
  const previous = setFetch(() =>
    new Promise((resolve) => {
      release = () => resolve(new Response('{"status":"ok"}'));
    })
  );
  try {
    const first = signIn({ login: "a", password: "b" });
    await assert.rejects(signIn({ login: "a", password: "b" }), AlreadyRunning);
    release();
    await first;
  } finally {
    setFetch(previous);
  }
});

Deno.test("session: logout clears the stored user even when the call fails", async () => {
  const server = fakeServer({
    "POST /api/user/logout": {
      status: 500,
      body: { error: { status: 500, code: "X", message: "down" } },
    },
  });
  try {
    currentUserStore.set({ id: "1", username: "admin", role: "admin", isHideProfit: false });
    await assert.rejects(logout());
    assert.equal(currentUserStore.get().id, "");
    assert.equal(guardStateStore.get(), "initial");
  } finally {
    server.restore();
  }
});

Deno.test("session: the sign-in page's check makes no failing call for a signed-out visitor", async (t) => {
  await t.step("signed out: access denied from a 200, and no role call", async () => {
    const server = fakeServer({
      "GET /api/user/session": { status: 200, body: { user: null } },
      "GET /api/user/role": denied,
    });
    try {
      assert.deepEqual(await checkSignedIn(), { kind: "access-denied" });
      licenceNoticeStore.set({ message: "stale", trackerId: "T-1" });
      assert.equal(await loginLoader(), null, "the form shows");
      assert.equal(licenceNoticeStore.get(), null);
      assert.deepEqual(server.calls, ["GET /api/user/session", "GET /api/user/session"]);
    } finally {
      server.restore();
    }
  });
  await t.step("signed in: sign-in goes on to campaigns", async () => {
    const user = { id: "1", role: "admin", username: "admin" };
    const server = fakeServer({ "GET /api/user/session": { status: 200, body: { user } } });
    try {
      assert.deepEqual(await checkSignedIn(), { kind: "ok", user });
      const thrown = await loginLoader().then(() => undefined, (e: unknown) => e);
      assert.ok(thrown instanceof Response, String(thrown));
      assert.equal(thrown.headers.get("Location"), "/campaigns");
    } finally {
      server.restore();
    }
  });
  await t.step("a 402 shows the licence message with the tracker id", async () => {
    const server = fakeServer({
      "GET /api/user/session": {
        status: 402,
        body: { error: "License expired", trackerId: "T-9" },
      },
    });
    try {
      assert.equal(await loginLoader(), null);
      assert.deepEqual(licenceNoticeStore.get(), { message: "License expired", trackerId: "T-9" });
    } finally {
      licenceNoticeStore.set(null);
      server.restore();
    }
  });
});
