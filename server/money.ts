/** Money at the edge: the API speaks decimals, the database integer micro-units (decision 020). */

/** Micro-units in one unit of money. */
export const MICROS = 1_000_000;

/** Decimal amount → integer micro-units. */
export function toMicros(amount: number): number {
  return Math.round(amount * MICROS);
}

/** Integer micro-units → decimal amount (one division, so the nearest double to the exact value). */
export function fromMicros(micros: number): number {
  return micros / MICROS;
}
