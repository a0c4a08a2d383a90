// An expression on a contact's surface f(q) = 0, in its normal form: where
// the gap is a polynomial of degree 1 or 2 in one coordinate s, with a
// leading coefficient free of the state and (degree 2) no term linear in s,
// f = 0 gives s^d = S with S free of s, and every s^k of the numerator and
// the denominator becomes s^(k mod d)·S^⌊k/d⌋ before they cancel. On the
// circle R² − x² − y² = 0 of kozlov1988 §3, y² = R² − x² turns the impact
// map's x² + y² into R²; on the parabola y = x²/(2a), y becomes x²/(2a).
// The normal form breaks symmetric sums (y·yẏ into (R² − x²)ẏ); where the
// gap's state part itself, f = A + B(q), occurs as a node, replacing B by
// −A is as true on the surface, and the shorter of the two is kept.
// Tests: test/derive/paper-results.test.ts.
import { cancel, numeratorDenominator } from '../../core/cancel.js';
import { add, dependsOn, mul, neg, num, pow, sub, termsOf, ZERO, type Expr } from '../../core/expr.js';
import { opCount } from '../../core/cost.js';
import { diff } from '../../core/diff.js';
import { expand } from '../../core/expand.js';
import { collectFactors } from '../../core/factor.js';
import * as Q from '../../core/rational.js';
import { mapChildren, memoPass } from '../../core/traverse.js';
import { simplify } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import { freeOfState } from '../lagrange/lagrange2.js';

/** e reduced on the surface gap = 0, or undefined where the gap has no coordinate of that form. */
export function onSurface(e: Expr, gap: Expr, model: Model): Expr | undefined {
  for (const c of [...model.coordinates].reverse()) {
    const s = c.q;
    const d1 = diff(gap, s.name);
    const d2 = diff(d1, s.name);
    if (simplify(diff(d2, s.name)) !== ZERO) continue;
    const degree = simplify(d2) !== ZERO ? 2 : simplify(d1) !== ZERO ? 1 : 0;
    if (degree === 0) continue;
    const lead = simplify(degree === 2 ? mul(num(Q.HALF), d2) : d1);
    const rest = simplify(expand(sub(gap, mul(lead, pow(s, degree)))));
    if (!freeOfState(lead, model) || dependsOn(rest, s.name)) continue;
    const S = simplify(neg(mul(rest, pow(lead, -1))));
    const power = (exp: Expr): Expr | undefined =>
      exp.kind === 'num' && Q.isInteger(exp.value) && exp.value.n >= 0
        ? mul(pow(s, exp.value.n % degree), pow(S, Math.floor(exp.value.n / degree)))
        : undefined;
    const reduce = memoPass<Expr>((u, go) => {
      if (u === s) return power(num(1))!;
      if (u.kind === 'pow' && u.base === s) return power(u.exp) ?? u;
      if (u.kind === 'mul') return mul(num(u.coeff), ...u.factors.map((f) => (f.base === s ? (power(f.exp) ?? pow(s, f.exp)) : pow(go(f.base), go(f.exp)))));
      return mapChildren(u, go);
    });
    const cancelled = cancel(e);
    const [top, bottom] = numeratorDenominator(cancelled).map((x) => expand(reduce(expand(x))));
    const normal = collectFactors(cancel(mul(top!, pow(bottom!, -1))));
    const replaced = collectFactors(statePartReplaced(cancelled, gap, model));
    return opCount(replaced) < opCount(normal) ? replaced : normal;
  }
  return undefined;
}

/** e with the gap's state part B of f = A + B(q) (and −B) replaced by −A (and A). */
function statePartReplaced(e: Expr, gap: Expr, model: Model): Expr {
  const B = add(...termsOf(gap).filter((t) => !freeOfState(t, model)));
  const A = sub(gap, B);
  return memoPass<Expr>((u, go) => (u === B ? neg(A) : u === neg(B) ? A : mapChildren(u, go)))(e);
}
