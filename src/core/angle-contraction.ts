// Sines and cosines of angle sums in one printed form, the papers'
// contracted one (kugushev2002 (10.15) writes the double pendulum's
// equations in cos(q₁ − q₂) and sin(q₁ − q₂)): in a sum, with P the rest of
// two terms,
//   P cos a cos b ± P sin a sin b = P cos(a ∓ b),
//   P sin a cos b ∓ P cos a sin b = P sin(a ∓ b),
// tried on the sum as it is and with cos²x = 1 − sin²x or sin²x = 1 − cos²x
// first (sin q₁ − sin q₁ cos²q₂ + cos q₁ sin q₂ cos q₂ = sin q₂ cos(q₁ − q₂)),
// keeping the form with the fewest terms. The inverse of the expansion
// generated code makes (codegen/angle-sums.ts). Equal to its input; only the
// report's printing (report/notation.ts tidy) applies it.
// Tests: test/core/angle-contraction.test.ts.
import * as Q from './rational.js';
import { add, cos, mul, num, pow, sin, splitCoeff, sub, termsOf, type Expr, type Factor, type Fn } from './expr.js';
import { expand } from './expand.js';
import { opCount } from './cost.js';
import { pythagoreanIn } from './trig.js';
import { mapChildren, memoPass } from './traverse.js';

/** Sums of more terms than this are left as they are: the forms tried multiply a sum's size (a 60-link chain's forcing). */
const MAX_TERMS = 40;

const trigOf = (f: Factor, name: 'sin' | 'cos'): f is Factor & { base: Fn } =>
  f.base.kind === 'fn' && f.base.name === name && f.exp.kind === 'num' && Q.isInteger(f.exp.value) && f.exp.value.n > 0;

const factorsOf = (t: Expr): readonly Factor[] => (t.kind === 'mul' ? t.factors : t.kind === 'pow' ? [t] : [{ base: t, exp: num(1) }]);

/**
 * The pairs of a sum's terms joined into a sine or cosine of a sum or
 * difference of angles, each term used once, in order of the terms;
 * undefined where none joins (a Pythagorean rewrite alone is inSines' to
 * choose, report/notation.ts).
 */
function paired(e: Expr): Expr | undefined {
  const terms = termsOf(e).map((t) => splitCoeff(t));
  const index = new Map(terms.map(([, p], i) => [p, i]));
  const used = new Set<number>();
  const out: Expr[] = [];
  terms.forEach(([c, p], i) => {
    if (used.has(i)) return;
    const joined = partnerOf(c, p, (partner) => {
      const j = index.get(partner);
      return j === undefined || j === i || used.has(j) ? undefined : { coeff: terms[j]![0], j };
    });
    if (!joined) return;
    used.add(i).add(joined.j);
    out.push(joined.expr);
  });
  return used.size === 0 ? undefined : add(...out, ...terms.flatMap(([c, p], i) => (used.has(i) ? [] : [mul(num(c), p)])));
}

/**
 * The term c·p joined with its partner: for cos a cos b in p the term with
 * sin a sin b in its place, for sin a cos b the one with cos a sin b, when
 * its coefficient is ±c.
 */
function partnerOf(c: Q.Rational, p: Expr, find: (partner: Expr) => { coeff: Q.Rational; j: number } | undefined): { expr: Expr; j: number } | undefined {
  const fs = factorsOf(p);
  for (const [first, second] of [
    ['cos', 'cos'],
    ['sin', 'cos'],
  ] as const) {
    for (const f of fs) {
      if (!trigOf(f, first)) continue;
      for (const g of fs) {
        if (g === f || !trigOf(g, second)) continue;
        const [a, b] = [f.base.args[0]!, g.base.args[0]!];
        if (a === b || (first === 'cos' && a.id > b.id)) continue;
        const rest = mul(p, pow(f.base, -1), pow(g.base, -1));
        const partner = first === 'cos' ? mul(rest, sin(a), sin(b)) : mul(rest, cos(a), sin(b));
        const hit = find(partner);
        if (!hit) continue;
        const same = Q.eq(hit.coeff, c);
        if (!same && !Q.eq(hit.coeff, Q.neg(c))) continue;
        // cos a cos b + sin a sin b = cos(a − b); sin a cos b − cos a sin b = sin(a − b).
        const angle = first === 'cos' ? (same ? sub(a, b) : add(a, b)) : same ? add(a, b) : sub(a, b);
        return { expr: mul(num(c), rest, first === 'cos' ? cos(angle) : sin(angle)), j: hit.j };
      }
    }
  }
  return undefined;
}

/** The angles of a sum's sines and cosines squared or higher: those a Pythagorean rewrite may change. */
function squaredAngles(e: Expr): Expr[] {
  const out = new Set<Expr>();
  for (const t of termsOf(e))
    for (const f of factorsOf(t)) if ((trigOf(f, 'sin') || trigOf(f, 'cos')) && (f.exp as Expr & { kind: 'num' }).value.n >= 2) out.add(f.base.args[0]!);
  return [...out];
}

const cost = (e: Expr): [number, number] => [termsOf(e).length, opCount(e)];
const cheaper = (a: Expr, b: Expr): boolean => {
  const [x, y] = [cost(a), cost(b)];
  return x[0] < y[0] || (x[0] === y[0] && x[1] < y[1]);
};

/** The part of a term that is no sine or cosine power: terms with one rest are contracted together. */
const restOf = (t: Expr): Expr => mul(...factorsOf(splitCoeff(t)[1]).flatMap((f) => (trigOf(f, 'sin') || trigOf(f, 'cos') ? [] : [pow(f.base, f.exp)])));

/** The terms of one rest in their contracted form with the fewest terms, or as they are where none is shorter. */
function contractedGroup(e: Expr): Expr {
  let best = e;
  for (const candidate of [e, ...squaredAngles(e).flatMap((x) => [pythagoreanIn(e, x, 'cos'), pythagoreanIn(e, x, 'sin')])]) {
    const joined = paired(expand(candidate));
    if (joined && cheaper(joined, best)) best = joined;
  }
  return best;
}

/**
 * A sum contracted rest by rest (g sin q₁ − g sin q₁ cos²q₂ + g cos q₁ sin q₂ cos q₂
 * beside l q̇² sin q₂: the Pythagorean rewrite pays off in g's terms alone).
 */
function contractedSum(e: Expr): Expr {
  if (termsOf(e).length > MAX_TERMS) return e;
  const groups = new Map<Expr, Expr[]>();
  for (const t of termsOf(e)) {
    const r = restOf(t);
    groups.set(r, [...(groups.get(r) ?? []), t]);
  }
  const joined = add(...[...groups.values()].map((ts) => (ts.length > 1 ? contractedGroup(add(...ts)) : add(...ts))));
  return cheaper(joined, e) ? joined : e;
}

/** e with its sines and cosines of angle sums contracted, throughout (inside functions and powers too). */
export function contractAngleSums(e: Expr): Expr {
  // A pass per call: its memo must not outlive the expression (a long-lived process prints model after model).
  return memoPass<Expr>((u, go) => {
    const inner = mapChildren(u, go);
    return inner.kind === 'add' ? contractedSum(inner) : inner;
  })(e);
}
