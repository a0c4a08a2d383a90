// LCP  w = W z + b,  w ≥ 0, z ≥ 0, wᵀz = 0  for a symmetric positive
// definite W (the Delassus matrix G M⁻¹ Gᵀ of independent contact normals,
// where the solution is unique): block principal pivoting, warm-started
// from a guessed support. Each trial takes a support S, solves
// W_SS z_S = −b_S (Cholesky), sets z_N = 0, w = W z + b, and flips the
// infeasible unknowns (z_i < 0 in S, w_i < 0 outside) — all of them while
// their number keeps falling, then one at a time, the largest index first
// (Júdice & Pires, "A block principal pivoting algorithm for large-scale
// strictly monotone LCPs", Comput. Oper. Res. 21 (1994) 587–596; the single
// flips are Murty's scheme, finite for every P-matrix: Murty, "Note on a
// Bard-type scheme for solving the complementarity problem", Opsearch 11
// (1974) 123–130). A time-stepping scheme's next problem has nearly the
// previous support (a resting stack keeps every contact pressed), so the
// first trial is usually the answer; with the same W and support the
// Cholesky factor of the trial before is reused. Where W is banded (M
// block-diagonal and each contact between neighbours: a chain, a stack) the
// caller passes each row's non-zero columns, and the products with W and
// the factor of W_SS (within its envelope) cost what the band costs.
//
// Like lemke.ts it never throws: 'not-positive-definite' (a trial's W_SS
// does not factor: dependent contacts) and 'max-iterations' leave the
// problem to Lemke's method, the caller's fallback.
// Tests: test/runtime/complementarity/pivoting-lcp.test.ts.

import { choleskyFactor, choleskySolve } from '../../numeric/cholesky.js';

export type PivotingStatus = 'ok' | 'not-positive-definite' | 'max-iterations';

/**
 * Unknowns within these fractions of the problem's velocity scale max|b|
 * (and the impulse that moves a velocity by as much, max|b| / max W_ii)
 * count as zero in the feasibility test: a degenerate unknown (z_i = w_i = 0,
 * a contact touching without load) comes out of the solve as ±1e-17, and
 * flipping on that sign would cycle between two equivalent supports.
 */
const ZERO_LEVEL = 1e-14;

/**
 * Solver with its workspace for problems of up to `capacity` unknowns. A
 * solve returns its status and leaves its figures in the fields below (no
 * allocation per solve: a time-stepping run makes one per step).
 */
export class PivotingLcp {
  /** Supports tried by the last solve (linear solves); 0 when b ≥ 0 gave z = 0 at once. */
  iterations = 0;
  /** The last solve's guessed support was the solution's (first trial feasible). */
  warmHit = false;
  /** The last solve's natural-map residual max_i |min(z_i, w_i)|, w = W z + b recomputed (NaN when not positive definite). */
  residual = 0;
  private readonly inS: Uint8Array;
  private readonly support: Int32Array;
  private readonly L: Float64Array;
  private readonly rhs: Float64Array;
  private readonly zS: Float64Array;
  private readonly bad: Int32Array;
  /** W_SS's envelope: first non-zero column of each row of L. */
  private readonly first: Int32Array;
  /** Support and matrix key of the factor in L (k = −1: none). */
  private readonly lastSupport: Int32Array;
  private lastK = -1;
  private lastKey = NaN;

  constructor(readonly capacity: number) {
    this.inS = new Uint8Array(capacity);
    this.support = new Int32Array(capacity);
    this.L = new Float64Array(capacity * capacity);
    this.rhs = new Float64Array(capacity);
    this.zS = new Float64Array(capacity);
    this.bad = new Int32Array(capacity);
    this.first = new Int32Array(capacity);
    this.lastSupport = new Int32Array(capacity);
  }

