/** The seeded random numbers behind every picture: same seed, same numbers. */

export interface Rng {
  next(): number;
  range(lo: number, hi: number): number;
  /** Integer in [lo, hi] inclusive. */
  int(lo: number, hi: number): number;
  chance(probability: number): boolean;
  pick<T>(arr: readonly T[]): T;
}

/** cyrb53 string hash, folded to an unsigned 32-bit integer. */
export function hash32(str: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ (h2 * 31)) >>> 0;
}

/** mulberry32 PRNG seeded from the hash of `seed`. */
export function makeRng(seed: string): Rng {
  let a = hash32(seed);
  const next = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (probability) => next() < probability,
    pick: <T>(arr: readonly T[]): T => at(arr, Math.floor(next() * arr.length)),
  };
}

/** Index an array, asserting the element exists (noUncheckedIndexedAccess-safe). */
export function at<T>(arr: readonly T[], i: number): T {
  const value = arr[i];
  if (value === undefined) throw new RangeError(`art: index ${i} out of range`);
  return value;
}
