// Common-subexpression elimination over interned nodes. Since equal
// subexpressions are the same object, finding them is counting references
// in the DAG; no hashing of trees is needed.
import { children, postOrder, type Expr } from './expr.js';

/** Nodes worth binding to a temporary, in an order where each comes after the nodes it uses. */
export interface CseResult {
  readonly shared: readonly Expr[];
}

/** Find the non-atomic nodes used more than once across `outputs`. Deterministic: post-order of first visit. */
export function cse(outputs: readonly Expr[]): CseResult {
  const uses = new Map<Expr, number>();
  const order: Expr[] = [];
  // Each node is entered once (children first, without recursion: see
  // postOrder), and counts one use per output and per parent entered.
  const count = (e: Expr): void => void uses.set(e, (uses.get(e) ?? 0) + 1);
  for (const o of outputs) {
    for (const u of postOrder(o, (v) => uses.has(v))) {
      order.push(u);
      for (const c of children(u)) count(c);
    }
    count(o);
  }
  const shared = order.filter((e) => e.kind !== 'num' && e.kind !== 'sym' && (uses.get(e) ?? 0) > 1);
  return { shared };
}
