// Seeded randomness: the same seed string always draws the same Bot Folk individual or procedural
// picture, on every platform and Node version (Math.random cannot be seeded). Integer arithmetic only.

/** A reproducible stream of draws. */
export interface Prng {
  /** Uniform whole number in [0, 2^32). */
  uint32(): number;
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform whole number in [0, n), for n up to 2^32. */
  below(n: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** xmur3: mixes every character of the seed into four independent 32-bit words (sfc32's state). */
function xmur3(text: string): () => number {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return (h ^= h >>> 16) >>> 0;
  };
}

/** sfc32 (Small Fast Counter): passes PractRand, 128 bits of state, a handful of operations a draw. */
export function prng(seed: string): Prng {
  const mix = xmur3(seed);
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const uint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // The first draws of sfc32 still echo the seed's structure; a few discarded ones mix it in.
  for (let i = 0; i < 12; i++) uint32();
  const next = () => uint32() / 4_294_967_296;
  return {
    uint32,
    next,
    below: (n) => Math.floor(next() * n),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

/**
 * cyrb53-style 64-bit hash of a string, as two 32-bit words: where one string (a DNA line) must
 * name a reproducible seed and ID of its own.
 */
export function hash64(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}
