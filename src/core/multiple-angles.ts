// Sines and cosines of integer combinations of symbols written in the
// symbols' own sines and cosines: sin(q₁ − 3q₂) = sin q₁ cos 3q₂ − cos q₁ sin 3q₂
// and so on down to single angles. A Fourier form (core/fourier.ts) hides
// the products the papers print, sin(q₁ + q₂) − sin(q₁ − 3q₂) =
// 4 cos(q₁ − q₂) cos q₂ sin q₂; the printer's contraction pass
// (angle-contraction.ts) starts from this expansion to find them. Small
// multiples only: the expansion of a multiple n has up to 2ⁿ terms. (Generated
// code expands its ±1 angle sums itself, built for speed: codegen/angle-sums.ts.)
// Tests: test/core/multiple-angles.test.ts.
import * as Q from './rational.js';
import { add, addAll, cos, factorsOf, mul, mulAll, neg, ONE, pow, sin, sub, termsOf, type Expr } from './expr.js';
import { expand } from './expand.js';

/** Angles whose coefficients add up (in absolute value) to more than this are left as they are. */
const MAX_MULTIPLE = 4;

/** The symbols of an angle n₁x₁ + n₂x₂ + …, each with its integer coefficient; undefined for anything else. */
function symbolsOf(x: Expr): (readonly [Expr, number])[] | undefined {
  const terms =
    x.kind === 'add' ? (Q.isZero(x.constant) ? x.terms : undefined) : x.kind === 'mul' || x.kind === 'sym' ? [{ expr: x, coeff: Q.ONE }] : undefined;
  const out: (readonly [Expr, number])[] = [];
  for (const t of terms ?? []) {
    const [c, s] =
      t.expr.kind === 'mul' && t.expr.factors.length === 1 && t.expr.factors[0]!.exp.kind === 'num' && Q.isOne(t.expr.factors[0]!.exp.value)
        ? [Q.mul(t.coeff, t.expr.coeff), t.expr.factors[0]!.base]
        : [t.coeff, t.expr];
    if (s.kind !== 'sym' || !Q.isInteger(c)) return undefined;
    out.push([s, c.n]);
  }
  return terms ? out : undefined;
}

/** sin x or cos x in the sines and cosines of x's symbols, where x is a small integer combination of more than one unit of them; else undefined. */
function expandedTrig(name: 'sin' | 'cos', x: Expr): Expr | undefined {
  const parts = symbolsOf(x);
  const units = parts?.reduce((n, [, k]) => n + Math.abs(k), 0) ?? 0;
  if (!parts || units < 2 || units > MAX_MULTIPLE) return undefined;
  const [s, k] = parts[0]!;
  const a = k > 0 ? s : neg(s);
  const r = sub(x, a);
  const [sr, cr] = [expandedTrig('sin', r) ?? sin(r), expandedTrig('cos', r) ?? cos(r)];
  // sin(a + r) = sin a cos r + cos a sin r;  cos(a + r) = cos a cos r − sin a sin r.
  return name === 'sin' ? add(mul(sin(a), cr), mul(cos(a), sr)) : sub(mul(cos(a), cr), mul(sin(a), sr));
}

/** A factor sinⁿx or cosⁿx with x expanded, or the factor as it is. */
function expandedFactor(f: Expr): Expr {
  const [base, n] = f.kind === 'pow' && f.exp.kind === 'num' && Q.isInteger(f.exp.value) && f.exp.value.n > 0 ? [f.base, f.exp] : [f, ONE];
  const x = base.kind === 'fn' && (base.name === 'sin' || base.name === 'cos') ? expandedTrig(base.name, base.args[0]!) : undefined;
  return x ? pow(x, n) : f;
}

/**
 * e with the sines and cosines that are factors of its terms (not those
 * inside other factors: a denominator stays as it is) expanded, where their
 * angles are small integer combinations of symbols, multiplied out.
 */
export function expandedAngles(e: Expr): Expr {
  const before = termsOf(e);
  const terms = before.map((t) => mulAll(factorsOf(t).map(expandedFactor)));
  return terms.every((t, i) => t === before[i]) ? e : expand(addAll(terms));
}
