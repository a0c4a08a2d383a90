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

  it('refuses a singular mass matrix', () => {
    const cache = new DelassusCache(2, 1);
    expect(cache.setMass([1, 1, 1, 1])).toBe(false);
  });
});
