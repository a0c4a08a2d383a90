// Fractional powers with their positive factors (positiveParameters,
// proofs/assumptions.ts) pulled out of their bases, so that results read as
// the papers print them:
// (2kr²(kq + νq̇))^½ = √2 k^½ r (kq + νq̇)^½ for a contact patch (kuleshov2011),
// √(N(4c² − k²)) = √N √(4c² − k²) for a realized contact's limit (kozlov1988
// Theorem 3).
// Tests: test/derive/compliant/patch.test.ts, test/derive/compliant/compliant.test.ts.
import { factorsOf, mul, num, pow, type Expr } from '../../core/expr.js';
import { collectFactors } from '../../core/factor.js';
import * as Q from '../../core/rational.js';
import { together } from '../../core/together.js';
import { mapChildren, memoPass } from '../../core/traverse.js';

/** A factor that is positive: a positive number, a positive symbol, or a real power of either. */
export function isPositiveFactor(f: Expr, positive: ReadonlySet<string>): boolean {
  switch (f.kind) {
    case 'num':
      return f.value.n > 0;
    case 'sym':
      return positive.has(f.name);
    case 'pow':
      return f.exp.kind === 'num' && isPositiveFactor(f.base, positive);
    default:
      return false;
  }
}

/**
 * (Π pᵢ · rest)^s = Π pᵢ^s · rest^s for positive pᵢ: fractional powers with
 * the positive factors of their base pulled out (the base is first brought
 * over a common denominator: (q + νq̇/k)^{3/2} = k^{−3/2}(kq + νq̇)^{3/2}),
 * and numeric powers split into an integer and a proper part (2^{3/2} =
 * 2·2^{1/2}, so that such terms combine).
 */
export function pullPositive(e: Expr, positive: ReadonlySet<string>): Expr {
  const numericPower = (c: Q.Rational, exp: Q.Rational): Expr => {
    const whole = Math.floor(Q.toNumber(exp));
    return mul(num(Q.powInt(c, whole)), pow(num(c), num(Q.sub(exp, Q.rat(whole)))));
  };
  const power = (base: Expr, exp: Expr): Expr => {
    if (exp.kind !== 'num' || Q.isInteger(exp.value)) return pow(base, exp);
    if (base.kind === 'num' && base.value.n > 0) return numericPower(base.value, exp.value);
    const outside: Expr[] = [];
    const inside: Expr[] = [];
    for (const f of factorsOf(collectFactors(together(base)))) {
      if (f.kind === 'num') {
        if (f.value.n < 0) inside.push(num(-1));
        outside.push(numericPower(Q.abs(f.value), exp.value));
      } else if (!isPositiveFactor(f, positive)) inside.push(f);
      else if (f.kind === 'pow') outside.push(pow(f.base, mul(f.exp, exp)));
      else outside.push(pow(f, exp));
    }
    return mul(...outside, pow(mul(...inside), exp));
  };
  return memoPass<Expr>((u, go) => {
    if (u.kind === 'pow') return power(go(u.base), u.exp);
    if (u.kind === 'mul') return mul(num(u.coeff), ...u.factors.map((f) => power(go(f.base), f.exp)));
    return mapChildren(u, go);
  })(e);
}
