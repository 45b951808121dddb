/**
 * The flow changes actions make: weight 0 for an offer or lander everywhere,
 * one path's weight, a token value on a campaign's block rule. Each works on
 * a copy and says whether anything changed.
 */
import type { Flow, Path, Rule } from "../../contracts/flow.ts";

/** The name of the rule block-token actions keep at the top of a campaign's flow. */
export const BLOCK_RULE = "Blocked by triggers";

function paths(flow: Flow): Path[] {
  return [...flow.rules.flatMap((r) => r.paths), ...flow.defaultPaths];
}

/** `flow` with every weight of offer/lander `id` at 0, or null when none was above 0. */
export function withoutItem(
  flow: Flow,
  item: { type: "offer" | "landing"; id: number },
): Flow | null {
  const copy: Flow = structuredClone(flow);
  let changed = false;
  for (const path of paths(copy)) {
    const list: { weight: number; offerId?: number; landingId?: number }[] = item.type === "offer"
      ? path.offers
      : path.landings;
    for (const entry of list) {
      const id = item.type === "offer" ? entry.offerId : entry.landingId;
      if (id === item.id && entry.weight > 0) {
        entry.weight = 0;
        changed = true;
      }
    }
  }
  return changed ? copy : null;
}

/** `flow` with path `path` of rule `rule` (-1: default paths) at `weight`; null when absent. */
export function withPathWeight(
  flow: Flow,
  at: { rule: number; path: number; weight: number },
): Flow | null {
  const copy: Flow = structuredClone(flow);
  const list = at.rule === -1 ? copy.defaultPaths : copy.rules[at.rule]?.paths;
  const target = list?.[at.path];
  if (!target) return null;
  target.weight = at.weight;
  return copy;
}

/** `flow` with `value` of token `key` on the block rule (made at the top, sending to `offerId`). */
export function withBlockedToken(
  flow: Flow,
  block: { key: string; value: string; offerId: number },
): Flow | null {
  const copy: Flow = structuredClone(flow);
  const rule = copy.rules.find((r) =>
    r.name === BLOCK_RULE && r.criteria[0]?.field === "token" && r.criteria[0].key === block.key
  );
  if (rule) {
    if (rule.criteria[0].values.includes(block.value)) return null;
    rule.criteria[0].values.push(block.value);
    return copy;
  }
  const fresh: Rule = {
    name: BLOCK_RULE,
    enabled: true,
    logic: "all",
    criteria: [{ field: "token", key: block.key, op: "is", values: [block.value] }],
    paths: [{
      name: "Blocked",
      weight: 100,
      enabled: true,
      direct: true,
      landings: [],
      offers: [{ offerId: block.offerId, weight: 100 }],
    }],
  };
  copy.rules.unshift(fresh);
  return copy;
}
