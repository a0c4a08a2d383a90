import { describe, expect, it } from 'vitest';
import { cholesky, choleskySolve, luFactor, luSolve, solve } from '../../src/runtime/linalg.js';

function matVec(a: ArrayLike<number>, n: number, x: ArrayLike<number>): number[] {
  return Array.from({ length: n }, (_, i) => {
    let s = 0;
    for (let j = 0; j < n; j++) s += a[i * n + j] * x[j];
    return s;
  });
}

describe('dense LU and Cholesky', () => {
  it('solves a system that needs row exchanges', () => {
    const a = [0, 2, 1, 1, 1, 1, 2, 1, 0];
    const x = [1, -2, 3];
    const r = solve(a, 3, matVec(a, 3, x));
    expect(r.status).toBe('ok');
    if (r.status === 'ok') x.forEach((v, i) => expect(r.x[i]).toBeCloseTo(v, 14));
  });

  it('reuses one factorization for several right-hand sides', () => {
    const a = Float64Array.of(4, -2, 1, 3, 6, -4, 2, 1, 8);
    const lu = Float64Array.from(a);
    const piv = new Int32Array(3);
    expect(luFactor(lu, 3, piv).status).toBe('ok');
    for (const x of [[1, 0, 0], [0.5, -1, 2]]) {
      const b = Float64Array.from(matVec(a, 3, x));
      luSolve(lu, 3, piv, b).forEach((v, i) => expect(v).toBeCloseTo(x[i], 14));
    }
  });

  it('reports a singular matrix (two identical contact rows) with the failing column', () => {
    const r = solve([1, 2, 1, 2], 2, [1, 1]);
    expect(r).toEqual({ status: 'singular', column: 1 });
  });

  it('factors a symmetric positive definite mass matrix and solves with it', () => {
    const a = Float64Array.of(4, 2, 0.4, 2, 5, 1, 0.4, 1, 3);
    const l = Float64Array.from(a);
    expect(cholesky(l, 3).status).toBe('ok');
    // L Lᵀ reproduces A.
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
      let s = 0;
      for (let k = 0; k < 3; k++) s += l[i * 3 + k] * l[j * 3 + k];
      expect(s).toBeCloseTo(a[i * 3 + j], 14);
    }
    const x = [0.3, -0.7, 1.1];
    choleskySolve(l, 3, Float64Array.from(matVec(a, 3, x))).forEach((v, i) => expect(v).toBeCloseTo(x[i], 14));
  });

  it('reports an indefinite or semidefinite matrix instead of taking a square root of a negative number', () => {
    expect(cholesky(Float64Array.of(1, 2, 2, 1), 2)).toEqual({ status: 'not-positive-definite', column: 1 });
    expect(cholesky(Float64Array.of(1, 1, 1, 1), 2)).toEqual({ status: 'not-positive-definite', column: 1 });
  });
});
