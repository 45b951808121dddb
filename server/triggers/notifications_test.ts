import assert from "node:assert/strict";
import { buildUser } from "../../fixtures/builders.ts";
import { NOTIFICATION_ROUTES } from "../../contracts/api/triggers.ts";
import { TEST_PASSWORD } from "../../tests/helpers/api.ts";
import { type Api, apiAs } from "../entities/testing.ts";
import {
  check,
  createTrigger,
  HOUR,
  spendTrigger,
  T0,
  traffic,
  type World,
  world,
} from "./testing.ts";

/** Fires a new spend trigger named `name` once: one notification, "`name`: Push". */
async function notify(w: World, name: string): Promise<void> {
  assert.deepEqual(await check(w, await createTrigger(w, spendTrigger(w, { name }))), ["Push"]);
}

/** What `api`'s user sees in the bell: each title with whether they read it, and the unread count. */
async function bell(api: Api) {
  const { items, unread } = await api.call(NOTIFICATION_ROUTES.list, {});
  return { read: items.map((n) => `${n.title.split(":")[0]}${n.read ? " (read)" : ""}`), unread };
}

Deno.test("notifications: each user reads for themselves; another's badge is untouched", async (t) => {
  const w = await world();
  w.app.deps.db.exec("UPDATE triggers SET enabled = 0"); // the install's defaults
  traffic(w, { n: 20, ts: T0 - HOUR, cost: 1 });
  for (const name of ["One", "Two", "Three"]) await notify(w, name);
  const created = await w.api.post("/api/users", buildUser({ password: TEST_PASSWORD }));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const buyer = apiAs(w.app, await w.app.signIn("buyer", TEST_PASSWORD));
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
