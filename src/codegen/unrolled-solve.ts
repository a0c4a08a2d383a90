// The solve M q̈ = f of the accelerations as straight-line code for one
// model: an LDLᵀ factorization (Golub & Van Loan, "Matrix Computations",
// 4th ed., §4.1.2, Algorithm 4.1.2) unrolled for its n and the sparsity of
// its M, then the two triangular solves. Every entry of M and of the factor
// lives in a local, no loop, no index arithmetic, one reciprocal per pivot
// and no square root on the solve's path, and a term whose factor entry is
// zero by structure (no symbolic entry of M and no fill-in) is never
// written: a block-diagonal or banded M costs what its nonzeros cost.
//
// Measured on the n-link pendulum (accelerations(), warmed, median ns, one
// pinned core): n = 10 577 → 335, n = 15 1 352 → 886, n = 20 2 651 → 1 770
// against choleskyFactor/choleskySolve's loops. Above
// UNROLL_TERMS the function outgrows what V8 optimizes and the loops stay
// (spdSolve, solver-calls.ts).
//
// The rhsJacobian reuses the factor the accelerations leave in M$ with the
// embedded choleskySolve, so the solve also stores the Cholesky factor
// L̃ = L·√D in M$'s lower triangle, as choleskyFactor would (the square
// roots are off the solve's dependency chain).
// Tests: test/codegen/unrolled-solve.test.ts.
import {
  assign,
  bin,
  call,
  EPSILON,
  fill,
  idx,
  math,
  NAN,
  neg,
  not,
  num,
  plus,
  ref,
  ret,
  times,
  type Decl,
  type JsExpr,
  type LValue,
  type Stmt,
} from './ir.js';

/** Lower triangle of M that may be non-zero: pattern[i][j] for j ≤ i. */
export type LowerPattern = readonly (readonly boolean[])[];

/**
 * Multiply–subtract terms of one function of the unrolled code: 1 200 terms
 * compile to about 37 KB of V8 bytecode, inside the 60 KB above which V8
 * optimizes no function (--max-optimized-bytecode-size); unoptimized, the
 * unrolled code is ten times slower than the loops. A larger solve is split
 * into functions of at most this size that hand their values on through
 * module buffers.
 */
export const CHUNK_TERMS = 1200;

/**
 * Terms above which the solve keeps its loops: the dense 20×20 solve
 * (1 710 terms, 2 functions). Split further it stays faster once optimized
 * (dense 30×30, 5 365 terms in 5 functions: 4.7 µs against 7.1 µs with the
 * loops) but V8 runs the straight-line code in its interpreter for the first
 * thousands of calls: the first 20 000 accelerations of the 30-link
 * pendulum took 2.6 s against 1.2 s, which a run repays only after about
 * 600 000 calls.
 */
export const UNROLL_TERMS = 1710;

/**
 * Which entries of the factor L (unit lower triangular, A = L D Lᵀ) may be
 * non-zero: l_ij ≠ 0 only if a_ij ≠ 0 or l_ik l_jk ≠ 0 for some k < j (the
 * fill-in rule of symbolic factorization; George & Liu, "Computer Solution
 * of Large Sparse Positive Definite Systems", §4.2).
 */
export function factorPattern(pattern: LowerPattern): boolean[][] {
  const n = pattern.length;
  const nz: boolean[][] = pattern.map((row, i) => row.slice(0, i + 1));
  // row j's non-zero columns k < j, complete once column j is reached
  const cols: number[][] = Array.from({ length: n }, () => []);
  for (let j = 0; j < n; j++) {
    for (let k = 0; k < j; k++) if (nz[j]![k]) cols[j]!.push(k);
    for (let i = j + 1; i < n; i++) if (!nz[i]![j]) nz[i]![j] = cols[j]!.some((k) => nz[i]![k]);
  }
  return nz;
}

/** The k < j with l_ik l_jk non-zero (the terms of entry (i, j)). */
const common = (nz: readonly (readonly boolean[])[], i: number, j: number): number[] => {
  const ks: number[] = [];
  for (let k = 0; k < j; k++) if (nz[j]![k] && nz[i]![k]) ks.push(k);
  return ks;
};

/** Multiply–subtract terms of the unrolled factor and solves (what the function's size grows with). */
export function unrolledTerms(pattern: LowerPattern): number {
  const nz = factorPattern(pattern);
  const n = nz.length;
  let terms = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      if (!nz[i]![j]) continue;
      terms += common(nz, i, j).length;
      // each l_ij below the diagonal is used once in each triangular solve
      if (j < i && nz[i]![j]) terms += 2;
    }
  }
  return terms;
}

