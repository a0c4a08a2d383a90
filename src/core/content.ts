// The content of a sum: a factor its terms share after their grouping.
//
// collectFactors takes out one shared monomial at a time, so the groups it
// makes can share a factor that no single step saw: a sum among the
// quotients, x(1 + e)ẋ + y(1 + e)ẏ, or a sum spread over the loose terms,
// 1 + e + 3(1 + e)sin²θ. pullContent writes those (1 + e)(xẋ + yẏ) and
// (1 + e)(1 + 3sin²θ): the impact maps of every contact with restitution
// carry 1 + e in each term (kugushev2002 (1.4): Δμ = −(1 + e)ḟ⁻/…).
//
// Invariants: pullContent(s) equals s as a function (nothing expanded, no
// branch of a root chosen: a power is taken out only as far as it leaves
// no new radical behind); on a result P·Q the quotient Q has no factor
// common to all its terms and no loose terms adding up to a multiple of a
// sum factor of its other terms. Sums of sums are left to the caller:
// collectFactors applies this to every sum it builds, innermost first.
// Tests: test/core/content.test.ts.
import * as Q from './rational.js';
import type { Rational } from './rational.js';
import { addAll, hasNegativeSign, makeFactor, mulAll, neg, num, ONE, pow, splitCoeff, type Expr, type Factor } from './expr.js';
import { commonPower } from './powers.js';

/** A term as its coefficient and factors (base, numeric exponent). */
interface Split {
  readonly coeff: Rational;
  readonly factors: readonly { readonly base: Expr; readonly exp: Rational }[];
}

/** s with the factors common to all its terms, and a sum its loose terms add up to, pulled out. */
export function pullContent(s: Expr): Expr {
  if (s.kind !== 'add' || s.terms.length + (Q.isZero(s.constant) ? 0 : 1) < 2 || nothingToPull(s)) return s;
  const terms = splitTerms(s);
  if (!terms) return s;
  const common = commonFactors(terms);
  if (common.length > 0) {
    const quotient = addAll(terms.map((t) => termExpr(t.coeff, divide(t.factors, common))));
    return mulAll([...common.map((f) => pow(f.base, num(f.exp))), pullContent(quotient)]);
  }
  return spreadSum(terms) ?? s;
}

const factorsOfTerm = (e: Expr): readonly Factor[] => (e.kind === 'mul' ? e.factors : e.kind === 'pow' ? [makeFactor(e.base, e.exp)] : [makeFactor(e, ONE)]);

// −P for the sums P with a leading minus, made once per sum: neg builds the
// sum's shape again to find its node, and collecting the n-link
// pendulum's forcing meets the same negated mass sums in many sums.
const negatedSums = new WeakMap<Expr, Expr>();

/** The base a factor is split with: a sum with a leading minus under an integer power as its negative (see splitTerms). */
function splitBase(f: Factor): Expr {
  const { base, exp } = f;
  if (base.kind !== 'add' || exp.kind !== 'num' || exp.value.d !== 1 || !hasNegativeSign(base)) return base;
  let r = negatedSums.get(base);
  if (!r) negatedSums.set(base, (r = neg(base)));
  return r;
}

/**
 * Whether pullContent leaves s as it is, told from its terms without
 * splitting them: an exponent that is not a number, or no power common to
 * all terms and no sum that its loose terms could add up to. Most sums
 * collectFactors builds are such, and splitting every term only to find
 * that out was a tenth of collecting the 40-link pendulum's forcing.
 */
function nothingToPull(s: Expr & { kind: 'add' }): boolean {
  let sums: Map<Expr, number> | undefined;
  for (const { expr } of s.terms) {
    for (const f of factorsOfTerm(expr)) {
      if (f.exp.kind !== 'num') return true;
      if (f.base.kind === 'add' && Q.isOne(f.exp.value)) {
        const P = splitBase(f);
        (sums ??= new Map()).set(P, (sums.get(P) ?? 0) + 1);
      }
    }
  }
  const count = s.terms.length + (Q.isZero(s.constant) ? 0 : 1);
  // spreadSum's test: a sum with as many terms as the terms without it.
  if (sums) for (const [P, n] of sums) if (P.kind === 'add' && count - n === P.terms.length + (Q.isZero(P.constant) ? 0 : 1)) return false;
  if (!Q.isZero(s.constant)) return true;
  // commonFactors' test: a base of the first term with a common power in every other.
  next: for (const f of factorsOfTerm(s.terms[0]!.expr)) {
    const base = splitBase(f);
    let exp: Rational | undefined = (f.exp as Expr & { kind: 'num' }).value;
    for (let i = 1; i < s.terms.length; i++) {
      const g = factorsOfTerm(s.terms[i]!.expr).find((h) => splitBase(h) === base);
      exp = g && commonPower(exp, (g.exp as Expr & { kind: 'num' }).value);
      if (!exp) continue next;
    }
    return false;
  }
  return true;
}

