// A product completed in a sum's terms, for printing, as perfect squares are
// (complete-square.ts): four terms
//   k·M + a·M·X + b·M·Y + c·M·X·Y = c·M·(X + b/c)(Y + a/c) + (k − ab/c)·M
// (M, X, Y monomials, X and Y distinct and not 1) joined into two, the rest
// with its common factors collected, where that is shorter. Lyapunov's
// constant of Birkhoff's 2-periodic orbit, 2 − 4l/R₁ − 4l/R₂ + 4l²/(R₁R₂), is
// 4(1 − l/R₁)(1 − l/R₂) − 2 (kozlov1988 §4): a + 2 a product whose factors
// vanish at l = R₁ and l = R₂, the thresholds of (4.8). Both factors' signs
// are turned where both constants are negative, so that each reads 1 − x.
// Equal to its input; only the report's printing (report/notation.ts tidy)
// applies it.
// Tests: test/core/complete-product.test.ts.
import * as Q from './rational.js';
import { add, mul, neg, num, pow, splitCoeff, termsOf, type Expr } from './expr.js';
import { collectFactors } from './factor.js';
import { expand, productsInExpansion } from './expand.js';
import { opCount } from './cost.js';
import { powers } from './complete-square.js';

/** Sums of more terms than this are not tried: the quadruples tried grow as the fourth power of the terms. */
const MAX_TERMS = 8;

/** Sums whose multiplying out makes more products than this are not multiplied out (as complete-square.ts). */
const MAX_PRODUCTS = 64;

/** The monomial of a power map. */
const monomial = (m: ReadonlyMap<Expr, number>): Expr => mul(...[...m].map(([b, k]) => pow(b, k)));

/** p/q of two power maps. */
function quotient(p: ReadonlyMap<Expr, number>, q: ReadonlyMap<Expr, number>): Map<Expr, number> {
  const out = new Map(p);
  for (const [b, k] of q) {
    const n = (out.get(b) ?? 0) - k;
    if (n === 0) out.delete(b);
    else out.set(b, n);
  }
  return out;
}

/** The completed product of terms m (k·M), i (a·M·X), j (b·M·Y) and n (c·M·X·Y), or undefined where they do not have that shape. */
function productAt(terms: readonly [Q.Rational, Map<Expr, number>][], m: number, i: number, j: number, n: number): Expr | undefined {
  const [k, pm] = terms[m]!;
  const [a, pi] = terms[i]!;
  const [b, pj] = terms[j]!;
  const [c, pn] = terms[n]!;
  const x = quotient(pi, pm);
  const y = quotient(pj, pm);
  if (x.size === 0 || y.size === 0) return undefined;
  const xy = quotient(quotient(pn, pm), x);
  if (xy.size !== y.size || [...y].some(([base, e]) => xy.get(base) !== e)) return undefined;
  const [p, q] = [Q.div(b, c), Q.div(a, c)];
  const turned = Q.isNegative(p) && Q.isNegative(q);
  const factor = (u: Map<Expr, number>, r: Q.Rational): Expr => (turned ? neg(add(monomial(u), num(r))) : add(monomial(u), num(r)));
  const M = monomial(pm);
  return add(mul(num(c), M, factor(x, p), factor(y, q)), mul(num(Q.sub(k, Q.div(Q.mul(a, b), c))), M));
}

/**
 * e with one product completed in its terms and the rest's factors
 * collected, where that counts fewer operations than e's factors collected;
 * else undefined.
 */
export function completeProduct(e: Expr): Expr | undefined {
  if (e.kind !== 'add' || e.terms.length + 1 > MAX_TERMS) return undefined;
  const factored = e.terms.some((t) => !powers(t.expr));
  if (factored && productsInExpansion(e) > MAX_PRODUCTS) return undefined;
  const flat = factored ? expand(e) : e;
  const split = termsOf(flat).map((t) => splitCoeff(t));
  if (split.length < 4 || split.length > MAX_TERMS) return undefined;
  const terms: [Q.Rational, Map<Expr, number>][] = [];
  for (const [c, p] of split) {
    const m = powers(p);
    if (!m) return undefined;
    terms.push([c, m]);
  }
  const collected = opCount(collectFactors(e));
  const n = terms.length;
  // The fourth term of m, i, j has the monomial p_i·p_j/p_m: only the terms whose signature (Σ exponent · base id, a
  // linear function of the monomial) is that quotient's are tried. Trying every term made the quadruples n⁴, a tenth
  // of the bicycle's report; building the quotient to look it up cost half as much again. Ids only sort out
  // candidates, each checked as before, so that the first product found is the same.
  const signatures = terms.map(([, p]) => [...p].reduce((s, [base, k]) => s + k * base.id, 0));
  const bySignature = new Map<number, number[]>();
  signatures.forEach((s, t) => bySignature.set(s, [...(bySignature.get(s) ?? []), t]));
  for (let m = 0; m < n; m++)
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++)
        for (const k of bySignature.get(signatures[i]! + signatures[j]! - signatures[m]!) ?? []) {
          if (new Set([m, i, j, k]).size < 4) continue;
          const product = productAt(terms, m, i, j, k);
          if (!product) continue;
          const rest = terms.flatMap(([c, p], t) => (t === m || t === i || t === j || t === k ? [] : [mul(num(c), monomial(p))]));
          const completed = add(product, collectFactors(add(...rest)));
          if (opCount(completed) < collected) return completed;
        }
  return undefined;
}