/** x − t₀ − t₁ − … (left to right, as the loops subtract), or −t₀ − … without x. */
function minus(x: JsExpr | undefined, terms: readonly JsExpr[]): JsExpr {
  if (!x) return terms.length ? terms.slice(1).reduce((acc, t) => bin(acc, '-', t), neg(terms[0]!)) : num(0);
  return terms.reduce((acc, t) => bin(acc, '-', t), x);
}

/** The straight-line code being written: its functions, and the values each has in a local. */
class Chunks {
  readonly bodies: Stmt[][] = [[]];
  private bound = new Set<string>();

  constructor(readonly split: boolean) {}

  next(): void {
    this.bodies.push([]);
    this.bound = new Set();
  }

  push(...stmts: Stmt[]): void {
    this.bodies[this.bodies.length - 1]!.push(...stmts);
  }

  /** The local `name`, read from `home` first in a function that did not compute it. */
  get(name: string, home: JsExpr): JsExpr {
    if (!this.bound.has(name)) this.define(name, home);
    return ref(name);
  }

  /** const name = init, stored to `home` too when a later function may read it. */
  define(name: string, init: JsExpr, home?: JsExpr & LValue): JsExpr {
    this.push({ kind: 'const', name, init });
    this.bound.add(name);
    if (home && this.split) this.push(assign(home, ref(name)));
    return ref(name);
  }
}

/** One piece of the solve (a column of the factor, a row of a triangular solve) and its size. */
interface Step {
  readonly terms: number;
  readonly emit: (c: Chunks) => void;
}

/**
 * y[yOff…yOff+n) = A⁻¹ b for the symmetric A in the module array `a` (n×n
 * row-major, lower triangle read) and b in `b`, with the Cholesky factor
 * left in a's lower triangle; NaN in y when a pivot is not above
 * n·ε·max|a_ii| (choleskyFactor's test: A not positive definite). The
 * declarations: `function name(y, yOff)`, and when it is split, the
 * functions it calls and the buffers they share. Undefined when the pattern
 * needs more than UNROLL_TERMS terms.
 */
