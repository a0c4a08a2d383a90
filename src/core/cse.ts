// Common-subexpression elimination over interned nodes. Since equal
// subexpressions are the same object, finding them is counting references
// in the DAG; no hashing of trees is needed.
import { children, type Expr } from './expr.js';

/** Nodes worth binding to a temporary, in an order where each comes after the nodes it uses. */
export interface CseResult {
  readonly shared: readonly Expr[];
}

/** Find the non-atomic nodes used more than once across `outputs`. Deterministic: post-order of first visit. */
export function cse(outputs: readonly Expr[]): CseResult {
  const uses = new Map<Expr, number>();
  const order: Expr[] = [];
  const visit = (e: Expr): void => {
    const n = uses.get(e);
    uses.set(e, (n ?? 0) + 1);
    if (n !== undefined) return;
    for (const c of children(e)) visit(c);
    order.push(e);
  };
  for (const o of outputs) visit(o);
  const shared = order.filter((e) => e.kind !== 'num' && e.kind !== 'sym' && (uses.get(e) ?? 0) > 1);
  return { shared };
}
