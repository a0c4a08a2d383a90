// A sum c + k sin²x written c + k − k cos²x where that makes the number
// smaller, the mirror of the printer's cos² → sin² (notation.ts inSines):
// the rod's 4 − 3 sin²θ is 1 + 3 cos²θ, the form its contact phases and
// Delassus matrix print, so one quantity prints one way. Only a number
// plus one number times sin²x, nothing else.
import { add, fn, mul, num, pow, type Expr } from './expr.js';
import * as Q from './rational.js';

export function inCosines(u: Expr): Expr {
  if (u.kind !== 'add' || u.terms.length !== 1) return u;
  const { coeff, expr } = u.terms[0]!;
  const angle =
    expr.kind === 'pow' && expr.base.kind === 'fn' && expr.base.name === 'sin' && expr.exp.kind === 'num' && expr.exp.value.n === 2 && expr.exp.value.d === 1
      ? expr.base.args[0]!
      : undefined;
  const constant = Q.add(u.constant, coeff);
  if (!angle || Q.cmp(Q.abs(constant), Q.abs(u.constant)) >= 0) return u;
  return add(num(constant), mul(num(Q.neg(coeff)), pow(fn('cos', angle), 2)));
}
