// Printed from src/codegen/solvers/sliding-support.ts by `npm run solvers`: edit that file, not this one.
//
// A contact phase sliding on a statically indeterminate support (a box on
// two or four corners): its reactions, and so its motion where friction
// turns the support, are a family; the member of least-norm reactions is
// the one the mode selection and its guards read (slidingSupport), weighted
// as the point of least norm on the members’ affine hull (leastNormWeights);
// the members are the phases with one dependent held contact opened
// (dependentHeld), which the caller computes between the two calls.
import { choleskyFactor, choleskySolve } from './cholesky.js';
import { leastNormSplit, orthonormalColumns } from './least-norm.js';

/**
 * Weights λ (count of them, Σλ = 1) of the point of least norm on the affine
 * hull of the count points of k entries in `points` (count × k, row-major):
 * p₀ + Σ cᵢ(pᵢ − p₀) with c of least squares on the independent differences
 * (orthonormalColumns' test; normal equations, Cholesky), λ₀ = 1 − Σc; λ = e₀
 * where the normal equations do not factor. Every quantity affine in the point
 * (a phase's q̈ with its reactions) takes the same weights. D (k·count),
 * basis (count·k), u (k), normal (count²), rhs (count), chosen (count): scratch.
 */
export function leastNormWeights(
  k: number,
  count: number,
  points: ArrayLike<number>,
  weights: Float64Array,
  D: Float64Array,
  basis: Float64Array,
  u: Float64Array,
  normal: Float64Array,
  rhs: Float64Array,
  chosen: Int32Array,
): void {
  for (let a = 0; a < count; a++) weights[a] = 0;
  weights[0] = 1;
  if (count < 2) return;
  const c1 = count - 1;
  for (let x = 0; x < k; x++) {
    for (let i = 0; i < c1; i++) D[x * c1 + i] = points[(i + 1) * k + x]! - points[x]!;
  }
  orthonormalColumns(c1, k, D, basis, u);
  // The independent differences: those with a basis vector of their own.
  let r: number = 0;
  for (let i = 0; i < c1; i++) {
    let independent: boolean = false;
    for (let x = 0; x < k; x++) {
      if (basis[i * k + x]! !== 0) independent = true;
    }
    if (independent) {
      chosen[r] = i;
      r += 1;
    }
  }
  if (r === 0) return;
  for (let x = 0; x < r; x++) {
    rhs[x] = 0;
    for (let a = 0; a < k; a++) rhs[x]! -= D[a * c1 + chosen[x]!]! * points[a]!;
    for (let y = 0; y < r; y++) {
      normal[x * r + y] = 0;
      for (let a = 0; a < k; a++) normal[x * r + y]! += D[a * c1 + chosen[x]!]! * D[a * c1 + chosen[y]!]!;
    }
  }
  if (choleskyFactor(r, normal) >= 0) return;
  choleskySolve(r, normal, rhs, 0, rhs, 0);
  for (let x = 0; x < r; x++) {
    weights[chosen[x]! + 1] = rhs[x]!;
    weights[0]! -= rhs[x]!;
  }
}

/**
 * Which held contacts (modes[j] ≠ 0) have a normal row (G, m×n) in the span
 * of the other held ones': its remainder off their columns not above 1e-8 of
 * its norm; into dependent (m, 1 or 0), their number returned. span (n·m),
 * along (n), basis (m·n), u, p (n): scratch.
 */
