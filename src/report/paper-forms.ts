// A derived result in the form a paper prints it, where that form is
// shorter: roots of one degree joined under one radical, ∛(3/2)·∛m·∛g/(∛k·r^{2/3})
// = ∛(3mg/(2kr²)) (kuleshov2011 (4.7)), and a sine over a cosine of the same
// angle written as its tangent, sin α/(3λ cos α) = tan α/(3λ) (kuleshov2011
// (2.3)). Printing only: the forms are equal for the real, positive values of
// the parameters the papers' formulas are stated for.
// Tests: test/report/paper-forms.test.ts.
import * as Q from '../core/rational.js';
import { fn, mulAll, num, pow, type Expr, type Factor } from '../core/expr.js';
import { mapChildren, memoPass } from '../core/traverse.js';
import { math } from './notation.js';

/** e printed in the papers' forms where each is shorter than the form it replaces. */
export function paperForm(e: Expr): Expr {
  const shorter = (a: Expr, b: Expr): Expr => (math(b).length < math(a).length ? b : a);
  return memoPass<Expr>((u, go) => {
    const v = mapChildren(u, go);
    if (v.kind !== 'mul') return v;
    const tangent = shorter(v, tangents(v.coeff, v.factors));
    return tangent.kind === 'mul' ? shorter(tangent, joinedRoots(tangent.coeff, tangent.factors)) : tangent;
  })(e);
}

/** sin(x)^a·cos(x)^−b as tan(x)^c times what is left of either, c = min(a, b). */
function tangents(coeff: Q.Rational, factors: readonly Factor[]): Expr {
  const exponent = (f: Factor): Q.Rational | undefined => (f.exp.kind === 'num' ? f.exp.value : undefined);
  const out: Expr[] = [num(coeff)];
  const used = new Set<Factor>();
  for (const s of factors) {
    const a = exponent(s);
    if (s.base.kind !== 'fn' || s.base.name !== 'sin' || !a || !Q.isNegative(Q.neg(a))) continue;
    const arg = s.base.args[0]!;
    const c = factors.find((f) => f.base.kind === 'fn' && f.base.name === 'cos' && f.base.args[0] === arg && Q.isNegative(exponent(f) ?? Q.ZERO));
    if (!c) continue;
    const b = Q.neg(exponent(c)!);
    const t = Q.cmp(a, b) <= 0 ? a : b;
    out.push(pow(fn('tan', arg), num(t)), pow(s.base, num(Q.sub(a, t))), pow(c.base, num(Q.sub(t, b))));
    used.add(s).add(c);
  }
  return mulAll([...out, ...factors.filter((f) => !used.has(f)).map((f) => pow(f.base, f.exp))]);
}

/**
 * The factors whose exponents are fractions of one denominator d ≥ 3 joined
 * under one d-th root (square roots are combineRadicals' and the printer's).
 */
function joinedRoots(coeff: Q.Rational, factors: readonly Factor[]): Expr {
  const denominators = new Set(factors.flatMap((f) => (f.exp.kind === 'num' && f.exp.value.d > 2 ? [f.exp.value.d] : [])));
  if (denominators.size !== 1) return mulAll([num(coeff), ...factors.map((f) => pow(f.base, f.exp))]);
  const d = [...denominators][0]!;
  const under = (f: Factor): boolean => f.exp.kind === 'num' && f.exp.value.d === d;
  const radicand = mulAll(factors.filter(under).map((f) => pow(f.base, num(Q.mul((f.exp as Expr & { kind: 'num' }).value, Q.rat(d))))));
  const rest = factors.filter((f) => !under(f)).map((f) => pow(f.base, f.exp));
  return mulAll([num(coeff), ...rest, pow(radicand, num(Q.rat(1, d)))]);
}
