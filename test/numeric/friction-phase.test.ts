// forceRowSolve (src/numeric/friction-phase.ts): M y = b + Fᵀσ, R y = c with
// reactions along rows F ≠ R, checked against a dense solve of the whole
// bordered system written independently (test/helpers/numeric.ts), its
// determinant against the product R M⁻¹ Fᵀ formed explicitly, and F = R
// against the symmetric Schur solve.
import { describe, expect, it } from 'vitest';
import { choleskyFactor } from '../../src/numeric/cholesky.js';
import { forceRowSolve } from '../../src/numeric/friction-phase.js';
import { schurSolve, type SchurSystem } from '../../src/numeric/schur.js';
import { expectClose, solve } from '../helpers/numeric.js';
import { rng, uniform, type Rng } from '../helpers/random.js';

function system(n: number, k: number, M: number[][], R: number[][], F: number[][], b: number[], c: number[]): SchurSystem & { F: Float64Array } {
  const s = {
    n,
    M: Float64Array.from(M.flat()),
    L: Float64Array.from(M.flat()),
    R: Float64Array.from(R.flat()),
    b: Float64Array.from(b),
    c: Float64Array.from(c),
    y: new Float64Array(n),
    sigma: new Float64Array(k),
    X: new Float64Array(k * n),
    W: new Float64Array(k * k),
    dep: new Uint8Array(k),
    at: -1,
    F: Float64Array.from(F.flat()),
  };
  expect(choleskyFactor(n, s.L)).toBe(-1);
  return s;
}

const randomMatrix = (r: Rng, rowsN: number, cols: number): number[][] =>
  Array.from({ length: rowsN }, () => Array.from({ length: cols }, () => uniform(r, -1, 1)));
function spdMatrix(r: Rng, n: number): number[][] {
  const B = randomMatrix(r, n, n);
  return B.map((row, i) => B.map((other, j) => row.reduce((s, v, q) => s + v * other[q]!, 0) + (i === j ? 0.5 : 0)));
}

function det(a: number[][]): number {
  const m = a.map((row) => [...row]);
  let d = 1;
  for (let i = 0; i < m.length; i++) {
    let p = i;
    for (let r = i + 1; r < m.length; r++) if (Math.abs(m[r]![i]!) > Math.abs(m[p]![i]!)) p = r;
    if (p !== i) [m[i], m[p], d] = [m[p]!, m[i]!, -d];
    d *= m[i]![i]!;
    for (let r = i + 1; r < m.length; r++) {
      const l = m[r]![i]! / m[i]![i]!;
      for (let c = i; c < m.length; c++) m[r]![c]! -= l * m[i]![c]!;
    }
  }
  return d;
}

describe('forceRowSolve', () => {
  const r = rng(4242);
  it('solves the bordered system [M −Fᵀ; R 0] and returns det(R M⁻¹ Fᵀ) (300 random systems, n ≤ 6)', () => {
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(r() * 6),
        k = Math.floor(r() * (n + 1));
      const M = spdMatrix(r, n),
        R = randomMatrix(r, k, n),
        b = Array.from({ length: n }, () => uniform(r, -1, 1)),
        c = Array.from({ length: k }, () => uniform(r, -1, 1));
      const F = R.map((row) => row.map((v) => v + uniform(r, -0.5, 0.5)));
      const s = system(n, k, M, R, F, b, c);
      const d = forceRowSolve(s, k, s.F, new Int32Array(k));
      const Minv = M.map((_, i) =>
        solve(
          M,
          M.map((__, j) => (i === j ? 1 : 0)),
        ),
      );
      const W = R.map((row) => F.map((f) => row.reduce((acc, v, i) => acc + v * f.reduce((a2, fj, j) => a2 + Minv[j]![i]! * fj, 0), 0)));
      expectClose(d, det(W), 1e-9, 1e-9);
      const bordered = [...M.map((row, i) => [...row, ...F.map((f) => -f[i]!)]), ...R.map((row) => [...row, ...R.map(() => 0)])];
      const x = solve(bordered, [...b, ...c]);
      for (let i = 0; i < n; i++) expectClose(s.y[i]!, x[i]!, 1e-8, 1);
      for (let q = 0; q < k; q++) expectClose(s.sigma[q]!, x[n + q]!, 1e-8, 1);
    }
  });
  it('with F = R it agrees with the symmetric Schur solve and det > 0', () => {
    for (let trial = 0; trial < 100; trial++) {
      const n = 2 + Math.floor(r() * 5),
        k = 1 + Math.floor(r() * (n - 1));
      const M = spdMatrix(r, n),
        R = randomMatrix(r, k, n),
        b = Array.from({ length: n }, () => uniform(r, -1, 1)),
        c = Array.from({ length: k }, () => uniform(r, -1, 1));
      const a = system(n, k, M, R, R, b, c),
        s = system(n, k, M, R, R, b, c);
      expect(forceRowSolve(a, k, a.F, new Int32Array(k))).toBeGreaterThan(0);
      expect(schurSolve(s, k, true)).toBe('ok');
      for (let i = 0; i < n; i++) expectClose(a.y[i]!, s.y[i]!, 1e-9, 1);
    }
  });
  it('a singular reaction matrix (dependent rows) returns 0 with y and σ NaN; k = 0 returns 1 and y = M⁻¹b', () => {
    const M = [
        [2, 0],
        [0, 1],
      ],
      R = [
        [1, 1],
        [2, 2],
      ];
    const s = system(2, 2, M, R, R, [1, 1], [0, 0]);
    expect(forceRowSolve(s, 2, s.F, new Int32Array(2))).toBe(0);
    expect([...s.y].every(Number.isNaN)).toBe(true);
    const free = system(2, 0, M, [], [], [1, 1], []);
    expect(forceRowSolve(free, 0, free.F, new Int32Array(0))).toBe(1);
    expectClose(free.y[0]!, 0.5, 4 * Number.EPSILON);
    expectClose(free.y[1]!, 1, 4 * Number.EPSILON);
  });
});
