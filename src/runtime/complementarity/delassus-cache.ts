// The mass matrix's Cholesky factor and the Delassus matrix W = G M⁻¹ Gᵀ of the
// contact normals (m×m, G = gapJacobian), kept across time steps for as long
// as M and G keep their values: a Moreau–Jean step needs M⁻¹ on the free
// velocity and W_II on its index set I (Acary & Brogliato 2008, §10.1), and
// for a chain of balls or a stack of blocks (M and G constant) both are
// computed once per run instead of once per step. The values are compared
// entry by entry, so reuse is exact (the same numbers give the same factors);
// X_j = M⁻¹ G_jᵀ and W_ij are computed only for contacts that enter an index
// set, at most once per (M, G), and W_ij only where G_i and X_j share a
// column (contacts on a common body; elsewhere W_ij is an exact zero, and a
// chain's or a stack's W_II, tridiagonal, costs O(k)). M is factored and solved with by the
// module's massFactor/massSolve, which work within M's envelope (a chain of
// balls, a stack of blocks: M diagonal, each solve O(n) instead of the dense
// O(n²)); a module without them gets the dense Cholesky.
// Tests: test/runtime/complementarity/delassus-cache.test.ts.

import { choleskyFactor, choleskySolve } from '../../numeric/cholesky.js';
import type { LoadedModule } from '../contract.js';

/** Factor and solve with M: the generated module's (its envelope), or the dense ones. */
export type MassSolver = Required<Pick<LoadedModule, 'massFactor' | 'massSolve'>>;

const dense = (n: number): MassSolver => ({
  massFactor: (m) => choleskyFactor(n, m) < 0,
  massSolve: (l, x, off) => choleskySolve(n, l, x, off, x, off),
});

/** The module's solver with M where it exports one, else the dense Cholesky. */
export function massSolver(mod: Pick<LoadedModule, 'massFactor' | 'massSolve' | 'model'>): MassSolver {
  const { massFactor, massSolve } = mod;
  return massFactor && massSolve ? { massFactor, massSolve } : dense(mod.model.coordinates.length);
}

export class DelassusCache {
  /** M's Cholesky factor (massFactor's layout). */
  private readonly L: Float64Array;
  /** M as last given (compared against the next), G likewise. */
  private readonly M: Float64Array;
  private readonly G: Float64Array;
  private hasMass = false;
  private hasJacobian = false;
  /** X = M⁻¹ Gᵀ, one column of n per contact, and W (m×m), with what is computed of them. */
  private readonly X: Float64Array;
  private readonly W: Float64Array;
  private readonly knownX: Uint8Array;
  /** Column j of X is zero outside [xLo[j], xHi[j]) (M⁻¹ of a block-diagonal M keeps G_j's blocks), row j of G outside [gLo[j], gHi[j]). */
  private readonly xLo: Int32Array;
  private readonly xHi: Int32Array;
  private readonly gLo: Int32Array;
  private readonly gHi: Int32Array;
  private readonly knownW: Uint8Array;
  /** Changes whenever M or G change: a key for factors of W's submatrices (PivotingLcp). */
  version = 0;

  constructor(
    readonly n: number,
    readonly m: number,
    private readonly solver: MassSolver = dense(n),
  ) {
    this.L = new Float64Array(n * n);
    this.M = new Float64Array(n * n);
    this.G = new Float64Array(m * n);
    this.X = new Float64Array(m * n);
    this.W = new Float64Array(m * m);
    this.knownX = new Uint8Array(m);
    this.xLo = new Int32Array(m);
    this.xHi = new Int32Array(m);
    this.gLo = new Int32Array(m);
    this.gHi = new Int32Array(m);
    this.knownW = new Uint8Array(m * m);
  }

  /** Take M's values; factors again only if they changed. False: M is singular. */
  setMass(M: ArrayLike<number>): boolean {
    if (this.hasMass && same(this.M, M)) return true;
    this.M.set(M);
    this.L.set(M);
    this.invalidate();
    this.hasMass = this.solver.massFactor(this.L);
    return this.hasMass;
  }

