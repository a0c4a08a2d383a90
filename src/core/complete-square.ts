// Perfect squares completed in a sum's terms, for printing: three terms
//   c·G·X² + c·r²·G·Y² ± 2c·r·G·X·Y = c·G·(X ± r·Y)²
// (G, X, Y monomials) joined into one, the rest with its common factors
// collected, where that is shorter than the whole sum's factors collected.
// The compass walker's denominator m b² + l(l(m_H + m(1 + sin²2a₁)) − 2mb)
// is m(l − b)² + l²(m_H + m sin²2a₁), as goswami1998 writes the leg's
// moment about the foot m(l − b)². Equal to its input; only the report's
// printing (report/notation.ts tidy) applies it.
// Tests: test/core/complete-square.test.ts.
import * as Q from './rational.js';
import { add, mul, neg, num, pow, splitCoeff, termsOf, ONE, type Expr } from './expr.js';
import { collectFactors } from './factor.js';
import { expand, productsInExpansion } from './expand.js';
import { opCount } from './cost.js';

/** Sums of more terms than this are left to collectFactors: the pairs tried grow as the square of the terms. */
const MAX_TERMS = 40;

/**
 * Sums whose multiplying out makes more products than this are not
 * multiplied out: a sum of at most MAX_TERMS terms would need three in four
 * of them to cancel or merge, and in the models of derivations/ none that
 * ends at most MAX_TERMS long makes more than 64. The prism's friction sums
 * of 387 072 products took most of its report's time, the bicycle's of
 * 160 to 1 600 about 2 s of its.
 */
const MAX_PRODUCTS = 4 * MAX_TERMS;

/** The factors of a monomial with their integer exponents; undefined if one is not an integer power or a sum. */
export function powers(p: Expr): Map<Expr, number> | undefined {
  const out = new Map<Expr, number>();
  const factors = p.kind === 'mul' ? p.factors : p.kind === 'pow' ? [{ base: p.base, exp: p.exp }] : p === ONE ? [] : [{ base: p, exp: num(1) }];
  for (const { base, exp } of factors) {
    if (exp.kind !== 'num' || !Q.isInteger(exp.value) || base.kind === 'add') return undefined;
    out.set(base, exp.value.n);
  }
  return out;
}

/** √(p/q) as X/Y for monomials whose quotient is a square: X and Y without common factors. */
function rootOfRatio(p: Map<Expr, number>, q: Map<Expr, number>): { x: Expr; y: Expr } | undefined {
  const x: Expr[] = [];
  const y: Expr[] = [];
  for (const base of new Set([...p.keys(), ...q.keys()])) {
    const k = (p.get(base) ?? 0) - (q.get(base) ?? 0);
    if (k % 2 !== 0) return undefined;
    if (k > 0) x.push(pow(base, k / 2));
    if (k < 0) y.push(pow(base, -k / 2));
  }
  return x.length + y.length > 0 ? { x: mul(...x), y: mul(...y) } : undefined;
}

/** The exact square root of a positive rational, if it has one. */
function rationalRoot(a: Q.Rational): Q.Rational | undefined {
  if (Q.isNegative(a) || Q.isZero(a)) return undefined;
  const r = Q.powRational(a, Q.HALF);
  return r && Q.eq(Q.mul(r, r), a) ? r : undefined;
}

interface Square {
  readonly expr: Expr;
  readonly used: readonly number[];
}

/** A square of terms i, j and their cross term among the unused ones (`maps`: the terms' powers). */
function squareAt(
  terms: readonly [Q.Rational, Expr][],
  maps: readonly (Map<Expr, number> | undefined)[],
  i: number,
  j: number,
  index: ReadonlyMap<Expr, number>,
  used: ReadonlySet<number>,
): Square | undefined {
  const [ci, pi] = terms[i]!;
  const [cj] = terms[j]!;
  const r = rationalRoot(Q.div(cj, ci));
  const pp = maps[i];
  const pq = maps[j];
  if (!r || !pp || !pq) return undefined;
  const root = rootOfRatio(pp, pq);
  if (!root) return undefined;
  // G = p_i / X², also p_j / Y²; the cross term's monomial is G·X·Y.
  const g = mul(pi, pow(root.x, -2));
  const k = index.get(mul(g, root.x, root.y));
  if (k === undefined || k === i || k === j || used.has(k)) return undefined;
  const cross = Q.div(terms[k]![0], Q.mul(Q.mul(Q.rat(2), ci), r));
  if (!Q.eq(Q.abs(cross), Q.ONE)) return undefined;
  const base = add(root.x, mul(num(Q.mul(cross, r)), root.y));
  // A difference the way round whose first term is the negative one, which the printer writes second: the
  // report's (l − b)², as its m b (l − b) elsewhere, not (b − l)².
  const turned =
    base.kind === 'add' && base.terms.length === 2 && Q.isZero(base.constant) && !Q.isNegative(base.terms[0]!.coeff) && Q.isNegative(base.terms[1]!.coeff);
  return { expr: mul(num(ci), g, pow(turned ? neg(base) : base, 2)), used: [i, j, k] };
}

/**
 * e's factors collected (collectFactors), or, where shorter, its perfect
 * squares completed and the remaining terms' factors collected.
 */
export function completeSquares(e: Expr): Expr {
  const collected = collectFactors(e);
  if (e.kind !== 'add' || e.terms.length + 1 > MAX_TERMS) return collected;
  // A sum with some factors already taken out (l²(m_H + m) + mb² − 2mbl) is looked at multiplied out.
  const factored = e.terms.some((t) => !powers(t.expr));
  if (factored && productsInExpansion(e) > MAX_PRODUCTS) return collected;
  const flat = factored ? expand(e) : e;
  const terms = termsOf(flat).map((t) => splitCoeff(t));
  if (terms.length < 3 || terms.length > MAX_TERMS) return collected;
  const index = new Map(terms.map(([, p], i) => [p, i]));
  // Each term's powers made once, not once per pair it is tried in (n² maps, a seventh of the bicycle's squares).
  const maps = terms.map(([, p]) => powers(p));
  const used = new Set<number>();
  const squares: Expr[] = [];
  for (let i = 0; i < terms.length; i++) {
    for (let j = i + 1; j < terms.length && !used.has(i); j++) {
      if (used.has(j)) continue;
      const s = squareAt(terms, maps, i, j, index, used);
      if (!s) continue;
      for (const u of s.used) used.add(u);
      squares.push(s.expr);
    }
  }
  if (squares.length === 0) return collected;
  const rest = terms.filter((_, i) => !used.has(i)).map(([c, p]) => mul(num(c), p));
  const completed = add(...squares, collectFactors(add(...rest)));
  return opCount(completed) < opCount(collected) ? completed : collected;
}
