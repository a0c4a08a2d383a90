// A linear congruential generator: the studies' random points, the same in
// every build, so that a report is reproducible.
// Tests: test/studies/impact-energy.test.ts (through the study it draws for).

/** Numbers in [0, 1) from `seed`. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Standard normal from `random`, Box–Muller. */
export const gaussian = (random: () => number): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
