import { describe, expect, it } from 'vitest';
import { lemke } from '../../../src/runtime/complementarity/lemke.js';
import { PivotingLcp } from '../../../src/runtime/complementarity/pivoting-lcp.js';
import { rng } from '../../helpers/random.js';

/** A random symmetric positive definite k×k matrix AᵀA + 0.1 I, scaled by `scale`. */
function randomSpd(k: number, rand: () => number, scale = 1): Float64Array {
  const a = Float64Array.from({ length: k * k }, () => 2 * rand() - 1);
  const W = new Float64Array(k * k);
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      let s = i === j ? 0.1 : 0;
      for (let l = 0; l < k; l++) s += a[l * k + i]! * a[l * k + j]!;
      W[i * k + j] = scale * s;
    }
  return W;
}

/** The Delassus matrix of a chain of k + 1 unit masses on a line: tridiagonal 2, −1 (Newton's cradle). */
function chainDelassus(k: number): Float64Array {
  const W = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    W[i * k + i] = 2;
    if (i > 0) W[i * k + i - 1] = W[(i - 1) * k + i] = -1;
  }
  return W;
}

describe('block principal pivoting (PivotingLcp)', () => {
  it('solves random positive definite problems, k = 1…30, to the unique solution Lemke finds (1e-9) with residual ≤ 1e-12', () => {
    const rand = rng(2026);
    const solver = new PivotingLcp(30);
    for (let k = 1; k <= 30; k++) {
      for (let trial = 0; trial < 4; trial++) {
        const W = randomSpd(k, rand);
        const b = Float64Array.from({ length: k }, () => 4 * rand() - 2);
        const z = new Float64Array(k),
          w = new Float64Array(k);
        expect(solver.solve(k, W, b, z, w)).toBe('ok');
        expect(solver.residual).toBeLessThanOrEqual(1e-12);
        const ref = lemke(W, b);
        expect(ref.status).toBe('ok');
        for (let i = 0; i < k; i++) {
          expect(z[i]).toBeGreaterThanOrEqual(0);
          expect(w[i]).toBeGreaterThanOrEqual(-1e-12);
          expect(Math.abs(z[i]! - ref.z[i]!)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(ref.z[i]!)));
        }
      }
    }
  });

  it('takes one support when started from the solution, and reports the warm start as a hit', () => {
    const rand = rng(7);
    const solver = new PivotingLcp(20);
    const W = randomSpd(20, rand);
    const b = Float64Array.from({ length: 20 }, () => 4 * rand() - 2);
    const z = new Float64Array(20),
      w = new Float64Array(20);
    expect(solver.solve(20, W, b, z, w)).toBe('ok');
    expect(solver.warmHit).toBe(false);
    expect(solver.iterations).toBeGreaterThan(1);
    const solution = Float64Array.from(z);
    expect(solver.solve(20, W, b, z, w)).toBe('ok');
    expect(solver).toMatchObject({ iterations: 1, warmHit: true });
    for (let i = 0; i < 20; i++) expect(z[i]).toBeCloseTo(solution[i]!, 14);
  });

  it('gives z = 0 without a solve when b ≥ 0 (nothing approaches)', () => {
    const solver = new PivotingLcp(3);
    const z = Float64Array.of(1, 1, 1),
      w = new Float64Array(3);
    expect(solver.solve(3, chainDelassus(3), [0, 0.5, 2], z, w)).toBe('ok');
    expect(solver).toMatchObject({ iterations: 0, residual: 0 });
    expect([...z]).toEqual([0, 0, 0]);
    expect([...w]).toEqual([0, 0.5, 2]);
  });

  it("solves Newton's cradle's impact: the first ball's approach −(1+e)v on the first contact of 20 gives P = (1+e)v·(20 − i)/21 on contact i (plastic chain, all pressed)", () => {
    // W = tridiag(−1, 2, −1) and b = (−c, 0, …, 0): the solution of W P = −b is
    // P_i = c (k − i)/(k + 1) (i = 0…k−1), all positive, so every contact presses.
    const k = 20,
      c = 1.9;
    const b = new Float64Array(k);
    b[0] = -c;
    const z = new Float64Array(k),
      w = new Float64Array(k);
    const solver = new PivotingLcp(k);
    expect(solver.solve(k, chainDelassus(k), b, z, w)).toBe('ok');
    for (let i = 0; i < k; i++) expect(z[i]).toBeCloseTo((c * (k - i)) / (k + 1), 14);
    expect(solver.residual).toBeLessThanOrEqual(1e-15);
  });

  it('settles degenerate problems (z_i = w_i = 0 at the solution) without cycling', () => {
    // b_i = 0 on contacts that touch without load: the solution is z = 0 there and w = 0.
    const k = 12;
    const W = chainDelassus(k);
    const b = new Float64Array(k);
    b[0] = -1;
    for (let i = 1; i < k; i++) b[i] = i % 3 === 0 ? 1e-17 : -1e-17 * i;
    const z = new Float64Array(k),
      w = new Float64Array(k);
    const solver = new PivotingLcp(k);
    expect(solver.solve(k, W, b, z, w)).toBe('ok');
    expect(solver.residual).toBeLessThanOrEqual(1e-15);
  });

  it('reuses the factor of the same support and matrix key, and refactors under a new key', () => {
    const rand = rng(11);
    const W = randomSpd(6, rand);
    const b = Float64Array.from({ length: 6 }, () => -1 - rand());
    const solver = new PivotingLcp(6);
    const z = new Float64Array(6),
      w = new Float64Array(6);
    solver.solve(6, W, b, z, w, 1);
    const first = Float64Array.from(z);
    // Same key: the factor of the first W is reused even though W changed (the key promised it did not).
    const W2 = W.map((x) => 2 * x);
    solver.solve(6, W2, b, z, w, 1);
    for (let i = 0; i < 6; i++) if (first[i]! > 0) expect(z[i]).toBeCloseTo(first[i]!, 12);
    // New key: W2 is factored, and its solution is half the first where the support is the same.
    solver.solve(6, W2, b, z, w, 2);
    for (let i = 0; i < 6; i++) if (first[i]! > 0) expect(z[i]).toBeCloseTo(first[i]! / 2, 12);
  });

  it("with the cradle's band (rows i − 1…i + 1) gives the dense solve's impulses bit for bit, from cold and warm starts", () => {
    const k = 20;
    const W = chainDelassus(k);
    const band = { lo: Array.from({ length: k }, (_, i) => Math.max(0, i - 1)), hi: Array.from({ length: k }, (_, i) => Math.min(k, i + 2)) };
    const rand = rng(31);
    const banded = new PivotingLcp(k),
      dense = new PivotingLcp(k);
    for (let trial = 0; trial < 20; trial++) {
      const b = Float64Array.from({ length: k }, () => 2 * rand() - 1.2);
      const z1 = Float64Array.from({ length: k }, () => (rand() < 0.5 ? 1 : 0)),
        z2 = Float64Array.from(z1);
      const w1 = new Float64Array(k),
        w2 = new Float64Array(k);
      expect(banded.solve(k, W, b, z1, w1, 1, band)).toBe('ok');
      expect(dense.solve(k, W, b, z2, w2, 1)).toBe('ok');
      expect(Array.from(z1)).toEqual(Array.from(z2));
      expect(Array.from(w1)).toEqual(Array.from(w2));
      expect(banded.residual).toBeLessThanOrEqual(1e-13);
    }
  });

  it('reports not-positive-definite for dependent rows (two copies of one contact) instead of answering', () => {
    const W = Float64Array.of(1, 1, 1, 1);
    expect(new PivotingLcp(2).solve(2, W, [-1, -1], new Float64Array(2), new Float64Array(2))).toBe('not-positive-definite');
  });
});
