// The constrained solve [M Aᵀ; A 0][q̈; λ] = [f; −c] as straight-line code
// for one model, by the Schur complement on M (range-space method; Nocedal
// & Wright, "Numerical Optimization", 2nd ed., §16.2): M = L D Lᵀ, Y = L⁻¹Aᵀ,
// W = A M⁻¹ Aᵀ = Yᵀ D⁻¹ Y, W λ = A M⁻¹ f + c, q̈ = M⁻¹(f − Aᵀλ), with W
// factored alike. Where M is positive definite (src/derive/checks.ts) this
// replaces, for rhs and accelerations, the LU factorization of the
// (n + m)² KKT matrix, whose loops cost more than the bicycle's M, forcing
// and constraints together (its kkt$ 2.6 µs a call; q̈ by this solve, those
// included, 1.1 µs; the rolling disk's rhs 464 → 85 ns); every
// entry of M and A that is zero by structure is a known zero
// (straight-line.ts) and costs nothing. Writes q̈ and λ into y$, as kkt$.
// Tests: test/codegen/unrolled-kkt.test.ts (q̈ against kkt$'s).
import { idx, type Decl, type Stmt } from './ir.js';
import { CHUNK_OPS } from './lower.js';
import { Program, type Val } from './straight-line.js';

/**
 * Multiply–adds of the solve when M and A are dense: the factor of M
 * (n³/6), Y = L⁻¹Aᵀ (mn²/2), W (m²n/2), its factor (m³/6) and the solves; to
 * be compared with unrolled-solve.ts's UNROLL_TERMS, above which
 * straight-line code runs in V8's interpreter for too long.
 */
export const schurTerms = (n: number, m: number): number => (n * n * n) / 6 + (m * n * n) / 2 + (m * m * n) / 2 + (m * m * m) / 6 + 2 * n * n + 2 * m * n;

/** L D Lᵀ of a symmetric matrix given by its lower triangle: L's strict lower part and the pivots' reciprocals. */
function ldl(p: Program, a: readonly (readonly Val[])[]): { L: Val[][]; inv: Val[] } {
  const n = a.length;
  const L: Val[][] = Array.from({ length: n }, () => new Array<Val>(n).fill(0));
  // LD[i][k] = L[i][k]·d[k], shared by the entries of row i.
  const LD: Val[][] = Array.from({ length: n }, () => new Array<Val>(n).fill(0));
  const inv: Val[] = [];
  for (let j = 0; j < n; j++) {
    const d = p.sum([a[j]![j]!], ...Array.from({ length: j }, (_, k) => [-1, L[j]![k]!, LD[j]![k]!]));
    inv.push(p.recip(d));
    for (let i = j + 1; i < n; i++) {
      LD[i]![j] = p.sum([a[i]![j]!], ...Array.from({ length: j }, (_, k) => [-1, LD[i]![k]!, L[j]![k]!]));
      L[i]![j] = p.mul(LD[i]![j]!, inv[j]!);
    }
  }
  return { L, inv };
}

/** L⁻¹b (unit lower L). */
function forward(p: Program, L: readonly (readonly Val[])[], b: readonly Val[]): Val[] {
  const z: Val[] = [];
  b.forEach((bi, i) => z.push(p.sum([bi], ...z.map((zk, k) => [-1, L[i]![k]!, zk]))));
  return z;
}

/** (L D Lᵀ)⁻¹b from z = L⁻¹b. */
function backward(p: Program, L: readonly (readonly Val[])[], inv: readonly Val[], z: readonly Val[]): Val[] {
  const n = z.length;
  const x: Val[] = new Array<Val>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    const later = Array.from({ length: n - 1 - i }, (_, k) => [-1, L[i + 1 + k]![i]!, x[i + 1 + k]!]);
    x[i] = p.sum([z[i]!, inv[i]!], ...later);
  }
  return x;
}

/**
 * The solve reading M$ (n×n), f$, A$ (m×n) and c$, which `massZero` and
 * `rowZero` say are zero by structure, as functions `kktu$0…` (no arguments)
 * writing y$.
 */
export function unrolledKkt(
  n: number,
  m: number,
  massZero: (i: number, j: number) => boolean,
  rowZero: (r: number, j: number) => boolean,
): { decls: Decl[]; calls: Stmt[] } {
  const p = new Program();
  const M = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j): Val => (j > i || massZero(i, j) ? 0 : p.read(idx('M$', i * n + j)))));
  const A = Array.from({ length: m }, (_, r) => Array.from({ length: n }, (_, j): Val => (rowZero(r, j) ? 0 : p.read(idx('A$', r * n + j)))));
  const f = Array.from({ length: n }, (_, i): Val => p.read(idx('f$', i)));
  const c = Array.from({ length: m }, (_, r): Val => p.read(idx('c$', r)));
  const { L, inv } = ldl(p, M);
  const Y = A.map((row) => forward(p, L, row));
  const z = forward(p, L, f);
  // W = Yᵀ D⁻¹ Y (lower triangle), and its right side A M⁻¹ f + c = Yᵀ D⁻¹ z + c.
  const W = Y.map((Yr, r) => Y.map((Ys, s) => (s > r ? 0 : p.sum(...Yr.map((y, i) => [y, Ys[i]!, inv[i]!])))));
  const rhs = Y.map((Yr, r) => p.sum([c[r]!], ...Yr.map((y, i) => [y, z[i]!, inv[i]!])));
  const w = ldl(p, W);
  const lambda = backward(p, w.L, w.inv, forward(p, w.L, rhs));
  const g = f.map((fi, i) => p.sum([fi], ...A.map((row, r) => [-1, row[i]!, lambda[r]!])));
  const qdd = backward(p, L, inv, forward(p, L, g));
  qdd.forEach((v, i) => p.output(v, idx('y$', i)));
  lambda.forEach((v, r) => p.output(v, idx('y$', n + r)));
  return p.functions('kktu$', [], CHUNK_OPS, 'kktuw$');
}
