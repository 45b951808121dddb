/**
 * What a trigger reaches beyond the `trigger` right (decision 150): it reads
 * the figures and names of the entity type it watches, and its actions change
 * campaigns and rotations. Whoever saves, replays or checks a trigger must
 * have those rights too, as the report's grouping and the undo of an action
 * ask; a hide-profit user neither replays nor checks one that reads profit.
 */
import type { Access } from "../../contracts/user.ts";
import type { Subject } from "../../contracts/rights.ts";
import { type Action, type Scope, TriggerInput } from "../../contracts/trigger.ts";
import { forbidden } from "../errors.ts";
import type { UserRow } from "../users/store.ts";
import { accessTo, assertAccess } from "../auth/permissions.ts";
import { readsProfit } from "./check.ts";

/** The entity types whose names and figures a scope shows. */
const SCOPE_READS: Readonly<Record<Scope["type"], Subject[]>> = {
  campaign: ["campaign"],
  offer: ["offer"],
  landing: ["landing"],
  "traffic-source": ["traffic-source"],
  "affiliate-network": ["affiliate-network"],
  token: ["campaign"],
  pages: ["offer", "landing"],
};

/** What each action changes (a rotation's flow as well as campaigns' for weights). */
function actionNeeds(action: Action): Array<[Subject, Access]> {
  switch (action.kind) {
    case "notify":
      return [];
    case "pauseCampaign":
      return [["campaign", "write"]];
    case "removeFromRotation":
      return [["campaign", "write"], ["rotation", "write"]];
    case "setPathWeight":
      return [[action.owner, "write"]];
    case "blockToken":
      return [["campaign", "write"], ["offer", "read"]];
  }
}

/** 403 unless `user` may read what the trigger watches and change what its actions change. */
export function assertMaySave(user: UserRow, trigger: TriggerInput): void {
  for (const subject of SCOPE_READS[trigger.scope.type]) assertAccess(user, subject, "read");
  for (const action of trigger.actions) {
    for (const [subject, level] of actionNeeds(action)) assertAccess(user, subject, level);
  }
}

/** `assertMaySave`, and no profit figures answered to a hide-profit user (dry run, check now). */
export function assertMayRun(user: UserRow, trigger: TriggerInput): void {
  assertMaySave(user, trigger);
  if (user.hideProfit && readsProfit(trigger)) {
    throw forbidden("This trigger reads profit figures, which are hidden from you");
  }
}

/** Whether `user` may see a record about `subject` (`offer:3`, `token:…`): read on its type. */
export function maySeeSubject(user: UserRow, subject: string): boolean {
  const type = subject.slice(0, subject.indexOf(":")) as Scope["type"];
  const needs = SCOPE_READS[type] ?? [];
  return needs.every((s) => accessTo(user, s) !== "none");
}

/** The shared entity routes' hook: stored or sent values that are not a whole trigger wait for validation. */
export function authoriseTriggerValues(user: UserRow, values: Record<string, unknown>): void {
  const parsed = TriggerInput.safeParse(values);
  if (parsed.success) assertMaySave(user, parsed.data);
}
