// Multiple angles of one symbol in powers of its cosine: the Fourier form
// simplify keeps prints the compass walker's heel-strike impulse with
// sin 3a and sin 5a (l(… sin 3a + sin 5a …)/4D), where the same impulse is
// l sin a (… cos²a …)/D. With Chebyshev's polynomials,
//   cos nx = T_n(cos x),   sin nx = sin x · U_{n−1}(cos x),
// T_0 = 1, T_1 = c, T_{k+1} = 2c T_k − T_{k−1}; U_0 = 1, U_1 = 2c, alike,
// every multiple of a symbol x (n ≥ 2) becomes a polynomial in cos x, the
// odd sines keeping one factor sin x, and the common factors are pulled out.
// Equal to its input. Used where a result is printed in one angle at a
// configuration (derive/unilateral/unilateral.ts impactOnGaps) and its
// multiples run past 2: a double angle alone reads well as it is.
// Tests: test/core/chebyshev.test.ts.
import * as Q from './rational.js';
import { children, cos, mul, neg, num, ONE, pow, sin, sub, type Expr } from './expr.js';
import { expand } from './expand.js';
import { collectFactors } from './factor.js';
import { mapChildren, memoPass } from './traverse.js';

/** n·x for an integer n and a symbol x: [n, x]; undefined for any other angle. */
function multiple(angle: Expr): [number, Expr] | undefined {
  if (angle.kind !== 'mul' || angle.factors.length !== 1 || !Q.isInteger(angle.coeff)) return undefined;
  const f = angle.factors[0]!;
  if (f.base.kind !== 'sym' || f.exp.kind !== 'num' || !Q.isOne(f.exp.value)) return undefined;
  return [angle.coeff.n, f.base];
}

/** T_n(c) (first = ONE, second = c) or U_n(c) (second = 2c). */
function chebyshev(n: number, c: Expr, second: Expr): Expr {
  let [a, b] = [ONE as Expr, second];
  if (n === 0) return a;
  for (let k = 1; k < n; k++) [a, b] = [b, sub(mul(num(2), c, b), a)];
  return b;
}

/** The largest |n| of an angle n·x inside a sine or cosine of e. */
function largestMultiple(e: Expr, seen = new Set<Expr>()): number {
  if (seen.has(e)) return 0;
  seen.add(e);
  const here = e.kind === 'fn' && (e.name === 'sin' || e.name === 'cos') ? Math.abs(multiple(e.args[0]!)?.[0] ?? 0) : 0;
  return Math.max(here, ...children(e).map((c) => largestMultiple(c, seen)));
}

/** Each sin nx, cos nx (|n| ≥ 2, x a symbol) as sin x·U_{n−1}(cos x), T_n(cos x). */
const inCosinePowers: (e: Expr) => Expr = memoPass((u, go) => {
  const inner = mapChildren(u, go);
  if (inner.kind !== 'fn' || (inner.name !== 'sin' && inner.name !== 'cos')) return inner;
  const m = multiple(inner.args[0]!);
  if (!m || Math.abs(m[0]) < 2) return inner;
  const [n, x] = m;
  const c = cos(x);
  if (inner.name === 'cos') return chebyshev(Math.abs(n), c, c);
  const s = mul(sin(x), chebyshev(Math.abs(n) - 1, c, mul(num(2), c)));
  return n < 0 ? neg(s) : s;
});

/**
 * e with its multiple angles in powers of the cosine and its common factors pulled out, where a multiple runs past
 * 2; else e. Only the numerator: a denominator stays the expression it was, so that the rows of one map keep one
 * denominator (a report names it once).
 */
export function multipleAnglesInPowers(e: Expr): Expr {
  if (largestMultiple(e) < 3) return e;
  const factors = e.kind === 'mul' ? e.factors : [{ base: e, exp: ONE as Expr }];
  const below = (f: (typeof factors)[number]): boolean => f.exp.kind === 'num' && Q.isNegative(f.exp.value);
  const over = factors.filter((f) => !below(f)).map((f) => pow(f.base, f.exp));
  const under = factors.filter(below).map((f) => pow(f.base, f.exp));
  if (under.some((d) => largestMultiple(d) >= 3)) return e;
  const coeff = e.kind === 'mul' ? num(e.coeff) : ONE;
  return mul(coeff, collectFactors(expand(inCosinePowers(mul(...over)))), ...under);
}
