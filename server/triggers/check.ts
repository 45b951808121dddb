/**
 * One check of a trigger: read its figures (read worker), check URLs, find
 * the subjects it fires for, and act once per subject per cooldown (claimed
 * in the database), recording every action with its figures.
 */
import { installCurrency } from "../currency/rates.ts";
import { formulaRefs, parseFormula } from "../../contracts/formula.ts";
import { METRIC_BY_NAME, METRICS } from "../../contracts/report.ts";
import { ACTION_LABELS, type Firing, type TriggerInput } from "../../contracts/trigger.ts";
import type { Db } from "../db/connection.ts";
import type { ReadWorker } from "../reads/worker.ts";
import { getEntity } from "../entities/service.ts";
import { HttpError } from "../errors.ts";
import { logEvent } from "../log.ts";
import { runAction } from "./actions.ts";
import { triggerDef } from "./definition.ts";
import { allowlist, probeUrl } from "./egress.ts";
import { evaluate, spansAt, type UrlResults } from "./evaluate.ts";
import { type FiguresOutput, scopeEntities, subjectKey } from "./figures.ts";
import { deliver } from "./notify.ts";
import { appendRecordError, claimCooldown, insertRecord, readChannels } from "./store.ts";

/** What a check needs: the database and the read worker. */
export type CheckDeps = { db: Db; reads: ReadWorker };

/** What a check found and did. */
export type CheckResult = { fired: Firing[]; skipped: string[] };

const MACRO = /\{[A-Za-z0-9_]+\}/g;

const METRIC_NAMES = new Set(METRICS.map((m) => m.name));

/** Whether a trigger's figures include a profit metric (directly or through a formula). */
export function readsProfit(trigger: TriggerInput): boolean {
  const names = new Set<string>();
  for (const c of trigger.conditions) if (c.kind === "metric") names.add(c.metric);
  for (const f of trigger.formulas) {
    if (!names.has(f.name)) continue;
    try {
      formulaRefs(parseFormula(f.expr, METRIC_NAMES), names);
    } catch { /* a bad formula reads nothing; the check reports it */ }
  }
  return [...names].some((n) => METRIC_BY_NAME.get(n)?.profit);
}

/** The trigger's saved values as its contract. */
export function loadTrigger(db: Db, id: number): { name: string; trigger: TriggerInput } {
  const values = getEntity(db, triggerDef, id);
  return { name: String(values.name), trigger: triggerDef.create.parse(values) as TriggerInput };
}

/**
 * Names reserved for documentation and tests (RFC 2606, RFC 6761): `example.com`, `.net`,
 * `.org` and their subdomains, and the `.example`, `.invalid` and `.test` names. No live page
 * is ever there, so a URL check of one can only cry wolf (the demo's offers use them).
 */
const PLACEHOLDER_HOST = /(^|\.)(example\.(com|net|org)|example|invalid|test)\.?$/i;

/** Whether a page's address is on a placeholder name (not checked). */
export function isPlaceholderUrl(url: string): boolean {
  try {
    return PLACEHOLDER_HOST.test(new URL(url.replace(MACRO, "")).hostname);
  } catch {
    return false;
  }
}

/**
 * URL checks of the scope's offers and landers (hosted landers are ours, and pages on
 * placeholder names are never live: both skipped).
 */
