/** The signed-in user kept in local storage under a versioned key (SPEC §3, §9). */
import type { Role } from "../../contracts/auth.ts";
import { CurrentUserParser } from "./shell_parsers.ts";
import { browserStore, type KeyValueStore, readJson, writeJson } from "./storage.ts";
import { createExternalStore } from "./external_store.ts";

/** The storage version; a change drops what older builds stored. */
export const CURRENT_USER_VERSION = "15.08.24";
/** The storage key. */
export const CURRENT_USER_KEY = `currentUser_${CURRENT_USER_VERSION}`;
/** The username shown until sign-in sets it. */
export const USERNAME_PLACEHOLDER = "User";

/** The signed-in user as the panel keeps it. */
export interface CurrentUser {
  id: string;
  username: string;
  role: Role;
  isHideProfit: boolean;
}

/** The user before sign-in. */
export const ANONYMOUS: CurrentUser = {
  id: "",
  username: USERNAME_PLACEHOLDER,
  role: "user",
  isHideProfit: false,
};

/** The stored user, or the placeholder when absent or from another version. */
export function readCurrentUser(store: KeyValueStore = browserStore()): CurrentUser {
  const parsed = CurrentUserParser.safeParse(readJson(store, CURRENT_USER_KEY));
  return parsed.success ? parsed.data : ANONYMOUS;
}

/** The user, observable. */
export const currentUserStore = createExternalStore<CurrentUser>(readCurrentUser());

/** Stores the user. */
export function saveCurrentUser(user: CurrentUser, store: KeyValueStore = browserStore()): void {
  writeJson(store, CURRENT_USER_KEY, user);
  currentUserStore.set(user);
}

/** Forgets the user (logout). */
export function clearCurrentUser(store: KeyValueStore = browserStore()): void {
  store.removeItem(CURRENT_USER_KEY);
  currentUserStore.set(ANONYMOUS);
}
