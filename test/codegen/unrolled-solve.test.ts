// The unrolled LDLᵀ solve of the accelerations: its fill-in pattern and size
// by hand, and the printed function run against the embedded loops
// (choleskyFactor/choleskySolve) on dense and sparse SPD matrices — the same
// solution, the same Cholesky factor left in M$, and NaN where the loops
// report a matrix that is not positive definite.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { assign, callStmt, forRange, idx, ref, type Decl } from '../../src/codegen/ir.js';
import { printModule } from '../../src/codegen/print.js';
import { CHUNK_TERMS, factorPattern, UNROLL_TERMS, unrolledSpdSolve, unrolledTerms, type LowerPattern } from '../../src/codegen/unrolled-solve.js';
import { choleskyFactor, choleskySolve } from '../../src/numeric/cholesky.js';
import { backwardError, spd } from '../numeric/matrices.js';

const EPS = Number.EPSILON;

const lower = (n: number, nonzero: (i: number, j: number) => boolean): boolean[][] =>
  Array.from({ length: n }, (_, i) => Array.from({ length: i + 1 }, (_, j) => i === j || nonzero(i, j)));
const dense = (n: number): LowerPattern => lower(n, () => true);
const tridiagonal = (n: number): LowerPattern => lower(n, (i, j) => i - j === 1);
/** Arrowheads: the first coordinate coupled to all (fills the whole factor), or the last (no fill). */
const arrowFirst = (n: number): LowerPattern => lower(n, (_i, j) => j === 0);
const arrowLast = (n: number): LowerPattern => lower(n, (i) => i === n - 1);
/** Two uncoupled blocks of sizes p and n − p. */
const blocks = (n: number, p: number): LowerPattern => lower(n, (i, j) => i < p === j < p);

const count = (pattern: readonly (readonly boolean[])[]): number => pattern.flat().filter(Boolean).length;

type Solve = (a: ArrayLike<number>, b: ArrayLike<number>, y: Float64Array, yOff: number) => Float64Array;

let dir: string | undefined;

