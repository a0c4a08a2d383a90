// Small symbolic matrices (n ≤ 4): determinant and adjugate by cofactors.
// Larger systems are solved numerically in generated code instead: a
// symbolic inverse grows factorially and helps nobody read the equations.
import { add, mul, neg, num, pow, type Expr } from '../core/expr.js';
import { simplify } from '../core/trig.js';

export type Matrix = readonly (readonly Expr[])[];

function minor(m: Matrix, row: number, col: number): Expr[][] {
  return m.filter((_, i) => i !== row).map((r) => r.filter((_, j) => j !== col));
}

export function det(m: Matrix): Expr {
  const n = m.length;
  if (n === 0) return num(1);
  if (n === 1) return m[0]![0]!;
  if (n === 2) return add(mul(m[0]![0]!, m[1]![1]!), neg(mul(m[0]![1]!, m[1]![0]!)));
  const parts: Expr[] = [];
  for (let j = 0; j < n; j++) {
    const term = mul(m[0]![j]!, det(minor(m, 0, j)));
    parts.push(j % 2 === 0 ? term : neg(term));
  }
  return add(...parts);
}

/** adj(M) with adj(M)·M = det(M)·I, entries simplified. */
export function adjugate(m: Matrix): Expr[][] {
  const n = m.length;
  if (n === 1) return [[num(1)]];
  return m.map((_, i) =>
    m.map((__, j) => {
      const c = det(minor(m, j, i));
      return simplify((i + j) % 2 === 0 ? c : neg(c));
    }),
  );
}

export function transpose(a: Matrix): Expr[][] {
  return a.length ? a[0]!.map((_, j) => a.map((r) => r[j]!)) : [];
}

/** a·b, entries simplified. */
export function matMul(a: Matrix, b: Matrix): Expr[][] {
  return a.map((row) => (b[0] ?? []).map((_, j) => simplify(add(...row.map((x, k) => mul(x, b[k]![j]!))))));
}

export function matVec(a: Matrix, v: readonly Expr[]): Expr[] {
  return a.map((row) => simplify(add(...row.map((x, k) => mul(x, v[k]!)))));
}

/**
 * Solve a·x = rhs for small square a by the adjugate: x = adj(a)·rhs / det(a).
 * Returns undefined when det(a) simplifies to 0.
 */
export function solveSmall(a: Matrix, rhs: readonly Expr[]): { x: Expr[]; det: Expr } | undefined {
  const d = simplify(det(a));
  if (d.kind === 'num' && d.value.n === 0) return undefined;
  const adj = adjugate(a);
  const x = matVec(adj, rhs).map((e) => simplify(mul(e, pow(d, -1))));
  return { x, det: d };
}
