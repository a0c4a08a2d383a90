// The two shapes every rewriting pass shares: a memoized recursion over the
// DAG (shared subexpressions visited once), and rebuilding a node through
// the smart constructors from rewritten children.
import { add, fn, mul, num, pow, unreachable, type Expr } from './expr.js';

/** A recursive pass memoized per call: `visit(u, go)` handles u, calling `go` on subexpressions. */
export function memoPass<T>(visit: (u: Expr, go: (c: Expr) => T) => T): (e: Expr) => T {
  const memo = new Map<Expr, T>();
  const go = (u: Expr): T => {
    if (memo.has(u)) return memo.get(u)!;
    const r = visit(u, go);
    memo.set(u, r);
    return r;
  };
  return go;
}

/** u rebuilt with f applied to every direct subexpression (terms, bases, exponents, arguments). */
export function mapChildren(u: Expr, f: (c: Expr) => Expr): Expr {
  switch (u.kind) {
    case 'num':
    case 'sym':
      return u;
    case 'add':
      return add(num(u.constant), ...u.terms.map((t) => mul(num(t.coeff), f(t.expr))));
    case 'mul':
      return mul(num(u.coeff), ...u.factors.map((fc) => pow(f(fc.base), f(fc.exp))));
    case 'pow':
      return pow(f(u.base), f(u.exp));
    case 'fn':
      return fn(u.name, ...u.args.map(f));
    default:
      return unreachable(u);
  }
}
