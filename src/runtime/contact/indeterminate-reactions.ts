// The reactions of a statically indeterminate support: held rows R (k×n)
// that are dependent (a box flat on four corners has g_A + g_C = g_B + g_D
// for any pose) leave q̈ unique, M q̈ = f + Rᵀσ, but only Rᵀσ fixes σ. The
// Schur solve of the generated contact phase gives the dropped rows σ = 0,
// one valid split that puts a flat box's weight on three corners, the middle
// one at σ ≈ 0: its sign is roundoff, and the mode selection saw a corner
// pulling or a release that is none. Of all σ with the same Rᵀσ this takes
// the least Euclidean norm, σ's orthogonal projection onto the column space
// of R (σ − σ' lies in null(Rᵀ)): the symmetric split where the support is
// symmetric, and the one equal supports of any stiffness tend to (least
// work of the springs, Σσ²/2k, with Rᵀσ given).
// Tests: test/runtime/contact/indeterminate-reactions.test.ts; the box landing flat, test/unilateral/box-flat-landing.test.ts.

import { choleskyFactor, choleskySolve } from '../../numeric/cholesky.js';

/**
 * x (k entries) in place replaced by its orthogonal projection onto the
 * column space of the k×n matrix `rows` (row-major): an orthonormal basis of
 * its columns by modified Gram–Schmidt, each column orthogonalized twice
 * (once loses orthogonality on nearly dependent columns); a column whose
 * remainder is below 1e-8 of its norm, or of the largest column's, lies in
 * the span of the others (a dependency that holds exactly, up to the
 * roundoff of the rows).
 */
export function projectOntoColumns(n: number, k: number, rows: ArrayLike<number>, x: Float64Array): void {
  const projected = new Float64Array(k);
  for (const v of orthonormalColumns(n, k, rows).basis) {
    let dot = 0;
    for (let a = 0; a < k; a++) dot += v[a]! * x[a]!;
    for (let a = 0; a < k; a++) projected[a]! += dot * v[a]!;
  }
  x.set(projected);
}

/** An orthonormal basis of the columns of the k×n matrix `rows` (projectOntoColumns), one column of k per independent column, and which columns those are. */
function orthonormalColumns(n: number, k: number, rows: ArrayLike<number>): { basis: Float64Array[]; kept: number[] } {
  // A column is measured against the largest too: a difference of two equal
  // splits is roundoff (1e-16) in a direction of its own, not a column.
  let largest = 0;
  for (let i = 0; i < n; i++) {
    let norm = 0;
    for (let a = 0; a < k; a++) norm += rows[a * n + i]! * rows[a * n + i]!;
    largest = Math.max(largest, norm);
  }
  const basis: Float64Array[] = [];
  const kept: number[] = [];
  for (let i = 0; i < n; i++) {
    const u = new Float64Array(k);
    let norm0 = 0;
    for (let a = 0; a < k; a++) {
      u[a] = rows[a * n + i]!;
      norm0 += u[a]! * u[a]!;
    }
    norm0 = Math.max(norm0, largest);
    for (let pass = 0; pass < 2; pass++) {
      for (const v of basis) {
        let dot = 0;
        for (let a = 0; a < k; a++) dot += v[a]! * u[a]!;
        for (let a = 0; a < k; a++) u[a]! -= dot * v[a]!;
      }
    }
    let norm = 0;
    for (let a = 0; a < k; a++) norm += u[a]! * u[a]!;
    if (!(norm > 1e-16 * norm0)) continue;
    const scale = 1 / Math.sqrt(norm);
    for (let a = 0; a < k; a++) u[a]! *= scale;
    basis.push(u);
    kept.push(i);
  }
  return { basis, kept };
}

/**
 * Whether some of the k rows of n (row-major) depend on the others: a row
 * whose remainder off the earlier rows is below 1e-8 of its norm or the
 * largest row's (modified Gram–Schmidt, twice). Decided from the rows, not from a solve's pivot: the
 * generated phase's LU let a box's four sliding corners through on a pivot
 * of roundoff and split their weight 3.27 : 1.64 : 1.64 : −6e-16.
 */
export function hasDependentRows(n: number, k: number, rows: ArrayLike<number>): boolean {
  const transposed = new Float64Array(n * k);
  for (let a = 0; a < k; a++) for (let i = 0; i < n; i++) transposed[i * k + a] = rows[a * n + i]!;
  return orthonormalColumns(k, n, transposed).basis.length < k;
}

/**
 * σ in place (k entries) replaced by the σ' of least norm with Rᵀσ' = Rᵀσ,
 * R the k rows of n in `rows` (row-major): σ's projection onto R's columns
 * (σ − σ' lies in null(Rᵀ), orthogonal to them).
 */
export function leastNormReactions(n: number, k: number, rows: ArrayLike<number>, sigma: Float64Array): void {
  projectOntoColumns(n, k, rows, sigma);
}

/**
 * Weights λ (Σλ = 1) of the point of least norm on the affine hull of
 * `points` (each k entries): p₀ + Σ cᵢ(pᵢ − p₀) with c of least squares on
 * the independent differences (normal equations, Cholesky), λ₀ = 1 − Σc.
 * Every quantity affine in the point (a phase's q̈ with its reactions)
 * takes the same weights.
 */
export function leastNormWeights(k: number, points: readonly ArrayLike<number>[]): Float64Array {
  const p0 = points[0]!;
  const c = points.length - 1;
  const D = new Float64Array(k * c);
  points.slice(1).forEach((p, i) => {
    for (let a = 0; a < k; a++) D[a * c + i] = p[a]! - p0[a]!;
  });
  const { kept } = orthonormalColumns(c, k, D);
  const r = kept.length;
  const N = new Float64Array(r * r),
    rhs = new Float64Array(r);
  kept.forEach((i, x) => {
    for (let a = 0; a < k; a++) rhs[x]! -= D[a * c + i]! * p0[a]!;
    kept.forEach((j, y) => {
      for (let a = 0; a < k; a++) N[x * r + y]! += D[a * c + i]! * D[a * c + j]!;
    });
  });
  const weights = new Float64Array(points.length);
  weights[0] = 1;
  if (r === 0 || choleskyFactor(r, N) >= 0) return weights;
  choleskySolve(r, N, rhs, 0, rhs, 0);
  kept.forEach((i, x) => {
    weights[i + 1] = rhs[x]!;
    weights[0]! -= rhs[x]!;
  });
  return weights;
}
