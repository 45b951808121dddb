/**
 * A bounded least-recently-used map. Enrichment caches per user-agent string
 * in one: parsing costs ~63 µs, a hit well under 1 µs, and a flood of unique
 * strings only evicts older entries instead of growing memory. The click
 * path's uniqueness memory evicts on nearly every click, so every operation is
 * O(1): a Map of key → slot and a doubly linked list over typed arrays (taking
 * the oldest key from a Map iterator instead costs ~45 µs once deletions pile
 * up at its front).
 */
export class LruMap<K, V> {
  readonly #slots = new Map<K, number>();
  readonly #keys: (K | undefined)[] = [];
  readonly #values: (V | undefined)[] = [];
  readonly #prev: Int32Array;
  readonly #next: Int32Array;
  /** Per slot: `#pushes` when it last went to the front. */
  readonly #stamps: Float64Array;
  /** Moves to the front so far. */
  #pushes = 0;
  /** Most recently used slot, least recently used slot; -1 when empty. */
  #head = -1;
  #tail = -1;

  /** @param capacity the most entries kept; the least recently used go first. */
  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError("capacity must be at least 1");
    this.#prev = new Int32Array(capacity);
    this.#next = new Int32Array(capacity);
    this.#stamps = new Float64Array(capacity);
  }

  #unlink(slot: number): void {
    const p = this.#prev[slot], n = this.#next[slot];
    if (p >= 0) this.#next[p] = n;
    else this.#head = n;
    if (n >= 0) this.#prev[n] = p;
    else this.#tail = p;
  }

  #pushFront(slot: number): void {
    this.#prev[slot] = -1;
    this.#next[slot] = this.#head;
    if (this.#head >= 0) this.#prev[this.#head] = slot;
    this.#head = slot;
    if (this.#tail < 0) this.#tail = slot;
    this.#stamps[slot] = this.#pushes++;
  }

  /**
   * The value for `key`, marking it most recently used. An entry fewer than
   * half the capacity of moves from the front is left where it is: it is in
   * the front half, so at least that many entries go before it does, and a
   * hot entry costs a lookup, not a relink of three slots at every hit.
   */
  get(key: K): V | undefined {
    const slot = this.#slots.get(key);
    if (slot === undefined) return undefined;
    if (this.#pushes - this.#stamps[slot] >= this.capacity >> 1 && slot !== this.#head) {
      this.#unlink(slot);
      this.#pushFront(slot);
    }
    return this.#values[slot];
  }

  /** Stores `value`, evicting the least recently used entry when full. */
  set(key: K, value: V): void {
    let slot = this.#slots.get(key);
    if (slot !== undefined) {
      this.#values[slot] = value;
      if (slot !== this.#head) {
        this.#unlink(slot);
        this.#pushFront(slot);
      }
      return;
    }
    if (this.#slots.size >= this.capacity) {
      slot = this.#tail;
      this.#unlink(slot);
      this.#slots.delete(this.#keys[slot] as K);
    } else {
      slot = this.#slots.size;
    }
    this.#keys[slot] = key;
    this.#values[slot] = value;
    this.#slots.set(key, slot);
    this.#pushFront(slot);
  }

  /** How many entries are held. */
  get size(): number {
    return this.#slots.size;
  }

  /** Drops every entry. */
  clear(): void {
    this.#slots.clear();
    this.#keys.length = 0;
    this.#values.length = 0;
    this.#head = this.#tail = -1;
  }
}
