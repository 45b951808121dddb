/** Weights as shares of their siblings (the flow editor shows each weight as a percentage). */

/**
 * Each weight's share of the enabled siblings' total, in percent with one
 * decimal. Disabled items and a zero total give 0, as the click engine never
 * picks them.
 */
export function percentShares(
  weights: readonly number[],
  enabled: readonly boolean[] = [],
): number[] {
  const live = weights.map((w, i) => (enabled[i] === false || !(w > 0) ? 0 : w));
  const total = live.reduce((sum, w) => sum + w, 0);
  if (total === 0) return live.map(() => 0);
  return live.map((w) => Math.round((w / total) * 1000) / 10);
}

/** `33.3%`. */
export function formatShare(share: number): string {
  return `${share.toFixed(1).replace(/\.0$/, "")}%`;
}