export function dependentHeld(
  n: number,
  m: number,
  G: ArrayLike<number>,
  modes: ArrayLike<number>,
  dependent: Int32Array,
  span: Float64Array,
  along: Float64Array,
  basis: Float64Array,
  u: Float64Array,
  p: Float64Array,
): number {
  let held: number = 0;
  for (let j = 0; j < m; j++) {
    dependent[j] = 0;
    if (modes[j]! !== 0) held += 1;
  }
  const o = held - 1;
  let count: number = 0;
  for (let j = 0; j < m; j++) {
    if (modes[j]! === 0) continue;
    // The other held rows as the columns of span (n × o, Gᵀ's), G_j projected onto them.
    let c: number = 0;
    for (let i = 0; i < m; i++) {
      if (i === j || modes[i]! === 0) continue;
      for (let x = 0; x < n; x++) span[x * o + c] = G[i * n + x]!;
      c += 1;
    }
    for (let x = 0; x < n; x++) along[x] = G[j * n + x]!;
    leastNormSplit(o, n, span, along, basis, u, p);
    let off = 0;
    let norm = 0;
    for (let x = 0; x < n; x++) {
      const d = G[j * n + x]! - along[x]!;
      off += d * d;
      norm += G[j * n + x]! * G[j * n + x]!;
    }
    if (Math.sqrt(off) <= 1e-8 * Math.sqrt(norm)) {
      dependent[j] = 1;
      count += 1;
    }
  }
  return count;
}

/**
 * A mode sliding on dependent normal rows, where the phase's solve
 * (R M⁻¹ Fᵀ, F carrying the friction) is singular: NaN, or a split off by the
 * roundoff of a pivot (a box's four corners at 3.27 : 1.64 : 1.64 : −6e-16).
 * Its solutions are a family σ_p + ν, R M⁻¹ Fᵀ ν = 0, and q̈, σ̇, τ are affine
 * along it; a held contact whose normal row depends on the other held ones'
 * (dependentHeld), opened, gives the member with its σ̇ = 0. `out` (width
 * entries: q̈ (n), σ̇, τ, then the determinant) becomes the member of
 * least-norm reactions (leastNormWeights over their k reactions at `at`), its
 * determinant the least of theirs (each that of an independent subsystem).
 * Where the members' q̈ agree (a box sliding flat without turning) the motion
 * is unique; where they do not (turning, the split moves the friction's
 * moment) the mode selection finds the members admissible as modes of their
 * own with other motions and reports the ambiguity. members (m × width): row j
 * the phase with contact j opened, read where dependent[j]; one with a
 * non-finite q̈ or a determinant 0 or non-finite is left out. Returns the
 * members combined; with fewer than two, out is left as it is. kept (m),
 * points (m·k), D (k·m), basis (m·k), u (k), normal (m²), rhs, weights,
 * chosen (m): scratch.
 */
export function slidingSupport(
  n: number,
  m: number,
  width: number,
  dependent: Int32Array,
  members: ArrayLike<number>,
  k: number,
  at: Int32Array,
  out: Float64Array,
  kept: Int32Array,
  points: Float64Array,
  D: Float64Array,
  basis: Float64Array,
  u: Float64Array,
  normal: Float64Array,
  rhs: Float64Array,
  weights: Float64Array,
  chosen: Int32Array,
): number {
  const last = width - 1;
  let count: number = 0;
  for (let j = 0; j < m; j++) {
    if (dependent[j]! === 0) continue;
    const det = members[j * width + last]!;
    let finite: boolean = det !== 0 && Number.isFinite(det);
    for (let x = 0; x < n; x++) {
      if (!Number.isFinite(members[j * width + x]!)) finite = false;
    }
    if (finite) {
      kept[count] = j;
      count += 1;
    }
  }
  if (count < 2) return count;
  for (let a = 0; a < count; a++) {
    for (let x = 0; x < k; x++) points[a * k + x] = members[kept[a]! * width + at[x]!]!;
  }
  leastNormWeights(k, count, points, weights, D, basis, u, normal, rhs, chosen);
  for (let x = 0; x < last; x++) {
    out[x] = 0;
    for (let a = 0; a < count; a++) out[x]! += weights[a]! * members[kept[a]! * width + x]!;
  }
  out[last] = members[kept[0]! * width + last]!;
  for (let a = 1; a < count; a++) {
    if (members[kept[a]! * width + last]! < out[last]!) out[last] = members[kept[a]! * width + last]!;
  }
  return count;
}
