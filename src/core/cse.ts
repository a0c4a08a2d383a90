// Common-subexpression elimination over interned nodes. Since equal
// subexpressions are the same object, finding them is counting references
// in the DAG; no hashing of trees is needed.
import { unreachable, type Expr } from './expr.js';

/** Nodes worth binding to a temporary, in an order where each comes after the nodes it uses. */
export interface CseResult {
  readonly shared: readonly Expr[];
  /** Names of the symbols the outputs read (the free symbols of them all), in the order first met. */
  readonly symbols: ReadonlySet<string>;
}

/**
 * The p-th direct subexpression of u in the order of `children(u)`:
 * undefined past the last, null for a slot without one (a product's
 * numeric exponent). Read in place, so a walk over a block's DAG allocates
 * no child list per node (those lists were a tenth of codegen at n = 40);
 * codegen's chunking walks kernel trees with it too.
 */
export function childAt(u: Expr, p: number): Expr | null | undefined {
  switch (u.kind) {
    case 'num':
    case 'sym':
      return undefined;
    case 'add':
      return u.terms[p]?.expr;
    case 'mul': {
      // Slot 2k is factor k's base, 2k + 1 its exponent when symbolic.
      const f = u.factors[p >> 1];
      if (!f) return undefined;
      return (p & 1) === 0 ? f.base : f.exp.kind === 'num' ? null : f.exp;
    }
    case 'pow':
      return p === 0 ? u.base : p === 1 ? u.exp : undefined;
    case 'fn':
      return u.args[p];
    default:
      return unreachable(u);
  }
}

/**
 * Find the non-atomic nodes used more than once across `outputs`, and the
 * symbols they read. Deterministic: post-order of first visit. One walk
 * with an explicit stack (expressions may be deeper than the call stack):
 * each node is entered once, and counts one use per output and per edge
 * from a node entered.
 */
export function cse(outputs: readonly Expr[]): CseResult {
  const uses = new Map<Expr, number>();
  const order: Expr[] = [];
  const symbols = new Set<string>();
  const nodes: Expr[] = [];
  const next: number[] = [];
  const enter = (e: Expr, count: number): void => {
    uses.set(e, count);
    if (e.kind === 'sym') symbols.add(e.name);
    nodes.push(e);
    next.push(0);
  };
  for (const o of outputs) {
    if (!uses.has(o)) enter(o, 0);
    while (nodes.length > 0) {
      const top = nodes.length - 1;
      const u = nodes[top]!;
      const c = childAt(u, next[top]!);
      if (c === undefined) {
        order.push(u);
        nodes.pop();
        next.pop();
        continue;
      }
      next[top]!++;
      if (c === null) continue;
      const n = uses.get(c);
      if (n === undefined) enter(c, 1);
      else uses.set(c, n + 1);
    }
    uses.set(o, uses.get(o)! + 1);
  }
  const shared = order.filter((e) => e.kind !== 'num' && e.kind !== 'sym' && uses.get(e)! > 1);
  return { shared, symbols };
}
