// Common-subexpression elimination over interned nodes. Since equal
// subexpressions are the same object, finding them is counting references
// in the DAG; no hashing of trees is needed.
import { unreachable, type Expr } from './expr.js';

/** Nodes worth binding to a temporary, in an order where each comes after the nodes it uses. */
export interface CseResult {
  readonly shared: readonly Expr[];
}

/**
 * The direct operands a printer evaluates for e: terms of a sum, bases of a
 * product (integer powers are expanded inline as products), arguments.
 */
export function operands(e: Expr): readonly Expr[] {
  switch (e.kind) {
    case 'num':
    case 'sym':
      return [];
    case 'add':
      return e.terms.map((t) => t.expr);
    case 'mul':
      return e.factors.flatMap((f) => (f.exp.kind === 'num' ? [f.base] : [f.base, f.exp]));
    case 'pow':
      return e.exp.kind === 'num' ? [e.base] : [e.base, e.exp];
    case 'fn':
      return e.args;
    default:
      return unreachable(e);
  }
}

/** Find the non-atomic nodes used more than once across `outputs`. Deterministic: post-order of first visit. */
export function cse(outputs: readonly Expr[]): CseResult {
  const uses = new Map<Expr, number>();
  const order: Expr[] = [];
  const visit = (e: Expr): void => {
    const n = uses.get(e);
    uses.set(e, (n ?? 0) + 1);
    if (n !== undefined) return;
    for (const c of operands(e)) visit(c);
    order.push(e);
  };
  for (const o of outputs) visit(o);
  const shared = order.filter((e) => e.kind !== 'num' && e.kind !== 'sym' && (uses.get(e) ?? 0) > 1);
  return { shared };
}
