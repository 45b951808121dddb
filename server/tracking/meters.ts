/**
 * Figures for the monitor over recent windows, at no cost to the click path:
 * the engine keeps plain running counts (an integer increment per click), and
 * a timer samples them once a second into a ring an hour long. How much a
 * count grew over the last minute is its value now less the sample taken a
 * minute ago.
 */

/** Samples kept: an hour of seconds and one more. */
const SLOTS = 3601;
const SAMPLE_MS = 1000;

/** One running count and its samples. */
export class Meter {
  readonly #times = new Float64Array(SLOTS);
  readonly #values = new Float64Array(SLOTS);
  /** Where the next sample goes, and how many are held. */
  #head = 0;
  #size = 0;

  constructor(readonly read: () => number, now = Date.now()) {
    this.sample(now);
  }

  /** Records the count's value at `now`. */
  sample(now = Date.now()): void {
    this.#times[this.#head] = now;
    this.#values[this.#head] = this.read();
    this.#head = (this.#head + 1) % SLOTS;
    this.#size = Math.min(this.#size + 1, SLOTS);
  }

  /** The i-th newest sample (0: the newest). */
  #at(i: number): { time: number; value: number } {
    const slot = (this.#head - 1 - i + SLOTS * 2) % SLOTS;
    return { time: this.#times[slot], value: this.#values[slot] };
  }

  /**
   * The newest sample at least `ms` old, else the oldest held (the window
   * reaches back before the meter began: everything since counts).
   */
  #from(ms: number, now: number): { time: number; value: number } {
    for (let i = 0; i < this.#size; i++) {
      const s = this.#at(i);
      if (s.time <= now - ms) return s;
    }
    return this.#at(this.#size - 1);
  }

  /** How much the count grew over the last `ms`. */
  growth(ms: number, now = Date.now()): number {
    return this.read() - this.#from(ms, now).value;
  }

  /** Growth per second over the last `ms` (0 before any time passed). */
  rate(ms: number, now = Date.now()): number {
    const from = this.#from(ms, now);
    const seconds = (now - from.time) / 1000;
    return seconds > 0 ? (this.read() - from.value) / seconds : 0;
  }

  /** The values of the last `n` samples, oldest first. */
  recent(n: number): number[] {
    const out: number[] = [];
    for (let i = Math.min(n, this.#size) - 1; i >= 0; i--) out.push(this.#at(i).value);
    return out;
  }
}

/** Named meters sampled together once a second by one unreferenced timer. */
export class Meters<Name extends string> {
  readonly #meters: Record<Name, Meter>;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(reads: Record<Name, () => number>) {
    const now = Date.now();
    this.#meters = Object.fromEntries(
      Object.entries<() => number>(reads).map(([name, read]) => [name, new Meter(read, now)]),
    ) as Record<Name, Meter>;
    this.#timer = setInterval(() => this.sample(), SAMPLE_MS);
    Deno.unrefTimer(Number(this.#timer));
  }

  /** Samples every meter now (the timer does it each second). */
  sample(now = Date.now()): void {
    for (const meter of Object.values<Meter>(this.#meters)) meter.sample(now);
  }

  /** The meter called `name`. */
  get(name: Name): Meter {
    return this.#meters[name];
  }

  /** Stops sampling (shutdown). */
  stop(): void {
    clearInterval(this.#timer);
  }
}
