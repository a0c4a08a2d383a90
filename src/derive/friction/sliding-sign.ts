// The sign of a sliding velocity in closed forms (smirnov1981 §2): the
// paper's equations hold for a given direction of sliding σ = sgn v, v ≠ 0,
// so σ² = 1. Used by the support pairs' closed forms (supports.ts) and the
// n-gon journal's determinant (hinges.ts).
// Tests: test/derive/friction/supports.test.ts, test/derive/friction/hinges.test.ts
import { add, HALF, mul, num, sub, type Expr } from '../../core/expr.js';
import { mapChildren, memoPass } from '../../core/traverse.js';
import { simplify } from '../../core/trig.js';

/**
 * e with σ² = 1 for each sign σ given: e is a polynomial in σ, and modulo
 * σ² − 1 it is ½(e(1) + e(−1)) + σ·½(e(1) − e(−1)).
 */
export function signSquaresOne(e: Expr, signs: readonly Expr[]): Expr {
  return signs.reduce((acc, sigma) => {
    const at = (value: number): Expr => simplify(memoPass<Expr>((u, go) => (u === sigma ? num(value) : mapChildren(u, go)))(acc));
    const [plus, minus] = [at(1), at(-1)];
    return plus === minus ? acc : simplify(add(mul(HALF, add(plus, minus)), mul(HALF, sigma, sub(plus, minus))));
  }, e);
}
