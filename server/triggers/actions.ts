/**
 * What a trigger does for a subject it fired for: each action changes
 * entities through the shared entity service (validation, references, the
 * click cache's version) and returns the changes, which its record keeps so
 * that undo restores exactly what was there.
 */
import type { Destination } from "../../contracts/campaign.ts";
import type { Flow } from "../../contracts/flow.ts";
import type { Action, ActionChange, TriggerInput } from "../../contracts/trigger.ts";
import type { Db } from "../db/connection.ts";
import { campaignDef } from "../campaigns/definition.ts";
import { rotationDef } from "../rotations/definition.ts";
import type { EntityDef, Values } from "../entities/definition.ts";
import { getEntity, patchEntity } from "../entities/service.ts";
import { HttpError } from "../errors.ts";
import { withBlockedToken, withoutItem, withPathWeight } from "./flows.ts";

const DEFS: Record<ActionChange["table"], EntityDef> = {
  campaigns: campaignDef,
  rotations: rotationDef,
};

/** A change-making action (everything but notify). */
export type ChangeAction = Exclude<Action, { kind: "notify" }>;

type Flowed = { table: ActionChange["table"]; id: number; name: string; flow: Flow };

function campaignFlow(db: Db, id: number): Flowed | null {
  const c = getEntity(db, campaignDef, id);
  const destination = c.destination as Destination;
  if (destination.type !== "flow") return null;
  return { table: "campaigns", id, name: String(c.name), flow: destination.flow };
}

function rotationFlow(db: Db, id: number): Flowed {
  const r = getEntity(db, rotationDef, id);
  return {
    table: "rotations",
    id,
    name: String(r.name),
    flow: { rules: r.rules as Flow["rules"], defaultPaths: r.defaultPaths as Flow["defaultPaths"] },
  };
}

/** Every live flow: campaigns' inline flows and rotations, each by id (on both stores). */
function allFlows(db: Db): Flowed[] {
  const campaigns = db.prepare(
    `SELECT id FROM campaigns WHERE archived = 0 AND json_extract(destination, '$.type') = 'flow'
     ORDER BY id`,
  ).all().map((r) => campaignFlow(db, Number(r.id))).filter((f) => f !== null);
  const rotations = db.prepare("SELECT id FROM rotations WHERE archived = 0 ORDER BY id").all()
    .map((r) => rotationFlow(db, Number(r.id)));
  return [...campaigns, ...rotations];
}

/** The values that store a flow in its owner. */
function flowValues(owner: Flowed, flow: Flow): Values {
  return owner.table === "campaigns"
    ? { destination: { type: "flow", flow } }
    : { rules: flow.rules, defaultPaths: flow.defaultPaths };
}

/** Writes `after` over `owner`'s flow; the change it made. */
function writeFlow(db: Db, owner: Flowed, flow: Flow, author: string): ActionChange {
  const def = DEFS[owner.table];
  const after = flowValues(owner, flow);
  const pick = (values: Values) =>
    Object.fromEntries(Object.keys(after).map((k) => [k, values[k]]));
  const before = pick(getEntity(db, def, owner.id));
  patchEntity(db, def, owner.id, after, author);
  const saved = pick(getEntity(db, def, owner.id));
  return { table: owner.table, id: owner.id, label: owner.name, before, after: saved };
}

function subjectId(subject: string): { type: string; value: string } {
  const at = subject.indexOf(":");
  return { type: subject.slice(0, at), value: subject.slice(at + 1) };
}

/** Runs one change-making action for `subject`; the changes made (none: nothing to change). */
export function runAction(
  db: Db,
  action: ChangeAction,
  fire: { trigger: TriggerInput; subject: string },
): ActionChange[] {
  const { type, value } = subjectId(fire.subject);
  const scope = fire.trigger.scope;
  const author = `trigger "${fire.trigger.name}"`;
  switch (action.kind) {
    case "pauseCampaign": {
      const id = type === "campaign" ? Number(value) : scope.campaignId!;
      const c = getEntity(db, campaignDef, id);
      if (c.status === "paused") return [];
      patchEntity(db, campaignDef, id, { status: "paused" }, author);
      return [{
        table: "campaigns",
        id,
        label: String(c.name),
        before: { status: c.status },
        after: { status: "paused" },
      }];
    }
    case "removeFromRotation": {
      if (type !== "offer" && type !== "landing") return [];
      const item = { type, id: Number(value) } as const;
      return allFlows(db).flatMap((owner) => {
        const flow = withoutItem(owner.flow, item);
        return flow ? [writeFlow(db, owner, flow, author)] : [];
      });
    }
    case "setPathWeight": {
      const owner = action.owner === "campaign"
        ? campaignFlow(db, action.ownerId)
        : rotationFlow(db, action.ownerId);
      if (!owner) throw new HttpError(409, "NO_FLOW", `campaign ${action.ownerId} has no flow`);
      const flow = withPathWeight(owner.flow, action);
      if (!flow) {
        throw new HttpError(409, "NO_PATH", `${owner.name} has no path ${action.path} there`);
      }
      // Already at that weight (an earlier firing, another subject): nothing to record or undo.
      if (JSON.stringify(flow) === JSON.stringify(owner.flow)) return [];
      return [writeFlow(db, owner, flow, author)];
    }
    case "blockToken": {
      const owner = campaignFlow(db, scope.campaignId!);
      if (!owner) {
        throw new HttpError(409, "NO_FLOW", `campaign ${scope.campaignId} has no inline flow`);
      }
      const flow = withBlockedToken(owner.flow, {
        key: scope.token!,
        value,
        offerId: action.offerId,
      });
      return flow ? [writeFlow(db, owner, flow, author)] : [];
    }
  }
}

/**
 * Puts back what a record's changes replaced. Refuses (409, nothing changed)
 * when an entity was changed since, so an undo never overwrites later work.
 */
export function undoChanges(db: Db, changes: readonly ActionChange[], author: string): void {
  for (const change of changes) {
    const current = getEntity(db, DEFS[change.table], change.id);
    for (const [field, value] of Object.entries(change.after)) {
      if (JSON.stringify(current[field]) !== JSON.stringify(value)) {
        throw new HttpError(
          409,
          "CHANGED_SINCE",
          `${change.label} was changed after this action; undo would overwrite that change`,
        );
      }
    }
  }
  for (const change of changes) {
    patchEntity(db, DEFS[change.table], change.id, change.before, author);
  }
}
