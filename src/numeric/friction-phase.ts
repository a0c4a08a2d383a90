// Printed from src/codegen/solvers/friction-phase.ts by `npm run solvers`: edit that file, not this one.
//
// The constrained solve of a contact phase whose reactions do not act along
// the constraint rows: a sliding contact's normal reaction σ̇ comes with the
// friction force −μ σ̇ d along its slip rows S, so it acts along F = N − μ d S
// while the constraint keeps N q̈ + bias = 0:
//   M y = b + Fᵀσ,   R y = c.
// Then y = M⁻¹(b + Fᵀσ) and (R M⁻¹ Fᵀ) σ = c − R M⁻¹ b, a non-symmetric k×k
// system (the Delassus matrix of the frictionless case, which is symmetric
// positive definite, made non-symmetric by friction). Its determinant is the
// one of Smirnov's reaction system (1.1) (smirnov1981 §1): positive for every
// frictionless mode, and zero or negative in Painlevé's situations, where the
// contact's normal acceleration decreases as the reaction grows.
//
// Generated modules carry the same function, printed from the same IR, with
// choleskySolve, luFactor and luSolve beside it: no allocation, no module
// state.
import { choleskySolve } from './cholesky.js';
import { luFactor, luSolve } from './lu.js';
import type { SchurSystem } from './schur.js';

/**
 * Solve M y = b + Fᵀσ, R y = c for the first k rows of s.R (constraint rows)
 * and of F (the rows the reactions act along, k×n, same layout), with the
 * Cholesky factor of M already in s.L. Returns det(R M⁻¹ Fᵀ) (1 for k = 0);
 * 0 when that matrix is singular to working precision (k·ε relative pivot,
 * src/numeric/lu.ts), and then y and σ are NaN. s.W holds the LU factors.
 */
export function forceRowSolve(s: SchurSystem, k: number, F: Float64Array, piv: Int32Array): number {
  const n = s.n;
  const L = s.L;
  const R = s.R;
  const b = s.b;
  const c = s.c;
  const y = s.y;
  const sigma = s.sigma;
  const X = s.X;
  const W = s.W;
  for (let i = 0; i < n; i++) y[i] = b[i]!;
  choleskySolve(n, L, y, 0, y, 0);
  for (let r = 0; r < k; r++) choleskySolve(n, L, F, r * n, X, r * n);
  for (let r = 0; r < k; r++) {
    for (let q = 0; q < k; q++) {
      let w = 0;
      for (let i = 0; i < n; i++) w += R[r * n + i]! * X[q * n + i]!;
      W[r * k + q] = w;
    }
    let v = c[r]!;
    for (let i = 0; i < n; i++) v -= R[r * n + i]! * y[i]!;
    sigma[r] = v;
  }
  if (k > 0 && luFactor(k, W, piv, k * Number.EPSILON) >= 0) {
    for (let i = 0; i < n; i++) y[i] = NaN;
    for (let r = 0; r < k; r++) sigma[r] = NaN;
    return 0;
  }
  let det = 1;
  for (let r = 0; r < k; r++) det *= piv[r]! === r ? W[r * k + r]! : -W[r * k + r]!;
  if (k > 0) luSolve(k, W, piv, sigma, 0, sigma, 0);
  for (let i = 0; i < n; i++) {
    let v = y[i]!;
    for (let r = 0; r < k; r++) v += X[r * n + i]! * sigma[r]!;
    y[i] = v;
  }
  return det;
}