/** The terms of a sum, the constant as a term without factors; undefined if some exponent is not a number. */
function splitTerms(s: Expr & { kind: 'add' }): Split[] | undefined {
  const out: Split[] = [];
  if (!Q.isZero(s.constant)) out.push({ coeff: s.constant, factors: [] });
  for (const { expr, coeff } of s.terms) {
    const fs: readonly Factor[] =
      expr.kind === 'mul' ? expr.factors : expr.kind === 'pow' ? [{ base: expr.base, exp: expr.exp }] : [{ base: expr, exp: num(1) }];
    if (fs.some((f) => f.exp.kind !== 'num')) return undefined;
    let k = expr.kind === 'mul' ? Q.mul(coeff, expr.coeff) : coeff;
    const factors = fs.map((f) => {
      const exp = (f.exp as Expr & { kind: 'num' }).value;
      // (−1 − e)ⁿ is (−1)ⁿ(1 + e)ⁿ: a sum and its negative are one factor (collect writes −aẏ(1 + e) as aẏ(−1 − e)).
      const base = splitBase(f);
      if (base !== f.base && exp.n % 2 !== 0) k = Q.neg(k);
      return { base, exp };
    });
    out.push({ coeff: k, factors });
  }
  return out;
}

/** The powers every term has (commonPower of each base's exponents), in the first term's order. */
function commonFactors(terms: readonly Split[]): Split['factors'] {
  let common = terms[0]!.factors;
  for (let i = 1; i < terms.length && common.length > 0; i++) {
    const next: Split['factors'][number][] = [];
    for (const f of common) {
      const g = terms[i]!.factors.find((h) => h.base === f.base);
      const p = g && commonPower(f.exp, g.exp);
      if (p) next.push({ base: f.base, exp: p });
    }
    common = next;
  }
  return common;
}

/** factors / by, where every power of `by` divides its base's power in `factors`. */
function divide(factors: Split['factors'], by: Split['factors']): Split['factors'] {
  const out: Split['factors'][number][] = [];
  for (const f of factors) {
    const d = by.find((g) => g.base === f.base);
    const exp = d ? Q.sub(f.exp, d.exp) : f.exp;
    if (!Q.isZero(exp)) out.push({ base: f.base, exp });
  }
  return out;
}

function termExpr(coeff: Rational, factors: Split['factors']): Expr {
  return mulAll([num(coeff), ...factors.map((f) => pow(f.base, num(f.exp)))]);
}

/**
 * P·(Σ tᵢ/P + c) where the terms tᵢ have the sum P as a factor and the
 * others add up to c·P: 1 + e + 3(1 + e)sin²θ = (1 + e)(1 + 3sin²θ).
 */
function spreadSum(terms: readonly Split[]): Expr | undefined {
  // How many terms have each sum as a factor: only a sum with as many terms as are left without it can be their sum (one pass, not one per sum).
  const count = new Map<Expr, number>();
  for (const t of terms) for (const f of t.factors) if (f.base.kind === 'add' && Q.isOne(f.exp)) count.set(f.base, (count.get(f.base) ?? 0) + 1);
  for (const [P, n] of count) {
    if (P.kind !== 'add' || terms.length - n !== P.terms.length + (Q.isZero(P.constant) ? 0 : 1)) continue;
    const inside = terms.filter((t) => t.factors.some((f) => f.base === P && Q.isOne(f.exp)));
    const rest = addAll(terms.filter((t) => !inside.includes(t)).map((t) => termExpr(t.coeff, t.factors)));
    const [k, u] = splitCoeff(rest);
    const c = u === P ? k : neg(u) === P ? Q.neg(k) : undefined;
    if (c === undefined) continue;
    const quotient = addAll([num(c), ...inside.map((t) => termExpr(t.coeff, divide(t.factors, [{ base: P, exp: Q.ONE }])))]);
    return mulAll([P, pullContent(quotient)]);
  }
  return undefined;
}
