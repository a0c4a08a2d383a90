// Printed from src/codegen/solvers/schur.ts by `npm run solvers`: edit that file, not this one.
//
// The constrained solve shared by contact phases and impacts,
//   M y = b + Rᵀσ,   R y = c        (M: n×n, R: k×n, b: n, c: k),
// by the Schur complement (range-space method, Nocedal & Wright, "Numerical
// Optimization", 2nd ed., §16.2): y₀ = M⁻¹b, X = M⁻¹Rᵀ, W = R M⁻¹ Rᵀ (the
// Delassus matrix), W σ = c − R y₀, y = y₀ + X σ. M and W are factored by
// Cholesky (./cholesky.ts).
//
// Generated modules carry the same declarations, printed from the same IR,
// with choleskyFactor and choleskySolve beside them: no module-level state,
// no allocation (every array is passed in).
import { choleskyFactor, choleskySolve } from './cholesky.js';

/**
 * Arrays of one constrained solve, row-major, allocated once by the caller
 * for the largest k it will use (kMax).
 */
export interface SchurSystem {
  /** Number of coordinates. */
  readonly n: number;
  /** M, n×n, symmetric positive semidefinite (read). */
  readonly M: Float64Array;
  /**
   * n×n. In: the Cholesky factor of M when the caller passes massFactored
   * (choleskyFactor succeeded on a copy of M); otherwise scratch, overwritten
   * with the factor of the regularized M + ρRᵀR.
   */
  readonly L: Float64Array;
  /** Constraint rows R, kMax×n (read, first k rows). */
  readonly R: Float64Array;
  /** b, n (read). */
  readonly b: Float64Array;
  /** c, kMax (read, first k). */
  readonly c: Float64Array;
  /** Out: y, n. */
  readonly y: Float64Array;
  /** Out: σ, kMax (first k); 0 for a dependent row. */
  readonly sigma: Float64Array;
  /** Work: X = M⁻¹Rᵀ, one row of n per constraint, kMax×n. */
  readonly X: Float64Array;
  /** Work: W and its factor, packed k×k at the start, kMax². */
  readonly W: Float64Array;
  /** Out: per row, 0 independent, 1 dependent on earlier rows (σ = 0), 2 dependent and violated. */
  readonly dep: Uint8Array;
  /** Out: where a solve failed (see SchurStatus), −1 after 'ok'. */
  at: number;
}

/**
 * 'not-positive-definite': M (M + ρRᵀR when M is singular) is not positive
 * definite at column `at`: a direction with no mass that no row pins.
 * 'inconsistent': row `at` depends on earlier rows and its c contradicts
 * theirs (R y = c has no solution).
 * 'not-finite': y[at] is not finite (non-finite input).
 */
export type SchurStatus = 'ok' | 'not-positive-definite' | 'inconsistent' | 'not-finite';

/**
 * ρ = max |Mᵢᵢ| / max Rᵣᵢ², the weight that puts M and the k rows R (k×n,
 * row-major) on one scale in M + ρRᵀR; 0 without a nonzero row. Shared by
 * every place a mass matrix singular alone is pinned by held rows (here, the
 * frictional impact, the derivation's check).
 */
export function pinningScale(n: number, M: ArrayLike<number>, R: ArrayLike<number>, k: number): number {
  let md = 0;
  let rd = 0;
  for (let i = 0; i < n; i++) md = Math.max(md, Math.abs(M[i * n + i]!));
  for (let x = 0; x < k * n; x++) rd = Math.max(rd, R[x]! * R[x]!);
  return rd > 0 ? Math.max(md, Number.MIN_VALUE) / rd : 0;
}

/**
 * The part of schurSolve that depends on M and R only: the factor of M
 * (of M + ρRᵀR when massFactored is false), X = M⁻¹Rᵀ and the Cholesky of W
 * with its dependent rows; 'not-positive-definite' is its only failure.
 * schurSolveFactored then solves for any b and c
 * with the same M, R and k: a Jacobian's 2n right sides cost one factor.
 */
export function schurFactor(s: SchurSystem, k: number, massFactored: boolean): SchurStatus {
  const n = s.n;
  const M = s.M;
  const L = s.L;
  const R = s.R;
  const X = s.X;
  const W = s.W;
  const dep = s.dep;
  if (!massFactored) {
    const rho = pinningScale(n, M, R, k);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        let v = M[i * n + j]!;
        for (let r = 0; r < k; r++) v += rho * R[r * n + i]! * R[r * n + j]!;
        L[i * n + j] = v;
      }
    }
    const column = choleskyFactor(n, L);
    if (column >= 0) {
      s.at = column;
      return 'not-positive-definite';
    }
  }
  // X = M⁻¹Rᵀ, W = R X (lower triangle).
  for (let r = 0; r < k; r++) choleskySolve(n, L, R, r * n, X, r * n);
  let maxDiag = 0;
  for (let r = 0; r < k; r++) {
    for (let q = 0; q < r + 1; q++) {
      let w = 0;
      for (let i = 0; i < n; i++) w += R[r * n + i]! * X[q * n + i]!;
      W[r * k + q] = w;
    }
    maxDiag = Math.max(maxDiag, W[r * k + r]!);
  }
  // Cholesky of W, skipping dependent rows.
  for (let j = 0; j < k; j++) {
    let d = W[j * k + j]!;
    for (let q = 0; q < j; q++) d -= W[j * k + q]! * W[j * k + q]!;
    const dependent = !(d > 1e-10 * maxDiag);
    dep[j] = dependent ? 1 : 0;
    const root = dependent ? 0 : Math.sqrt(d);
    W[j * k + j] = root;
    for (let i = j + 1; i < k; i++) {
      let v = W[i * k + j]!;
      for (let q = 0; q < j; q++) v -= W[i * k + q]! * W[j * k + q]!;
      W[i * k + j] = dependent ? 0 : v / root;
    }
  }
  s.at = -1;
  return 'ok';
}

