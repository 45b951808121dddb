/**
 * Demo and normal mode (DESIGN §6), kept in the database so that the CLI and
 * the running server agree without a restart.
 */
import { Mode } from "../../contracts/auth.ts";
import type { Db } from "../db/connection.ts";
import { readSetting, writeSetting } from "./store.ts";

/** The current mode; a fresh install is in normal mode. */
export function getMode(db: Db): Mode {
  return readSetting(db, "mode", { schema: Mode, fallback: "normal" });
}

/** Switches mode. Demo mode needs the demo account, which callers ensure. */
export function setMode(db: Db, mode: Mode): void {
  writeSetting(db, "mode", Mode.parse(mode));
}
