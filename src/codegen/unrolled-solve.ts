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
// against choleskyFactor/choleskySolve's loops (docs/bench.md). Above
// UNROLL_TERMS the function outgrows what V8 optimizes and the loops stay
// (spdSolve, solver-calls.ts).
//
// The rhsJacobian reuses the factor the accelerations leave in M$ with the
// embedded choleskySolve, so the solve also stores the Cholesky factor
// L̃ = L·√D in M$'s lower triangle, as choleskyFactor would (the square
// roots are off the solve's dependency chain).
// Tests: test/codegen/unrolled-solve.test.ts.
import { assign, bin, call, idx, member, neg, not, num, plus, ref, ret, times, type Decl, type JsExpr, type Stmt } from './ir.js';

/** Lower triangle of M that may be non-zero: pattern[i][j] for j ≤ i. */
export type LowerPattern = readonly (readonly boolean[])[];

/**
 * Multiply–subtract terms above which the solve keeps its loops: the dense
 * 20×20 solve (1 710 terms) compiles to 53 KB of V8 bytecode; V8 does not
 * optimize a function above 60 KB (--max-optimized-bytecode-size), and
 * unoptimized the unrolled code is ten times slower than the loops (the
 * dense 30×30: 96 µs against 9 µs).
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
  for (let j = 0; j < n; j++) {
    for (let i = j + 1; i < n; i++) {
      for (let k = 0; k < j && !nz[i]![j]; k++) if (nz[i]![k] && nz[j]![k]) nz[i]![j] = true;
    }
  }
  return nz;
}

/** The k < j with l_ik l_jk non-zero (the terms of entry (i, j)). */
const common = (nz: readonly (readonly boolean[])[], i: number, j: number): number[] => Array.from({ length: j }, (_, k) => k).filter((k) => nz[i]![k] && nz[j]![k]);

/** Multiply–subtract terms of the unrolled factor and solves (what the function's size grows with). */
export function unrolledTerms(pattern: LowerPattern): number {
  const nz = factorPattern(pattern);
  const n = nz.length;
  let terms = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
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

const local = (kind: string, i: number, j?: number): JsExpr & { kind: 'ref' } => ref(j === undefined ? `${kind}${i}` : `${kind}${i}_${j}`);
const konst = (name: string, init: JsExpr): Stmt => ({ kind: 'const', name, init });

/**
 * `function name(y, yOff)`: y[yOff…yOff+n) = A⁻¹ b for the symmetric A in
 * the module array `a` (n×n row-major, lower triangle read) and b in `b`,
 * with the Cholesky factor left in a's lower triangle; NaN in y when a pivot
 * is not above n·ε·max|a_ii| (choleskyFactor's test: A not positive
 * definite). Undefined when the pattern needs more than UNROLL_TERMS terms.
 */
export function unrolledSpdSolve(name: string, pattern: LowerPattern, a: string, b: string): (Decl & { kind: 'function' }) | undefined {
  if (unrolledTerms(pattern) > UNROLL_TERMS) return undefined;
  const nz = factorPattern(pattern);
  const n = nz.length;
  const A = (i: number, j: number): JsExpr | undefined => (pattern[i]![j] ? local('a', i, j) : undefined);
  const at = (i: number): JsExpr => (i === 0 ? ref('yOff') : plus(ref('yOff'), num(i)));
  const body: Stmt[] = [];
  for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) if (pattern[i]![j]) body.push(konst(`a${i}_${j}`, idx(a, i * n + j)));
  // choleskyFactor's threshold: rounding in a pivot is of order n·ε·a_jj (Higham, Theorem 10.3).
  const diagonal = Array.from({ length: n }, (_, i) => i).filter((i) => pattern[i]![i]);
  const largest = diagonal.length ? call(member('Math', 'max'), ...diagonal.map((i) => call(member('Math', 'abs'), local('a', i, i)))) : num(0);
  body.push(konst('tol', times(times(num(n), member('Number', 'EPSILON')), largest)));
  const fail: Stmt[] = [{ kind: 'call', call: call(member('y', 'fill'), ref('NaN'), ref('yOff'), plus(ref('yOff'), num(n))) }, ret()];
  for (let j = 0; j < n; j++) {
    // d_j = a_jj − Σ_k l_jk w_jk, with w_jk = l_jk d_k
    const d = local('d', j);
    body.push(
      konst(d.name, minus(A(j, j), common(nz, j, j).map((k) => times(local('l', j, k), local('w', j, k))))),
      { kind: 'if', test: not(bin(d, '>', ref('tol'))), then: fail },
      konst(`r${j}`, bin(num(1), '/', d)),
      konst(`s${j}`, call(member('Math', 'sqrt'), d)),
      assign(idx(a, j * n + j), local('s', j)),
    );
    for (let i = j + 1; i < n; i++) {
      if (!nz[i]![j]) continue;
      // w_ij = l_ij d_j = a_ij − Σ_k w_ik l_jk
      body.push(
        konst(`w${i}_${j}`, minus(A(i, j), common(nz, i, j).map((k) => times(local('w', i, k), local('l', j, k))))),
        konst(`l${i}_${j}`, times(local('w', i, j), local('r', j))),
        assign(idx(a, i * n + j), times(local('l', i, j), local('s', j))),
      );
    }
  }
  // L z = b, then Lᵀ x = D⁻¹ z
  for (let i = 0; i < n; i++) {
    const below = Array.from({ length: i }, (_, k) => k).filter((k) => nz[i]![k]);
    body.push(konst(`z${i}`, minus(idx(b, i), below.map((k) => times(local('l', i, k), local('z', k))))));
  }
  for (let i = n - 1; i >= 0; i--) {
    const above = Array.from({ length: n - 1 - i }, (_, k) => i + 1 + k).filter((k) => nz[k]![i]);
    body.push(konst(`x${i}`, minus(times(local('z', i), local('r', i)), above.map((k) => times(local('l', k, i), local('x', k))))), assign(idx('y', at(i)), local('x', i)));
  }
  return {
    kind: 'function',
    name,
    doc: `y[yOff…yOff+${n}) = M⁻¹f for M in ${a} and f in ${b}: LDLᵀ unrolled for this M's sparsity (src/codegen/unrolled-solve.ts); leaves the Cholesky factor in ${a}; NaN when M is not positive definite.`,
    params: [
      { name: 'y', type: 'Float64Array' },
      { name: 'yOff', type: 'number' },
    ],
    returns: 'void',
    body,
  };
}
