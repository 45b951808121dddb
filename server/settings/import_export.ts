/**
 * Export every entity as one JSON file, and import such a file back through
 * the entity services (the same checks as the API), in one transaction:
 * ids are remapped, references follow, and on any error nothing is written.
 * A dry run does the whole import and rolls it back, so its summary is exact.
 * Users are not exported: credentials do not travel in files.
 */
import { z } from "zod";
import type { Db } from "../db/connection.ts";
import { HttpError } from "../errors.ts";
import type { EntityDef, Values } from "../entities/definition.ts";
import { refsOf } from "../entities/refs.ts";
import { insertEntity } from "../entities/service.ts";
import { selectWhere, setArchived } from "../entities/store.ts";
import { groupDef, groupIdNamed } from "../groups/definition.ts";
import type { GroupInput } from "../../contracts/group.ts";
import { domainDef } from "../domains/definition.ts";
import { trafficSourceDef } from "../traffic_sources/definition.ts";
import { affiliateNetworkDef } from "../affiliate_networks/definition.ts";
import { offerDef } from "../offers/definition.ts";
import { landingDef } from "../landings/definition.ts";
import { rotationDef } from "../rotations/definition.ts";
import { campaignDef } from "../campaigns/definition.ts";
import {
  EXPORT_FORMAT,
  type ExportFile,
  ExportTable,
  type ImportSummary,
} from "../../contracts/import_export.ts";

/** Tables in dependency order: each refers only to tables before it (or to itself). */
const DEFS: ReadonlyArray<readonly [ExportTable, EntityDef]> = [
  ["groups", groupDef],
  ["domains", domainDef],
  ["traffic_sources", trafficSourceDef],
  ["affiliate_networks", affiliateNetworkDef],
  ["offers", offerDef],
  ["landings", landingDef],
  ["rotations", rotationDef],
  ["campaigns", campaignDef],
];

/** Every entity (archived ones too unless `includeArchived` is false), by table. */
export function exportEntities(
  db: Db,
  options: { version: string; includeArchived?: boolean },
): ExportFile {
  const entities = {} as ExportFile["entities"];
  for (const [table, def] of DEFS) {
    const where = options.includeArchived === false ? "archived = 0" : "1 = 1";
    entities[table] = selectWhere(def, db, { where, params: [], orderBy: "id" });
  }
  return {
    format: EXPORT_FORMAT,
    version: 1,
    exportedAt: new Date().toISOString(),
    rotorVersion: options.version,
    entities,
  };
}

function setAt(values: Values, path: ReadonlyArray<string | number>, id: number): void {
  let node = values as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = id;
}

type IdMaps = Map<string, Map<number, number>>;

function fail(where: string, message: string): never {
  throw new HttpError(400, "IMPORT_FAILED", `${where}: ${message}`, {
    issues: [{ path: where, message }],
  });
}

/** The item with every reference rewritten to the new ids; undefined while a same-table ref waits. */
function remap(
  def: EntityDef,
  item: Values,
  options: { maps: IdMaps; pending: ReadonlySet<number>; where: string },
): Values | undefined {
  const { id: _id, createdAt: _c, updatedAt: _u, archived: _a, ...rest } = item;
  const parsed = def.create.safeParse(rest);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(`${options.where}.${issue.path.join(".")}`, issue.message);
  }
  const values = structuredClone(parsed.data);
  for (const ref of refsOf(def, parsed.data)) {
    const newId = options.maps.get(ref.table)?.get(ref.id);
    if (newId !== undefined) {
      setAt(values, ref.path, newId);
      continue;
    }
    if (ref.table === def.table && options.pending.has(ref.id)) return undefined;
    fail(`${options.where}.${ref.path.join(".")}`, `${ref.table} ${ref.id} is not in the file`);
  }
  return values;
}

