import assert from "node:assert/strict";
import { buildUser } from "../../fixtures/builders.ts";
import { NOTIFICATION_ROUTES } from "../../contracts/api/triggers.ts";
import { TEST_PASSWORD } from "../../tests/helpers/api.ts";
import { type Api, apiAs } from "../entities/testing.ts";
import { check, createTrigger, HOUR, spendTrigger, traffic, type World, world } from "./testing.ts";

/**
 * A world whose campaign spent without sales in the last hour, by the real clock: whether a
 * notification came before a user is told by the user's creation time, which is the real clock's.
 */
async function spendingWorld(): Promise<World> {
  const w = await world();
  w.app.deps.db.exec("UPDATE triggers SET enabled = 0"); // the install's defaults
  traffic(w, { n: 20, ts: Date.now() - HOUR, cost: 1 });
  return w;
}

/** Fires a new spend trigger named `name` once, now: one notification, "`name`: Push". */
async function notify(w: World, name: string): Promise<void> {
  const id = await createTrigger(w, spendTrigger(w, { name }));
  w.clock.now = Date.now();
  assert.deepEqual(await check(w, id), ["Push"]);
}

/** Creates the user "buyer" through the API and signs them in. */
async function createBuyer(w: World): Promise<Api> {
  const created = await w.api.post("/api/users", buildUser({ password: TEST_PASSWORD }));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return apiAs(w.app, await w.app.signIn("buyer", TEST_PASSWORD));
}

/** What `api`'s user sees in the bell: each title with whether they read it, and the unread count. */
async function bell(api: Api) {
  const { items, unread } = await api.call(NOTIFICATION_ROUTES.list, {});
  return { read: items.map((n) => `${n.title.split(":")[0]}${n.read ? " (read)" : ""}`), unread };
}

Deno.test("notifications: each user reads for themselves; another's badge is untouched", async (t) => {
  const w = await spendingWorld();
  const buyer = await createBuyer(w);
  for (const name of ["One", "Two", "Three"]) await notify(w, name);
  const [, two, one] = (await w.api.call(NOTIFICATION_ROUTES.list, {})).items;
  const unreadAll = { read: ["Three", "Two", "One"], unread: 3 };

  await t.step("the admin marks one read: theirs alone", async () => {
    const answer = await w.api.call(NOTIFICATION_ROUTES.read, { body: { ids: [two.id] } });
    assert.equal(answer.unread, 2);
    assert.deepEqual(answer.items.map((n) => n.read), [false, true, false]);
    assert.deepEqual(await bell(buyer), unreadAll);
  });
  await t.step("the admin marks all read: the buyer still has all three unread", async () => {
    const answer = await w.api.call(NOTIFICATION_ROUTES.read, { body: {} });
    assert.equal(answer.unread, 0);
    assert.deepEqual(await bell(w.api), {
      read: ["Three (read)", "Two (read)", "One (read)"],
      unread: 0,
    });
    assert.deepEqual(await bell(buyer), unreadAll);
  });
  await t.step(
    "the buyer marks one read: their count drops, the admin's state is unchanged",
    async () => {
      const answer = await buyer.call(NOTIFICATION_ROUTES.read, { body: { ids: [one.id] } });
      assert.equal(answer.unread, 2);
      assert.deepEqual(await bell(buyer), { read: ["Three", "Two", "One (read)"], unread: 2 });
      assert.deepEqual(await bell(w.api), {
        read: ["Three (read)", "Two (read)", "One (read)"],
        unread: 0,
      });
    },
  );
  await t.step("a new notification is unread for every user", async () => {
    await notify(w, "Four");
    assert.deepEqual(await bell(w.api), {
      read: ["Four", "Three (read)", "Two (read)", "One (read)"],
      unread: 1,
    });
    assert.deepEqual(await bell(buyer), {
      read: ["Four", "Three", "Two", "One (read)"],
      unread: 3,
    });
  });
});

Deno.test("notifications: a user created after one was raised reads it as read; a later one is unread", async (t) => {
  const w = await spendingWorld();
  await notify(w, "Before");
  const buyer = await createBuyer(w);

  await t.step("the new user's badge does not count what came before them", async () => {
    assert.deepEqual(await bell(buyer), { read: ["Before (read)"], unread: 0 });
    assert.deepEqual(await bell(w.api), { read: ["Before"], unread: 1 }, "the admin's is unread");
  });
  await t.step("a notification raised afterwards is unread for them", async () => {
    await notify(w, "After");
    assert.deepEqual(await bell(buyer), { read: ["After", "Before (read)"], unread: 1 });
  });
  await t.step("marking all read clears it", async () => {
    const { items } = await buyer.call(NOTIFICATION_ROUTES.list, {});
    const answer = await buyer.call(NOTIFICATION_ROUTES.read, { body: { upTo: items[0].id } });
    assert.equal(answer.unread, 0);
    assert.deepEqual(answer.items.map((n) => n.read), [true, true]);
  });
});

Deno.test("notifications: mark all read up to the newest listed; one that arrived since stays unread", async (t) => {
  const w = await spendingWorld();
  for (const name of ["One", "Two"]) await notify(w, name);
  const listed = await w.api.call(NOTIFICATION_ROUTES.list, {});
  await notify(w, "Three"); // after the panel's last poll: never seen

  await t.step("only what was listed is marked", async () => {
    const answer = await w.api.call(NOTIFICATION_ROUTES.read, {
      body: { upTo: listed.items[0].id },
    });
    assert.equal(answer.unread, 1);
    assert.deepEqual(await bell(w.api), {
      read: ["Three", "Two (read)", "One (read)"],
      unread: 1,
    });
  });
  await t.step("bad input answers 400 and marks nothing", async () => {
    const bad: [unknown, RegExp][] = [
      [{ upTo: 0 }, /^upTo: /],
      [{ upTo: -3 }, /^upTo: /],
      [{ upTo: 1.5 }, /^upTo: /],
      [{ upTo: "7" }, /^upTo: /],
      [{ upTo: null }, /^upTo: /],
      [{ ids: [listed.items[0].id], upTo: listed.items[0].id }, /^upTo: must not be sent with ids/],
    ];
    for (const [body, message] of bad) {
      const res = await w.api.post(NOTIFICATION_ROUTES.read.path, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const error = res.body.error as { code: string; message: string };
      assert.equal(error.code, "VALIDATION_ERROR");
      assert.match(error.message, message, JSON.stringify(body));
    }
    assert.equal((await bell(w.api)).unread, 1);
  });
  await t.step("without upTo (callers from before it), all are marked", async () => {
    assert.equal((await w.api.call(NOTIFICATION_ROUTES.read, { body: {} })).unread, 0);
  });
});
