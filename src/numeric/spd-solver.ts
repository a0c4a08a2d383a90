// A solver for one symmetric positive definite matrix used many times (the
// mass matrix of a body on a hinge, of an impulse problem): factor once,
// then b ↦ M⁻¹b, allocating each result. For analysis code, not hot paths
// (generated modules call choleskyFactor/choleskySolve on their own buffers).
// Tests: test/numeric/cholesky.test.ts.
import { choleskyFactor, choleskySolve } from './cholesky.js';

/** b ↦ M⁻¹b for the n×n matrix M (rows), or undefined when M is not positive definite. */
export function spdSolver(n: number, rows: readonly (readonly number[])[]): ((b: ArrayLike<number>) => Float64Array) | undefined {
  const L = Float64Array.from(rows.flat());
  if (choleskyFactor(n, L) >= 0) return undefined;
  return (b) => {
    const x = new Float64Array(n);
    choleskySolve(n, L, Float64Array.from(b), 0, x, 0);
    return x;
  };
}
