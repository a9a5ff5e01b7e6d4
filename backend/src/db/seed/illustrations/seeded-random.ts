import { prng } from '../../../common/random/prng';

/** A reproducible stream of numbers: the same seed string always draws the same picture. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Whole number in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/** The illustrations' draws, from the one seeded generator of the project (common/random/prng.ts). */
export function seededRandom(seed: string): Random {
  const random = prng(seed);
  const range = (min: number, max: number) => min + (max - min) * random.next();
  return {
    next: () => random.next(),
    range,
    int: (min, max) => Math.floor(range(min, max + 1)),
    pick: (items) => random.pick(items),
  };
}
