/**
 * In forward mode (`ROTOR_UPSTREAM`) the mode and the licence that the panel
 * sees are the upstream tracker's: changing them in the local data folder
 * would do nothing visible, so `rotor mode` and `rotor licence` refuse.
 */
import type { Command } from "commander";
import { upstreamOrigin } from "../server/monitor/build_info.ts";

/** Commands whose state lives upstream in forward mode. */
const UPSTREAM_STATE = new Set(["mode", "licence"]);

/** The refusal for `command`, or undefined when it may run. */
export function forwardModeRefusal(
  command: string,
  upstream: string | undefined,
): string | undefined {
  if (!upstream || !UPSTREAM_STATE.has(command)) return undefined;
  const where = upstreamOrigin(upstream) ?? upstream;
  return `rotor ${command}: this server forwards to ${where} (ROTOR_UPSTREAM is set), ` +
    `so the ${command} the panel sees is that tracker's. ` +
    `Run \`rotor ${command}\` on the upstream tracker, or unset ROTOR_UPSTREAM.`;
}

/** Makes `program` refuse upstream-state commands while ROTOR_UPSTREAM is set. */
export function refuseInForwardMode(program: Command): void {
  program.hook("preAction", (_program, action) => {
    const refusal = forwardModeRefusal(action.name(), Deno.env.get("ROTOR_UPSTREAM") || undefined);
    if (refusal) throw new Error(refusal);
  });
}
