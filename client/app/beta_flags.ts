/**
 * The beta flags in force (Settings → Beta), observable: the signed-in frame
 * sets them from the server's copy (`applyBetaFlags`); screens read one with
 * `useBetaFlag`.
 */
import { useSyncExternalStore } from "react";
import type { z } from "zod";
import type { BetaSettings } from "../../contracts/settings.ts";
import { createExternalStore } from "./external_store.ts";

/** Every beta flag, on or off. */
export type BetaFlags = z.infer<typeof BetaSettings>["flags"];

/** The flags in force. */
export const betaStore = createExternalStore<BetaFlags>({} as BetaFlags);

/** Whether beta flag `name` is on, re-rendering when it changes. */
export function useBetaFlag(name: keyof BetaFlags): boolean {
  return useSyncExternalStore(betaStore.subscribe, () => betaStore.get()[name] === true);
}

/** Body row height of the virtualised tables, px: `compact` with Compact tables on. */
export function useRowHeight(normal: number, compact: number): number {
  return useBetaFlag("compactTables") ? compact : normal;
}