  /** Take G's values (m×n); W is forgotten only if they changed. */
  setJacobian(G: ArrayLike<number>): void {
    if (this.hasJacobian && same(this.G, G)) return;
    this.G.set(G);
    this.hasJacobian = true;
    this.invalidate();
  }

  /** x ← M⁻¹ x (in place, offset off). */
  solveMass(x: Float64Array, off = 0): void {
    this.solver.massSolve(this.L, x, off);
  }

  /**
   * W_II, k×k row-major, into out (I: the first k entries of contacts), and
   * into `band` each row's non-zero columns lo[a] ≤ c < hi[a] (the diagonal
   * always in). W_ij is computed only where G_i and X_j share a column (the
   * contacts share a body): elsewhere it is an exact zero, and a chain's or
   * a stack's W_II is filled in O(k) products.
   */
  delassus(contacts: ArrayLike<number>, k: number, out: Float64Array, band?: { readonly lo: Int32Array; readonly hi: Int32Array }): void {
    const { n, m, G, X, W, knownX, knownW, xLo, xHi, gLo, gHi } = this;
    for (let a = 0; a < k; a++) {
      const j = contacts[a]!;
      if (!knownX[j]) {
        for (let l = j * n; l < (j + 1) * n; l++) X[l] = G[l]!;
        this.solver.massSolve(this.L, X, j * n);
        [xLo[j], xHi[j]] = nonZeros(X, j * n, n);
        [gLo[j], gHi[j]] = nonZeros(G, j * n, n);
        knownX[j] = 1;
      }
    }
    out.fill(0, 0, k * k);
    for (let a = 0; a < k; a++) {
      const i = contacts[a]!;
      const first = gLo[i]!,
        last = gHi[i]!;
      let lo = a,
        hi = a + 1;
      for (let c = 0; c < k; c++) {
        const j = contacts[c]!;
        if (xHi[j]! <= first || xLo[j]! >= last) continue;
        if (!knownW[i * m + j]) {
          // Over X_j's non-zero block only: the rest of the product is exact zeros.
          let s = 0;
          for (let l = xLo[j]!; l < xHi[j]!; l++) s += G[i * n + l]! * X[j * n + l]!;
          W[i * m + j] = s;
          knownW[i * m + j] = 1;
        }
        const w = W[i * m + j]!;
        out[a * k + c] = w;
        if (w === 0) continue;
        if (c < lo) lo = c;
        if (c >= hi) hi = c + 1;
      }
      if (band) {
        band.lo[a] = lo;
        band.hi[a] = hi;
      }
    }
  }

  /** v += M⁻¹ G_Iᵀ z = Σ_a X_{I_a} z_a (after delassus for the same contacts). */
  addImpulses(contacts: ArrayLike<number>, k: number, z: ArrayLike<number>, v: Float64Array): void {
    const { n, X } = this;
    for (let a = 0; a < k; a++) {
      const za = z[a]!;
      if (za === 0) continue;
      const j = contacts[a]!;
      const off = j * n;
      for (let i = this.xLo[j]!; i < this.xHi[j]!; i++) v[i] += X[off + i]! * za;
    }
  }

  private invalidate(): void {
    this.knownX.fill(0);
    this.knownW.fill(0);
    this.version++;
  }
}

/** [first, last + 1) of the non-zero entries of x[off…off+n) ([n, 0) where all are zero). */
function nonZeros(x: Float64Array, off: number, n: number): [number, number] {
  let lo = n,
    hi = 0;
  for (let l = 0; l < n; l++) {
    if (x[off + l] === 0) continue;
    if (l < lo) lo = l;
    hi = l + 1;
  }
  return [lo, hi];
}

function same(a: Float64Array, b: ArrayLike<number>): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
