/**
 * The other doors to a cost update: a CSV of `campaign, from, to[, token],
 * amount, currency` rows (checked whole before anything changes), and
 * Keitaro's Admin API `update_costs` body, both turned into `CostUpdateInput`.
 */
import {
  type CostCsvAnswer,
  type CostCsvInput,
  CostUpdateInput,
  type KeitaroCostInput,
} from "../../contracts/cost_update.ts";
import type { Db } from "../db/connection.ts";
import { HttpError } from "../errors.ts";
import { parseCsv } from "../csv/parse.ts";
import type { TrackingEngine } from "../tracking/engine.ts";
import { applyCostUpdate, type CostActor } from "./apply.ts";
import { tokenFilter } from "./match.ts";

function campaignId(db: Db, text: string): number {
  const byId = /^\d+$/.test(text)
    ? db.prepare("SELECT id FROM campaigns WHERE id = ?").get(Number(text))
    : undefined;
  const row = byId ?? db.prepare("SELECT id FROM campaigns WHERE name = ?").get(text);
  if (!row) throw new Error(`no campaign '${text}'`);
  return Number(row.id);
}

function rowInput(db: Db, cells: string[], csv: CostCsvInput): CostUpdateInput {
  const c = cells.map((s) => s.trim());
  if (c.length !== 5 && c.length !== 6) {
    throw new Error(`expected 5 or 6 columns (campaign, from, to[, token], amount, currency)`);
  }
  const [name, from, to] = c;
  const [token, amount, currency] = c.length === 6 ? c.slice(3) : ["", ...c.slice(3)];
  const id = campaignId(db, name);
  // Number() would read '' as 0 and '0x10' as 16: only decimals are amounts.
  if (!/^-?\d+(\.\d+)?$/.test(amount)) throw new Error(`amount '${amount}' is not a number`);
  const parsed = CostUpdateInput.safeParse({
    campaignIds: [id],
    from,
    to,
    tz: csv.tz,
    filters: token ? [tokenFilter(db, id, token)] : [],
    amount: Number(amount),
    currency: currency.toUpperCase(),
    mode: csv.mode,
    dryRun: true,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue.path.join(".") || "row"} ${issue.message}`);
  }
  return parsed.data;
}

const HEADER = /^campaign$/i;

/**
 * Checks every row (a dry run of each); applies them all, in one go, only
 * when none has an error and `dryRun` is off.
 */
export async function applyCostCsv(
  engine: TrackingEngine,
  csv: CostCsvInput,
  actor: CostActor,
): Promise<CostCsvAnswer> {
  let parsed;
  try {
    parsed = parseCsv(csv.csv);
  } catch (err) {
    throw new HttpError(400, "VALIDATION_ERROR", `CSV: ${(err as Error).message}`);
  }
  const rows = parsed.filter((r, i) => !(i === 0 && HEADER.test(r.cells[0].trim())));
  if (rows.length === 0) throw new HttpError(400, "VALIDATION_ERROR", "CSV: no rows");
  const inputs: (CostUpdateInput | null)[] = [];
  const answer: CostCsvAnswer = { applied: false, rows: [] };
  for (const row of rows) {
    try {
      const input = rowInput(engine.db, row.cells, csv);
      const result = await applyCostUpdate(engine, { ...input, dryRun: true }, actor);
      answer.rows.push({ line: row.line, ok: true, result });
      inputs.push(input);
    } catch (err) {
      answer.rows.push({ line: row.line, ok: false, error: (err as Error).message });
      inputs.push(null);
    }
  }
  if (csv.dryRun || inputs.some((i) => i === null)) return answer;
  answer.rows = [];
  for (const [i, input] of inputs.entries()) {
    const result = await applyCostUpdate(engine, { ...input!, dryRun: false }, actor);
    answer.rows.push({ line: rows[i].line, ok: true, result });
  }
  answer.applied = true;
  return answer;
}

/** Keitaro's `sub_id_N` are Rotor's tokens `tN`; other keys are Rotor dimensions. */
export function fromKeitaro(
  db: Db,
  campaign: number,
  body: KeitaroCostInput,
  currency: string,
): CostUpdateInput {
  const filters = Object.entries(body.filters).map(([key, value]) => {
    const sub = /^sub_id_(\d+)$/.exec(key);
    try {
      return tokenFilter(db, campaign, `${sub ? `t${sub[1]}` : key}=${value}`);
    } catch (err) {
      throw new HttpError(400, "VALIDATION_ERROR", `filters.${key}: ${(err as Error).message}`);
    }
  });
  return CostUpdateInput.parse({
    campaignIds: [campaign],
    from: body.start_date,
    to: body.end_date,
    tz: body.timezone,
    filters,
    amount: body.cost,
    currency: body.currency ?? currency,
    mode: "replace",
    uniqueOnly: body.only_campaign_uniques,
  });
}
