// Greatest common divisors of multivariate integer polynomials (poly.ts).
//
// Algorithm: Collins' subresultant PRS, applied recursively (the
// coefficients of the main variable are polynomials in the others, whose
// contents are gcds one variable down), after three reductions that decide
// most cases before any remainder sequence:
//  1. integer and monomial contents are split off and combined separately;
//  2. a variable in only one argument cannot be in the gcd: with a = Σ μ·a_μ
//     over the monomials μ in the variables b lacks, gcd(a, b) =
//     gcd(b, a_μ₁, a_μ₂, …), which drops those variables (and usually ends
//     at 1 after one or two coefficients);
//  3. exact division: if one argument divides the other it is the gcd.
// The main variable is the one of least degree, so remainder sequences are
// short. (Cohen, A Course in Computational Algebraic Number Theory,
// Algorithm 3.3.1; Knuth 4.6.1.)
//
// Why not a modular or heuristic gcd: mechanics gives sparse polynomials
// of low degree (≤ 4 in any one variable) in many variables (masses,
// lengths, velocities, sines and cosines: 10–40). Brown's modular gcd and
// GCDHEU evaluate and interpolate in every variable, a cost exponential in
// their number, whereas step 2 removes the variables of a numerator that a
// denominator does not share, and the PRS cost grows with the degree of the
// main variable only. The result is exact, with no probabilistic step.
//
// Tests: test/core/gcd.test.ts.
import {
  coefficientsIn,
  constant,
  content,
  degree,
  divExact,
  divMonomial,
  equals,
  igcd,
  isConstant,
  isZero,
  leadingCoefficient,
  monomialContent,
  mulTerm,
  mul,
  pow,
  primitive,
  pseudoRemainder,
  splitBy,
  variablesOf,
  withPositiveLead,
  ZERO_POLY,
  type Poly,
} from './poly.js';

const nvars = (a: Poly): number => a.mons[0]!.length;

/**
 * gcd(a, b) in Z[x]: the integer content is the gcd of the contents, the
 * leading coefficient (lex order) is positive; gcd(0, 0) = 0.
 */
export function gcd(a: Poly, b: Poly): Poly {
  if (isZero(a)) return withPositiveLead(b);
  if (isZero(b)) return withPositiveLead(a);
  const n = nvars(a);
  const c = igcd(content(a), content(b));
  const ma = monomialContent(a);
  const mb = monomialContent(b);
  let m = '';
  for (let i = 0; i < n; i++) m += String.fromCharCode(Math.min(ma.charCodeAt(i), mb.charCodeAt(i)));
  const g = gcdPrimitive(primitive(divMonomial(a, ma)), primitive(divMonomial(b, mb)), n);
  return mulTerm(g, m, c);
}

/** The gcd of a list (0 for an empty list), stopping as soon as it is 1. */
export function gcdAll(ps: readonly Poly[]): Poly {
  let g: Poly | undefined;
  for (const p of ps) {
    g = g === undefined ? withPositiveLead(p) : gcd(g, p);
    if (g.coeffs.length === 1 && g.coeffs[0] === 1n && isConstant(g)) return g;
  }
  return g ?? ZERO_POLY;
}

/** gcd of primitive polynomials without monomial content, positive leading coefficient. */
function gcdPrimitive(a: Poly, b: Poly, n: number): Poly {
  if (isConstant(a) || isConstant(b)) return constant(n, 1n);
  if (equals(a, b)) return a;
  const va = new Set(variablesOf(a));
  const vb = new Set(variablesOf(b));
  // 2. Variables of one argument only.
  const onlyA = new Set([...va].filter((i) => !vb.has(i)));
  const onlyB = new Set([...vb].filter((i) => !va.has(i)));
  if (onlyA.size === va.size || onlyB.size === vb.size) return constant(n, 1n);
  if (onlyA.size > 0) return gcdAll([b, ...splitBy(a, onlyA).values()]);
  if (onlyB.size > 0) return gcdAll([a, ...splitBy(b, onlyB).values()]);
  // 3. One divides the other (tried once: the one with fewer terms as the divisor).
  const [larger, smaller] = a.mons.length >= b.mons.length ? [a, b] : [b, a];
  if (divExact(larger, smaller)) return smaller;
  // The main variable: least degree, then first in the ring's order.
  let x = -1;
  let best = Infinity;
  for (const i of va) {
    const d = Math.max(degree(a, i), degree(b, i));
    if (d < best) {
      best = d;
      x = i;
    }
  }
  const ca = contentIn(a, x);
  const cb = contentIn(b, x);
  const c = gcd(ca, cb);
  const g = subresultantGcd(divExact(a, ca)!, divExact(b, cb)!, x, n);
  return withPositiveLead(mul(c, g));
}

/** The content of a with respect to x_i: the gcd of its coefficients, a polynomial free of x_i. */
export function contentIn(a: Poly, i: number): Poly {
  return gcdAll([...coefficientsIn(a, i).values()]);
}

/** The primitive part of a with respect to x_i, with a positive leading coefficient. */
function primitiveIn(a: Poly, i: number): Poly {
  return withPositiveLead(divExact(a, contentIn(a, i))!);
}

/**
 * gcd of A and B, primitive in x_i, by the subresultant PRS (Cohen,
 * Algorithm 3.3.1): the pseudo-remainders are divided by g·h^δ, which keeps
 * their coefficients as small as the subresultants, and the last nonzero
 * one's primitive part is the gcd.
 */
function subresultantGcd(A: Poly, B: Poly, x: number, n: number): Poly {
  if (degree(A, x) < degree(B, x)) [A, B] = [B, A];
  let g = constant(n, 1n);
  let h = constant(n, 1n);
  for (;;) {
    const delta = degree(A, x) - degree(B, x);
    const R = pseudoRemainder(A, B, x, n);
    if (isZero(R)) return primitiveIn(B, x);
    if (degree(R, x) === 0) return constant(n, 1n);
    A = B;
    B = divExact(R, mul(g, pow(h, delta, n)))!;
    g = leadingCoefficient(A, x);
    h = delta === 0 ? h : delta === 1 ? g : divExact(pow(g, delta, n), pow(h, delta - 1, n))!;
  }
}

/** gcd and cofactors: a = g·(a/g), b = g·(b/g). */
export function cofactors(a: Poly, b: Poly): { g: Poly; a: Poly; b: Poly } {
  const g = gcd(a, b);
  return { g, a: divExact(a, g)!, b: divExact(b, g)! };
}