  /**
   * Solve for k unknowns: W row-major k×k, b (k). z on entry is the guess
   * (its support {i : z_i > 0}; all zero: start from {i : b_i < 0}), on exit
   * the solution; w receives W z + b. `key` identifies W's values: the same
   * key promises the same matrix, so a factor of the same support is reused
   * (NaN: never reuse). `band`, when given, holds row i's non-zero columns
   * lo[i] ≤ c < hi[i] of W (every entry outside is zero).
   */
  solve(k: number, W: ArrayLike<number>, b: ArrayLike<number>, z: Float64Array, w: Float64Array, key = NaN, band?: Band): PivotingStatus {
    const { inS } = this;
    let vScale = 0,
      dScale = 0,
      guessed = false,
      allOpen = true;
    for (let i = 0; i < k; i++) {
      vScale = Math.max(vScale, Math.abs(b[i]!));
      dScale = Math.max(dScale, W[i * k + i]!);
      if (z[i]! > 0) guessed = true;
      if (b[i]! < 0) allOpen = false;
    }
    if (allOpen) {
      // b ≥ 0: z = 0 solves it, and for a P-matrix nothing else does.
      z.fill(0, 0, k);
      for (let i = 0; i < k; i++) w[i] = b[i]!;
      return this.done('ok', 0, !guessed, 0);
    }
    for (let i = 0; i < k; i++) inS[i] = guessed ? (z[i]! > 0 ? 1 : 0) : b[i]! < 0 ? 1 : 0;
    const vTol = ZERO_LEVEL * vScale;
    const zTol = dScale > 0 ? vTol / dScale : 0;
    const maxIterations = 10 * k + 10;
    let fewest = Infinity,
      chances = 3;
    for (let iteration = 1; iteration <= maxIterations; iteration++) {
      if (!this.trial(k, W, b, z, w, key, band)) return this.done('not-positive-definite', iteration, false, NaN);
      // Infeasible unknowns, in index order, and the natural map's residual on the way.
      let nBad = 0,
        res = 0,
        negative = false;
      for (let i = 0; i < k; i++) {
        if (inS[i] ? z[i]! < -zTol : w[i]! < -vTol) this.bad[nBad++] = i;
        res = Math.max(res, Math.abs(Math.min(z[i]!, w[i]!)));
        if (z[i]! < 0) negative = true;
      }
      if (nBad === 0) {
        if (!negative) return this.done('ok', iteration, iteration === 1 && guessed, res);
        // A z_i within zTol below 0 is set to 0, and w recomputed for the residual.
        for (let i = 0; i < k; i++) if (z[i]! < 0) z[i] = 0;
        return this.done('ok', iteration, iteration === 1 && guessed, residual(k, W, b, z, w, band));
      }
      if (nBad < fewest || chances > 0) {
        if (nBad < fewest) {
          fewest = nBad;
          chances = 3;
        } else chances--;
        for (let a = 0; a < nBad; a++) inS[this.bad[a]!] ^= 1;
      } else {
        inS[this.bad[nBad - 1]!] ^= 1;
      }
    }
    return this.done('max-iterations', maxIterations, false, residual(k, W, b, z, w, band));
  }

  private done(status: PivotingStatus, iterations: number, warmHit: boolean, res: number): PivotingStatus {
    this.iterations = iterations;
    this.warmHit = warmHit;
    this.residual = res;
    return status;
  }

  /** z_S = −W_SS⁻¹ b_S, z_N = 0, w = W z + b; false when W_SS does not factor. */
  private trial(k: number, W: ArrayLike<number>, b: ArrayLike<number>, z: Float64Array, w: Float64Array, key: number, band: Band | undefined): boolean {
    const { inS, support, L, rhs, zS, first } = this;
    let s = 0;
    for (let i = 0; i < k; i++) {
      if (!inS[i]) continue;
      rhs[s] = -b[i]!;
      support[s++] = i;
    }
    if (!this.sameFactor(s, key)) {
      this.gather(k, s, W, band);
      this.lastK = -1;
      if (s > 0 && choleskyFactor(s, L, first) >= 0) return false;
      this.lastK = s;
      this.lastKey = key;
      this.lastSupport.set(support.subarray(0, s));
    }
    if (s > 0) choleskySolve(s, L, rhs, 0, zS, 0, first);
    for (let i = 0, a = 0; i < k; i++) z[i] = inS[i] ? zS[a++]! : 0;
    product(k, W, b, z, w, band);
    return true;
  }

  /**
   * W_SS's lower triangle within its envelope into L, and the envelope into
   * `first` (the first non-zero column of each row, at most the diagonal):
   * all that choleskyFactor and choleskySolve read. With a band, row a looks
   * only at the support's columns within row support[a]'s band, O(band)
   * instead of O(s).
   */
  private gather(k: number, s: number, W: ArrayLike<number>, band: Band | undefined): void {
    const { support, L, first } = this;
    for (let a = 0; a < s; a++) {
      const row = support[a]! * k;
      const lo = band ? band.lo[support[a]!]! : 0;
      let c0 = a;
      for (let c = a - 1; c >= 0 && support[c]! >= lo; c--) if (W[row + support[c]!]! !== 0) c0 = c;
      first[a] = c0;
      for (let c = c0; c <= a; c++) L[a * s + c] = W[row + support[c]!]!;
    }
  }

  private sameFactor(s: number, key: number): boolean {
    if (s !== this.lastK || key !== this.lastKey) return false;
    for (let a = 0; a < s; a++) if (this.support[a] !== this.lastSupport[a]) return false;
    return true;
  }
}

/** Row a's non-zero columns of a matrix: lo[a] ≤ c < hi[a] (a banded Delassus matrix: a chain, a stack). */
export interface Band {
  readonly lo: ArrayLike<number>;
  readonly hi: ArrayLike<number>;
}

/** w = W z + b, over the band where one is given (the terms left out are exact zeros). */
function product(k: number, W: ArrayLike<number>, b: ArrayLike<number>, z: Float64Array, w: Float64Array, band: Band | undefined): void {
  for (let i = 0; i < k; i++) {
    let v = b[i]!;
    const hi = band ? band.hi[i]! : k;
    for (let c = band ? band.lo[i]! : 0; c < hi; c++) v += W[i * k + c]! * z[c]!;
    w[i] = v;
  }
}

/** max_i |min(z_i, w_i)| with w = W z + b recomputed into w. */
function residual(k: number, W: ArrayLike<number>, b: ArrayLike<number>, z: Float64Array, w: Float64Array, band: Band | undefined): number {
  product(k, W, b, z, w, band);
  let res = 0;
  for (let i = 0; i < k; i++) res = Math.max(res, Math.abs(Math.min(z[i]!, w[i]!)));
  return res;
}
