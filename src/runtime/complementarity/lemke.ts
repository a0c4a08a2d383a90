// Linear complementarity problems  w = M z + q,  w ≥ 0, z ≥ 0, wᵀz = 0.
//
// `lemke`: Lemke's complementary pivoting with a covering vector d
// (Cottle, Pang & Stone, "The Linear Complementarity Problem", 1992, §4.4).
// It processes every LCP whose matrix is a P-matrix (unique solution) and,
// for copositive-plus M (e.g. positive semidefinite, as every Delassus
// matrix G W⁻¹ Gᵀ), either solves the problem or ends on a secondary ray,
// which then proves that no solution exists (same section). Like Siconos' LCP solvers it never throws
// on a legitimate failure and reports a status, the iteration count and the
// residual instead.
//
// `enumerateLcp`: all solutions by enumerating the 2^m complementary index
// sets, for small m. Mode selection uses it to tell "no admissible mode"
// and "several admissible modes" apart, which no pivoting method can.

import { luFactor, luSolve } from '../../numeric/lu.js';

export type LcpStatus = 'ok' | 'ray-termination' | 'max-iterations';

export interface LcpResult {
  /**
   * ok: a solution (check `residual`); ray-termination: the pivoting left on
   * an unbounded ray — for copositive-plus M the LCP has no solution;
   * max-iterations: the cap was hit (cycling on a degenerate problem).
   */
  readonly status: LcpStatus;
  readonly z: Float64Array;
  readonly w: Float64Array;
  readonly iterations: number;
  /** Natural-map residual max_i |min(z_i, w_i)| of the returned pair, w = M z + q recomputed. */
  readonly residual: number;
}

export interface LemkeOptions {
  /** Pivot cap; default max(1000, 50 m). */
  readonly maxIterations?: number;
  /** Covering vector d > 0 (default all ones). */
  readonly covering?: ArrayLike<number>;
}

/** w = M z + q and the natural-map residual max |min(z, w)|. */
export function lcpResidual(M: ArrayLike<number>, q: ArrayLike<number>, z: ArrayLike<number>, w: Float64Array): number {
  const m = q.length;
  let res = 0;
  for (let i = 0; i < m; i++) {
    let s = q[i];
    for (let j = 0; j < m; j++) s += M[i * m + j] * z[j];
    w[i] = s;
    res = Math.max(res, Math.abs(Math.min(z[i], s)));
  }
  return res;
}

