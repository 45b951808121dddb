/**
 * The monitor's status words, computed from what the server said so that a
 * label never claims more than the figures beside it: no "up to date" when
 * update checks are off, no "flowing" before the first commit.
 */
import type { Health } from "../../contracts/monitor_health.ts";
import type { UpdateCheckState } from "../app/update_check.ts";

/** The Updates line's value (the error state has its own notice). */
export function updateLabel(state: UpdateCheckState): string {
  if (state.status !== "value") return "checking…";
  if (state.checksEnabled === false) return "checks off";
  return state.available ? "a new version is available" : "up to date";
}

/** The click writer's Commits fact. */
export function commitsLabel(writer: Pick<Health["writer"], "paused" | "lastCommitAt">): string {
  if (writer.paused) return "held for a WAL checkpoint";
  return writer.lastCommitAt === null ? "none yet" : "flowing";
}
