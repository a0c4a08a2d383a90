// The mass matrix's LU factors and the Delassus matrix W = G M⁻¹ Gᵀ of the
// contact normals (m×m, G = gapJacobian), kept across time steps for as long
// as M and G keep their values: a Moreau–Jean step needs M⁻¹ on the free
// velocity and W_II on its index set I (Acary & Brogliato 2008, §10.1), and
// for a chain of balls or a stack of blocks (M and G constant) both are
// computed once per run instead of once per step. The values are compared
// entry by entry, so reuse is exact (the same numbers give the same factors);
// X_j = M⁻¹ G_jᵀ and W_ij are computed only for contacts that enter an index
// set, at most once per (M, G).
// Tests: test/runtime/complementarity/delassus-cache.test.ts.

import { luFactor, luSolve } from '../../numeric/lu.js';

export class DelassusCache {
  /** LU factors of M (luFactor's layout) and the pivots. */
  private readonly LU: Float64Array;
  private readonly piv: Int32Array;
  /** M as last given (compared against the next), G likewise. */
  private readonly M: Float64Array;
  private readonly G: Float64Array;
  private hasMass = false;
  private hasJacobian = false;
  /** X = M⁻¹ Gᵀ, one column of n per contact, and W (m×m), with what is computed of them. */
  private readonly X: Float64Array;
  private readonly W: Float64Array;
  private readonly knownX: Uint8Array;
  private readonly knownW: Uint8Array;
  /** Changes whenever M or G change: a key for factors of W's submatrices (PivotingLcp). */
  version = 0;

  constructor(
    readonly n: number,
    readonly m: number,
  ) {
    this.LU = new Float64Array(n * n);
    this.piv = new Int32Array(n);
    this.M = new Float64Array(n * n);
    this.G = new Float64Array(m * n);
    this.X = new Float64Array(m * n);
    this.W = new Float64Array(m * m);
    this.knownX = new Uint8Array(m);
    this.knownW = new Uint8Array(m * m);
  }

  /** Take M's values; factors again only if they changed. False: M is singular. */
  setMass(M: ArrayLike<number>): boolean {
    if (this.hasMass && same(this.M, M)) return true;
    this.M.set(M);
    this.LU.set(M);
    this.invalidate();
    this.hasMass = luFactor(this.n, this.LU, this.piv, this.n * Number.EPSILON) < 0;
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
    luSolve(this.n, this.LU, this.piv, x, off, x, off);
  }

  /** W_II, k×k row-major, into out (I: the first k entries of contacts). */
  delassus(contacts: ArrayLike<number>, k: number, out: Float64Array): void {
    const { n, m, G, X, W, knownX, knownW } = this;
    for (let a = 0; a < k; a++) {
      const j = contacts[a]!;
      if (!knownX[j]) {
        luSolve(n, this.LU, this.piv, G, j * n, X, j * n);
        knownX[j] = 1;
      }
    }
    for (let a = 0; a < k; a++) {
      const i = contacts[a]!;
      for (let c = 0; c < k; c++) {
        const j = contacts[c]!;
        if (!knownW[i * m + j]) {
          let s = 0;
          for (let l = 0; l < n; l++) s += G[i * n + l]! * X[j * n + l]!;
          W[i * m + j] = s;
          knownW[i * m + j] = 1;
        }
        out[a * k + c] = W[i * m + j]!;
      }
    }
  }

  /** v += M⁻¹ G_Iᵀ z = Σ_a X_{I_a} z_a (after delassus for the same contacts). */
  addImpulses(contacts: ArrayLike<number>, k: number, z: ArrayLike<number>, v: Float64Array): void {
    const { n, X } = this;
    for (let a = 0; a < k; a++) {
      const za = z[a]!;
      if (za === 0) continue;
      const off = contacts[a]! * n;
      for (let i = 0; i < n; i++) v[i] += X[off + i]! * za;
    }
  }

  private invalidate(): void {
    this.knownX.fill(0);
    this.knownW.fill(0);
    this.version++;
  }
}

function same(a: Float64Array, b: ArrayLike<number>): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
