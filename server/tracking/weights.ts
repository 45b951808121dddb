/**
 * Weighted choice for paths, landers and offers. The random source is
 * injectable so tests and simulations are reproducible; production passes
 * `Math.random` (weights are shares of traffic, not secrets).
 */

/** Returns a number in [0, 1), like Math.random. */
export type RandomSource = () => number;

/** Anything with a weight; `enabled: false` takes it out of the draw. */
export interface Weighted {
  readonly weight: number;
  readonly enabled?: boolean;
}

function effectiveWeight(item: Weighted): number {
  if (item.enabled === false) return 0;
  const w = item.weight;
  return Number.isFinite(w) && w > 0 ? w : 0;
}

/**
 * Picks one item with probability weight / total weight. Items that are
 * disabled or weigh 0 (or less, or not a number) are never picked; null when
 * nothing can be.
 */
export function pickWeighted<T extends Weighted>(
  items: readonly T[],
  random: RandomSource = Math.random,
): T | null {
  let total = 0;
  for (const item of items) total += effectiveWeight(item);
  if (total <= 0) return null;
  let point = random() * total;
  let last: T | null = null;
  for (const item of items) {
    const w = effectiveWeight(item);
    if (w === 0) continue;
    if (point < w) return item;
    point -= w;
    last = item;
  }
  return last; // only reached through floating-point rounding at the very top
}

/** A small fast seeded generator (mulberry32) for tests and simulations. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
