// Small dense linear algebra and comparisons for tests, written
// independently of src/ so that a test never checks code against itself.
import { expect } from 'vitest';

/** |a − b| / max(|a|, |b|, scale): a relative error that does not blow up at values near 0. */
export function relErr(a: number, b: number, scale = 0): number {
  const d = Math.abs(a - b);
  return d === 0 ? 0 : d / Math.max(Math.abs(a), Math.abs(b), scale);
}

/**
 * Expect a ≈ b to `rtol` relative. `scale` is the magnitude of the terms
 * that were summed to get b (an entry that cancels to ~0 can only be as
 * accurate as the terms it came from).
 */
export function expectClose(actual: number, expected: number, rtol: number, scale = 0, what = ''): void {
  expect(Number.isFinite(actual), `${what}: ${actual} is not finite`).toBe(true);
  const e = relErr(actual, expected, scale);
  expect(e, `${what}: ${actual} vs ${expected} (relative error ${e.toExponential(2)})`).toBeLessThanOrEqual(rtol);
}

export function expectAllClose(actual: ArrayLike<number>, expected: ArrayLike<number>, rtol: number, scale = 0, what = ''): void {
  expect(actual.length, `${what}: length`).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expectClose(actual[i]!, expected[i]!, rtol, scale, `${what}[${i}]`);
}

/** Cholesky factor L (M = L Lᵀ), or undefined when M is not positive definite. */
export function cholesky(m: readonly (readonly number[])[]): number[][] | undefined {
  const n = m.length;
  const l = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let j = 0; j < n; j++) {
    let d = m[j]![j]!;
    for (let k = 0; k < j; k++) d -= l[j]![k]! ** 2;
    if (!(d > 0)) return undefined;
    l[j]![j] = Math.sqrt(d);
    for (let i = j + 1; i < n; i++) {
      let s = m[i]![j]!;
      for (let k = 0; k < j; k++) s -= l[i]![k]! * l[j]![k]!;
      l[i]![j] = s / l[j]![j]!;
    }
  }
  return l;
}

/** Solve A x = b by Gaussian elimination with partial pivoting. */
export function solve(a: readonly (readonly number[])[], b: readonly number[]): number[] {
  const n = b.length;
  const m = a.map((r, i) => [...r, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = m[i]![n]!;
    for (let k = i + 1; k < n; k++) s -= m[i]![k]! * x[k]!;
    x[i] = s / m[i]![i]!;
  }
  return x;
}

export function matVec(a: readonly (readonly number[])[], x: ArrayLike<number>): number[] {
  return a.map((r) => r.reduce((s, v, j) => s + v * x[j]!, 0));
}

/** A row-major flat n×n array as rows. */
export function rows(flat: ArrayLike<number>, n: number): number[][] {
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (__, j) => flat[i * n + j]!));
}

/** Largest |x_i| (the scale of a vector's entries). */
export const maxAbs = (x: ArrayLike<number>): number => Array.from(x).reduce((s, v) => Math.max(s, Math.abs(v)), 0);
