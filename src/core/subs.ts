// Simultaneous substitution of symbols by expressions.
import { add, fn, mul, num, pow, unreachable, type Expr } from './expr.js';

export type Substitution = ReadonlyMap<string, Expr>;

/** e with every symbol named in `s` replaced (simultaneously). */
export function subs(e: Expr, s: Substitution): Expr {
  if (s.size === 0) return e;
  const memo = new Map<Expr, Expr>();
  const go = (u: Expr): Expr => {
    const hit = memo.get(u);
    if (hit) return hit;
    let r: Expr;
    switch (u.kind) {
      case 'num':
        r = u;
        break;
      case 'sym':
        r = s.get(u.name) ?? u;
        break;
      case 'add':
        r = add(num(u.constant), ...u.terms.map((t) => mul(num(t.coeff), go(t.expr))));
        break;
      case 'mul':
        r = mul(num(u.coeff), ...u.factors.map((f) => pow(go(f.base), go(f.exp))));
        break;
      case 'pow':
        r = pow(go(u.base), go(u.exp));
        break;
      case 'fn':
        r = fn(u.name, ...u.args.map(go));
        break;
      default:
        return unreachable(u);
    }
    memo.set(u, r);
    return r;
  };
  return go(e);
}

export function subsRecord(e: Expr, s: Readonly<Record<string, Expr>>): Expr {
  return subs(e, new Map(Object.entries(s)));
}
