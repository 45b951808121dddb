import assert from "node:assert/strict";
import { setFetch } from "./api.ts";
import { AlreadyRunning } from "./helpers.ts";
import { guardStateStore, licenceNoticeStore, logout, runGuard, signIn } from "./session.ts";
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
