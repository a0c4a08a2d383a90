// Robust summaries of repeated timings: this 2-core machine is shared and
// noisy, so every figure of the bench is a median (or a minimum) of runs.

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Milliseconds of one call of f, and its result. */
export function timed<T>(f: () => T): [T, number] {
  const s = performance.now();
  const r = f();
  return [r, performance.now() - s];
}

/** Round to `digits` decimals (JSON lines stay short). */
export const round = (x: number, digits = 1): number => +x.toFixed(digits);
