// Sines and cosines of angle sums in one printed form, the papers'
// contracted one (kugushev2002 (10.15) writes the double pendulum's
// equations in cos(q₁ − q₂) and sin(q₁ − q₂)): in a sum, with P the rest of
// two terms,
//   P cos a cos b ± P sin a sin b = P cos(a ∓ b),
//   P sin a cos b ∓ P cos a sin b = P sin(a ∓ b),
// and three terms into a square of one of these,
//   P cos²a sin²b + P sin²a cos²b − 2P sin a cos a sin b cos b = P sin²(a − b),
// tried on the sum as it is, with cos²x = 1 − sin²x or sin²x = 1 − cos²x
// first (sin q₁ − sin q₁ cos²q₂ + cos q₁ sin q₂ cos q₂ = sin q₂ cos(q₁ − q₂)),
// in every term or in pairs of terms, and with its multiple angles expanded
// (multiple-angles.ts: sin(q₁ + q₂) − sin(q₁ − 3q₂) = 4 cos(q₁ − q₂) cos q₂ sin q₂),
// keeping the form with the fewest terms that writes no angle's squares the
// other way than the sum did (the compass's sin²α stays). The inverse of the expansion
// generated code makes (codegen/angle-sums.ts). Equal to its input; only the
// report's printing (report/notation.ts tidy) applies it.
// Tests: test/core/angle-contraction.test.ts.
import * as Q from './rational.js';
import { add, cos, mul, num, pow, sin, splitCoeff, sub, termCount, termsOf, type Expr, type Factor, type Fn } from './expr.js';
import { expand } from './expand.js';
import { expandedAngles } from './multiple-angles.js';
import { opCount } from './cost.js';
import { pythagoreanIn } from './trig.js';
import { deepSafe, mapChildren } from './traverse.js';

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
  // Partners are looked up by their factors, not built: most are no term (the bicycle's sums tried them by the thousand).
  const shapes = terms.map(([, p]) => shapeOf(p));
  const lookup = lookupOf(shapes);
  const used = new Set<number>();
  const out: Expr[] = [];
  terms.forEach(([c, p], i) => {
    if (used.has(i)) return;
    const find = (trade: Trade): Found | undefined => {
      const hit = traded(shapes[i]!, trade, lookup);
      const j = hit === 'build' ? index.get(mul(p, ...trade.map(([base, k]) => pow(base, k)))) : hit;
      return j === undefined || j === i || used.has(j) ? undefined : { coeff: terms[j]![0], j };
    };
    const square = squareOf(c, p, find);
    if (square) {
      used.add(i).add(square.j).add(square.k);
      out.push(square.expr);
      return;
    }
    const joined = partnerOf(c, p, find);
    if (!joined) return;
    used.add(i).add(joined.j);
    out.push(joined.expr);
  });
  return used.size === 0 ? undefined : add(...out, ...terms.flatMap(([c, p], i) => (used.has(i) ? [] : [mul(num(c), p)])));
}

/** A product's factors, base to exponent (a number's value, else the exponent itself). */
type Shape = ReadonlyMap<Expr, Q.Rational | Expr>;

/** Distinct bases with the integers their exponents change by: p·Π baseᵏ, the partner of a term's product p. */
type Trade = readonly (readonly [Expr, number])[];

/** The shape of a product of coefficient 1; of 1, none. */
export const shapeOf = (p: Expr): Shape => new Map(p.kind === 'num' ? [] : factorsOf(p).map((f) => [f.base, f.exp.kind === 'num' ? f.exp.value : f.exp]));

/** A factor base^x as a key. */
const factorKey = (base: Expr, x: Q.Rational | Expr): string => `${base.id}^${'kind' in x ? `e${x.id}` : `${x.n}/${x.d}`}`;

/** A key of a shape: equal for the shapes of one product (a canonical product is made by its factors alone). */
const keyOf = (shape: Shape): string =>
  [...shape]
    .map(([base, x]) => factorKey(base, x))
    .sort()
    .join(' ');

/** The terms of a sum by their shapes' keys, and the factors any of them has (most partners miss one at once). */
interface Lookup {
  readonly byKey: ReadonlyMap<string, number>;
  readonly factors: ReadonlySet<string>;
}

