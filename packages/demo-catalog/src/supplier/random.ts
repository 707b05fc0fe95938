// A small seeded random number generator (SplitMix32): the demo inventory must come out the same for the
// same seed on every machine, which Math.random cannot promise.

/** Mixes 32 bits so that nearby inputs give unrelated outputs; a bijection on 32-bit integers. */
export function mix32(value: number): number {
  let z = value >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return (z ^ (z >>> 15)) >>> 0;
}

/** A class, not closures: the demo supplier makes one per hotel, hundreds of thousands per run. */
export class Random {
  private state: number;

  constructor(seed: number) {
    // Kept as a signed 32-bit integer, which V8 stores unboxed; mix32 reads the same bits either way.
    this.state = seed | 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x9e3779b9) | 0;
    return mix32(this.state) / 4_294_967_296;
  }

  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new RangeError('Cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Up to `count` distinct items, in the order they were drawn. */
  sample<T>(items: readonly T[], count: number): T[] {
    const n = Math.min(count, items.length);
    const drawn: T[] = [];
    if (items.length <= 31) {
      // Short lists (all the demo's): draw indexes until n distinct ones, remembered as bits, no copying.
      let used = 0;
      while (drawn.length < n) {
        const i = Math.floor(this.next() * items.length);
        if (used & (1 << i)) continue;
        used |= 1 << i;
        drawn.push(items[i]!);
      }
      return drawn;
    }
    const pool = items.slice();
    // A partial Fisher-Yates shuffle: the first n places end up a uniform sample.
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (pool.length - i));
      const picked = pool[j]!;
      pool[j] = pool[i]!;
      drawn.push(picked);
    }
    return drawn;
  }

  /** Roughly normal around 0 with standard deviation 1 (the sum of three uniforms, cheap and bounded). */
  gaussian(): number {
    return (this.next() + this.next() + this.next() - 1.5) * 2;
  }
}

export function seededRandom(seed: number): Random {
  return new Random(seed);
}
