// The two shapes every rewriting pass shares: a memoized recursion over the
// DAG (shared subexpressions visited once), and rebuilding a node through
// the smart constructors from rewritten children.
import { addAll, DEEP, fn, mulAll, num, postOrder, pow, unreachable, type Expr } from './expr.js';

/**
 * A recursive pass made safe for expressions deeper than the call stack.
 * `step(u)` computes u, calling the returned function on subexpressions,
 * and answers at once for a node that is `done` (its result is known). When
 * the nesting reaches DEEP, the subexpressions of the node are first
 * computed children-first by an explicit stack (postOrder), each of them at
 * a nesting of one or two: the recursion below a node never goes deeper
 * than DEEP + 2, whatever the depth of the expression.
 */
export function deepSafe<T>(step: (u: Expr) => T, done: (u: Expr) => boolean): (u: Expr) => T {
  let depth = 0;
  const go = (u: Expr): T => {
    if (depth >= DEEP && !done(u)) {
      const outer = depth;
      depth = 0;
      try {
        for (const v of postOrder(u, done)) if (v !== u) go(v);
      } finally {
        depth = outer;
      }
    }
    depth++;
    try {
      return step(u);
    } finally {
      depth--;
    }
  };
  return go;
}

/** A recursive pass memoized per call: `visit(u, go)` handles u, calling `go` on subexpressions. */
export function memoPass<T>(visit: (u: Expr, go: (c: Expr) => T) => T): (e: Expr) => T {
  const memo = new Map<Expr, T>();
  const go: (u: Expr) => T = deepSafe(
    (u) => {
      if (memo.has(u)) return memo.get(u)!;
      const r = visit(u, go);
      memo.set(u, r);
      return r;
    },
    (u) => memo.has(u),
  );
  return go;
}

/**
 * u rebuilt with f applied to every direct subexpression (terms, bases,
 * exponents, arguments). When f changes none of them, u itself: a canonical
 * node rebuilt from its own children is the same node, and most nodes a
 * pass visits are left alone (rebuilding them was a third of simplifyTrig).
 */
export function mapChildren(u: Expr, f: (c: Expr) => Expr): Expr {
  switch (u.kind) {
    case 'num':
    case 'sym':
      return u;
    case 'add': {
      const ts = u.terms.map((t) => f(t.expr));
      if (ts.every((x, i) => x === u.terms[i]!.expr)) return u;
      return addAll([num(u.constant), ...ts.map((x, i) => mulAll([num(u.terms[i]!.coeff), x]))]);
    }
    case 'mul': {
      const bs = u.factors.map((fc) => f(fc.base));
      const es = u.factors.map((fc) => f(fc.exp));
      if (u.factors.every((fc, i) => bs[i] === fc.base && es[i] === fc.exp)) return u;
      return mulAll([num(u.coeff), ...bs.map((b, i) => pow(b, es[i]!))]);
    }
    case 'pow': {
      const b = f(u.base);
      const x = f(u.exp);
      return b === u.base && x === u.exp ? u : pow(b, x);
    }
    case 'fn': {
      const as = u.args.map(f);
      return as.every((a, i) => a === u.args[i]) ? u : fn(u.name, ...as);
    }
    default:
      return unreachable(u);
  }
}
