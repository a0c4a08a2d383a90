import { describe, expect, it } from 'vitest';
import { DelassusCache } from '../../../src/runtime/complementarity/delassus-cache.js';
import { rng } from '../../helpers/random.js';

const n = 4,
  m = 3;

/** A random symmetric positive definite n×n mass matrix and an m×n Jacobian. */
function randomSystem(rand: () => number): { M: Float64Array; G: Float64Array } {
  const a = Float64Array.from({ length: n * n }, () => 2 * rand() - 1);
  const M = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      let s = i === j ? 0.5 : 0;
      for (let l = 0; l < n; l++) s += a[l * n + i]! * a[l * n + j]!;
      M[i * n + j] = s;
    }
  return { M, G: Float64Array.from({ length: m * n }, () => 2 * rand() - 1) };
}

/** M⁻¹ x by Gauss–Jordan on a copy: an independent solve. */
function solve(M: Float64Array, x: ArrayLike<number>): Float64Array {
  const A = Float64Array.from(M),
    y = Float64Array.from(x);
  for (let c = 0; c < n; c++) {
    const p = A[c * n + c]!;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = A[r * n + c]! / p;
      for (let k = 0; k < n; k++) A[r * n + k] -= f * A[c * n + k]!;
      y[r] -= f * y[c]!;
    }
  }
  return y.map((v, i) => v / A[i * n + i]!);
}

describe('DelassusCache', () => {
  it('gives W_II = G_I M⁻¹ G_Iᵀ for any index set, and v += M⁻¹G_Iᵀz', () => {
    const { M, G } = randomSystem(rng(5));
    const cache = new DelassusCache(n, m);
    expect(cache.setMass(M)).toBe(true);
    cache.setJacobian(G);
    const X = [0, 1, 2].map((j) => solve(M, G.subarray(j * n, (j + 1) * n)));
    const I = [2, 0];
    const W = new Float64Array(4);
    cache.delassus(I, 2, W);
    I.forEach((i, a) =>
      I.forEach((j, c) => {
        let s = 0;
        for (let l = 0; l < n; l++) s += G[i * n + l]! * X[j]![l]!;
        expect(W[a * 2 + c]).toBeCloseTo(s, 13);
      }),
    );
    const v = new Float64Array(n);
    cache.addImpulses(I, 2, [0.5, -2], v);
    for (let l = 0; l < n; l++) expect(v[l]).toBeCloseTo(0.5 * X[2]![l]! - 2 * X[0]![l]!, 13);
  });

  it('keeps its version (and W) while M and G keep their values, and moves it when either changes', () => {
    const { M, G } = randomSystem(rng(9));
    const cache = new DelassusCache(n, m);
    cache.setMass(M);
    cache.setJacobian(G);
    const v0 = cache.version;
    cache.setMass(Float64Array.from(M));
    cache.setJacobian(Float64Array.from(G));
    expect(cache.version).toBe(v0);
    const W1 = new Float64Array(1),
      W2 = new Float64Array(1);
    cache.delassus([1], 1, W1);
    const M2 = M.map((x) => 2 * x);
    cache.setMass(M2);
    expect(cache.version).toBe(v0 + 1);
    cache.delassus([1], 1, W2);
    expect(W2[0]).toBeCloseTo(W1[0]! / 2, 13);
    const G2 = Float64Array.from(G);
    G2[n + 1] += 1;
    cache.setJacobian(G2);
    expect(cache.version).toBe(v0 + 2);
  });

  it('fills W_II of contacts between neighbours (a stack: the floor, then block on block) with its tridiagonal band and exact zeros off it', () => {
    // Five blocks of masses m_l, contact 0 the floor (row e₀), contact j block j on block j − 1 (row e_j − e_{j−1}):
    // W_ij = Σ_l G_il G_jl / m_l, so 1/m₀ for the floor, 1/m_{j−1} + 1/m_j on the diagonal, −1/m_j between j and j + 1.
    const masses = [1.5, 0.7, 2.2, 1.1, 0.9];
    const nb = masses.length;
    const M = new Float64Array(nb * nb);
    masses.forEach((x, l) => (M[l * nb + l] = x));
    const G = new Float64Array(nb * nb);
    G[0] = 1;
    for (let j = 1; j < nb; j++) {
      G[j * nb + j] = 1;
      G[j * nb + j - 1] = -1;
    }
    const cache = new DelassusCache(nb, nb);
    cache.setMass(M);
    cache.setJacobian(G);
    const I = [0, 2, 3, 4];
    const k = I.length;
    const W = new Float64Array(k * k).fill(NaN);
    const band = { lo: new Int32Array(k), hi: new Int32Array(k) };
    cache.delassus(I, k, W, band);
    const expected = (i: number, j: number): number => {
      if (i === 0 && j === 0) return 1 / masses[0]!;
      if (i === j) return 1 / masses[i - 1]! + 1 / masses[i]!;
      // (I leaves contact 1 out: no pair here couples the floor with a block-on-block contact.)
      return Math.abs(i - j) === 1 ? -1 / masses[Math.min(i, j)]! : 0;
    };
    I.forEach((i, a) => I.forEach((j, c) => expect(W[a * k + c]).toBeCloseTo(expected(i, j), 14)));
    // The floor and contact 2 share no block: an exact zero, and outside row 0's band.
    expect(Object.is(W[1], 0)).toBe(true);
    expect(Array.from(band.lo)).toEqual([0, 1, 1, 2]);
    expect(Array.from(band.hi)).toEqual([1, 3, 4, 4]);
  });

  it('refuses a singular mass matrix', () => {
    const cache = new DelassusCache(2, 1);
    expect(cache.setMass([1, 1, 1, 1])).toBe(false);
  });
});
