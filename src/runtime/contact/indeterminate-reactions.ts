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

/**
 * σ in place (k entries) replaced by the σ' of least norm with Rᵀσ' = Rᵀσ,
 * R the k rows of n in `rows` (row-major). An orthonormal basis of R's
 * columns by modified Gram–Schmidt, each orthogonalized twice (once loses
 * orthogonality on nearly dependent columns); a column whose remainder is below 1e-8 of its norm
 * lies in the span of the others (a dependency that holds exactly, up to
 * the roundoff of the rows).
 */
export function leastNormReactions(n: number, k: number, rows: ArrayLike<number>, sigma: Float64Array): void {
  const basis: Float64Array[] = [];
  for (let i = 0; i < n; i++) {
    const u = new Float64Array(k);
    let norm0 = 0;
    for (let a = 0; a < k; a++) {
      u[a] = rows[a * n + i]!;
      norm0 += u[a]! * u[a]!;
    }
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
  }
  const projected = new Float64Array(k);
  for (const v of basis) {
    let dot = 0;
    for (let a = 0; a < k; a++) dot += v[a]! * sigma[a]!;
    for (let a = 0; a < k; a++) projected[a]! += dot * v[a]!;
  }
  sigma.set(projected);
}
