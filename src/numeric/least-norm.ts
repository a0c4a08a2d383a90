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
// Tests: test/runtime/contact/indeterminate-reactions.test.ts (through the runtime’s wrapper).

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
    if (norm > largest) largest = norm;
  }
  let rank: number = 0;
  for (let i = 0; i < n; i++) {
    let norm0 = 0;
    for (let a = 0; a < k; a++) {
      u[a] = R[a * n + i]!;
      norm0 += u[a]! * u[a]!;
    }
    if (largest > norm0) norm0 = largest;
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

/**
 * The impulses Λ (r rows of H, r×n: per contact its normal row, then its slip
 * rows; normalRow[a] the normal row of row a's contact) of an impact split by
 * least norm where the rows that may carry impulse are dependent (a box landing
 * flat on four corners). Those are the engaged contacts' and the open ones'
 * (or ones without normal impulse, whatever their phase) that end at ξ_N = 0 (ξ = U⁺ + ε∘U⁻, to 1e-9 of `scale`, the velocities
 * before). Per row its contact's phase after the impact (0 open, 1 engaged
 * without friction, 2 sticking, 3 sliding) and μk, μs. The unknowns are a
 * sticking contact's normal and slip impulses (an open one's, or a sliding
 * one's, that ends at rest in its tangent too), a sliding one's normal impulse with its slip impulses in
 * the ratio Λ gives them (an open one's −μk ξ_T/|ξ_T|: the edge of its cone,
 * against the slip), a frictionless one's normal impulse. Their rows (the
 * normal row plus the slip rows in that ratio) keep HᵀΛ, so q̇⁺ and every
 * velocity after it are those of Λ. Λ is replaced, and 1 returned, unless the
 * rows are independent or the split leaves the law (a normal impulse below −√ε
 * of the largest, a sticking one outside its cone): then Λ is the one valid
 * split the caller has. R (r·n), basis (n·r), role (r), ratio, nu, u, p (r): scratch.
 */
export function leastNormImpulses(
  n: number,
  r: number,
  H: ArrayLike<number>,
  normalRow: Int32Array,
  phase: Int32Array,
  muK: ArrayLike<number>,
  muS: ArrayLike<number>,
  lambda: Float64Array,
  xi: ArrayLike<number>,
  scale: number,
  R: Float64Array,
  basis: Float64Array,
  role: Int32Array,
  ratio: Float64Array,
  nu: Float64Array,
  u: Float64Array,
  p: Float64Array,
): number {
  const rest = 1e-9 * scale;
  // Each contact (at its normal row a) decides its rows' roles and its slip rows' ratios.
  for (let a = 0; a < r; a++) {
    role[a] = 0;
    ratio[a] = 0;
  }
  for (let a = 0; a < r; a++) {
    if (normalRow[a]! !== a) continue;
    let slide = 0;
    let slips: number = 0;
    for (let b = 0; b < r; b++) {
      if (normalRow[b]! === a && b !== a) {
        slide += xi[b]! * xi[b]!;
        slips += 1;
      }
    }
    slide = Math.sqrt(slide);
    const touching: boolean = (phase[a]! === 0 || !(lambda[a]! > 0)) && Math.abs(xi[a]!) <= rest;
    const frictionless: boolean = muK[a]! === 0 || slips === 0;
    if (frictionless) {
      if (phase[a]! !== 0 || touching) role[a] = 1;
      continue;
    }
    const atRest: boolean = (touching || phase[a]! === 3) && slide <= rest;
    if (phase[a]! === 2 || atRest) {
      role[a] = 1;
      for (let b = 0; b < r; b++) {
        if (normalRow[b]! === a && b !== a) role[b] = 1;
      }
      continue;
    }
    const sliding: boolean = phase[a]! === 3 && lambda[a]! > 0;
    if (!(sliding || touching)) continue;
    role[a] = 1;
    for (let b = 0; b < r; b++) {
      if (normalRow[b]! === a && b !== a) {
        role[b] = 2;
        ratio[b] = sliding ? lambda[b]! / lambda[a]! : -muK[a]! * (xi[b]! / slide);
      }
    }
  }
  // The columns: a free row, plus its tied slip rows in their ratio.
  let k: number = 0;
  for (let a = 0; a < r; a++) {
    if (role[a]! !== 1) continue;
    for (let i = 0; i < n; i++) {
      let v = H[a * n + i]!;
      for (let b = 0; b < r; b++) {
        if (normalRow[b]! === a && b !== a && role[b]! === 2) v += ratio[b]! * H[b * n + i]!;
      }
      R[k * n + i] = v;
    }
    nu[k] = lambda[a]!;
    k += 1;
  }
  if (k < 2) return 0;
  if (leastNormSplit(n, k, R, nu, basis, u, p) === k) return 0;
  // The split into p (its scratch is free), then the law checked on it.
  let c: number = 0;
  let largest = 0;
  for (let a = 0; a < r; a++) {
    p[a] = lambda[a]!;
    if (role[a]! === 1) {
      p[a] = nu[c]!;
      c += 1;
    }
  }
  for (let a = 0; a < r; a++) {
    if (role[a]! === 2) p[a] = ratio[a]! * p[normalRow[a]!]!;
    if (Math.abs(p[a]!) > largest) largest = Math.abs(p[a]!);
  }
  const tol = Math.sqrt(Number.EPSILON) * largest;
  for (let a = 0; a < r; a++) {
    if (normalRow[a]! !== a) continue;
    if (p[a]! < -tol) return 0;
    let tangent = 0;
    let held: boolean = false;
    for (let b = 0; b < r; b++) {
      if (normalRow[b]! === a && b !== a) {
        tangent += p[b]! * p[b]!;
        held = held || role[b]! === 1;
      }
    }
    if (held && Math.sqrt(tangent) > (p[a]! > 0 ? muS[a]! * p[a]! : 0) + tol) return 0;
  }
  for (let a = 0; a < r; a++) lambda[a] = p[a]!;
  return 1;
}
