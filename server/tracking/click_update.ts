/**
 * `/click/update` (issue 14 item 3, decision 167), Binom's click update:
 * numeric events 1–10 set (`event3=555`) or added to (`add_event3=1`), cost
 * added (`cost=0.25`, in the click's cost currency) and a bot mark (`bot=1`:
 * flagged, cost 0, as the bot policy would have done, decision 125). The
 * events live in `click_events`; cost and bot are a plain UPDATE of the click,
 * so the rollup triggers move its contribution, after the sums still held in
 * memory are written (decision 110). Everything is checked before anything is
 * written: one bad value answers 400 and nothing changes.
 */
import { foldHoursOfClicks } from "../costs/shares.ts";
import { timingSafeEqual } from "node:crypto";
import { type ClickUpdateAnswer, NUMERIC_EVENTS } from "../../contracts/conversion_events.ts";
import { type Db, transaction } from "../db/connection.ts";
import { fromMicros } from "../money.ts";
import { forbidden, HttpError, notFound } from "../errors.ts";
import { getEventsSettings } from "../settings/sections.ts";
import { isClickId } from "./click_id.ts";
import type { TrackingEngine } from "./engine.ts";
import { parseMoney } from "./money_param.ts";
import type { ErrorCode } from "../../contracts/errors.ts";

/** A numeric event value: a plain decimal, sign allowed (Binom takes negatives too). */
const NUMBER = /^-?\d{1,12}(\.\d{1,6})?$/;

/** What one request asks, checked. */
type Update = {
  clickId: string;
  set: Map<number, number>;
  add: Map<number, number>;
  /** Micro-units to add, 0 for none. */
  cost: number;
  bot: boolean;
};

function bad(code: ErrorCode, message: string): HttpError {
  return new HttpError(400, code, message);
}

function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given), b = new TextEncoder().encode(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Reads and checks the parameters (unknown ones are ignored, as sources send extras). */
export function parseClickUpdate(params: Record<string, string>): Update {
  const clickId = (params.clickid ?? "").trim();
  if (clickId === "") throw bad("BAD_REQUEST", "clickid is required");
  const set = new Map<number, number>(), add = new Map<number, number>();
  for (let n = 1; n <= NUMERIC_EVENTS; n++) {
    for (const [name, into] of [[`event${n}`, set], [`add_event${n}`, add]] as const) {
      const text = params[name];
      if (text === undefined) continue;
      if (!NUMBER.test(text.trim())) {
        throw bad("BAD_EVENT", `${name} must be a number like 555 or -1.5`);
      }
      into.set(n, Number(text.trim()));
    }
  }
  const cost = parseMoney(params.cost ?? "");
  if (cost === "invalid") throw bad("BAD_COST", "cost must be a plain amount like 0.25");
  const botText = (params.bot ?? "").trim();
  if (botText !== "" && botText !== "1") {
    throw bad("BAD_BOT", "bot=1 marks the click as a bot; no other value is taken");
  }
  if (set.size === 0 && add.size === 0 && !cost && botText === "") {
    throw bad(
      "BAD_REQUEST",
      "nothing to update: give event1…event10, add_event1…add_event10, cost or bot=1",
    );
  }
  return { clickId, set, add, cost: cost ?? 0, bot: botText === "1" };
}

const SET_EVENT = `INSERT INTO click_events (click_id, n, value, ts) VALUES (?, ?, ?, ?)
  ON CONFLICT (click_id, n) DO UPDATE SET value = excluded.value, ts = excluded.ts`;
const ADD_EVENT = `INSERT INTO click_events (click_id, n, value, ts) VALUES (?, ?, ?, ?)
  ON CONFLICT (click_id, n) DO UPDATE SET value = value + excluded.value, ts = excluded.ts`;

/** A click's money as its change history shows it: cost with its currency, and the bot mark. */
type ClickMoney = { cost: string; bot: string };

function moneyOf(db: Db, id: string): ClickMoney {
  const row = db.prepare("SELECT cost, cost_currency, is_bot FROM clicks WHERE id = ?").get(id)!;
  return {
    cost: `${fromMicros(Number(row.cost))} ${row.cost_currency}`,
    bot: Number(row.is_bot) === 1 ? "bot" : "not a bot",
  };
}

/**
 * Records what changed in a click's money, with who and when (decision 184): every change to
 * a cost is in a history, as conversions' and cost updates' are.
 */
function noteClickChanges(
  db: Db,
  id: string,
  before: ClickMoney,
  after: ClickMoney,
  by: { author: string; at: number },
): void {
  const insert = db.prepare(
    `INSERT INTO click_changes (click_id, ts, author, field, before, after)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  for (const field of ["bot", "cost"] as const) {
    if (before[field] !== after[field]) {
      insert.run(id, by.at, by.author, field, before[field], after[field]);
    }
  }
}

/** Applies a `/click/update`; 403 on a wrong key, 404 for an unknown click, 400 for bad values. */
export function updateClick(
  engine: TrackingEngine,
  params: Record<string, string>,
  options: { caller?: string; now?: number } = {},
): ClickUpdateAnswer {
  const now = options.now ?? Date.now();
  const key = getEventsSettings(engine.db).clickUpdateKey;
  if (key !== "" && !sameSecret(params.key ?? "", key)) {
    throw forbidden("Wrong or missing click update key");
  }
  const update = parseClickUpdate(params);
  const db = engine.db;
  const exists = () =>
    isClickId(update.clickId) &&
    !!db.prepare("SELECT 1 FROM clicks WHERE id = ?").get(update.clickId);
  if (!exists()) throw notFound("Unknown click id");
  // Cost and bot move the click's contribution: its sums must already be in the rollups.
  if ((update.cost || update.bot) && engine.clicks.pendingRollup(update.clickId)) {
    engine.clicks.flushRollups();
  }
  return transaction(db, () => {
    const id = update.clickId;
    // A cost added to a click whose hour has a cost update's share lands on its written cost.
    if (update.cost) foldHoursOfClicks(db, [id]);
    for (const [n, value] of update.set) db.prepare(SET_EVENT).run(id, n, value, now);
    for (const [n, value] of update.add) db.prepare(ADD_EVENT).run(id, n, value, now);
    const was = (update.cost || update.bot) ? moneyOf(db, id) : null;
    if (update.bot) {
      db.prepare(
        `UPDATE clicks SET is_bot = 1, cost = 0, bot_reason = 'marked a bot by /click/update'
         WHERE id = ? AND (is_bot = 0 OR cost != 0)`,
      ).run(id);
    }
    // A bot costs nothing (decision 125): cost sent for one is not added.
    if (update.cost) {
      db.prepare("UPDATE clicks SET cost = cost + ? WHERE id = ? AND is_bot = 0")
        .run(update.cost, id);
    }
    if (was) {
      const author = `/click/update from ${options.caller || "an unknown address"}`;
      noteClickChanges(db, id, was, moneyOf(db, id), { author, at: now });
    }
    const click = db.prepare("SELECT cost, is_bot FROM clicks WHERE id = ?").get(id)!;
    const events = db.prepare("SELECT n, value FROM click_events WHERE click_id = ? ORDER BY n")
      .all(id);
    return {
      ok: true as const,
      clickId: id,
      events: Object.fromEntries(events.map((e) => [String(e.n), Number(e.value)])),
      cost: fromMicros(Number(click.cost)),
      isBot: Number(click.is_bot) === 1,
    };
  });
}
