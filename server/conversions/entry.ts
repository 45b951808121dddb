/**
 * Conversions entered by hand or uploaded (issue 13 item 3). Each goes through
 * the postback's own decision and write (`recordConversion`): status words,
 * payout, currency, the duplicate policy and once per click, txid and status;
 * the signed-in user stands in for the network's token. Each recorded one is
 * in the conversion change history with its author. A CSV is checked whole
 * (a dry run of every row) and applied only when no row is refused.
 */
import type {
  ConversionEntry,
  ConversionEntryResult,
  ConversionUpload,
  ConversionUploadAnswer,
} from "../../contracts/conversion_entry.ts";
import { ConversionEntry as EntrySchema } from "../../contracts/conversion_entry.ts";
import { parseCsv } from "../csv/parse.ts";
import { localInstant } from "../entities/range.ts";
import { HttpError } from "../errors.ts";
import { fromMicros } from "../money.ts";
import type { TrackingEngine } from "../tracking/engine.ts";
import { recordConversion } from "../tracking/postback.ts";
import { decidePostback, gatherFacts, type PostbackParams } from "../tracking/postback_rules.ts";
import type { UserRow } from "../users/store.ts";

/** A conversion may be dated this far ahead of the server's clock (clock skew), no more. */
const FUTURE_SLACK_MS = 60_000;

function refused(error: string, status = ""): ConversionEntryResult {
  return { outcome: "refused", conversionId: null, status, error };
}

/** The entry's time, checked against its click and the clock; a message when it cannot be. */
function entryTime(
  engine: TrackingEngine,
  entry: ConversionEntry,
  now: number,
): number | string {
  let time = now;
  if (entry.time) {
    try {
      time = localInstant(entry.time.replace("T", " "), entry.tz);
    } catch (err) {
      return (err as Error).message;
    }
  }
  if (time > now + FUTURE_SLACK_MS) return `time ${entry.time} is in the future`;
  const click = engine.clicks.find(entry.clickId);
  if (click && time < click.ts) {
    return `time ${entry.time || "now"} is before its click (${new Date(click.ts).toISOString()})`;
  }
  return time;
}

/** Records (or, with `dryRun`, only decides) one conversion. */
export function enterConversion(
  engine: TrackingEngine,
  entry: ConversionEntry,
  by: { user: UserRow; source: "manual" | "upload"; dryRun?: boolean },
  now = Date.now(),
): ConversionEntryResult {
  const time = entryTime(engine, entry, now);
  if (typeof time === "string") return refused(time);
  const params: PostbackParams = {
    clickid: entry.clickId,
    status: entry.status,
    payout: entry.payout || undefined,
    currency: entry.currency || undefined,
    txid: entry.txid,
  };
  if (by.dryRun) {
    const decision = decidePostback(gatherFacts(engine, params, { ip: null, pixel: true }));
    if (decision.outcome === "reject") return refused(decision.message);
    const outcome = decision.outcome === "record" ? "recorded" : "duplicate";
    return { outcome, conversionId: null, status: decision.conversion.status };
  }
  // The click's conversions before: the one this entry replaces is the change's "before".
  const earlier = engine.db.prepare(
    "SELECT id, status, payout, currency FROM conversions WHERE click_id = ? AND current = 1",
  ).all(entry.clickId);
  // The entry's own line comes first; its click's cost charge (CPA, RevShare) follows it.
  const created = (conversionId: number) => {
    const row = engine.db.prepare("SELECT status, payout, currency FROM conversions WHERE id = ?")
      .get(conversionId)!;
    const replaced = earlier.filter((c) =>
      engine.db.prepare("SELECT current FROM conversions WHERE id = ?").get(c.id)?.current === 0
    );
    const before = replaced.map((c) =>
      `${c.status} ${fromMicros(Number(c.payout))} ${c.currency} (#${c.id})`
    ).join(", ");
    engine.db.prepare(
      `INSERT INTO conversion_changes (conversion_id, ts, user_id, username, field, before, after)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      conversionId,
      now,
      by.user.id,
      by.user.username,
      before ? "replaced" : "created",
      before,
      `${row.status} ${fromMicros(Number(row.payout))} ${row.currency} (${by.source})`,
    );
  };
  let result;
  try {
    result = recordConversion(engine, params, {
      ip: "",
      pixel: true,
      now: time,
      author: { userId: by.user.id, username: by.user.username, at: now },
      recorded: created,
    });
  } catch (err) {
    if (err instanceof HttpError) return refused(err.message);
    throw err;
  }
  if (!result.recorded) return { outcome: "duplicate", conversionId: null, status: result.status };
  return { outcome: "recorded", conversionId: result.conversionId, status: result.status };
}

const HEADER = /^click_?id$/i;

/** Checks every row; applies them, in order, only when none is refused and `dryRun` is off. */
export function uploadConversions(
  engine: TrackingEngine,
  upload: ConversionUpload,
  user: UserRow,
): ConversionUploadAnswer {
  let parsed;
  try {
    parsed = parseCsv(upload.csv);
  } catch (err) {
    throw new HttpError(400, "VALIDATION_ERROR", `CSV: ${(err as Error).message}`);
  }
  const rows = parsed.filter((r, i) => !(i === 0 && HEADER.test(r.cells[0].trim())));
  if (rows.length === 0) throw new HttpError(400, "VALIDATION_ERROR", "CSV: no rows");
  const entries = rows.map((row) => {
    const [clickId = "", status = "", payout = "", currency = "", txid = "", time = ""] = row.cells;
    return EntrySchema.safeParse({ clickId, status, payout, currency, txid, time, tz: upload.tz });
  });
  const check = (dryRun: boolean) => {
    // A dry run decides each row against the stored conversions: a row repeating an earlier
    // one of the file (click, txid, status) would be its duplicate once that one is written.
    const inFile = new Set<string>();
    return entries.map((parsed, i) => {
      const line = rows[i].line;
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return { line, ...refused(`${issue.path.join(".")} ${issue.message}`) };
      }
      const result = enterConversion(engine, parsed.data, { user, source: "upload", dryRun });
      const key = JSON.stringify([parsed.data.clickId, parsed.data.txid, result.status]);
      if (dryRun && result.outcome === "recorded" && inFile.has(key)) {
        return { line, ...result, outcome: "duplicate" as const };
      }
      inFile.add(key);
      return { line, ...result };
    });
  };
  const checked = check(true);
  if (upload.dryRun || checked.some((r) => r.outcome === "refused")) {
    return { applied: false, rows: checked };
  }
  return { applied: true, rows: check(false) };
}
