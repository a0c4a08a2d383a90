// Printed from src/codegen/solvers/cholesky.ts by `npm run solvers`: edit that file, not this one.
//
// Cholesky factorization A = L Lᵀ of a symmetric positive definite matrix
// (a mass matrix, a Delassus matrix) and the two triangular solves with it.
// Golub & Van Loan, "Matrix Computations", 4th ed., §4.2 (Algorithm 4.2.1,
// gaxpy Cholesky); backward stability without pivoting: Higham, "Accuracy and
// Stability of Numerical Algorithms", 2nd ed., Theorem 10.3.
//
// Generated modules carry the same functions, printed from the same IR: no
// imports, no module-level state, no allocation (every array is passed in).

/**
 * Factor A = L Lᵀ in place. A is n×n row-major and symmetric; only its lower
 * triangle is read, L overwrites it (the strict upper triangle is left as it
 * was).
 *
 * `first`, when given, is A's envelope: row i's entries left of column
 * first[i] are zero (block-diagonal or banded mass matrices of independent
 * bodies). The factor has no fill outside the envelope (George & Liu,
 * "Computer Solution of Large Sparse Positive Definite Systems", §4.1), so
 * those entries are neither read nor written and the cost is that of the
 * envelope, O(n·b²) for bandwidth b instead of O(n³). The terms skipped are
 * exact zeros: the factor is the dense one's, bit for bit.
 *
 * Returns −1 when A is positive definite, else the first column j whose pivot
 * d_j = a_jj − Σ_{k<j} l_jk² is not above n·ε·max_i a_ii (then L is valid in
 * columns < j only and A is "not positive definite at column j": a massless
 * direction, or an indefinite matrix). The threshold is relative because
 * the rounding error of d_j is of order n·ε·a_jj (Higham, Theorem 10.3):
 * below it a pivot is noise, and without the test an exactly singular M
 * (massless spokes) gives a pivot of 1e-17 and a "solution" of size 1e16
 * instead of a failure. NaN entries fail the test too.
 */
export function choleskyFactor(n: number, A: Float64Array, first?: Int32Array): number {
  let maxDiag = 0;
  for (let i = 0; i < n; i++) {
    // skips NaN, which then fails at its own column
    if (Math.abs(A[i * n + i]!) > maxDiag) maxDiag = Math.abs(A[i * n + i]!);
  }
  const threshold = n * Number.EPSILON * maxDiag;
  for (let j = 0; j < n; j++) {
    const fj = first ? first[j]! : 0;
    let d = A[j * n + j]!;
    for (let k = fj; k < j; k++) d -= A[j * n + k]! * A[j * n + k]!;
    if (!(d > threshold)) return j;
    const root = Math.sqrt(d);
    A[j * n + j] = root;
    for (let i = j + 1; i < n; i++) {
      const fi = first ? first[i]! : 0;
      if (fi > j) continue;
      let s = A[i * n + j]!;
      let lo: number = fi;
      if (fj > lo) lo = fj;
      for (let k = lo; k < j; k++) s -= A[i * n + k]! * A[j * n + k]!;
      A[i * n + j] = s / root;
    }
  }
  return -1;
}

/**
 * y[yOff…yOff+n) = A⁻¹ b[bOff…bOff+n) with the factor L of `choleskyFactor`
 * and the same envelope `first` (forward substitution L z = b by rows, then
 * back substitution Lᵀ y = z by columns of Lᵀ, i.e. rows of L, so that both
 * touch the envelope only). b is only read; y may be the same array at the
 * same offset (solve in place).
 */
export function choleskySolve(n: number, L: Float64Array, b: Float64Array, bOff: number, y: Float64Array, yOff: number, first?: Int32Array): void {
  for (let i = 0; i < n; i++) {
    let s = b[bOff + i]!;
    for (let k = first ? first[i]! : 0; k < i; k++) s -= L[i * n + k]! * y[yOff + k]!;
    y[yOff + i] = s / L[i * n + i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    const yi = y[yOff + i]! / L[i * n + i]!;
    y[yOff + i] = yi;
    for (let k = first ? first[i]! : 0; k < i; k++) y[yOff + k] = y[yOff + k]! - L[i * n + k]! * yi;
  }
}
