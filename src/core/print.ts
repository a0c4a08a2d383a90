// Plain-text printing, for error messages, debugging and tests.
import * as Q from './rational.js';
import { factorsOf, hasNegativeSign, neg, termsOf, unreachable, type Expr } from './expr.js';
import { deepSafe } from './traverse.js';

const PREC = { add: 1, mul: 2, pow: 3, atom: 4 } as const;

export function toText(e: Expr): string {
  // Each node's text without its outer parentheses, once per node, children
  // first past DEEP levels (expressions may be deeper than the call stack).
  const bodies = new Map<Expr, string>();
  const print = (u: Expr, outer: number): string => wrap(body(u), level(u), outer);
  const body: (u: Expr) => string = deepSafe(
    (u) => {
      let s = bodies.get(u);
      if (s === undefined) bodies.set(u, (s = bodyOf(u, print)));
      return s;
    },
    (u) => bodies.has(u),
  );
  return body(e);
}

function wrap(s: string, inner: number, outer: number): string {
  return inner < outer ? `(${s})` : s;
}

/** The precedence of e's printed form: it is parenthesized inside anything binding tighter. */
function level(e: Expr): number {
  switch (e.kind) {
    case 'num':
      return e.value.d !== 1 || e.value.n < 0 ? PREC.add : PREC.atom;
    case 'add':
      return PREC.add;
    case 'mul':
      return Q.isNegative(e.coeff) ? PREC.add : PREC.mul;
    case 'pow':
      return PREC.pow;
    default:
      return PREC.atom;
  }
}

function bodyOf(e: Expr, print: (u: Expr, outer: number) => string): string {
  switch (e.kind) {
    case 'num':
      return Q.toString(e.value);
    case 'sym':
      return e.name;
    case 'add': {
      const parts = termsOf(e);
      let s = print(parts[0]!, PREC.add);
      for (const t of parts.slice(1)) s += hasNegativeSign(t) ? ` - ${print(neg(t), PREC.add + 1)}` : ` + ${print(t, PREC.add + 1)}`;
      return s;
    }
    case 'mul':
      if (Q.isNegative(e.coeff)) return `-${print(neg(e), PREC.mul)}`;
      return factorsOf(e)
        .map((f) => print(f, PREC.mul + 1))
        .join('*');
    case 'pow':
      return `${print(e.base, PREC.pow + 1)}^${print(e.exp, PREC.pow + 1)}`;
    case 'fn':
      return `${e.name}(${e.args.map((a) => print(a, 0)).join(', ')})`;
    default:
      return unreachable(e);
  }
}