/** The printed solveM$ of a pattern in a module of its own, wrapped as solve(a, b, y, yOff) → the M$ it leaves. */
async function compile(pattern: LowerPattern): Promise<Solve> {
  const n = pattern.length;
  const solver = unrolledSpdSolve('solveM$', pattern, 'M$', 'f$');
  if (!solver) throw new Error(`no unrolled solve for n = ${n}`);
  const decls: Decl[] = [
    { kind: 'buffer', name: 'M$', array: 'Float64Array', length: n * n },
    { kind: 'buffer', name: 'f$', array: 'Float64Array', length: n },
    ...solver,
    {
      kind: 'function',
      name: 'solve',
      exported: true,
      params: [
        { name: 'a', type: 'ArrayLike<number>' },
        { name: 'b', type: 'ArrayLike<number>' },
        { name: 'y', type: 'Float64Array' },
        { name: 'yOff', type: 'number' },
      ],
      returns: 'Float64Array',
      body: [
        forRange('i', 0, n * n, [assign(idx('M$', ref('i')), idx('a', ref('i')))]),
        forRange('i', 0, n, [assign(idx('f$', ref('i')), idx('b', ref('i')))]),
        callStmt('solveM$', ref('y'), ref('yOff')),
        { kind: 'return', value: ref('M$') },
      ],
    },
  ];
  const source = printModule({ header: ['unrolled solve under test'], decls });
  const js = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  dir ??= mkdtempSync(join(tmpdir(), 'unrolled-solve-'));
  const file = join(dir, `solve-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, js);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { solve: Solve }).solve;
}

/** The embedded loops on a copy: the factor, the failing column (−1 when SPD) and the solution. */
function loops(n: number, a: Float64Array, b: Float64Array): { L: Float64Array; column: number; x: Float64Array } {
  const L = Float64Array.from(a);
  const column = choleskyFactor(n, L);
  const x = new Float64Array(n);
  if (column < 0) choleskySolve(n, L, b, 0, x, 0);
  return { L, column, x };
}

/**
 * max |A − LLᵀ| / max (|L||L|ᵀ) over the lower triangle, L the lower triangle
 * of `factor`: Cholesky's normwise backward error (entrywise, entries near
 * the underflow threshold, 1e-182 beside 1e2, have no relative accuracy).
 */
function factorBackwardError(n: number, a: ArrayLike<number>, factor: ArrayLike<number>): number {
  let residual = 0;
  let scale = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let product = 0;
      let magnitude = 0;
      for (let k = 0; k <= j; k++) {
        product += factor[i * n + k]! * factor[j * n + k]!;
        magnitude += Math.abs(factor[i * n + k]! * factor[j * n + k]!);
      }
      residual = Math.max(residual, Math.abs(a[i * n + j]! - product));
      scale = Math.max(scale, magnitude);
    }
  }
  return scale > 0 ? residual / scale : residual;
}

/** A random symmetric matrix with the pattern, diagonally dominant (hence SPD). */
function dominant(pattern: LowerPattern, values: readonly number[]): Float64Array {
  const n = pattern.length;
  const a = new Float64Array(n * n);
  let v = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) if (pattern[i]![j]) a[i * n + j] = a[j * n + i] = values[v++ % values.length]!;
  for (let i = 0; i < n; i++) a[i * n + i] = 1 + Array.from({ length: n }, (_, j) => (j === i ? 0 : Math.abs(a[i * n + j]!))).reduce((s, t) => s + t, 0);
  return a;
}

const rhs = (n: number): Float64Array => Float64Array.from({ length: n }, (_, i) => Math.sin(i + 1));

describe('the factor pattern: fill-in of symbolic LDLᵀ', () => {
  it('a tridiagonal M and an arrowhead coupled to the last coordinate factor without fill-in', () => {
    expect(factorPattern(tridiagonal(6))).toEqual(tridiagonal(6));
    expect(factorPattern(arrowLast(6))).toEqual(arrowLast(6));
    expect(count(factorPattern(blocks(7, 3)))).toBe(6 + 10);
  });

  it('an arrowhead coupled to the first coordinate fills the whole lower triangle', () => {
    expect(count(arrowFirst(6))).toBe(6 + 5);
    expect(factorPattern(arrowFirst(6))).toEqual(dense(6));
  });
});

describe('the size of the unrolled code', () => {
  it('dense n: Σ_j j(n − j) terms in the factor and n(n − 1) in the two solves', () => {
    expect(unrolledTerms(dense(1))).toBe(0);
    expect(unrolledTerms(dense(2))).toBe(1 + 2);
    expect(unrolledTerms(dense(10))).toBe(165 + 90);
    expect(unrolledTerms(dense(20))).toBe(1330 + 380);
  });

  it('tridiagonal n: one term per pivot and two per off-diagonal entry, 3(n − 1)', () => {
    expect(unrolledTerms(tridiagonal(100))).toBe(297);
  });

  it('unrolls up to the dense 20×20 solve (1 330 + 380 terms) and keeps the loops above; a sparse M stays unrolled far beyond', () => {
    expect(unrolledTerms(dense(20))).toBe(UNROLL_TERMS);
    expect(unrolledSpdSolve('solveM$', dense(20), 'M$', 'f$')).toBeDefined();
    expect(unrolledSpdSolve('solveM$', dense(21), 'M$', 'f$')).toBeUndefined();
    expect(unrolledSpdSolve('solveM$', tridiagonal(500), 'M$', 'f$')).toBeDefined();
  });

  it('one function up to CHUNK_TERMS terms; above, parts of at most that many behind the same solveM$ and two buffers', () => {
    const names = (pattern: LowerPattern): string[] =>
      unrolledSpdSolve('solveM$', pattern, 'M$', 'f$')!.map((d) => (d.kind === 'function' || d.kind === 'buffer' ? d.name : d.kind));
    expect(unrolledTerms(dense(17))).toBeLessThanOrEqual(CHUNK_TERMS);
    expect(names(dense(17))).toEqual(['solveM$']);
    // dense 18: 969 terms in the factor and 306 in the solves
    expect(unrolledTerms(dense(18))).toBe(1275);
    expect(names(dense(18))).toEqual(['solveMldl$', 'solveMldld$', 'solveM$', 'solveM$0', 'solveM$1']);
    // dense 20: 1 710 terms, ⌈1 710 / 1 200⌉ parts
    expect(names(dense(20)).filter((x) => /^solveM\$\d/.test(x))).toHaveLength(2);
  });

  it('reads only the structurally non-zero entries of M', () => {
    const [fn] = unrolledSpdSolve('solveM$', blocks(5, 2), 'M$', 'f$')!;
    const body = fn!.kind === 'function' ? fn!.body : [];
    const reads = body.filter((s) => s.kind === 'const' && /^a\d/.test(s.name)).map((s) => (s.kind === 'const' ? s.name : ''));
    expect(reads.sort()).toEqual(['a0_0', 'a1_0', 'a1_1', 'a2_2', 'a3_2', 'a3_3', 'a4_2', 'a4_3', 'a4_4']);
  });
});

describe('the printed solve against the embedded Cholesky loops', () => {
  it('dense SPD matrices up to 8×8: the same solution (backward error a few n·ε) and the same factor in M$', async () => {
    const solvers = new Map<number, Solve>();
    for (let n = 1; n <= 8; n++) solvers.set(n, await compile(dense(n)));
    fc.assert(
      fc.property(spd(8), ({ n, a }) => {
        const b = rhs(n);
        const ref = loops(n, a, b);
        expect(ref.column).toBe(-1);
        const y = new Float64Array(n);
        const M = solvers.get(n)!(a, b, y, 0);
        expect(backwardError(n, a, y, b)).toBeLessThanOrEqual(4 * n * EPS);
        // Lower triangle: a Cholesky factor as backward stable as the loops'
        // (max |A − LLᵀ| ≤ c·n·ε·max |L||L|ᵀ). The entries themselves may
        // differ from the loops' by the conditioning of A times ε, as the two
        // sum in different orders. Upper triangle: M as it was.
        for (const L of [ref.L, M]) expect(factorBackwardError(n, a, L)).toBeLessThanOrEqual(4 * n * EPS);
        for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) expect(M[i * n + j]).toBe(a[i * n + j]);
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    ['tridiagonal', tridiagonal(9)],
    ['arrowhead (first)', arrowFirst(7)],
    ['arrowhead (last)', arrowLast(7)],
    ['two blocks', blocks(8, 3)],
    ['dense, in two parts', dense(18)],
    ['tridiagonal, its solves in two parts', tridiagonal(420)],
  ] as const)('%s: the solution of the loops, written at the offset', async (_name, pattern) => {
    const n = pattern.length;
    const solve = await compile(pattern);
    const a = dominant(pattern, [0.7, -1.3, 0.4, 2.1, -0.2, 0.9, -1.7]);
    const b = rhs(n);
    const ref = loops(n, a, b);
    const y = new Float64Array(n + 3).fill(-7);
    const M = solve(a, b, y, 2);
    for (let i = 0; i < n; i++) expect(Math.abs(y[2 + i]! - ref.x[i]!)).toBeLessThanOrEqual(8 * n * EPS * Math.max(...Array.from(ref.x, Math.abs)));
    expect([y[0], y[1], y[n + 2]]).toEqual([-7, -7, -7]);
    // M$ holds a factor choleskySolve can use again (what rhsJacobian does)
    const again = new Float64Array(n);
    choleskySolve(n, M, b, 0, again, 0);
    expect(backwardError(n, a, again, b)).toBeLessThanOrEqual(4 * n * EPS);
  });
});

describe('a mass matrix that is not positive definite', () => {
  it('a singular M (equal rows) and an indefinite one: NaN in y[yOff…yOff+n) only, where the loops fail', async () => {
    const solve = await compile(dense(3));
    const b = rhs(3);
    const singular = Float64Array.from([1, 1, 0, 1, 1, 0, 0, 0, 2]);
    const indefinite = Float64Array.from([1, 2, 0, 2, 1, 0, 0, 0, 1]);
    for (const a of [singular, indefinite]) {
      expect(loops(3, a, b).column).toBe(1);
      const y = new Float64Array(5).fill(3);
      solve(a, b, y, 1);
      expect(Array.from(y)).toEqual([3, NaN, NaN, NaN, 3]);
    }
  });

  it('a failure in the second part (the dense 20×20 factor splits near column 16) stops the solve there: NaN in y, as the loops fail at the last column', async () => {
    const n = 20;
    const solve = await compile(dense(n));
    // the last two coordinates coupled rigidly: rows 18 and 19 equal
    const a = dominant(dense(n), [0.3, -0.5, 0.2]);
    for (let j = 0; j < n; j++) a[19 * n + j] = a[j * n + 19] = a[18 * n + j]!;
    a[19 * n + 19] = a[18 * n + 18]!;
    expect(loops(n, a, rhs(n)).column).toBe(19);
    const y = new Float64Array(n);
    solve(a, rhs(n), y, 0);
    expect(y.every(Number.isNaN)).toBe(true);
  });

  it('a massless coordinate (a zero row and column of M by structure) fails at its column', async () => {
    const pattern = lower(3, (i, j) => i === 2 && j === 0).map((row, i) => row.map((v, j) => v && !(i === 1 && j === 1)));
    const solve = await compile(pattern);
    const a = Float64Array.from([2, 0, 1, 0, 0, 0, 1, 0, 3]);
    expect(loops(3, a, rhs(3)).column).toBe(1);
    const y = new Float64Array(3);
    solve(a, rhs(3), y, 0);
    expect(Array.from(y)).toEqual([NaN, NaN, NaN]);
  });

  it('a NaN entry gives NaN, as the loops do', async () => {
    const solve = await compile(dense(2));
    const y = new Float64Array(2);
    solve([1, NaN, NaN, 1], [1, 1], y, 0);
    expect(Array.from(y)).toEqual([NaN, NaN]);
  });
});