function importTable(db: Db, table: ExportTable, options: {
  def: EntityDef;
  items: Values[];
  maps: IdMaps;
  notes: string[];
}): number {
  const { def, maps } = options;
  const map = new Map<number, number>();
  maps.set(table, map);
  const pending = new Map(options.items.map((item, index) => [Number(item.id), { item, index }]));
  const waiting = new Set(pending.keys());
  let inserted = 0;
  // Items referring to others of their own table wait until those are in.
  while (pending.size > 0) {
    let progressed = false;
    for (const [oldId, { item, index }] of pending) {
      const values = remap(def, item, { maps, pending: waiting, where: `${table}[${index}]` });
      if (!values) continue;
      pending.delete(oldId);
      waiting.delete(oldId);
      progressed = true;
      // A group named like one already here (or earlier in the file): its members join that one.
      const namesake = table === "groups" ? groupIdNamed(db, values as GroupInput) : null;
      if (namesake !== null) {
        map.set(oldId, namesake);
        options.notes.push(
          `group “${values.name}” already exists here (#${namesake}): its members joined it`,
        );
        continue;
      }
      const newId = Number(insertEntity(db, def, values).id);
      map.set(oldId, newId);
      inserted++;
      if (item.archived === true) setArchived(def, db, newId, true);
      if (table === "campaigns") {
        keepCampaignKey(db, { id: newId, key: item.key, notes: options.notes });
      }
    }
    if (!progressed) fail(table, "items refer to each other in a loop");
  }
  return inserted;
}

/** A campaign keeps its public key when it is free, so links already in ads keep working. */
function keepCampaignKey(db: Db, options: { id: number; key: unknown; notes: string[] }): void {
  const key = String(options.key ?? "");
  if (!/^[\w-]{8,64}$/.test(key)) return;
  if (db.prepare("SELECT 1 FROM campaigns WHERE key = ?").get(key)) {
    options.notes.push(`campaign key ${key} is taken here: campaign ${options.id} got a new key`);
    return;
  }
  db.prepare("UPDATE campaigns SET key = ? WHERE id = ?").run(key, options.id);
}

/**
 * Imports `file`. With `dryRun` every write happens and is then rolled back,
 * so the summary (counts, notes, or the first error) is what applying gives.
 */
export function importEntities(db: Db, file: unknown, options: { dryRun: boolean }): ImportSummary {
  const parsed = z.object({ format: z.literal(EXPORT_FORMAT) }).safeParse(file);
  if (!parsed.success) fail("format", "not a Rotor export file");
  const { entities } = file as ExportFile;
  const created = {} as ImportSummary["created"];
  const notes: string[] = [];
  const maps: IdMaps = new Map();
  db.exec("BEGIN IMMEDIATE");
  try {
    // A domain's root campaign comes later in the file's order: set once campaigns are in.
    const roots = new Map<number, number>();
    for (const [table, def] of DEFS) {
      let items = Array.isArray(entities?.[table]) ? entities[table] : [];
      if (table === "domains") items = items.map((d) => withoutRoot(d, roots));
      created[table] = importTable(db, table, { def, items, maps, notes });
    }
    setRoots(db, { roots, maps });
    db.exec(options.dryRun ? "ROLLBACK" : "COMMIT");
  } catch (err) {
    db.exec("ROLLBACK");
    throw err;
  }
  return { dryRun: options.dryRun, created, notes };
}

/** The domain without its root campaign, noted in `roots` (old domain id → old campaign id). */
function withoutRoot(domain: Values, roots: Map<number, number>): Values {
  if (typeof domain.rootCampaignId === "number") {
    roots.set(Number(domain.id), domain.rootCampaignId);
  }
  return { ...domain, rootCampaignId: null };
}

function setRoots(db: Db, options: { roots: Map<number, number>; maps: IdMaps }): void {
  const domains = options.maps.get("domains");
  const campaigns = options.maps.get("campaigns");
  for (const [domain, campaign] of options.roots) {
    const newCampaign = campaigns?.get(campaign);
    if (newCampaign === undefined) fail("domains", `campaigns ${campaign} is not in the file`);
    db.prepare("UPDATE domains SET root_campaign_id = ? WHERE id = ?")
      .run(newCampaign, domains!.get(domain)!);
  }
}

export { ExportTable };
