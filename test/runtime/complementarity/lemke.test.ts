import { describe, expect, it } from 'vitest';
import { enumerateLcp, lemke } from '../../../src/runtime/complementarity/lemke.js';
import { rng } from '../../helpers/random.js';

/** A random symmetric positive definite m×m matrix AᵀA + 0.1 I (a P-matrix). */
function randomSpd(m: number, rand: () => number): Float64Array {
  const a = Float64Array.from({ length: m * m }, () => 2 * rand() - 1);
  const M = new Float64Array(m * m);
  for (let i = 0; i < m; i++)
    for (let j = 0; j < m; j++) {
      let s = i === j ? 0.1 : 0;
      for (let k = 0; k < m; k++) s += a[k * m + i] * a[k * m + j];
      M[i * m + j] = s;
    }
  return M;
}

function checkSolution(M: ArrayLike<number>, q: ArrayLike<number>, z: ArrayLike<number>, tol: number): void {
  const m = q.length;
  for (let i = 0; i < m; i++) {
    let w = q[i];
    for (let j = 0; j < m; j++) w += M[i * m + j] * z[j];
    expect(z[i]).toBeGreaterThanOrEqual(0);
    expect(w).toBeGreaterThanOrEqual(-tol);
    expect(Math.abs(z[i] * w)).toBeLessThanOrEqual(tol * (1 + Math.abs(z[i]) + Math.abs(w)));
  }
}

describe("Lemke's method", () => {
  it('solves random positive definite (P-matrix) problems to complementarity, m = 1…12', () => {
    const rand = rng(12345);
    for (let m = 1; m <= 12; m++) {
      for (let trial = 0; trial < 5; trial++) {
        const M = randomSpd(m, rand);
        const q = Float64Array.from({ length: m }, () => 4 * rand() - 2);
        const r = lemke(M, q);
        expect(r.status).toBe('ok');
        expect(r.residual).toBeLessThan(1e-12);
        checkSolution(M, q, r.z, 1e-12);
      }
    }
  });

  it('agrees with enumeration, which finds exactly one solution for a P-matrix', () => {
    const rand = rng(7);
    for (let trial = 0; trial < 20; trial++) {
      const m = 1 + (trial % 6);
      const M = randomSpd(m, rand);
      const q = Float64Array.from({ length: m }, () => 4 * rand() - 2);
      const all = enumerateLcp(M, q);
      expect(all.solutions).toHaveLength(1);
      const r = lemke(M, q);
      all.solutions[0].z.forEach((v, i) => expect(r.z[i]).toBeCloseTo(v, 10));
    }
  });

  it('returns z = 0 without pivoting when q ≥ 0', () => {
    const r = lemke([2, 1, 1, 2], [1, 0]);
    expect(r).toMatchObject({ status: 'ok', iterations: 0, residual: 0 });
    expect(Array.from(r.z)).toEqual([0, 0]);
  });

  it('solves a resting two-contact Delassus problem by hand: z = M⁻¹(−q)', () => {
    // M = [[2,1],[1,2]], q = [−3,−3] → z = [1,1], w = 0.
    const r = lemke([2, 1, 1, 2], [-3, -3]);
    expect(r.status).toBe('ok');
    expect(r.z[0]).toBeCloseTo(1, 14);
    expect(r.z[1]).toBeCloseTo(1, 14);
  });

  it('reports ray termination for an infeasible problem with a positive semidefinite matrix', () => {
    // w1 = −z2 − 1 < 0 for every z ≥ 0: no solution; M is skew, hence PSD and copositive-plus.
    const r = lemke([0, 1, -1, 0], [-1, -1]);
    expect(r.status).toBe('ray-termination');
    expect(r.residual).toBeGreaterThan(0.5);
  });

  it('reports ray termination when M = [−1], q = [−1] (w = −z − 1 < 0)', () => {
    expect(lemke([-1], [-1]).status).toBe('ray-termination');
  });

  it('stops at the iteration cap with a status', () => {
    const rand = rng(99);
    const M = randomSpd(8, rand);
    const q = Float64Array.from({ length: 8 }, () => -1 - rand());
    const r = lemke(M, q, { maxIterations: 2 });
    expect(r.status).toBe('max-iterations');
    expect(r.iterations).toBe(2);
  });
});

describe('LCP enumeration', () => {
  it('finds both solutions of w = −z + 1 (several admissible modes)', () => {
    const r = enumerateLcp([-1], [1]);
    expect(r.status).toBe('ok');
    expect(r.solutions.map((s) => s.z[0]).sort()).toEqual([0, 1]);
  });

  it('finds no solution of w = −z − 1 (no admissible mode)', () => {
    expect(enumerateLcp([-1], [-1]).solutions).toHaveLength(0);
  });

  it('flags singular index sets for redundant contacts instead of inventing a split', () => {
    // Two copies of one contact: z1 + z2 = 1 is a continuum of solutions.
    const r = enumerateLcp([1, 1, 1, 1], [-1, -1]);
    expect(r.singularSets).toBe(1);
    expect(r.solutions.length).toBeGreaterThanOrEqual(2);
    for (const s of r.solutions) expect(s.z[0] + s.z[1]).toBeCloseTo(1, 12);
  });

  it('keeps one copy of a degenerate solution (z_i = w_i = 0)', () => {
    const r = enumerateLcp([1, 0, 0, 1], [0, -2]);
    expect(r.solutions).toHaveLength(1);
    expect(Array.from(r.solutions[0].z)).toEqual([0, 2]);
  });

  it('refuses problems too large to enumerate', () => {
    expect(enumerateLcp(new Float64Array(13 * 13), new Float64Array(13)).status).toBe('too-large');
  });
});
