/**
 * The other doors to a cost update: a CSV of `campaign, from, to[, token],
 * amount, currency` rows (checked whole before anything changes), and
 * Keitaro's Admin API `update_costs` body, both turned into `CostUpdateInput`.
 */
import {
  type CostCsvAnswer,
  type CostCsvInput,
  CostUpdateInput,
  type CostUpdateResult,
  type KeitaroClicksCostInput,
  type KeitaroCostInput,
} from "../../contracts/cost_update.ts";
import type { Db } from "../db/connection.ts";
import { HttpError } from "../errors.ts";
import { parseCsv } from "../csv/parse.ts";
import type { TrackingEngine } from "../tracking/engine.ts";
import { applyCostUpdate, type CostActor } from "./apply.ts";
import { sharedTokenFilter, tokenFilter } from "./match.ts";
import { unknownCurrencies } from "../validate.ts";

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
  const unknown = unknownCurrencies(parsed.data)[0];
  if (unknown) throw new Error(`currency ${unknown.message}`);
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

/** One Keitaro cost period, whichever of Keitaro's two calls it came in. */
type KeitaroPeriod = {
  start_date: string;
  end_date: string;
  cost: number;
  timezone: string;
  currency: string;
  filters: Record<string, string | number>;
  uniqueOnly: boolean;
};

/**
 * Keitaro's `end_date` is a moment whose second the period includes (a date
 * alone is its midnight): the exclusive end Rotor reads is one second later.
 */
export function keitaroEnd(end: string): string {
  const [date, time = "00:00:00"] = end.trim().split(/[ T]/);
  const [h, m, sec = 0] = time.split(":").map(Number);
  const ms = Date.parse(`${date}T00:00:00Z`) + ((h * 60 + m) * 60 + sec + 1) * 1000;
  if (!(h <= 23 && m <= 59 && sec <= 59) || Number.isNaN(ms)) return end; // refused by the schema
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

/**
 * Keitaro's `sub_id_N` are Rotor's tokens `tN`; other keys are Rotor
 * dimensions; a comma-separated value is a list of values.
 */
function keitaroInput(db: Db, campaignIds: number[], period: KeitaroPeriod): CostUpdateInput {
  for (const id of campaignIds) {
    if (!db.prepare("SELECT 1 FROM campaigns WHERE id = ?").get(id)) {
      throw new HttpError(404, "NOT_FOUND", `No campaign #${id}`);
    }
  }
  const filters = Object.entries(period.filters).map(([key, value]) => {
    const sub = /^sub_id_(\d+)$/.exec(key);
    // Keitaro's own click field for the source's click id is Rotor's external id.
    const name = sub ? `t${sub[1]}` : key === "external_id" ? "externalId" : key;
    const values = String(value).split(",").map((v) => v.trim()).filter((v) => v !== "");
    try {
      const filter = sharedTokenFilter(db, campaignIds, `${name}=${values[0] ?? ""}`);
      return { ...filter, values: values.length > 0 ? values : [""] };
    } catch (err) {
      const message = (err as Error).message.replace(/^token: /, "");
      throw new HttpError(400, "VALIDATION_ERROR", `filters.${key}: ${message}`);
    }
  });
  const parsed = CostUpdateInput.safeParse({
    campaignIds,
    from: period.start_date,
    to: keitaroEnd(period.end_date),
    tz: period.timezone,
    filters,
    amount: period.cost,
    currency: period.currency,
    mode: "replace",
    uniqueOnly: period.uniqueOnly,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = KEITARO_FIELDS[String(issue.path[0])] ?? issue.path.join(".");
    throw new HttpError(400, "VALIDATION_ERROR", `${field}: ${issue.message}`);
  }
  return parsed.data;
}

/** Rotor's field names in an error, as the Keitaro caller named them. */
const KEITARO_FIELDS: Record<string, string> = {
  from: "start_date",
  to: "end_date",
  tz: "timezone",
  amount: "cost",
  uniqueOnly: "only_campaign_uniques",
};

/** `POST /admin_api/v1/campaigns/{id}/update_costs` as one cost update. */
export function fromKeitaro(
  db: Db,
  campaign: number,
  body: KeitaroCostInput,
  currency: string,
): CostUpdateInput {
  return keitaroInput(db, [campaign], {
    ...body,
    currency: body.currency ?? currency,
    uniqueOnly: body.only_campaign_uniques,
  });
}

/**
 * `POST /admin_api/v1/clicks/update_costs`: each period one cost update over
 * the campaigns. Every period is checked first; one refused (a bad filter, no
 * clicks, no rate) refuses the call, naming it, and nothing changes.
 */
export async function applyKeitaroClicks(
  engine: TrackingEngine,
  body: KeitaroClicksCostInput,
  currency: string,
  actor: CostActor,
): Promise<CostUpdateResult[]> {
  const inputs: CostUpdateInput[] = [];
  for (const [i, entry] of body.costs.entries()) {
    try {
      const input = keitaroInput(engine.db, body.campaign_ids, {
        ...entry,
        timezone: entry.timezone ?? body.timezone ?? "UTC",
        currency: entry.currency ?? body.currency ?? currency,
        uniqueOnly: body.only_campaign_uniques,
      });
      await applyCostUpdate(engine, { ...input, dryRun: true }, actor);
      inputs.push(input);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      throw new HttpError(err.status, err.code, `costs[${i}]: ${err.message}`);
    }
  }
  const results: CostUpdateResult[] = [];
  for (const input of inputs) results.push(await applyCostUpdate(engine, input, actor));
  return results;
}
