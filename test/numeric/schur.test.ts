import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choleskyFactor } from '../../src/numeric/cholesky.js';
import { schurSolve, schurSolveFactored, type SchurSystem, type SchurStatus } from '../../src/numeric/schur.js';
import { backwardError, moderateVector, spd, vector } from './matrices.js';

const EPS = Number.EPSILON;

interface Constrained {
  readonly n: number;
  readonly M: ArrayLike<number>;
  readonly R: readonly (readonly number[])[];
  readonly b: ArrayLike<number>;
  readonly c: readonly number[];
}

function solve(p: Constrained): { status: SchurStatus; s: SchurSystem } {
  const { n } = p;
  const k = p.R.length;
  const kMax = k + 2; // larger than needed, as the generated modules allocate for every row
  const s: SchurSystem = {
    n,
    M: Float64Array.from(p.M),
    L: Float64Array.from(p.M),
    R: new Float64Array(kMax * n),
    b: Float64Array.from(p.b),
    c: new Float64Array(kMax),
    y: new Float64Array(n),
    sigma: new Float64Array(kMax),
    X: new Float64Array(kMax * n),
    W: new Float64Array(kMax * kMax),
    dep: new Uint8Array(kMax),
    at: 99,
  };
  p.R.forEach((row, r) => {
    s.R.set(row, r * n);
    s.c[r] = p.c[r]!;
  });
  const massFactored = choleskyFactor(n, s.L) < 0;
  return { status: schurSolve(s, k, massFactored), s };
}

/**
 * Normwise backward error of (y, σ) as a solution of the saddle-point system
 * [M −Rᵀ; R 0] (y, σ) = (b, c) (Rigal–Gaches, as in ./matrices.ts): the
 * measure that does not blow up where y cancels to ~0.
 */
function residual(p: Constrained, s: SchurSystem): number {
  const { n } = p;
  const k = p.R.length;
  const N = n + k;
  const K = new Float64Array(N * N);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) K[i * N + j] = p.M[i * n + j]!;
  p.R.forEach((row, r) =>
    row.forEach((v, i) => {
      K[i * N + n + r] = -v;
      K[(n + r) * N + i] = v;
    }),
  );
  return backwardError(N, K, [...s.y, ...s.sigma.subarray(0, k)], [...Array.from(p.b), ...p.c]);
}

const asRows = (flat: ArrayLike<number>, k: number, n: number): number[][] =>
  Array.from({ length: k }, (_, r) => Array.from({ length: n }, (__, i) => flat[r * n + i]!));

