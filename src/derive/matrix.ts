// Small symbolic matrices (n ≤ 4): determinant and adjugate by cofactors.
// Larger systems are solved numerically in generated code instead: a
// symbolic inverse grows factorially and helps nobody read the equations.
import { add, mul, neg, num, type Expr } from '../core/expr.js';
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
