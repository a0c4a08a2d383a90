// Test matrices for the dense solvers (Siconos' problem collection in
// miniature): fast-check arbitraries of random general and symmetric positive
// definite matrices, and the classic ill-conditioned and singular ones.
// Row-major Float64Array, like the solvers.
import fc from 'fast-check';

export interface Square {
  readonly n: number;
  readonly a: Float64Array;
}

// Entries below 1e-100 in size are flushed to 0: a matrix of subnormal entries
// has a solution beyond the floating-point range, which no threshold can fix.
const entry = fc.double({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true }).map((v) => (Math.abs(v) < 1e-100 ? 0 : v));

/** A random n×n matrix, n in [1, maxN]. */
export const general = (maxN = 8): fc.Arbitrary<Square> =>
  fc.integer({ min: 1, max: maxN }).chain((n) => fc.array(entry, { minLength: n * n, maxLength: n * n }).map((v) => ({ n, a: Float64Array.from(v) })));

/** BᵀB + δI: symmetric positive definite (δ > 0 keeps it away from singular). */
export const spd = (maxN = 8): fc.Arbitrary<Square> =>
  general(maxN).chain(({ n, a }) => fc.double({ min: 1e-3, max: 10, noNaN: true }).map((delta) => ({ n, a: gram(n, a, delta) })));

/** A vector of n entries. */
export const vector = (n: number): fc.Arbitrary<Float64Array> => fc.array(entry, { minLength: n, maxLength: n }).map((v) => Float64Array.from(v));

/** A vector of n entries in [−10, 10] on a grid of 0.01 (no extreme magnitudes: for geometric preconditions). */
export const moderateVector = (n: number): fc.Arbitrary<Float64Array> =>
  fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: n, maxLength: n }).map((v) => Float64Array.from(v, (x) => x / 100));

/** BᵀB + δI for an n×n B. */
export function gram(n: number, b: ArrayLike<number>, delta: number): Float64Array {
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      let s = i === j ? delta : 0;
      for (let k = 0; k < n; k++) s += b[k * n + i]! * b[k * n + j]!;
      a[i * n + j] = s;
    }
  }
  return a;
}

/** The Hilbert matrix 1/(i + j + 1): SPD, condition number ≈ e^{3.5n} (1.5e10 at n = 8). */
export function hilbert(n: number): Float64Array {
  return Float64Array.from({ length: n * n }, (_, k) => 1 / (Math.floor(k / n) + (k % n) + 1));
}

export function matVec(n: number, a: ArrayLike<number>, x: ArrayLike<number>, rowsOf = n): Float64Array {
  return Float64Array.from({ length: rowsOf }, (_, i) => {
    let s = 0;
    for (let j = 0; j < n; j++) s += a[i * n + j]! * x[j]!;
    return s;
  });
}

/** Normwise backward error ‖A x − b‖∞ / (‖A‖∞ ‖x‖∞ + ‖b‖∞) (Rigal–Gaches; Higham §7.1). */
export function backwardError(n: number, a: ArrayLike<number>, x: ArrayLike<number>, b: ArrayLike<number>): number {
  const ax = matVec(n, a, x);
  let r = 0;
  let normA = 0;
  for (let i = 0; i < n; i++) {
    r = Math.max(r, Math.abs(ax[i]! - b[i]!));
    let row = 0;
    for (let j = 0; j < n; j++) row += Math.abs(a[i * n + j]!);
    normA = Math.max(normA, row);
  }
  const norm = (v: ArrayLike<number>): number => Array.from(v).reduce((s, t) => Math.max(s, Math.abs(t)), 0);
  const denom = normA * norm(x) + norm(b);
  return denom === 0 ? r : r / denom;
}