describe('Schur-complement solve of M y = b + Rᵀσ, R y = c', () => {
  it('satisfies both equations for random SPD M and random independent rows', () => {
    fc.assert(
      fc.property(
        spd(7)
          .filter(({ n }) => n >= 2)
          .chain(({ n, a }) =>
            fc.tuple(
              fc.constant(n),
              fc.constant(a),
              fc.integer({ min: 1, max: n - 1 }).chain((k) => fc.tuple(vector(k * n), vector(k))),
              vector(n),
            ),
          ),
        ([n, M, [R, c], b]) => {
          const p: Constrained = { n, M, R: asRows(R, c.length, n), b, c: Array.from(c) };
          const { status, s } = solve(p);
          // Random rows are independent unless fast-check hits a degenerate case (e.g. zero rows).
          if (status !== 'ok') return;
          if (Array.from(s.dep.subarray(0, c.length)).some((d) => d !== 0)) return;
          expect(residual(p, s)).toBeLessThanOrEqual(1e-9);
        },
      ),
    );
  });

  it('solves again for new b and c from the kept factors (schurSolveFactored), as a fresh solve does', () => {
    fc.assert(
      fc.property(
        spd(6)
          .filter(({ n }) => n >= 2)
          .chain(({ n, a }) =>
            fc.tuple(
              fc.constant(n),
              fc.constant(a),
              fc.integer({ min: 1, max: n - 1 }).chain((k) => fc.tuple(vector(k * n), vector(k), vector(k))),
              vector(n),
              vector(n),
            ),
          ),
        ([n, M, [R, c, c2], b, b2]) => {
          const first = solve({ n, M, R: asRows(R, c.length, n), b, c: Array.from(c) });
          if (first.status !== 'ok') return;
          const again = first.s;
          again.b.set(b2);
          again.c.set(c2);
          const status = schurSolveFactored(again, c.length, true);
          const fresh = solve({ n, M, R: asRows(R, c.length, n), b: b2, c: Array.from(c2) });
          expect(status).toBe(fresh.status);
          // The same operations on the same factors: equal to the last bit.
          expect(Array.from(again.y)).toEqual(Array.from(fresh.s.y));
          expect(Array.from(again.sigma.subarray(0, c.length))).toEqual(Array.from(fresh.s.sigma.subarray(0, c.length)));
        },
      ),
    );
  });

  it('with no rows solves M y = b', () => {
    const p: Constrained = { n: 2, M: [2, 1, 1, 3], R: [], b: [3, 4], c: [] };
    const { status, s } = solve(p);
    expect(status).toBe('ok');
    expect(s.y[0]).toBeCloseTo(1, 14);
    expect(s.y[1]).toBeCloseTo(1, 14);
  });

  it('drops a repeated row (statically indeterminate support): σ = 0 on it, y unique, the first row carries the load', () => {
    // A block (x, y) of mass 2 on two feet with the same normal: y velocity pinned to 0.5.
    const one: Constrained = { n: 2, M: [2, 0, 0, 2], R: [[0, 1]], b: [1, -4], c: [0.5] };
    const two: Constrained = {
      ...one,
      R: [
        [0, 1],
        [0, 1],
      ],
      c: [0.5, 0.5],
    };
    const a = solve(one);
    const b = solve(two);
    expect(a.status).toBe('ok');
    expect(b.status).toBe('ok');
    expect(Array.from(b.s.dep.subarray(0, 2))).toEqual([0, 1]);
    expect(b.s.sigma[1]).toBe(0);
    expect(b.s.sigma[0]).toBeCloseTo(5, 13); // 2·0.5 = −4 + σ
    expect(Array.from(b.s.y)).toEqual(Array.from(a.s.y));
    expect(b.s.at).toBe(-1);
  });

  it('drops a row that is a combination of earlier ones (two feet and the body they pin)', () => {
    // Rod (x, y, θ) with feet at ±1: rows (0, 1, 1), (0, 1, −1) and their sum.
    const p: Constrained = {
      n: 3,
      M: [1, 0, 0, 0, 1, 0, 0, 0, 0.5],
      R: [
        [0, 1, 1],
        [0, 1, -1],
        [0, 2, 0],
      ],
      b: [0.3, -1, 0.2],
      c: [0.1, -0.3, -0.2],
    };
    const { status, s } = solve(p);
    expect(status).toBe('ok');
    expect(Array.from(s.dep.subarray(0, 3))).toEqual([0, 0, 1]);
    expect(residual(p, s)).toBeLessThanOrEqual(8 * EPS);
  });

  it('accepts a dependent row when the rows stop the system (y = 0: the compass with both feet stuck)', () => {
    // Rows (1, 0), (0, 1), (1, 1) with c = 0 pin y = 0; b = (0.3, 0.7) is carried by σ.
    const p: Constrained = {
      n: 2,
      M: [2, 0.5, 0.5, 1],
      R: [
        [1, 0],
        [0, 1],
        [1, 1],
      ],
      b: [0.3, 0.7],
      c: [0, 0, 0],
    };
    const { status, s } = solve(p);
    expect(status).toBe('ok');
    expect(Array.from(s.dep.subarray(0, 3))).toEqual([0, 0, 1]);
    expect(Math.abs(s.y[0]!) + Math.abs(s.y[1]!)).toBeLessThanOrEqual(4 * EPS);
    expect(s.sigma[0]).toBeCloseTo(-0.3, 15);
    expect(s.sigma[1]).toBeCloseTo(-0.7, 15);
  });

  it('reports contradictory dependent rows as inconsistent, naming the row', () => {
    const { status, s } = solve({
      n: 2,
      M: [2, 0, 0, 2],
      R: [
        [0, 1],
        [0, 1],
      ],
      b: [1, -4],
      c: [0.5, 0.7],
    });
    expect(status).toBe('inconsistent');
    expect(s.at).toBe(1);
    expect(s.dep[1]).toBe(2);
  });

  it('regularizes a singular M pinned by the rows (a massless coordinate)', () => {
    // Coordinate 2 is massless; the row pins its velocity: y₂ = c, and 0 = b₂ + σ.
    const p: Constrained = { n: 2, M: [1, 0, 0, 0], R: [[0, 1]], b: [3, 2], c: [-1.5] };
    const { status, s } = solve(p);
    expect(status).toBe('ok');
    expect(s.y[0]).toBeCloseTo(3, 14);
    expect(s.y[1]).toBeCloseTo(-1.5, 14);
    expect(s.sigma[0]).toBeCloseTo(-2, 14);
  });

  it('regularizes a random rank-one M whose null space the rows cover', () => {
    fc.assert(
      fc.property(moderateVector(3), moderateVector(6), vector(2), vector(3), (u, R, c, b) => {
        const M = Float64Array.from({ length: 9 }, (_, k) => u[Math.floor(k / 3)]! * u[k % 3]!);
        // Rows and the mass direction u must span R³ for the mode to be pinned.
        const det = u[0]! * (R[1]! * R[5]! - R[2]! * R[4]!) - u[1]! * (R[0]! * R[5]! - R[2]! * R[3]!) + u[2]! * (R[0]! * R[4]! - R[1]! * R[3]!);
        const size = Math.hypot(...u) * Math.hypot(R[0]!, R[1]!, R[2]!) * Math.hypot(R[3]!, R[4]!, R[5]!);
        fc.pre(Math.abs(det) > 1e-3 * size && size > 1e-3);
        const p: Constrained = { n: 3, M, R: asRows(R, 2, 3), b, c: Array.from(c) };
        const { status, s } = solve(p);
        expect(status).toBe('ok');
        expect(residual(p, s)).toBeLessThanOrEqual(1e-8);
      }),
    );
  });

  it('reports a massless direction that no row pins, at its column', () => {
    const { status, s } = solve({ n: 2, M: [1, 0, 0, 0], R: [[1, 0]], b: [3, 2], c: [0] });
    expect(status).toBe('not-positive-definite');
    expect(s.at).toBe(1);
  });

  it('reports a non-finite right-hand side instead of returning NaN', () => {
    const { status, s } = solve({ n: 2, M: [1, 0, 0, 1], R: [[1, 1]], b: [NaN, 0], c: [0] });
    expect(status).toBe('not-finite');
    expect(s.at).toBe(0);
  });

  it('keeps nearly dependent rows (1e-3 rad apart) independent and accurate', () => {
    const t = 1e-3;
    const p: Constrained = {
      n: 2,
      M: [1, 0, 0, 1],
      R: [
        [0, 1],
        [Math.sin(t), Math.cos(t)],
      ],
      b: [0, 0],
      c: [1, 1 + 1e-3],
    };
    const { status, s } = solve(p);
    expect(status).toBe('ok');
    expect(Array.from(s.dep.subarray(0, 2))).toEqual([0, 0]);
    expect(residual(p, s)).toBeLessThanOrEqual(8 * EPS);
  });

  it('solves a small hand case: M = diag(1, 2), one row (1, 1)', () => {
    // M = diag(1, 2), R = (1, 1), b = (1, 0), c = 2: y₁ = 1 + σ, y₂ = σ/2, y₁ + y₂ = 2 → σ = 2/3.
    const { status, s } = solve({ n: 2, M: [1, 0, 0, 2], R: [[1, 1]], b: [1, 0], c: [2] });
    expect(status).toBe('ok');
    expect(s.sigma[0]).toBeCloseTo(2 / 3, 15);
    expect(s.y[0]).toBeCloseTo(5 / 3, 15);
    expect(s.y[1]).toBeCloseTo(1 / 3, 15);
  });
});
