/** Test helpers for settings: the entity test API plus `put`. */
import type { Role } from "../../contracts/auth.ts";
import { TEST_PASSWORD, type TestApp, testApp } from "../../tests/helpers/api.ts";
import { type Answer, type Api, apiAs } from "../entities/testing.ts";

/** JSON calls as one signed-in user, with PUT. */
export type SettingsApi = Api & { put: (path: string, body: unknown) => Promise<Answer> };

async function answer(res: Response): Promise<Answer> {
  return { status: res.status, body: await res.json() };
}

/** Creates a user and signs them in. */
export async function settingsUser(
  app: TestApp,
  user: { username: string; role: Role },
): Promise<SettingsApi> {
  await app.addUser(user.username, user.role);
  const cookie = await app.signIn(user.username, TEST_PASSWORD);
  return {
    ...apiAs(app, cookie),
    put: async (path, body) => answer(await app.send(path, body, { cookie, method: "PUT" })),
  };
}

/** A fresh app with a signed-in super-admin. */
export async function settingsAdmin(): Promise<{ app: TestApp; api: SettingsApi }> {
  const app = testApp();
  return { app, api: await settingsUser(app, { username: "root", role: "super-admin" }) };
}
