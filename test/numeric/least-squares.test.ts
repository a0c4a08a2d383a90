// leastSquares (src/numeric/least-squares.ts): the exact solution of a
// square regular system, the least-squares solution of an overdetermined one
// (normal equations checked: Jᵀ(Jδ − r) = 0), and the least-norm step along
// a null direction (orthogonal to the null space).
import { describe, expect, it } from 'vitest';
import { leastSquares } from '../../src/numeric/least-squares.js';
import { rng, uniform } from '../helpers/random.js';

describe('leastSquares', () => {
  const r = rng(9);
  it('solves a regular square system to 1e-9 (100 random 4×4)', () => {
    for (let trial = 0; trial < 100; trial++) {
      const J = Float64Array.from({ length: 16 }, (_, i) => uniform(r, -1, 1) + (i % 5 === 0 ? 3 : 0));
      const x = [1, -2, 0.5, 3];
      const rhs = [0, 1, 2, 3].map((i) => x.reduce((s, v, j) => s + J[i * 4 + j]! * v, 0));
      const d = leastSquares(4, 4, J, rhs);
      d.forEach((v, i) => expect(v).toBeCloseTo(x[i]!, 9));
    }
  });
  it('overdetermined: the normal equations hold', () => {
    const J = Float64Array.from({ length: 18 }, () => uniform(r, -1, 1));
    const rhs = Array.from({ length: 6 }, () => uniform(r, -1, 1));
    const d = leastSquares(6, 3, J, rhs);
    for (let a = 0; a < 3; a++) {
      let s = 0;
      for (let i = 0; i < 6; i++) s += J[i * 3 + a]! * (d.reduce((t, v, b) => t + J[i * 3 + b]! * v, 0) - rhs[i]!);
      expect(Math.abs(s)).toBeLessThan(1e-10);
    }
  });
  it('rank-deficient: the least-norm step (nothing along the null direction), and NaN for a non-finite J', () => {
    // μ = 1e-12·max diag makes JᵀJ + μI's condition ~1e12: the step and its null component are good to ~1e-4.
    const d = leastSquares(2, 2, [1, 1, 1, 1], [2, 2]);
    expect(d[0]).toBeCloseTo(1, 3);
    expect(d[1]).toBeCloseTo(1, 3);
    expect(Math.abs(d[0]! - d[1]!)).toBeLessThan(1e-3);
    expect([...leastSquares(1, 1, [NaN], [1])].every(Number.isNaN)).toBe(true);
  });
});