export const lookupOf = (shapes: readonly Shape[]): Lookup => ({
  byKey: new Map(shapes.map((shape, i) => [keyOf(shape), i])),
  factors: new Set(shapes.flatMap((shape) => [...shape].map(([base, x]) => factorKey(base, x)))),
});

/**
 * The index of the term whose product is the shape's traded; undefined
 * where none is; 'build' where a traded base has an exponent that is no
 * number (sinⁿa·sin a is sinⁿ⁺¹a: the product is to be built and looked up).
 */
export function traded(shape: Shape, trade: Trade, lookup: Lookup): number | undefined | 'build' {
  const exps: Q.Rational[] = [];
  for (const [base, k] of trade) {
    const x = shape.get(base) ?? Q.ZERO;
    if ('kind' in x) return 'build';
    const y = Q.add(x, Q.rat(k));
    // A factor no term has: no term is the traded product (built, it would have that factor too).
    if (!Q.isZero(y) && !lookup.factors.has(factorKey(base, y))) return undefined;
    exps.push(y);
  }
  const out = new Map(shape);
  trade.forEach(([base], i) => (Q.isZero(exps[i]!) ? out.delete(base) : out.set(base, exps[i]!)));
  return lookup.byKey.get(keyOf(out));
}

/** A sum's term found by its product: its coefficient and its index. */
type Found = { coeff: Q.Rational; j: number };

/**
 * The term c·p joined with two others into a square: with u = cos a cos b
 * or sin a cos b squared in p, and v its partner as in partnerOf (sin a sin b,
 * cos a sin b), the terms c·(p/u²)·v² and ±2c·(p/u²)·u·v make
 * c·(p/u²)·(u ± v)², u ± v contracted
 * (cos²a sin²b + sin²a cos²b − 2 sin a cos a sin b cos b = sin²(a − b)).
 */
function squareOf(c: Q.Rational, p: Expr, find: (trade: Trade) => Found | undefined): { expr: Expr; j: number; k: number } | undefined {
  const squares = factorsOf(p).filter((f) => (trigOf(f, 'sin') || trigOf(f, 'cos')) && (f.exp as Expr & { kind: 'num' }).value.n >= 2) as (Factor & {
    base: Fn;
  })[];
  for (const f of squares) {
    for (const g of squares) {
      const [a, b] = [f.base.args[0]!, g.base.args[0]!];
      if (a === b || (f.base.name === g.base.name && a.id > b.id)) continue;
      const [sf, sg] = [swapped(f.base), swapped(g.base)];
      // p/u²·v² and p/u²·u·v, u = f g and v = sf sg.
      const second = find([
        [f.base, -2],
        [g.base, -2],
        [sf, 2],
        [sg, 2],
      ]);
      const cross = find([
        [f.base, -1],
        [g.base, -1],
        [sf, 1],
        [sg, 1],
      ]);
      if (!second || !cross || !Q.eq(second.coeff, c) || second.j === cross.j) continue;
      const sign = Q.div(cross.coeff, Q.add(c, c));
      if (!Q.isOne(Q.abs(sign))) continue;
      const [u, v] = [mul(f.base, g.base), mul(sf, sg)];
      const joined = paired(add(u, mul(num(sign), v)));
      if (joined) return { expr: mul(num(c), mul(p, pow(u, -2)), pow(joined, 2)), j: second.j, k: cross.j };
    }
  }
  return undefined;
}

/**
 * The term c·p joined with its partner: for cos a cos b in p the term with
 * sin a sin b in its place, for sin a cos b the one with cos a sin b, when
 * its coefficient is ±c.
 */
