/**
 * A small seeded random source (mulberry32), so the same `--seed` always generates the same
 * data, with the few distributions the generator needs.
 */
export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /**
   * A Pareto-like count: most draws are small, a few are very large, as likes and replies
   * are on real forums. `scale` sets the typical size (the mean is about 2 × scale).
   */
  longTail(scale: number, max: number): number {
    const value = Math.floor(scale * ((1 - this.next()) ** (-1 / 1.5) - 1));
    return Math.min(value, max);
  }

  /** `count` different numbers from [0, size), in no particular order. */
  distinct(count: number, size: number): number[] {
    const wanted = Math.min(count, size);
    const chosen = new Set<number>();
    while (chosen.size < wanted) chosen.add(Math.floor(this.next() * size));
    return [...chosen];
  }
}