/** Solve the LCP (M row-major m×m, m = q.length) by Lemke's method. */
export function lemke(M: ArrayLike<number>, q: ArrayLike<number>, opts: LemkeOptions = {}): LcpResult {
  const m = q.length;
  const maxIterations = opts.maxIterations ?? Math.max(1000, 50 * m);
  const z = new Float64Array(m);
  const w = new Float64Array(m);
  const done = (status: LcpStatus, iterations: number): LcpResult => ({ status, z, w, iterations, residual: lcpResidual(M, q, z, w) });

  // Trivial solution z = 0 when q ≥ 0.
  let r = -1;
  let worst = 0;
  const d = Float64Array.from({ length: m }, (_, i) => opts.covering?.[i] ?? 1);
  for (let i = 0; i < m; i++) {
    const ratio = -q[i] / d[i];
    if (ratio > worst) {
      worst = ratio;
      r = i;
    }
  }
  if (r < 0) return done('ok', 0);

  // Tableau B⁻¹[I, −M, −d, q]: columns 0..m−1 are w, m..2m−1 are z, 2m is the
  // artificial z0, 2m+1 the right-hand side. basis[i] is the column basic in row i.
  const cols = 2 * m + 2;
  const z0 = 2 * m;
  const rhs = 2 * m + 1;
  const T = new Float64Array(m * cols);
  let scale = 0;
  for (let i = 0; i < m; i++) {
    T[i * cols + i] = 1;
    for (let j = 0; j < m; j++) {
      T[i * cols + m + j] = -M[i * m + j];
      scale = Math.max(scale, Math.abs(M[i * m + j]));
    }
    T[i * cols + z0] = -d[i];
    T[i * cols + rhs] = q[i];
  }
  const basis = Int32Array.from({ length: m }, (_, i) => i);
  // Entries of the entering column below this are treated as zero in the
  // ratio test: pivoting on roundoff-sized entries is what makes an
  // unprotected Lemke return garbage on nearly degenerate problems.
  const pivotTol = 1e3 * Number.EPSILON * Math.max(1, scale);

  const nonzero = new Int32Array(cols);
  const values = new Float64Array(cols);
  const pivot = (row: number, col: number): void => {
    pivotTableau(T, m, cols, row, col, nonzero, values);
    basis[row] = col;
  };

  // First pivot: z0 enters at the level that makes every w ≥ 0, w_r leaves.
  pivot(r, z0);
  let entering = m + r; // complement of the leaving w_r
  let iterations = 1;
  for (;;) {
    if (iterations >= maxIterations) return readSolution('max-iterations', iterations);
    // Ratio test: the basic variable that first reaches zero as `entering` grows.
    let best = Infinity;
    for (let i = 0; i < m; i++) {
      const a = T[i * cols + entering];
      if (a > pivotTol) best = Math.min(best, Math.max(0, T[i * cols + rhs]) / a);
    }
    if (best === Infinity) return readSolution('ray-termination', iterations);
    // Among (near-)ties prefer z0 leaving (ends the algorithm), then the largest pivot.
    let row = -1;
    let rowPivot = 0;
    const tieTol = best * 1e-12 + 1e-300;
    for (let i = 0; i < m; i++) {
      const a = T[i * cols + entering];
      if (!(a > pivotTol) || Math.max(0, T[i * cols + rhs]) / a > best + tieTol) continue;
      if (basis[i] === z0) {
        row = i;
        break;
      }
      if (a > rowPivot) {
        rowPivot = a;
        row = i;
      }
    }
    const leaving = basis[row];
    pivot(row, entering);
    iterations++;
    if (leaving === z0) return readSolution('ok', iterations);
    entering = leaving < m ? leaving + m : leaving - m;
  }

  function readSolution(status: LcpStatus, iterations: number): LcpResult {
    z.fill(0);
    if (status === 'ok') {
      for (let i = 0; i < m; i++) {
        const b = basis[i];
        if (b >= m && b < 2 * m) z[b - m] = Math.max(0, T[i * cols + rhs]);
      }
      polishLcp(M, q, z);
    }
    return done(status, iterations);
  }
}

/**
 * Pivot the tableau T (m rows of `cols`) on (row, col). The pivot row's
 * nonzero columns and their values are gathered first (into `nonzero`,
 * `values`): the other rows change only there (the w columns stay an
 * identity's for long, so most entries are zero). A function of its own
 * with its arrays as locals: as a closure over the tableau it ran at a
 * fraction of the speed (Lemke's pivots on the tumbling box's 264 rows).
 */
function pivotTableau(T: Float64Array, m: number, cols: number, row: number, col: number, nonzero: Int32Array, values: Float64Array): void {
  const base = row * cols;
  const p = T[base + col];
  let count = 0;
  for (let j = 0; j < cols; j++) {
    const v = T[base + j] / p;
    T[base + j] = v;
    if (v !== 0) {
      nonzero[count] = j;
      values[count++] = v;
    }
  }
  for (let i = 0; i < m; i++) {
    if (i === row) continue;
    const at = i * cols;
    const f = T[at + col];
    if (f === 0) continue;
    for (let k = 0; k < count; k++) T[at + nonzero[k]] -= f * values[k];
  }
}

/**
 * Re-solve M_SS z_S = −q_S on the support S found by pivoting: Gauss–Jordan
 * updates accumulate roundoff over many pivots, a fresh LU on the final
 * support does not. Kept only if it is still feasible and no worse. Also
 * turns the solution of a slightly perturbed problem into one of (M, q)
 * when its support solves both (friction-lcp.ts).
 */
