import assert from "node:assert/strict";
import { testDatabase } from "../../tests/helpers/api.ts";
import { createUser } from "../users/service.ts";
import {
  createSession,
  deleteUserSessions,
  findSession,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from "./sessions.ts";

async function setup() {
  const db = testDatabase();
  const userId = await createUser(db, {
    username: "alice",
    role: "user",
    password: "long-password",
  });
  return { db, userId };
}

Deno.test("sessions: a used session still ends at its absolute lifetime", async () => {
  const { db, userId } = await setup();
  const start = Date.now();
  const token = await createSession(db, userId, { ip: "", userAgent: "", now: start });
  // Used every few hours: never idle for long…
  for (let t = start; t < start + SESSION_ABSOLUTE_MS; t += SESSION_IDLE_MS / 2) {
    assert.ok(await findSession(db, token, t), `alive at +${(t - start) / 3600_000} h`);
  }
  // …but not past the absolute limit.
  assert.equal(await findSession(db, token, start + SESSION_ABSOLUTE_MS + 1), undefined);
});

Deno.test("sessions: the cookie value is not what the table stores", async () => {
  const { db, userId } = await setup();
  const token = await createSession(db, userId, { ip: "", userAgent: "" });
  const row = db.prepare("SELECT id_hash FROM sessions").get();
  assert.notEqual(row?.id_hash, token);
  assert.match(String(row?.id_hash), /^[0-9a-f]{64}$/);
});

Deno.test("sessions: ending a user's sessions ends all of them", async () => {
  const { db, userId } = await setup();
  const a = await createSession(db, userId, { ip: "", userAgent: "" });
  const b = await createSession(db, userId, { ip: "", userAgent: "" });
  deleteUserSessions(db, userId);
  assert.equal(await findSession(db, a), undefined);
  assert.equal(await findSession(db, b), undefined);
});
