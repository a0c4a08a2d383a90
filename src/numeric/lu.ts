// Printed from src/codegen/solvers/lu.ts by `npm run solvers`: edit that file, not this one.
//
// LU factorization with partial pivoting, PA = LU, and the solve with it,
// for the indefinite square systems (the KKT matrix [M Aᵀ; A 0] of retaining
// constraints, the bases of Lemke's algorithm, Moreau–Jean's iteration
// matrix). Golub & Van Loan, "Matrix Computations", 4th ed., §3.4
// (Algorithm 3.4.1, Gaussian elimination with partial pivoting) and §3.3
// (its backward error: the computed factors are those of A + H with
// |H| = O(n·u)(|A| + |L||U|)).
//
// Generated modules carry the same functions, printed from the same IR: no
// imports, no module-level state, no allocation (every array is passed in).

/**
 * Factor PA = LU in place: A is n×n row-major; on return its strict lower
 * triangle holds L (unit diagonal implied) and its upper triangle U. piv (n
 * entries) records the row interchanges: at step k rows k and piv[k] were
 * swapped.
 *
 * Returns −1 on success, else the first column k where every candidate pivot
 * |a_ik|, i ≥ k, is not above tol·max_ij |a_ij| (max over the matrix as
 * given): A is singular to that relative threshold (GVL §3.3: the backward
 * error of elimination is n·u·max|a_ij| in size, so a smaller pivot cannot
 * be told from zero). Pass tol = n·Number.EPSILON for "singular to working
 * precision"; a larger tol also rejects nearly singular systems whose
 * solution would be noise. Without a threshold two copies of one contact
 * row yield a "solution" of size 1e16 that passes for a finite answer. NaN
 * entries fail too. On failure A and piv hold the partial factorization.
 */
export function luFactor(n: number, A: Float64Array, piv: Int32Array, tol: number): number {
  let maxAbs = 0;
  for (let i = 0; i < n * n; i++) {
    // skips NaN, which then fails at its own column
    if (Math.abs(A[i]!) > maxAbs) maxAbs = Math.abs(A[i]!);
  }
  const threshold = tol * maxAbs;
  for (let k = 0; k < n; k++) {
    let p = k;
    let best = Math.abs(A[k * n + k]!);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(A[i * n + k]!);
      if (v > best) {
        best = v;
        p = i;
      }
    }
    piv[k] = p;
    if (!(best > threshold)) return k;
    if (p !== k) {
      for (let j = 0; j < n; j++) {
        const tmp = A[k * n + j]!;
        A[k * n + j] = A[p * n + j]!;
        A[p * n + j] = tmp;
      }
    }
    const pivot = A[k * n + k]!;
    for (let i = k + 1; i < n; i++) {
      const l = A[i * n + k]! / pivot;
      A[i * n + k] = l;
      if (l !== 0) {
        for (let j = k + 1; j < n; j++) A[i * n + j] = A[i * n + j]! - l * A[k * n + j]!;
      }
    }
  }
  return -1;
}

/**
 * x[xOff…xOff+n) = A⁻¹ b[bOff…bOff+n) with the factors of a successful
 * `luFactor` (permute, forward substitution with the unit L, back
 * substitution with U). b is only read; x may be the same array at the same
 * offset (solve in place).
 */
export function luSolve(n: number, LU: Float64Array, piv: Int32Array, b: Float64Array, bOff: number, x: Float64Array, xOff: number): void {
  if (x !== b || xOff !== bOff) {
    for (let i = 0; i < n; i++) x[xOff + i] = b[bOff + i]!;
  }
  for (let k = 0; k < n; k++) {
    const p = piv[k]!;
    if (p !== k) {
      const tmp = x[xOff + k]!;
      x[xOff + k] = x[xOff + p]!;
      x[xOff + p] = tmp;
    }
  }
  for (let i = 1; i < n; i++) {
    let s = x[xOff + i]!;
    for (let j = 0; j < i; j++) s -= LU[i * n + j]! * x[xOff + j]!;
    x[xOff + i] = s;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = x[xOff + i]!;
    for (let j = i + 1; j < n; j++) s -= LU[i * n + j]! * x[xOff + j]!;
    x[xOff + i] = s / LU[i * n + i]!;
  }
}
