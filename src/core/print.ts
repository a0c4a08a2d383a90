// Plain-text printing, for error messages, debugging and tests.
import * as Q from './rational.js';
import { factorsOf, hasNegativeSign, neg, termsOf, unreachable, type Expr } from './expr.js';

const PREC = { add: 1, mul: 2, pow: 3, atom: 4 } as const;

export function toText(e: Expr): string {
  return print(e, 0);
}

function wrap(s: string, inner: number, outer: number): string {
  return inner < outer ? `(${s})` : s;
}

function print(e: Expr, outer: number): string {
  switch (e.kind) {
    case 'num': {
      const s = Q.toString(e.value);
      return e.value.d !== 1 || e.value.n < 0 ? wrap(s, PREC.add, outer) : s;
    }
    case 'sym':
      return e.name;
    case 'add': {
      const parts = termsOf(e);
      let s = print(parts[0]!, PREC.add);
      for (const t of parts.slice(1)) s += hasNegativeSign(t) ? ` - ${print(neg(t), PREC.add + 1)}` : ` + ${print(t, PREC.add + 1)}`;
      return wrap(s, PREC.add, outer);
    }
    case 'mul': {
      if (Q.isNegative(e.coeff)) return wrap(`-${print(neg(e), PREC.mul)}`, PREC.add, outer);
      const s = factorsOf(e).map((f) => print(f, PREC.mul + 1)).join('*');
      return wrap(s, PREC.mul, outer);
    }
    case 'pow':
      return wrap(`${print(e.base, PREC.pow + 1)}^${print(e.exp, PREC.pow + 1)}`, PREC.pow, outer);
    case 'fn':
      return `${e.name}(${e.args.map((a) => print(a, 0)).join(', ')})`;
    default:
      return unreachable(e);
  }
}
