/**
 * Stable ids for the rules and paths of flows (decision 123). Each rule and
 * path carries an id, unique across all flows, kept across reorder and edits;
 * a click stores the matched rule's and path's ids, so reports never add up
 * two different rules. `flow_items` records which flow owns each id (an id
 * copied into another flow, or twice into one, gets a fresh one) and the
 * label reports show, which outlives the rule.
 */
import type { Flow, Path, Rule } from "../../contracts/flow.ts";
import { type Db, transaction } from "../db/connection.ts";

/** Ids below this are positions, stored on clicks made before ids existed. */
export const FIRST_FLOW_ITEM_ID = 1000;

type Item = { id?: number; name: string };
type FlowShape = { rules: Rule[]; defaultPaths: Path[] };

/** The label of a rule (its name, else its position) and of a path (with its rule's label). */
function labels(flow: FlowShape): Array<{ item: Item; kind: "rule" | "path"; label: string }> {
  const out: Array<{ item: Item; kind: "rule" | "path"; label: string }> = [];
  const paths = (list: Path[], ruleLabel: string) =>
    list.forEach((p, j) =>
      out.push({ item: p, kind: "path", label: `${ruleLabel} › ${p.name || `Path ${j + 1}`}` })
    );
  flow.rules.forEach((r, i) => {
    const label = r.name || `Rule ${i + 1}`;
    out.push({ item: r, kind: "rule", label });
    paths(r.paths, label);
  });
  paths(flow.defaultPaths, "Default paths");
  return out;
}

/**
 * Gives every rule and path of `flow` (owned by `owner`, e.g. `rotation:3`) an
 * id it owns, and records the labels. Mutates and returns `flow`; true in
 * `changed` when an id was added or replaced (the caller stores the flow).
 */
export function assignFlowIds<F extends FlowShape>(
  db: Db,
  flow: F,
  owner: string,
): { flow: F; changed: boolean } {
  const ownerOf = db.prepare("SELECT owner, kind FROM flow_items WHERE id = ?");
  const insert = db.prepare(
    `INSERT INTO flow_items (id, kind, owner, label)
     SELECT max(coalesce(max(id), 0) + 1, ${FIRST_FLOW_ITEM_ID}), ?, ?, ? FROM flow_items
     RETURNING id`,
  );
  const relabel = db.prepare("UPDATE flow_items SET label = ? WHERE id = ?");
  const seen = new Set<number>();
  let changed = false;
  for (const { item, kind, label } of labels(flow)) {
    const found = item.id === undefined ? undefined : ownerOf.get(item.id);
    const mine = found && found.owner === owner && found.kind === kind && !seen.has(item.id!);
    if (mine) {
      relabel.run(label, item.id!);
    } else {
      setIdFirst(item, Number(insert.get(kind, owner, label)!.id));
      changed = true;
    }
    seen.add(item.id!);
  }
  return { flow, changed };
}

/**
 * Sets `item.id` as its first key, the contract's order, so a stored flow reads the same
 * as the same flow parsed by the contract (an undo that writes it back compares equal).
 */
function setIdFirst(item: Item, id: number): void {
  const fields: Record<string, unknown> = item;
  const rest = Object.entries(fields).filter(([key]) => key !== "id");
  for (const [key] of Object.entries(fields)) delete fields[key];
  Object.assign(fields, { id }, Object.fromEntries(rest));
}

/** Assigns ids to a rotation's flow after a write and stores them. */
export function assignRotationIds(db: Db, id: number, flow: FlowShape): void {
  const { changed } = assignFlowIds(db, flow, `rotation:${id}`);
  if (!changed) return;
  db.prepare("UPDATE rotations SET rules = ?, default_paths = ? WHERE id = ?")
    .run(JSON.stringify(flow.rules), JSON.stringify(flow.defaultPaths), id);
}

/** Assigns ids to a campaign's inline flow (if it has one) after a write and stores them. */
export function assignCampaignIds(
  db: Db,
  id: number,
  destination: { type: string; flow?: Flow },
): void {
  if (destination.type !== "flow" || !destination.flow) return;
  const { changed } = assignFlowIds(db, destination.flow, `campaign:${id}`);
  if (!changed) return;
  db.prepare("UPDATE campaigns SET destination = ? WHERE id = ?")
    .run(JSON.stringify(destination), id);
}

/** Gives ids to every stored flow still without them (at start: flows saved before ids). */
export function assignMissingFlowIds(db: Db): void {
  transaction(db, () => {
    for (const r of db.prepare("SELECT id, rules, default_paths FROM rotations").all()) {
      const flow = {
        rules: JSON.parse(String(r.rules)),
        defaultPaths: JSON.parse(String(r.default_paths)),
      };
      if (needsIds(flow)) assignRotationIds(db, Number(r.id), flow);
    }
    for (const c of db.prepare("SELECT id, destination FROM campaigns").all()) {
      const destination = JSON.parse(String(c.destination));
      if (destination.type === "flow" && needsIds(destination.flow)) {
        assignCampaignIds(db, Number(c.id), destination);
      }
    }
  });
}

function needsIds(flow: FlowShape): boolean {
  return labels(flow).some(({ item }) => item.id === undefined);
}

/**
 * How a click's stored rule or path value reads: an id's label, a position
 * (clicks before ids) as "Rule 2", -1 as the default paths (rule) or none (path).
 */
export function flowItemLabeller(
  db: Db,
  kind: "rule" | "path",
  values: Iterable<number>,
): (value: number) => string {
  const ids = [...new Set(values)].filter((v) => v >= FIRST_FLOW_ITEM_ID);
  const names = new Map<number, string>();
  if (ids.length) {
    const rows = db.prepare(
      "SELECT id, label FROM flow_items WHERE id IN (SELECT value FROM json_each(?))",
    ).all(JSON.stringify(ids));
    for (const row of rows) names.set(Number(row.id), String(row.label));
  }
  // Two rules may share a name: the id tells them apart in one answer.
  const count = new Map<string, number>();
  for (const name of names.values()) count.set(name, (count.get(name) ?? 0) + 1);
  const noun = kind === "rule" ? "Rule" : "Path";
  return (v) => {
    if (v < 0) return kind === "rule" ? "Default paths" : "(none)";
    if (v < FIRST_FLOW_ITEM_ID) return `${noun} ${v + 1}`;
    const name = names.get(v);
    if (name === undefined) return `${noun} #${v}`;
    return (count.get(name) ?? 0) > 1 ? `${name} (#${v})` : name;
  };
}
