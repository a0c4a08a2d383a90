import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luFactor, luSolve } from '../../src/numeric/lu.js';
import { backwardError, general, hilbert, matVec, vector } from './matrices.js';

const EPS = Number.EPSILON;

function solveLu(n: number, a: ArrayLike<number>, b: Float64Array, tol = n * EPS): { column: number; x: Float64Array } {
  const lu = Float64Array.from(a);
  const piv = new Int32Array(n);
  const column = luFactor(n, lu, piv, tol);
  const x = new Float64Array(n);
  if (column < 0) luSolve(n, lu, piv, b, 0, x, 0);
  return { column, x };
}

describe('LU with partial pivoting and a relative pivot threshold', () => {
  it('solves random nonsingular systems with a backward error of a few n·ε, or reports them singular', () => {
    fc.assert(
      fc.property(general(), fc.context(), ({ n, a }, ctx) => {
        const b = Float64Array.from({ length: n }, (_, i) => Math.cos(i));
        const { column, x } = solveLu(n, a, b);
        if (column >= 0) return; // a random matrix singular to working precision is legitimately refused
        const err = backwardError(n, a, x, b);
        ctx.log(`n = ${n}, backward error ${err}`);
        expect(err).toBeLessThanOrEqual(8 * n * EPS);
      }),
    );
  });

  it('needs the row exchanges: a zero leading entry', () => {
    const a = [0, 2, 1, 1, 1, 1, 2, 1, 0];
    const x = [1, -2, 3];
    const { column, x: y } = solveLu(3, a, matVec(3, a, x));
    expect(column).toBe(-1);
    x.forEach((v, i) => expect(y[i]).toBeCloseTo(v, 14));
  });

  it('is backward stable on ill-conditioned systems: Hilbert and badly scaled rows', () => {
    for (let n = 2; n <= 10; n++) {
      const a = hilbert(n);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) a[i * n + j]! *= 10 ** (((i % 3) - 1) * 8); // rows scaled by 1e-8, 1, 1e8
      const b = matVec(
        n,
        a,
        Float64Array.from({ length: n }, (_, i) => (-1) ** i),
      );
      const { column, x } = solveLu(n, a, b, 0);
      expect(column, `n = ${n}`).toBe(-1);
      expect(backwardError(n, a, x, b), `n = ${n}`).toBeLessThanOrEqual(8 * n * EPS);
    }
  });

  it('reports an exactly singular matrix (two copies of one contact row) at the failing column', () => {
    expect(solveLu(2, [1, 2, 1, 2], Float64Array.of(1, 1)).column).toBe(1);
    expect(solveLu(3, [1, 2, 3, 4, 5, 6, 7, 8, 9], Float64Array.of(1, 1, 1)).column).toBe(2);
    expect(solveLu(2, [0, 0, 0, 0], Float64Array.of(0, 0)).column).toBe(0);
  });

  it('reports random rank-deficient matrices (one row a combination of others) as singular', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }).chain((n) => fc.tuple(fc.constant(n), vector(n * n), vector(n))),
        ([n, a, w]) => {
          // Last row = Σ w_i · row_i (i < n − 1): rank ≤ n − 1.
          for (let j = 0; j < n; j++) {
            let s = 0;
            for (let i = 0; i < n - 1; i++) s += w[i]! * a[i * n + j]!;
            a[(n - 1) * n + j] = s;
          }
          const { column } = solveLu(n, a, new Float64Array(n), 16 * n * EPS);
          expect(column).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('refuses a nearly singular matrix only when the threshold says so', () => {
    const a = [1, 1, 1, 1 + 1e-10];
    expect(solveLu(2, a, Float64Array.of(2, 2), 1e-8).column).toBe(1);
    const { column, x } = solveLu(2, a, Float64Array.of(2, 2 + 1e-10));
    expect(column).toBe(-1);
    expect(x[0]).toBeCloseTo(1, 5);
    expect(x[1]).toBeCloseTo(1, 5);
  });

  it('reports non-finite entries instead of returning NaN', () => {
    expect(solveLu(2, [NaN, 1, 1, 1], Float64Array.of(1, 1)).column).toBe(0);
    expect(solveLu(2, [1, 0, 0, NaN], Float64Array.of(1, 1)).column).toBe(1);
  });

  it('solves into an offset and in place with one factorization', () => {
    const a = Float64Array.of(4, -2, 1, 3, 6, -4, 2, 1, 8);
    const lu = Float64Array.from(a);
    const piv = new Int32Array(3);
    expect(luFactor(3, lu, piv, 3 * EPS)).toBe(-1);
    for (const x of [
      [1, 0, 0],
      [0.5, -1, 2],
    ]) {
      const b = new Float64Array(4);
      b.set(matVec(3, a, x), 1);
      const out = new Float64Array(5).fill(9);
      luSolve(3, lu, piv, b, 1, out, 2);
      expect([out[0], out[1]]).toEqual([9, 9]);
      x.forEach((v, i) => expect(out[2 + i]).toBeCloseTo(v, 14));
      luSolve(3, lu, piv, b, 1, b, 1);
      x.forEach((v, i) => expect(b[1 + i]).toBeCloseTo(v, 14));
    }
  });
});
