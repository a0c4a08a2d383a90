import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choleskyFactor, choleskySolve } from '../../src/numeric/cholesky.js';
import { spdSolver } from '../../src/numeric/spd-solver.js';
import { rng } from '../helpers/random.js';
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
            // Each product rounds within ε relative and, where it underflows, within one subnormal step
            // (Number.MIN_VALUE) absolute: the generator gives entries such as 5e-172, whose products are below 1e-308.
            expect(Math.abs(s - a[i * n + j]!)).toBeLessThanOrEqual(4 * n * (EPS * size + Number.MIN_VALUE));
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

describe('Cholesky within an envelope (block-diagonal and banded matrices)', () => {
  /**
   * A random SPD matrix zero left of column first[i] in row i (and
   * symmetrically): G Gᵀ + δI with G lower triangular inside the envelope
   * keeps it when `first` is non-decreasing (row i's product with row j < i
   * only meets columns ≥ first[i]).
   */
  const enveloped = (first: readonly number[], rand: () => number): Float64Array => {
    const n = first.length;
    const g = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let k = first[i]!; k <= i; k++) g[i * n + k] = 2 * rand() - 1;
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        let s = i === j ? 0.5 : 0;
        for (let k = 0; k < n; k++) s += g[i * n + k]! * g[j * n + k]!;
        a[i * n + j] = s;
      }
    return a;
  };
  const shapes: [string, number[]][] = [
    ['diagonal', [0, 1, 2, 3, 4, 5]],
    ['two blocks of 3', [0, 0, 0, 3, 3, 3]],
    ['bandwidth 2', [0, 0, 0, 1, 2, 3, 4]],
    ['blocks of 1, 2 and 3', [0, 1, 1, 3, 3, 3]],
  ];

  it.each(shapes)('%s: the same factor as the dense one, bit for bit, and never reads outside the envelope', (_, first) => {
    const rand = rng(first.length * 7 + first[first.length - 1]!);
    const n = first.length;
    for (let trial = 0; trial < 20; trial++) {
      const a = enveloped(first, rand);
      for (let i = 0; i < n; i++) for (let k = 0; k < first[i]!; k++) expect(a[i * n + k]).toBe(0);
      const dense = Float64Array.from(a);
      expect(choleskyFactor(n, dense)).toBe(-1);
      // NaN where the envelope says zero: a read of it would spread into the factor.
      const poisoned = Float64Array.from(a);
      for (let i = 0; i < n; i++) for (let k = 0; k < first[i]!; k++) poisoned[i * n + k] = NaN;
      expect(choleskyFactor(n, poisoned, Int32Array.from(first))).toBe(-1);
      for (let i = 0; i < n; i++) for (let k = first[i]!; k <= i; k++) expect(poisoned[i * n + k]).toBe(dense[i * n + k]);
      const b = Float64Array.from({ length: n }, (_, i) => Math.cos(i + trial));
      const x = new Float64Array(n);
      choleskySolve(n, poisoned, b, 0, x, 0, Int32Array.from(first));
      expect(backwardError(n, a, x, b)).toBeLessThanOrEqual(4 * n * EPS);
    }
  });

  it('reports a singular block at its column', () => {
    // diag(2, [[1, 1], [1, 1]]): the second block is singular at its second column.
    const a = Float64Array.from([2, 0, 0, 0, 1, 1, 0, 1, 1]);
    expect(choleskyFactor(3, a, Int32Array.from([0, 1, 1]))).toBe(2);
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
