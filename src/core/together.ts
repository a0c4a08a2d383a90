// Rational normal form for results that are quotients (impact maps,
// contact multipliers, explicit Hamiltonians): every sum is brought over a
// common denominator, the numerator is expanded and trig-simplified, and the
// monomial and numeric content of every sum is split off (a primitive sum
// starts with a positive term and has coprime integer coefficients) so that
// it cancels between numerator and denominator. −3 + 2(3s² − 1)/(2/3 + 2s²) becomes
// −6/(1 + 3s²) — the form the papers print.
//
// Not a full polynomial gcd: common non-monomial factors of numerator and
// denominator are not cancelled.
import * as Q from './rational.js';
import type { Rational } from './rational.js';
import { addAll, mul, mulAll, num, ONE, pow, splitCoeff, termsOf, type Expr, type Factor } from './expr.js';
import { expand } from './expand.js';
import { simplifyTrig } from './trig.js';
import { mapChildren, memoPass } from './traverse.js';

export function together(e: Expr): Expr {
  return memoPass<Expr>((u, go) => {
    switch (u.kind) {
      case 'pow':
        return power(go(u.base), u.exp);
      case 'mul':
        return mulAll([num(u.coeff), ...u.factors.map((f) => power(go(f.base), f.exp))]);
      case 'add':
        return overCommonDenominator(termsOf(u).map(go));
      default:
        return mapChildren(u, go);
    }
  })(e);
}

/** base^exp, with a sum under an integer power split into content × primitive part. */
function power(base: Expr, exp: Expr): Expr {
  if (base.kind === 'add' && exp.kind === 'num' && Q.isInteger(exp.value)) {
    const [content, primitive] = contentOf(base);
    return mul(pow(content, exp), pow(primitive, exp));
  }
  return pow(base, exp);
}

function factorsOfTerm(t: Expr): readonly Factor[] {
  const [, rest] = splitCoeff(t);
  if (rest.kind === 'mul') return rest.factors;
  if (rest.kind === 'pow') return [{ base: rest.base, exp: rest.exp }];
  return rest === ONE ? [] : [{ base: rest, exp: ONE }];
}

function overCommonDenominator(terms: readonly Expr[]): Expr {
  // The common denominator: each base at the largest negative power it has in any term.
  const den = new Map<Expr, Rational>();
  for (const t of terms) {
    for (const f of factorsOfTerm(t)) {
      if (f.exp.kind !== 'num' || !Q.isNegative(f.exp.value)) continue;
      const prev = den.get(f.base);
      if (!prev || Q.cmp(f.exp.value, prev) < 0) den.set(f.base, f.exp.value);
    }
  }
  if (den.size === 0) {
    const sum = addAll(terms);
    return sum.kind === 'add' ? mulAll(contentOf(sum)) : sum;
  }
  const D = mulAll([...den].map(([b, k]) => pow(b, num(Q.neg(k)))));
  const numerator = simplifyTrig(expand(addAll(terms.map((t) => mul(t, D)))));
  const [content, primitive] = numerator.kind === 'add' ? contentOf(numerator) : [ONE, numerator];
  return mul(content, primitive, pow(D, -1));
}

/**
 * Split a sum into content × primitive part: the monomial common to all
 * terms and the rational gcd of the coefficients, signed so the primitive
 * part's first term is positive.
 */
function contentOf(s: Expr & { kind: 'add' }): [Expr, Expr] {
  const terms = termsOf(s);
  let common: Map<Expr, Rational> | undefined;
  let c: Rational | undefined;
  for (const t of terms) {
    const [k] = splitCoeff(t);
    c = c ? Q.gcdOf(c, k) : Q.abs(k);
    const m = new Map<Expr, Rational>();
    for (const f of factorsOfTerm(t)) if (f.exp.kind === 'num') m.set(f.base, f.exp.value);
    if (!common) common = m;
    else {
      for (const [b, e] of common) {
        const o = m.get(b);
        if (!o || Q.isNegative(o) !== Q.isNegative(e)) common.delete(b);
        else if (Q.cmp(Q.abs(o), Q.abs(e)) < 0) common.set(b, o);
      }
    }
  }
  const first = splitCoeff(terms[0]!)[0];
  const sign = Q.isNegative(first) ? Q.MINUS_ONE : Q.ONE;
  const content = mulAll([num(Q.mul(sign, c ?? Q.ONE)), ...[...(common ?? [])].map(([b, e]) => pow(b, num(e)))]);
  return [content, expand(mul(s, pow(content, -1)))];
}
