/** The landers and offers a flow points at, with where each sits (for field issues). */
import type { Flow, Path } from "../../contracts/flow.ts";
import type { Ref } from "../entities/definition.ts";

type Key = string | number;

function pathRefs(paths: Path[], prefix: Key[]): Ref[] {
  return paths.flatMap((path, p) => [
    ...path.landings.map((l, i) => ({
      path: [...prefix, p, "landings", i, "landingId"],
      table: "landings",
      id: l.landingId,
    })),
    ...path.offers.map((o, i) => ({
      path: [...prefix, p, "offers", i, "offerId"],
      table: "offers",
      id: o.offerId,
    })),
  ]);
}

/** Every lander and offer reference of `flow`; issue paths start with `prefix`. */
export function flowRefs(flow: Pick<Flow, "rules" | "defaultPaths">, prefix: Key[] = []): Ref[] {
  return [
    ...flow.rules.flatMap((rule, r) => pathRefs(rule.paths, [...prefix, "rules", r, "paths"])),
    ...pathRefs(flow.defaultPaths, [...prefix, "defaultPaths"]),
  ];
}