export function unrolledSpdSolve(name: string, pattern: LowerPattern, a: string, b: string): Decl[] | undefined {
  if (unrolledTerms(pattern) > UNROLL_TERMS) return undefined;
  const nz = factorPattern(pattern);
  const n = nz.length;
  // Homes of the values a later function reads: l_ij below the diagonal of LDL$ and w_ij = l_ij d_j above it;
  // 1/d_j, z_i and the tolerance in LDLd$; x_i in y itself.
  const LDL = `${name.replace(/\$/g, '')}ldl$`;
  const LDLd = `${name.replace(/\$/g, '')}ldld$`;
  const at = (i: number): JsExpr => (i === 0 ? ref('yOff') : plus(ref('yOff'), num(i)));
  const l = (c: Chunks, i: number, j: number): JsExpr => c.get(`l${i}_${j}`, idx(LDL, i * n + j));
  const w = (c: Chunks, i: number, j: number): JsExpr => c.get(`w${i}_${j}`, idx(LDL, j * n + i));
  const r = (c: Chunks, j: number): JsExpr => c.get(`r${j}`, idx(LDLd, j));
  const z = (c: Chunks, i: number): JsExpr => c.get(`z${i}`, idx(LDLd, n + i));
  const x = (c: Chunks, i: number): JsExpr => c.get(`x${i}`, idx('y', at(i)));
  const A = (c: Chunks, i: number, j: number): JsExpr | undefined => (pattern[i]![j] ? c.get(`a${i}_${j}`, idx(a, i * n + j)) : undefined);
  const steps: Step[] = [];
  // choleskyFactor's threshold: rounding in a pivot is of order n·ε·a_jj (Higham, Theorem 10.3).
  const diagonal = Array.from({ length: n }, (_, i) => i).filter((i) => pattern[i]![i]);
  steps.push({
    terms: 0,
    emit: (c) => {
      const largest = diagonal.length ? math('max', ...diagonal.map((i) => math('abs', A(c, i, i)!))) : num(0);
      c.define('tol', times(times(num(n), EPSILON), largest), idx(LDLd, 2 * n));
    },
  });
  for (let j = 0; j < n; j++) {
    const below = Array.from({ length: n - 1 - j }, (_, k) => j + 1 + k).filter((i) => nz[i]![j]);
    steps.push({
      terms: common(nz, j, j).length + below.reduce((sum, i) => sum + common(nz, i, j).length, 0),
      emit: (c) => {
        // d_j = a_jj − Σ_k l_jk w_jk, with w_jk = l_jk d_k
        const d = c.define(
          `d${j}`,
          minus(
            A(c, j, j),
            common(nz, j, j).map((k) => times(l(c, j, k), w(c, j, k))),
          ),
        );
        const tol = c.get('tol', idx(LDLd, 2 * n));
        c.push({
          kind: 'if',
          test: not(bin(d, '>', tol)),
          then: [fill('y', NAN, [ref('yOff'), plus(ref('yOff'), num(n))]), c.split ? ret(ref('false')) : ret()],
        });
        const rj = c.define(`r${j}`, bin(num(1), '/', d), idx(LDLd, j));
        const sj = c.define(`s${j}`, math('sqrt', d));
        c.push(assign(idx(a, j * n + j), sj));
        for (const i of below) {
          // w_ij = l_ij d_j = a_ij − Σ_k w_ik l_jk
          const wij = c.define(
            `w${i}_${j}`,
            minus(
              A(c, i, j),
              common(nz, i, j).map((k) => times(w(c, i, k), l(c, j, k))),
            ),
            idx(LDL, j * n + i),
          );
          const lij = c.define(`l${i}_${j}`, times(wij, rj), idx(LDL, i * n + j));
          c.push(assign(idx(a, i * n + j), times(lij, sj)));
        }
      },
    });
  }
  // L z = b, then Lᵀ x = D⁻¹ z
  for (let i = 0; i < n; i++) {
    const left = Array.from({ length: i }, (_, k) => k).filter((k) => nz[i]![k]);
    steps.push({
      terms: left.length,
      emit: (c) =>
        void c.define(
          `z${i}`,
          minus(
            idx(b, i),
            left.map((k) => times(l(c, i, k), z(c, k))),
          ),
          idx(LDLd, n + i),
        ),
    });
  }
  for (let i = n - 1; i >= 0; i--) {
    const right = Array.from({ length: n - 1 - i }, (_, k) => i + 1 + k).filter((k) => nz[k]![i]);
    steps.push({
      terms: right.length,
      emit: (c) =>
        c.push(
          assign(
            idx('y', at(i)),
            c.define(
              `x${i}`,
              minus(
                times(z(c, i), r(c, i)),
                right.map((k) => times(l(c, k, i), x(c, k))),
              ),
            ),
          ),
        ),
    });
  }
  // Consecutive steps, at most CHUNK_TERMS terms a function (a larger step alone).
  const groups: Step[][] = [];
  let size = 0;
  for (const step of steps) {
    if (groups.length === 0 || (size > 0 && size + step.terms > CHUNK_TERMS)) {
      groups.push([]);
      size = 0;
    }
    groups[groups.length - 1]!.push(step);
    size += step.terms;
  }
  const chunks = new Chunks(groups.length > 1);
  groups.forEach((group, g) => {
    if (g > 0) chunks.next();
    for (const step of group) step.emit(chunks);
  });
  const params = [
    { name: 'y', type: 'Float64Array' as const },
    { name: 'yOff', type: 'index' as const },
  ];
  const doc = `y[yOff…yOff+${n}) = M⁻¹f for M in ${a} and f in ${b}: LDLᵀ unrolled for this M's sparsity (src/codegen/unrolled-solve.ts); leaves the Cholesky factor in ${a}; NaN when M is not positive definite.`;
  if (!chunks.split) return [{ kind: 'function', name, doc, params, returns: 'void', body: chunks.bodies[0]! }];
  const part = (g: number): string => `${name}${g}`;
  return [
    {
      kind: 'buffer',
      name: LDL,
      array: 'Float64Array',
      length: n * n,
      doc: `The parts of ${name} hand on the factor: l_ij below the diagonal, w_ij = l_ij d_j above it.`,
    },
    {
      kind: 'buffer',
      name: LDLd,
      array: 'Float64Array',
      length: 2 * n + 1,
      doc: `The parts of ${name} hand on 1/d_j, then z (L z = f), then the pivot tolerance.`,
    },
    {
      kind: 'function',
      name,
      doc,
      params,
      returns: 'void',
      body: chunks.bodies.map(
        (_, g): Stmt =>
          g < chunks.bodies.length - 1
            ? { kind: 'if', test: not(call(part(g), ref('y'), ref('yOff'))), then: [ret()] }
            : { kind: 'call', call: call(part(g), ref('y'), ref('yOff')) },
      ),
    },
    ...chunks.bodies.map(
      (body, g): Decl => ({
        kind: 'function',
        name: part(g),
        doc: `Part ${g + 1} of ${chunks.bodies.length} of ${name}; false when M is not positive definite.`,
        params,
        returns: 'boolean',
        body: [...body, ret(ref('true'))],
      }),
    ),
  ];
}
