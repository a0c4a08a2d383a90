// sgn(c·u) = sgn u for a factor c > 0: the sign of a velocity written
// through the momenta, sgn(p_x/m), is the paper's sgn p_x (smirnov1981 (1.3)
// in canonical variables). Only factors that are positive by the exact rule
// (a parameter assumed > 0, a positive number, any power of either) are
// dropped, so the result is the same function wherever the assumptions hold.
import { collectFactors } from './factor.js';
import { fn, mul, num, postOrder, pow, type Expr, type Factor } from './expr.js';
import * as Q from './rational.js';
import { mapChildren, memoPass } from './traverse.js';
import { simplify } from './trig.js';

const positiveBase = (f: Factor, positive: ReadonlySet<string>): boolean =>
  (f.base.kind === 'sym' && positive.has(f.base.name)) || (f.base.kind === 'num' && !Q.isNegative(f.base.value) && !Q.isZero(f.base.value));

/** e with every positive factor taken out of each sgn's argument (`positive`: the symbols assumed > 0). */
export function dropPositiveSignFactors(e: Expr, positive: ReadonlySet<string>): Expr {
  return memoPass<Expr>((u, go) => {
    const v = mapChildren(u, go);
    if (v.kind !== 'fn' || v.name !== 'sign') return v;
    const arg = collectFactors(v.args[0]!);
    if (arg.kind !== 'mul') return v;
    const kept = arg.factors.filter((f) => !positiveBase(f, positive));
    const sign = num(Q.isNegative(arg.coeff) ? -1 : 1);
    return fn('sign', mul(sign, ...kept.map((f) => pow(f.base, f.exp))));
  })(e);
}

/** The arguments u of the sgn u in e. */
export function signArguments(e: Expr): Set<Expr> {
  return new Set(postOrder(e, () => false).flatMap((u) => (u.kind === 'fn' && u.name === 'sign' ? [u.args[0]!] : [])));
}

/** e with each sgn u whose argument u is a key of `signs` set to that number, simplified. */
export function withSigns(e: Expr, signs: ReadonlyMap<Expr, number>): Expr {
  const pass = memoPass<Expr>((u, go) => {
    const v = mapChildren(u, go);
    return v.kind === 'fn' && v.name === 'sign' && signs.has(v.args[0]!) ? num(signs.get(v.args[0]!)!) : v;
  });
  return simplify(pass(e));
}
