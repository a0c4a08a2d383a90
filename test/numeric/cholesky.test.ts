import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choleskyFactor, choleskySolve } from '../../src/numeric/cholesky.js';
import { spdSolver } from '../../src/numeric/spd-solver.js';
import { backwardError, hilbert, matVec, spd, vector } from './matrices.js';

const EPS = Number.EPSILON;

function solveSpd(n: number, a: Float64Array, b: Float64Array): { column: number; x: Float64Array } {
  const l = Float64Array.from(a);
  const column = choleskyFactor(n, l);
  const x = new Float64Array(n);
  if (column < 0) choleskySolve(n, l, b, 0, x, 0);
  return { column, x };
}

describe('Cholesky factorization of symmetric positive definite matrices', () => {
  it('solves random SPD systems with a backward error of a few n·ε', () => {
    fc.assert(
      fc.property(spd(), fc.context(), ({ n, a }, ctx) => {
        const b = Float64Array.from({ length: n }, (_, i) => Math.sin(i + 1));
        const { column, x } = solveSpd(n, a, b);
        expect(column).toBe(-1);
        const err = backwardError(n, a, x, b);
        ctx.log(`n = ${n}, backward error ${err}`);
        expect(err).toBeLessThanOrEqual(4 * n * EPS);
      }),
    );
  });

  it('reproduces A = L Lᵀ entry by entry', () => {
    fc.assert(
      fc.property(spd(6), ({ n, a }) => {
        const l = Float64Array.from(a);
        expect(choleskyFactor(n, l)).toBe(-1);
        for (let i = 0; i < n; i++) {
          for (let j = 0; j <= i; j++) {
            let s = 0;
            let size = 0;
            for (let k = 0; k <= j; k++) {
              s += l[i * n + k]! * l[j * n + k]!;
              size += Math.abs(l[i * n + k]! * l[j * n + k]!);
            }
            expect(Math.abs(s - a[i * n + j]!)).toBeLessThanOrEqual(4 * n * EPS * size);
          }
        }
      }),
    );
  });

  it('stays backward stable on the Hilbert matrices up to n = 10 (condition number 1.6e13)', () => {
    for (let n = 2; n <= 10; n++) {
      const a = hilbert(n);
      const b = matVec(
        n,
        a,
        Float64Array.from({ length: n }, () => 1),
      );
      const { column, x } = solveSpd(n, a, b);
      expect(column, `n = ${n}`).toBe(-1);
      expect(backwardError(n, a, x, b), `n = ${n}`).toBeLessThanOrEqual(4 * n * EPS);
    }
  });

  it('reports the column of an exactly singular matrix (a massless direction)', () => {
    expect(choleskyFactor(2, Float64Array.of(1, 0, 0, 0))).toBe(1);
    // BᵀB with B of rank 2 in integers: the third pivot is exactly 0.
    const b = [1, 2, 3, 4, 5, 6, 5, 7, 9];
    const a = new Float64Array(9);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) a[i * 3 + j]! += b[k * 3 + i]! * b[k * 3 + j]!;
    expect(choleskyFactor(3, a)).toBe(2);
  });

  it('reports a rank-deficient Gram matrix at the first dependent column', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 7 }).chain((n) => fc.tuple(fc.constant(n), vector(n * n), fc.integer({ min: 1, max: n - 1 }))),
        ([n, v, j]) => {
          // Column j of B copies column j − 1, so A = BᵀB has a_j = a_{j−1}.
          for (let k = 0; k < n; k++) v[k * n + j] = v[k * n + j - 1]!;
          const a = new Float64Array(n * n);
          for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) for (let k = 0; k < n; k++) a[r * n + c]! += v[k * n + r]! * v[k * n + c]!;
          const column = choleskyFactor(n, a);
          expect(column).toBeGreaterThanOrEqual(0);
          expect(column).toBeLessThanOrEqual(j);
        },
      ),
    );
  });

  it('reports indefinite and non-finite matrices instead of returning NaN', () => {
    expect(choleskyFactor(2, Float64Array.of(1, 2, 2, 1))).toBe(1);
    expect(choleskyFactor(2, Float64Array.of(-1, 0, 0, 1))).toBe(0);
    expect(choleskyFactor(2, Float64Array.of(1, NaN, NaN, 1))).toBe(1);
    expect(choleskyFactor(1, Float64Array.of(NaN))).toBe(0);
  });

  it('solves into an offset of another array, and in place, with one factor for several right-hand sides', () => {
    const a = Float64Array.of(4, 2, 0, 2, 5, 1, 0, 1, 3);
    const l = Float64Array.from(a);
    expect(choleskyFactor(3, l)).toBe(-1);
    for (const x of [
      [1, -2, 0.5],
      [0, 3, -1],
    ]) {
      const b = new Float64Array(5);
      b.set(matVec(3, a, x), 2);
      const y = new Float64Array(4).fill(7);
      choleskySolve(3, l, b, 2, y, 1);
      expect(y[0]).toBe(7);
      x.forEach((v, i) => expect(y[1 + i]).toBeCloseTo(v, 14));
      choleskySolve(3, l, b, 2, b, 2);
      x.forEach((v, i) => expect(b[2 + i]).toBeCloseTo(v, 14));
    }
  });
});

describe('spdSolver', () => {
  it('solves with one factorization many right sides, and is undefined for a matrix that is not positive definite', () => {
    const solve = spdSolver(2, [
      [4, 1],
      [1, 3],
    ])!;
    const x = solve([1, 2]);
    expect(4 * x[0]! + x[1]!).toBeCloseTo(1, 14);
    expect(x[0]! + 3 * x[1]!).toBeCloseTo(2, 14);
    expect([...solve([4, 1])].map((v) => Math.round(v * 1e12) / 1e12)).toEqual([1, 0]);
    expect(
      spdSolver(2, [
        [1, 2],
        [2, 1],
      ]),
    ).toBeUndefined();
  });
});
