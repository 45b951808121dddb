/**
 * A stored click as the click log, the leads report and CSV show it: every
 * column of `clicks` (whatever the tracking engine stores), with the interned
 * place and user agent resolved, tokens spread into t1…tN, money as decimals
 * and keys in camelCase.
 */
import { AGENT_FACETS, PLACE_FACETS } from "../tracking/dictionary.ts";
import type { Db } from "../db/connection.ts";
import { clickCostSql, clickCurrencySql, shareJoin } from "../costs/share_sql.ts";
import { FIRST_FLOW_ITEM_ID } from "../rotations/flow_ids.ts";

/**
 * A click's rule or path as words: its stable id's label (decision 123), a
 * position for clicks before ids, "Default paths" for a rule-less path.
 */
function flowItemSql(column: "rule" | "path", noun: string): string {
  const named =
    `coalesce((SELECT f.label FROM flow_items f WHERE f.id = k.${column}), '${noun} #' || k.${column})`;
  const rule = column === "rule" ? "WHEN k.rule IS NULL THEN 'Default paths' " : "";
  return `CASE WHEN k.path IS NULL THEN NULL ${rule}WHEN k.${column} < ${FIRST_FLOW_ITEM_ID} THEN '${noun} ' || (k.${column} + 1) ELSE ${named} END`;
}

/** SELECT list over `k` (clicks), `p` (places) and `u` (user agents). */
export const CLICK_SELECT = `k.*, ${flowItemSql("rule", "Rule")} AS rule_name,
  ${
  flowItemSql("path", "Path")
} AS path_name, p.country AS country, p.region AS region, p.city AS city,
  p.isp AS isp, u.text AS user_agent, u.device_type AS device_type, u.brand AS brand,
  u.model AS model, u.os AS os, u.os_version AS os_version, u.browser AS browser,
  u.browser_version AS browser_version, ${clickCostSql("k")} AS v_cost,
  ${clickCurrencySql("k")} AS v_cost_currency`;

/** The joins `CLICK_SELECT` needs (the share: a click's cost through its hour's cost update). */
export const CLICK_JOINS =
  `LEFT JOIN places p ON p.id = k.place_id LEFT JOIN user_agents u ON u.id = k.ua_id ${
    shareJoin("k")
  }`;

/**
 * Internal columns that never reach the screen (`node`: the PostgreSQL node
 * that stored the click, kept for its rollup watermark; the log is the same on
 * both stores).
 */
const HIDDEN = new Set(["place_id", "ua_id", "tokens", "rule", "path", "node"]);
const MONEY = new Set(["cost"]);

/** `device_type` → `deviceType`. */
export function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
}

/** The click log's columns, in display order, from the stored table's columns. */
export function clickColumns(db: Db): string[] {
  const stored = db.prepare("SELECT name FROM pragma_table_info('clicks')").all()
    .map((r) => String(r.name)).filter((n) => !HIDDEN.has(n));
  // A click's place and user agent are stored as dictionary ids: the log shows their facets.
  const resolved = ["rule_name", "path_name", ...PLACE_FACETS, ...AGENT_FACETS, "user_agent"];
  const tokens = Array.from({ length: 30 }, (_, i) => `t${i + 1}`);
  return [...stored, ...resolved, ...tokens].map(camel);
}

/** One click row (from `CLICK_SELECT`) as the API answers it. */
export function clickItem(row: Record<string, unknown>): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const [key, value] of Object.entries(row)) {
    if (HIDDEN.has(key) || key.startsWith("v_")) continue;
    const cell = value === undefined ? null : value as string | number | null;
    out[camel(key)] = MONEY.has(key) && typeof cell === "number" ? cell / 1_000_000 : cell;
  }
  // The cost as reports count it: through the hour's cost-update share (decision 160, update 3).
  if (row.v_cost != null && "cost" in row) {
    out.cost = Number(row.v_cost) / 1_000_000;
    out.costCurrency = String(row.v_cost_currency);
  }
  let tokens: unknown = [];
  try {
    tokens = JSON.parse(String(row.tokens ?? "[]"));
  } catch { /* a malformed value shows no tokens */ }
  for (let i = 0; i < 30; i++) {
    out[`t${i + 1}`] = Array.isArray(tokens) && typeof tokens[i] === "string" ? tokens[i] : "";
  }
  return out;
}
