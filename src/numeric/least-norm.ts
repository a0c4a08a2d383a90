// Printed from src/codegen/solvers/least-norm.ts by `npm run solvers`: edit that file, not this one.
//
// The reactions of a statically indeterminate support: k held rows R (k×n)
// that are dependent (a box flat on four corners has g_A + g_C = g_B + g_D
// for any pose) leave the motion unique, M q̈ = f + Rᵀσ, but only Rᵀσ fixes
// σ; so do the impulses of an impact on them, M Δq̇ = RᵀΛ (rubanovich1981
// §1: the horizontal impulses of pinned feet are statically indeterminate).
// Of all σ with the same Rᵀσ the split taken is the one of least Euclidean
// norm, σ's orthogonal projection onto the column space of R: the symmetric
// split where the support is symmetric, and the one equal supports of any
// stiffness tend to (least work of the springs, Σσ²/2k, with Rᵀσ given).
// No allocation: every array is passed in.

/**
 * An orthonormal basis of the columns of the k×n matrix R (row-major), one
 * vector of k entries per column into basis (n × k): column i's, or zeros
 * where column i depends on the earlier ones; returns the rank. Modified Gram–Schmidt, each
 * column orthogonalized twice (once loses orthogonality on nearly dependent
 * columns); a column whose remainder is not above 1e-8 of its norm, or of the
 * largest column's, lies in the span of the others: a dependency that holds
 * exactly, up to the roundoff of the rows (a difference of two equal splits is
 * roundoff, 1e-16, in a direction of its own, not a column). u: scratch, k.
 */
export function orthonormalColumns(n: number, k: number, R: ArrayLike<number>, basis: Float64Array, u: Float64Array): number {
  let largest = 0;
  for (let i = 0; i < n; i++) {
    let norm = 0;
    for (let a = 0; a < k; a++) norm += R[a * n + i]! * R[a * n + i]!;
    largest = Math.max(largest, norm);
  }
  let rank: number = 0;
  for (let i = 0; i < n; i++) {
    let norm0 = 0;
    for (let a = 0; a < k; a++) {
      u[a] = R[a * n + i]!;
      norm0 += u[a]! * u[a]!;
    }
    norm0 = Math.max(norm0, largest);
    for (let sweep = 0; sweep < 2; sweep++) {
      for (let v = 0; v < i; v++) {
        let dot = 0;
        for (let a = 0; a < k; a++) dot += basis[v * k + a]! * u[a]!;
        for (let a = 0; a < k; a++) u[a]! -= dot * basis[v * k + a]!;
      }
    }
    let norm = 0;
    for (let a = 0; a < k; a++) norm += u[a]! * u[a]!;
    // Dependent: a zero vector, which the later columns and the projection pass over.
    const independent = norm > 1e-16 * norm0;
    const scale = independent ? 1 / Math.sqrt(norm) : 0;
    for (let a = 0; a < k; a++) basis[i * k + a] = u[a]! * scale;
    if (independent) rank += 1;
  }
  return rank;
}

/**
 * x (k entries) in place replaced by the x' of least norm with Rᵀx' = Rᵀx, R the
 * k rows of n in R (row-major): x's orthogonal projection onto R's columns
 * (x − x' lies in null(Rᵀ), orthogonal to them). Returns R's rank. basis (n·k),
 * u and p (k): scratch.
 */
export function leastNormSplit(n: number, k: number, R: ArrayLike<number>, x: Float64Array, basis: Float64Array, u: Float64Array, p: Float64Array): number {
  const rank: number = orthonormalColumns(n, k, R, basis, u);
  for (let a = 0; a < k; a++) p[a] = 0;
  for (let v = 0; v < n; v++) {
    let dot = 0;
    for (let a = 0; a < k; a++) dot += basis[v * k + a]! * x[a]!;
    for (let a = 0; a < k; a++) p[a]! += dot * basis[v * k + a]!;
  }
  for (let a = 0; a < k; a++) x[a] = p[a]!;
  return rank;
}