function partnerOf(c: Q.Rational, p: Expr, find: (trade: Trade) => Found | undefined): { expr: Expr; j: number } | undefined {
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
        const hit = find([
          [f.base, -1],
          [g.base, -1],
          [first === 'cos' ? sin(a) : cos(a), 1],
          [sin(b), 1],
        ]);
        if (!hit) continue;
        const same = Q.eq(hit.coeff, c);
        if (!same && !Q.eq(hit.coeff, Q.neg(c))) continue;
        // cos a cos b + sin a sin b = cos(a − b); sin a cos b − cos a sin b = sin(a − b).
        const angle = first === 'cos' ? (same ? sub(a, b) : add(a, b)) : same ? add(a, b) : sub(a, b);
        const rest = mul(p, pow(f.base, -1), pow(g.base, -1));
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

type Cost = readonly [number, number];
const cost = (e: Expr): Cost => [termCount(e), opCount(e)];
const below = (x: Cost, y: Cost): boolean => x[0] < y[0] || (x[0] === y[0] && x[1] < y[1]);
const cheaper = (a: Expr, b: Expr): boolean => below(cost(a), cost(b));

/** The part of a term that is no sine or cosine power: terms with one rest are contracted together. */
const restOf = (t: Expr): Expr => mul(...factorsOf(splitCoeff(t)[1]).flatMap((f) => (trigOf(f, 'sin') || trigOf(f, 'cos') ? [] : [pow(f.base, f.exp)])));

/**
 * Pairs of terms c·P and d·P cos²x, d of the other sign and |d| ≥ |c|,
 * written c·P sin²x + (c + d)·P cos²x (and so with sin and cos swapped): the
 * Pythagorean rewrite term by term, where pythagoreanIn rewrites every term
 * (g sin q₁ cos q₂ − g sin q₁ cos³q₂ + g cos²q₁ cos²q₂ sin q₂: only the first
 * two are to become g sin q₁ cos q₂ sin²q₂; cos²q₁ + cos²q₂ − 2cos²q₁ cos²q₂
 * becomes cos²q₁ sin²q₂ + sin²q₁ cos²q₂, a square's two ends). With
 * `whole`, only the pairs with d = −c (pythagoreanPairs).
 */
function folded(e: Expr, whole = false): Expr {
  const coeffs = new Map<Expr, Q.Rational>();
  const put = (p: Expr, c: Q.Rational): void => {
    const sum = Q.add(coeffs.get(p) ?? Q.ZERO, c);
    if (Q.isZero(sum)) coeffs.delete(p);
    else coeffs.set(p, sum);
  };
  for (const t of termsOf(e)) {
    const [c, p] = splitCoeff(t);
    put(p, c);
  }
  // The sines and cosines squared somewhere: the only ones a partner d·P·cos²x can have.
  const squares = squaresOf(e);
  let changed = false;
  for (const p of [...coeffs.keys()]) {
    for (const squared of squares) {
      const c = coeffs.get(p);
      const q = mul(p, pow(squared, 2));
      const d = coeffs.get(q);
      if (!c || !d || Q.isNegative(c) === Q.isNegative(d)) continue;
      // whole: only c·P − c·P cos²x, which leaves one term (c·P sin²x).
      const order = Q.cmp(Q.abs(d), Q.abs(c));
      if (whole ? order !== 0 : order < 0) continue;
      put(p, Q.neg(c));
      put(q, c);
      put(mul(p, pow(swapped(squared), 2)), c);
      changed = true;
    }
  }
  return changed ? add(...[...coeffs].map(([p, c]) => mul(num(c), p))) : e;
}

/**
 * A sum with each pair of terms c·P and −c·P cos²x written c·P sin²x (and so
 * with sin and cos swapped): one term fewer, as a journal writes
 * 1 − sin²φ = cos²φ. It turns that angle's squares, but only where the
 * pair is a whole 1 − sin²x (the compass's 1 + 3 sin²α stays).
 */
export const pythagoreanPairs = (e: Expr): Expr => (e.kind === 'add' ? folded(e, true) : e);

/**
 * The terms of one rest in their contracted form with the fewest terms, or
 * as they are where none is shorter; tried also from their multiple angles
 * expanded (sin(q₁ + q₂) − sin(q₁ − 3q₂) = 4 cos(q₁ − q₂) cos q₂ sin q₂).
 */
function contractedGroup(e: Expr): Expr {
  let best = e;
  let bestCost = cost(e);
  const written = squaresOf(e);
  // A report writes an angle's squares one way (the compass's sin²α, rubanovich1981 (1.13)): no form that turns them.
  const turnsNone = (x: Expr): boolean => [...squaresOf(x)].every((f) => written.has(f) || !written.has(swapped(f)));
  const expanded = expandedAngles(e);
  // An expansion past the size limit is not tried: its Pythagorean forms multiply it again (the bicycle's angle sums).
  const starts = [e, ...(expanded === e || termCount(expanded) > MAX_TERMS ? [] : [expanded])].filter(twoAngles);
  // A form met again (a rewrite that changes nothing, one candidate's fold another's sum: a third of the bicycle's
  // pairings) is not paired again: its pairing costs no less than the best kept since, and only a cheaper one replaces
  // the best. A sum met again as a sum has had its fold tried too.
  const sums = new Set<Expr>();
  const tried = new Set<Expr>();
  for (const start of starts) {
    for (const candidate of [start, ...squaredAngles(start).flatMap((x) => [pythagoreanIn(start, x, 'cos'), pythagoreanIn(start, x, 'sin')])]) {
      const sum = expand(candidate);
      if (sums.has(sum)) continue;
      sums.add(sum);
      const fold = folded(sum);
      for (const form of fold === sum ? [sum] : [sum, fold]) {
        if (tried.has(form)) continue;
        tried.add(form);
        const joined = paired(form);
        if (!joined) continue;
        const c = cost(joined);
        if (below(c, bestCost) && turnsNone(joined)) [best, bestCost] = [joined, c];
      }
    }
  }
  return best;
}

/** The sines and cosines squared (or higher) in a sum's terms. */
const squaresOf = (e: Expr): Set<Expr> =>
  new Set(
    termsOf(e).flatMap((t) =>
      factorsOf(splitCoeff(t)[1]).flatMap((f) => ((trigOf(f, 'sin') || trigOf(f, 'cos')) && (f.exp as Expr & { kind: 'num' }).value.n >= 2 ? [f.base] : [])),
    ),
  );

/** cos x for sin x, sin x for cos x. */
const swapped = (f: Expr): Expr => (f.kind === 'fn' && f.name === 'sin' ? cos(f.args[0]!) : sin((f as Fn).args[0]!));

/** Whether a term has sines or cosines of two angles: else nothing pairs, whatever the Pythagorean rewrites. */
const twoAngles = (e: Expr): boolean =>
  termsOf(e).some((t) => new Set(factorsOf(splitCoeff(t)[1]).flatMap((f) => (trigOf(f, 'sin') || trigOf(f, 'cos') ? [f.base.args[0]!] : []))).size > 1);

/** Sums contracted so far (interned, so equal ones are one key): a report prints the same sums in many displays (the bicycle's). */
const contracted = new WeakMap<Expr, Expr>();

/**
 * A sum contracted rest by rest (g sin q₁ − g sin q₁ cos²q₂ + g cos q₁ sin q₂ cos q₂
 * beside l q̇² sin q₂: the Pythagorean rewrite pays off in g's terms alone).
 */
function contractedSum(e: Expr): Expr {
  let out = contracted.get(e);
  if (out === undefined) contracted.set(e, (out = contractedSumOnce(e)));
  return out;
}

function contractedSumOnce(e: Expr): Expr {
  if (termCount(e) > MAX_TERMS) return e;
  const groups = new Map<Expr, Expr[]>();
  for (const t of termsOf(e)) {
    const r = restOf(t);
    groups.set(r, [...(groups.get(r) ?? []), t]);
  }
  const joined = add(...[...groups.values()].map((ts) => (ts.length > 1 ? contractedGroup(add(...ts)) : add(...ts))));
  return cheaper(joined, e) ? joined : e;
}

/**
 * Nodes contracted throughout so far, kept as long as the node lives (a long-lived process prints model after
 * model): the report tidies a sum and then each of its terms (report/notation.ts tidyParts), and a memo per call
 * walked and rebuilt every nested part again at each level (a seventh of the bicycle's contraction).
 */
const contractedThroughout = new WeakMap<Expr, Expr>();

const isAtom = (u: Expr): boolean => u.kind === 'num' || u.kind === 'sym';

const contractThroughout = deepSafe<Expr>(
  (u) => {
    if (isAtom(u)) return u;
    let out = contractedThroughout.get(u);
    if (out === undefined) {
      const inner = mapChildren(u, contractThroughout);
      contractedThroughout.set(u, (out = inner.kind === 'add' ? contractedSum(inner) : inner));
    }
    return out;
  },
  (u) => isAtom(u) || contractedThroughout.has(u),
);

/** e with its sines and cosines of angle sums contracted, throughout (inside functions and powers too). */
export function contractAngleSums(e: Expr): Expr {
  return contractThroughout(e);
}
