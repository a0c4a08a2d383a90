// Printed from src/codegen/solvers/least-squares.ts by `npm run solvers`: edit that file, not this one.
//
// Regularized least squares for Newton steps on possibly rank-deficient
// systems (equilibria on dependent contact rows, fixed points of return maps
// with neutral directions): δ = (JᵀJ + μI)⁻¹ Jᵀ r with μ = 1e-12·max diag(JᵀJ),
// the Gauss–Newton step, of least norm along the null directions of J.
// Tests: test/numeric/least-squares.test.ts.
import { choleskyFactor, choleskySolve } from './cholesky.js';

/** δ (length k) for the rows × k matrix J (row-major) and right side r; NaN when JᵀJ + μI is not positive definite (J not finite). */
export function leastSquares(rows: number, k: number, J: ArrayLike<number>, r: ArrayLike<number>): Float64Array {
  const N = new Float64Array(k * k);
  const g = new Float64Array(k);
  const d = new Float64Array(k);
  let biggest = 0;
  for (let a = 0; a < k; a++) {
    for (let b = 0; b < k; b++) {
      let s = 0;
      for (let i = 0; i < rows; i++) s += J[i * k + a]! * J[i * k + b]!;
      N[a * k + b] = s;
    }
    let s = 0;
    for (let i = 0; i < rows; i++) s += J[i * k + a]! * r[i]!;
    g[a] = s;
    biggest = Math.max(biggest, N[a * k + a]!);
  }
  // μ > 0 even when J is zero: the smallest double makes N positive definite, and the step 0.
  for (let a = 0; a < k; a++) N[a * k + a]! += 1e-12 * biggest + Number.MIN_VALUE;
  if (choleskyFactor(k, N) >= 0) {
    for (let a = 0; a < k; a++) d[a] = NaN;
    return d;
  }
  choleskySolve(k, N, g, 0, d, 0);
  return d;
}