/**
 * Solve M y = b + Rᵀσ, R y = c for the first k rows of s.R, with L, X, W
 * and dep as schurFactor left them for this M, R and k.
 */
export function schurSolveFactored(s: SchurSystem, k: number, massFactored: boolean): SchurStatus {
  const n = s.n;
  const M = s.M;
  const L = s.L;
  const R = s.R;
  const b = s.b;
  const c = s.c;
  const y = s.y;
  const sigma = s.sigma;
  const X = s.X;
  const W = s.W;
  const dep = s.dep;
  if (massFactored) {
    for (let i = 0; i < n; i++) y[i] = b[i]!;
  } else {
    const rho = pinningScale(n, M, R, k);
    for (let i = 0; i < n; i++) {
      let v = b[i]!;
      for (let r = 0; r < k; r++) v += rho * R[r * n + i]! * c[r]!;
      y[i] = v;
    }
  }
  // y₀ = M⁻¹b (in y), σ ← c − R y₀, then W σ = c − R y₀ in place.
  choleskySolve(n, L, y, 0, y, 0);
  for (let r = 0; r < k; r++) {
    let v = c[r]!;
    for (let i = 0; i < n; i++) v -= R[r * n + i]! * y[i]!;
    sigma[r] = v;
  }
  for (let i = 0; i < k; i++) {
    if (dep[i]!) {
      sigma[i] = 0;
      continue;
    }
    let v = sigma[i]!;
    for (let q = 0; q < i; q++) v -= W[i * k + q]! * sigma[q]!;
    sigma[i] = v / W[i * k + i]!;
  }
  for (let i = k - 1; i >= 0; i--) {
    if (dep[i]!) continue;
    let v = sigma[i]!;
    for (let q = i + 1; q < k; q++) v -= W[q * k + i]! * sigma[q]!;
    sigma[i] = v / W[i * k + i]!;
  }
  for (let i = 0; i < n; i++) {
    let v = y[i]!;
    for (let r = 0; r < k; r++) v += X[r * n + i]! * sigma[r]!;
    y[i] = v;
  }
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(y[i]!)) {
      s.at = i;
      return 'not-finite';
    }
  }
  // A dropped row must hold by itself, else the constraints contradict each
  // other. Its residual R_r y − c_r = R_r y₀ + Σ_q W_rq σ_q − c_r is compared
  // with the size of those terms (not of R_r y alone, which is 0 when the
  // rows stop the system: the compass with both feet stuck).
  s.at = -1;
  for (let r = 0; r < k; r++) {
    if (!dep[r]!) continue;
    let v = -c[r]!;
    let scale = Math.abs(c[r]!);
    for (let i = 0; i < n; i++) {
      v += R[r * n + i]! * y[i]!;
      scale += Math.abs(R[r * n + i]! * y[i]!);
    }
    for (let q = 0; q < k; q++) {
      let wrq = 0;
      for (let i = 0; i < n; i++) wrq += R[r * n + i]! * X[q * n + i]!;
      scale += 2 * Math.abs(wrq * sigma[q]!);
    }
    if (Math.abs(v) > 1e-8 * scale) {
      dep[r] = 2;
      if (s.at < 0) s.at = r;
    }
  }
  return s.at < 0 ? 'ok' : 'inconsistent';
}

/**
 * Solve M y = b + Rᵀσ, R y = c for the first k rows of s.R.
 *
 * Dependent rows (two pinned feet of one body on a line share a tangent; a
 * statically indeterminate support) make W singular. In the Cholesky of W a
 * row whose pivot is ≤ 1e-10 of the largest diagonal entry of W is dropped:
 * the pivot over the diagonal entry is sin²θ, θ the angle between the row and
 * the span of the earlier rows in the M⁻¹ metric, so rows within 1e-5 rad of
 * that span count as dependent (a smaller threshold would let rounding of
 * order ε·cond(M) pass for independence and split σ into ±1e10 parts). The
 * dropped row gets σ = 0, which leaves y unique and the other multipliers one
 * valid split; its equation must then hold by itself, to 1e-8 of the size of
 * its terms, else 'inconsistent'.
 *
 * A singular M (massless spokes: massFactored false) may still be pinned by
 * the rows: the solutions of M y = b + Rᵀσ, R y = c are those of
 * (M + ρRᵀR) y = b + ρRᵀc + Rᵀσ, R y = c (add ρRᵀ times the second equation),
 * and M + ρRᵀR is positive definite exactly when the rows cover M's null
 * space; ρ = max|M_ii| / max|R_ri|² puts both terms on one scale.
 */
export function schurSolve(s: SchurSystem, k: number, massFactored: boolean): SchurStatus {
  if (schurFactor(s, k, massFactored) !== 'ok') return 'not-positive-definite';
  return schurSolveFactored(s, k, massFactored);
}
