// Deterministic pseudo-random numbers for tests (mulberry32): a failing
// state can be reproduced from the seed printed in the test name.

export type Rng = () => number;

export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const uniform = (r: Rng, lo: number, hi: number): number => lo + (hi - lo) * r();
