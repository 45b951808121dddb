import assert from "node:assert/strict";
import {
  debugKey,
  DEFAULT_DEBUG_SETTINGS,
  readDebugSettings,
  setDebugSetting,
} from "./debug_settings.ts";
import {
  ANONYMOUS,
  clearCurrentUser,
  CURRENT_USER_KEY,
  readCurrentUser,
  saveCurrentUser,
} from "./current_user.ts";
import { memoryStore } from "./storage.ts";

Deno.test("debug settings: defaults are SPEC's", () => {
  assert.deepEqual(readDebugSettings(memoryStore()), {
    colorizationMode: "colored-rows",
    isEnableLogging: false,
    isShowMonitorForDevelopersInMenu: false,
    isSyncSortingAndFiltersWithRouter: true,
    isWithVerticalBorders: false,
  });
});

Deno.test("debug settings: each is stored under its own key; invalid values are ignored", () => {
  const store = memoryStore({ [debugKey("colorizationMode")]: '"rainbow"' });
  assert.equal(readDebugSettings(store).colorizationMode, "colored-rows");
  assert.ok(setDebugSetting("isShowMonitorForDevelopersInMenu", true, store));
  assert.ok(setDebugSetting("colorizationMode", "even-odd", store));
  assert.equal(setDebugSetting("isEnableLogging", "yes" as unknown as boolean, store), false);
  assert.deepEqual(readDebugSettings(store), {
    ...DEFAULT_DEBUG_SETTINGS,
    isShowMonitorForDevelopersInMenu: true,
    colorizationMode: "even-odd",
  });
});

Deno.test("current user: stored under a key versioned 15.08.24", () => {
  assert.match(CURRENT_USER_KEY, /15\.08\.24/);
  const store = memoryStore();
  const user = { id: "1", username: "admin", role: "super-admin", isHideProfit: false } as const;
  saveCurrentUser(user, store);
  assert.deepEqual(readCurrentUser(store), user);
});

Deno.test("current user: the placeholder stands in until sign-in; logout clears", () => {
  const store = memoryStore({ "currentUser_01.01.20": '{"id":"9"}' });
  assert.deepEqual(readCurrentUser(store), ANONYMOUS);
  saveCurrentUser({ id: "2", username: "u", role: "user", isHideProfit: true }, store);
  clearCurrentUser(store);
  assert.equal(store.getItem(CURRENT_USER_KEY), null);
  assert.deepEqual(readCurrentUser(store), ANONYMOUS);
});