async function checkUrls(db: Db, trigger: TriggerInput): Promise<UrlResults> {
  const results: UrlResults = new Map();
  const conditions = trigger.conditions.filter((c) => c.kind === "urlDown");
  if (conditions.length === 0) return results;
  // Each condition looks for its own text (two conditions may look for two).
  const texts = [...new Set(conditions.map((c) => c.mustContain))];
  const type = trigger.scope.type;
  const tables = type === "pages"
    ? ["offers", "landings"]
    : [type === "offer" ? "offers" : "landings"];
  const pages: { key: string; label: string; url: string }[] = [];
  for (const table of tables) {
    const scopeType = table === "offers" ? "offer" : "landing";
    const ids = [...scopeEntities(db, { ...trigger.scope, type: scopeType }).keys()];
    for (const id of ids) {
      const row = db.prepare(`SELECT name, url FROM ${table} WHERE id = ?`).get(id)!;
      const url = String(row.url);
      if (url.startsWith("/") || isPlaceholderUrl(url)) continue;
      pages.push({ key: subjectKey(scopeType, id), label: String(row.name), url });
    }
  }
  const allow = allowlist(readChannels(db).allowlist);
  for (const page of pages) results.set(page.key, { label: page.label, byText: new Map() });
  const queue = pages.flatMap((page) => texts.map((mustContain) => ({ ...page, mustContain })));
  const worker = async () => {
    for (let page = queue.shift(); page; page = queue.shift()) {
      const url = page.url.replace(MACRO, "");
      const probe = await probeUrl(url, { mustContain: page.mustContain, allow });
      results.get(page.key)!.byText.set(page.mustContain, {
        down: !probe.up,
        detail: probe.detail,
      });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return results;
}

/** The figures of `trigger` at `now` (none when it has only URL checks). */
export async function readFigures(
  deps: CheckDeps,
  trigger: TriggerInput,
  now: number,
): Promise<FiguresOutput> {
  const spans = spansAt(trigger, now);
  if (spans.length === 0) return { spans: [], labels: {} };
  return await deps.reads.run("triggerFigures", {
    scope: trigger.scope,
    formulas: trigger.formulas,
    spans,
    currency: installCurrency(deps.db),
  });
}

async function act(
  db: Db,
  t: { id: number; name: string; trigger: TriggerInput },
  firing: Firing,
  now: number,
): Promise<void> {
  const base = {
    ts: now,
    triggerId: t.id,
    triggerName: t.name,
    subject: firing.subject,
    label: firing.label,
    why: firing.why,
    figures: firing.figures,
    profit: readsProfit(t.trigger),
  };
  const done: string[] = [];
  for (const action of t.trigger.actions) {
    if (action.kind === "notify") continue;
    let changes: ReturnType<typeof runAction> = [];
    let error = "";
    try {
      changes = runAction(db, action, { trigger: t.trigger, subject: firing.subject });
      if (changes.length === 0) error = "nothing to change";
      else done.push(`${ACTION_LABELS[action.kind]} (${changes.map((c) => c.label).join(", ")})`);
    } catch (e) {
      error = e instanceof HttpError ? e.message : String(e);
      logEvent("warn", "trigger_action_failed", { trigger: t.id, kind: action.kind, error });
    }
    insertRecord(db, { ...base, kind: action.kind, changes, error });
  }
  for (const action of t.trigger.actions) {
    if (action.kind !== "notify") continue;
    const id = insertRecord(db, { ...base, kind: "notify", changes: [], error: "" });
    const failures = await deliver(db, action.channels, {
      ts: now,
      triggerId: t.id,
      trigger: t.name,
      subject: firing.subject,
      label: firing.label,
      why: firing.why,
      figures: firing.figures,
      profit: base.profit,
      actions: done,
    });
    if (failures.length) appendRecordError(db, id, failures.join("; "));
  }
}

/** Checks trigger `id` at `now` and acts for every subject out of its cooldown. */
export async function checkTrigger(
  deps: CheckDeps,
  at: { id: number; now: number },
): Promise<CheckResult> {
  const { id, now } = at;
  const t = { id, ...loadTrigger(deps.db, id) };
  const [figures, urls] = await Promise.all([
    readFigures(deps, t.trigger, now),
    checkUrls(deps.db, t.trigger),
  ]);
  const fired: Firing[] = [];
  const skipped: string[] = [];
  for (const firing of evaluate(t.trigger, figures, urls)) {
    const claimed = claimCooldown(deps.db, {
      triggerId: id,
      subject: firing.subject,
      now,
      cooldownMs: t.trigger.cooldownMinutes * 60_000,
    });
    if (!claimed) {
      skipped.push(`${firing.label}: in cooldown`);
      continue;
    }
    fired.push(firing);
    await act(deps.db, t, firing, now);
  }
  return { fired, skipped };
}