export function polishLcp(M: ArrayLike<number>, q: ArrayLike<number>, z: Float64Array): void {
  const m = q.length;
  const support: number[] = [];
  for (let i = 0; i < m; i++) if (z[i] > 0) support.push(i);
  const k = support.length;
  if (k === 0) return;
  const A = new Float64Array(k * k);
  const b = new Float64Array(k);
  for (let a = 0; a < k; a++) {
    b[a] = -q[support[a]];
    for (let c = 0; c < k; c++) A[a * k + c] = M[support[a] * m + support[c]];
  }
  const piv = new Int32Array(k);
  if (luFactor(k, A, piv, k * Number.EPSILON) >= 0) return;
  luSolve(k, A, piv, b, 0, b, 0);
  const candidate = new Float64Array(m);
  for (let a = 0; a < k; a++) {
    if (!(b[a] >= 0)) return;
    candidate[support[a]] = b[a];
  }
  const w = new Float64Array(m);
  if (lcpResidual(M, q, candidate, w) <= lcpResidual(M, q, z, w)) z.set(candidate);
}

export interface LcpSolution {
  readonly z: Float64Array;
  readonly w: Float64Array;
  /** Index set {i : z_i solved for} that produced it. */
  readonly support: readonly number[];
}

export interface EnumerationResult {
  /** too-large: m exceeds maxSize and nothing was enumerated. */
  readonly status: 'ok' | 'too-large';
  /** Every distinct solution found (empty: the LCP has none). */
  readonly solutions: LcpSolution[];
  /**
   * Index sets whose principal submatrix M_SS was singular. Non-zero means
   * solutions may form a continuum that enumeration only samples (e.g.
   * statically indeterminate contact impulses) — report, do not pick.
   */
  readonly singularSets: number;
}

export interface EnumerationOptions {
  /** Feasibility tolerance on z and w, relative to max(1, |q|∞) (default 1e-10). */
  readonly tol?: number;
  /** Largest m enumerated (2^m linear solves; default 12). */
  readonly maxSize?: number;
}

/** All solutions of a small LCP by trying every complementary index set. */
export function enumerateLcp(M: ArrayLike<number>, q: ArrayLike<number>, opts: EnumerationOptions = {}): EnumerationResult {
  const m = q.length;
  const maxSize = opts.maxSize ?? 12;
  if (m > maxSize) return { status: 'too-large', solutions: [], singularSets: 0 };
  let qScale = 1;
  for (let i = 0; i < m; i++) qScale = Math.max(qScale, Math.abs(q[i]));
  // Roundoff makes a zero component come out as ±1e-17: without a tolerance
  // a degenerate solution (z_i = w_i = 0) would be rejected from every set.
  const tol = (opts.tol ?? 1e-10) * qScale;
  const solutions: LcpSolution[] = [];
  let singularSets = 0;
  for (let mask = 0; mask < 1 << m; mask++) {
    const support: number[] = [];
    for (let i = 0; i < m; i++) if (mask & (1 << i)) support.push(i);
    const k = support.length;
    const z = new Float64Array(m);
    if (k > 0) {
      const A = new Float64Array(k * k);
      const b = new Float64Array(k);
      for (let a = 0; a < k; a++) {
        b[a] = -q[support[a]];
        for (let c = 0; c < k; c++) A[a * k + c] = M[support[a] * m + support[c]];
      }
      const piv = new Int32Array(k);
      if (luFactor(k, A, piv, k * Number.EPSILON) >= 0) {
        singularSets++;
        continue;
      }
      luSolve(k, A, piv, b, 0, b, 0);
      if (support.some((_, a) => !(b[a] >= -tol))) continue;
      support.forEach((i, a) => (z[i] = Math.max(0, b[a])));
    }
    const w = new Float64Array(m);
    lcpResidual(M, q, z, w);
    let feasible = true;
    for (let i = 0; i < m && feasible; i++) {
      if (mask & (1 << i)) w[i] = 0;
      else if (!(w[i] >= -tol)) feasible = false;
      else w[i] = Math.max(0, w[i]);
    }
    if (!feasible) continue;
    // A degenerate solution is produced by several index sets: keep one copy.
    const duplicate = solutions.some((s) => s.z.every((v, i) => Math.abs(v - z[i]) <= tol));
    if (!duplicate) solutions.push({ z, w, support });
  }
  return { status: 'ok', solutions, singularSets };
}
