// Trigonometric simplification: the pass that makes printed equations look
// like the papers' (l₁l₂cos(q₁ − q₂) rather than four products of sines and
// cosines).
//
// Method. After expansion, the terms of a sum are grouped by their non-trig
// part (the monomial in everything that is not a sine or cosine). Each group
// is a trig polynomial with rational coefficients, and for it we try
//   (a) the group as it is,
//   (b) cos²x → 1 − sin²x everywhere,
//   (c) sin²x → 1 − cos²x everywhere,
//   (d) full product-to-sum linearization (cos a cos b = ½[cos(a−b) + cos(a+b)], …),
//       the unique Fourier form, which cancels whatever cancels,
// and keep the shortest (fewest terms, then fewest operations; ties keep the
// input), repeating from the kept form until no rewriting is shorter: the
// result is its own shortest form, so simplify is idempotent. (b)/(c) reduce
// sin² + cos² in any context; (d) folds products of sines and cosines into
// sines and cosines of sums and differences when that is shorter. Groups
// with one term are left alone: a lone product is never longer than its
// linearization.
import * as Q from './rational.js';
import type { Rational } from './rational.js';
import { MechanicsError } from '../errors.js';
import { opCount } from './cost.js';
import { expand, isExpandedPower, isExpandedSum } from './expand.js';
import { linearize } from './fourier.js';
import { deepSafe, mapChildren, memoPass } from './traverse.js';
import {
  add,
  addAll,
  addFromTerms,
  cos,
  fn,
  makeMul,
  memo,
  mul,
  mulAll,
  mulFactors,
  neg,
  num,
  ONE,
  pow,
  sin,
  splitCoeff,
  sub,
  termsOf,
  unreachable,
  type Expr,
  type Factor,
  type Fn,
  type Term,
} from './expr.js';

// Results are memoized on the nodes (see Memo in expr.ts): derivations ask
// for the same subexpressions many times (≈2× faster on the n-link pendulum).

/** Expand, then simplify trigonometric polynomials (recursively, inside functions and powers too). */
export function simplify(e: Expr): Expr {
  const m = memo(e);
  if (m.simplified) return m.simplified;
  let r: Expr;
  try {
    r = simplifyCopies(e) ?? simplifyTrig(expand(e));
  } catch (err) {
    // Expanding can multiply exact coefficients past 2^53 (products of
    // 1370 sin²x + 1000 in a Hamiltonian's denominators): the expression is
    // then kept as written, which is exact, rather than refusing the model.
    if (!(err instanceof MechanicsError && err.code === 'coefficient-overflow')) throw err;
    r = e;
  }
  m.simplified = r;
  memo(r).simplified = r;
  return r;
}

/** Trig simplification of an (expanded) expression. */
export function simplifyTrig(e: Expr): Expr {
  return simplifyTrigDeepSafe(e);
}

// One recursion guard for all calls (simplifySum expands, and expansion of a
// function's arguments nests).
const simplifyTrigDeepSafe: (u: Expr) => Expr = deepSafe(
  (u: Expr): Expr => {
    const m = memo(u);
    if (m.trig) return m.trig;
    let r: Expr;
    if (u.kind === 'add') {
      const inner = everyOwnForm(u.terms, (t) => t.expr) ? u : mapChildren(u, simplifyTrigDeepSafe);
      r = inner.kind === 'add' ? simplifySum(inner) : inner;
    } else if (u.kind === 'mul' && everyOwnForm(u.factors, (f) => f.base) && everyOwnForm(u.factors, (f) => f.exp)) r = u;
    else r = mapChildren(u, simplifyTrigDeepSafe);
    m.trig = r;
    return r;
  },
  (u) => memo(u).trig !== undefined,
);

/**
 * Whether every part is its own trig simplification: then the node is left
 * as it is (what mapChildren finds after an array and a comparison per node;
 * derivatives of simplified forms are mostly products of such parts).
 */
function everyOwnForm<T>(items: readonly T[], part: (x: T) => Expr): boolean {
  for (const x of items) {
    const p = part(x);
    if ((memo(p).trig ?? simplifyTrigDeepSafe(p)) !== p) return false;
  }
  return true;
}

const isTrigFactor = (f: Factor): boolean =>
  f.base.kind === 'fn' && (f.base.name === 'sin' || f.base.name === 'cos') && f.exp.kind === 'num' && Q.isInteger(f.exp.value) && f.exp.value.n > 0;

const asFactors = (term: Expr): readonly Factor[] =>
  term.kind === 'mul' ? term.factors : term.kind === 'pow' ? [{ base: term.base, exp: term.exp }] : [{ base: term, exp: ONE }];

/** A product of positive integer powers of sines and cosines (coefficient-free). */
const isTrigMonomial = (term: Expr): boolean => asFactors(term).every(isTrigFactor);

/**
 * Split a coefficient-free term into its non-trig part and its trig monomial.
 * Both parts are sublists of the term's sorted factors, so they are canonical
 * products as they stand (no re-sorting).
 */
function splitTrig(term: Expr): [Expr, Expr] {
  const factors = asFactors(term);
  const rest: Factor[] = [];
  const trig: Factor[] = [];
  for (const f of factors) (isTrigFactor(f) ? trig : rest).push(f);
  if (trig.length === 0) return [term, ONE];
  if (rest.length === 0) return [ONE, term];
  return [makeMul(Q.ONE, rest), makeMul(Q.ONE, trig)];
}

/** Terms of a sum that share their non-trig part (the `rest` of splitTrig). */
interface Group {
  /** The factors of the first term (its non-trig ones are the group's). */
  readonly factors: readonly Factor[];
  /** Every factor is a sine or cosine power: the group of pure trig terms, which the constant joins. */
  readonly pure: boolean;
  readonly terms: Term[];
}

/**
 * The terms of e grouped by their non-trig part, in order of appearance.
 * The rest is a function of the sublist of non-trig factors, and distinct
 * sublists give distinct rests, so comparing the sublists by identity finds
 * the groups without building a node per term.
 */
function groupByRest(e: Expr & { kind: 'add' }): Group[] {
  const groups: Group[] = [];
  const byHash = new Map<number, Group[]>();
  let pure: Group | undefined;
  for (const t of e.terms) {
    const factors = asFactors(t.expr);
    let h = 7;
    let trig = 0;
    for (const f of factors) {
      if (isTrigFactor(f)) trig++;
      else h = Math.imul(h ^ f.base.id, 0x5bd1e995) ^ f.exp.id;
    }
    if (trig === factors.length) {
      if (!pure) groups.push((pure = { factors, pure: true, terms: [] }));
      pure.terms.push(t);
      continue;
    }
    const bucket = byHash.get(h);
    const g = bucket?.find((other) => sameRest(other.factors, factors));
    if (g) g.terms.push(t);
    else {
      const fresh: Group = { factors, pure: false, terms: [t] };
      groups.push(fresh);
      if (bucket) bucket.push(fresh);
      else byHash.set(h, [fresh]);
    }
  }
  return groups;
}

function sameRest(a: readonly Factor[], b: readonly Factor[]): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < a.length && isTrigFactor(a[i]!)) i++;
    while (j < b.length && isTrigFactor(b[j]!)) j++;
    if (i === a.length || j === b.length) return i === a.length && j === b.length;
    if (a[i]!.base !== b[j]!.base || a[i]!.exp !== b[j]!.exp) return false;
    i++;
    j++;
  }
}

/**
 * Each group of terms with the same non-trig part, as a trig polynomial
 * times that part, replaced by its shortest form (the constant joins the
 * pure trig terms: 5 − 3 cos 2α → 2 + 6 sin²α), multiplied out again.
 * Groups of one term are left as they are: a sum without a larger group is
 * its own result, and so is one whose groups keep their forms.
 */
function simplifySum(e: Expr & { kind: 'add' }): Expr {
  const groups = groupByRest(e);
  const joins = (g: Group): boolean => g.pure && !Q.isZero(e.constant);
  const size = (g: Group): number => g.terms.length + (joins(g) ? 1 : 0);
  if (groups.every((g) => size(g) < 2)) return e;
  // Over an expanded sum the groups that keep their form keep their terms;
  // otherwise everything is multiplied out as the chosen forms are.
  const expanded = isExpandedSum(e);
  let changed = false;
  let constant = e.constant;
  const acc = new Map<Expr, Rational>();
  const put = (expr: Expr, c: Rational): void => {
    const prev = acc.get(expr);
    acc.set(expr, prev ? Q.add(prev, c) : c);
  };
  const parts: Expr[] = [];
  const polys = new Map<number, { readonly group: Group; readonly poly: Expr }[]>();
  for (const g of groups) {
    const restFactors = g.factors.filter((f) => !isTrigFactor(f));
    const rest = (): Expr => (g.pure ? ONE : makeMul(Q.ONE, restFactors));
    const trigPart = (): Expr[] => g.terms.map((t) => mul(num(t.coeff), splitTrig(t.expr)[1]));
    if (size(g) > 1) {
      const poly = g.pure ? addAll([...trigPart(), ...(joins(g) ? [num(e.constant)] : [])]) : samePoly(polys, g, () => addAll(trigPart()));
      const best = shortestForm(poly);
      if (best !== poly) {
        changed = true;
        if (joins(g)) constant = Q.ZERO;
        if (expanded) putProduct(put, restFactors, rest, best, (c) => (constant = Q.add(constant, c)));
        else parts.push(mul(rest(), best));
        continue;
      }
    }
    if (expanded) for (const t of g.terms) put(t.expr, t.coeff);
    else parts.push(mul(rest(), addAll(trigPart())));
  }
  if (!changed) return e;
  // The chosen forms are sums of monomials: multiply out the group factor.
  return expanded ? addFromTerms(constant, acc) : expand(addAll([num(constant), ...parts]));
}

/**
 * simplify(Σₖ cₖ·aₖ·S) for one sum S in every term, without multiplying it
 * out: the second derivative of ½Σₖ mₖ|vₖ|² is such a sum (each entry of
 * the n-link pendulum's mass matrix Σₖ ½mₖ(2lᵢlⱼcos qᵢcos qⱼ + 2lᵢlⱼsin qᵢsin qⱼ)),
 * and its expansion made 2(n − j) products only to group them back.
 *
 * Where it applies it gives simplifyTrig(expand(e)) node for node: S is an
 * expanded sum of its own trig forms and each aₖ a product of symbols
 * (powers) none of which occurs in S, so the expansion is
 * Σₖ Σₜ cₖsₜ·aₖt + Σₖ cₖs₀·aₖ with every term distinct, its group by the
 * non-trig part aₖR (R a group of S) holds cₖ times S's group R (the
 * constant s₀ joining the pure trig one), and simplifySum's result is
 * built here group by group as simplifySum builds it. Anything else:
 * undefined (the general path).
 */
function simplifyCopies(e: Expr): Expr | undefined {
  // A lone copy c·a·S is a product, not a sum.
  const terms = e.kind === 'add' && Q.isZero(e.constant) ? e.terms : e.kind === 'mul' ? [{ expr: makeMul(Q.ONE, e.factors), coeff: e.coeff }] : undefined;
  if (terms === undefined) return undefined;
  let S: Expr | undefined;
  const copies: Copy[] = [];
  for (const t of terms) {
    if (t.expr.kind !== 'mul') return undefined;
    const others: Factor[] = [];
    let sum: Expr | undefined;
    for (const f of t.expr.factors) {
      if (f.base.kind === 'add' && f.exp === ONE && sum === undefined) sum = f.base;
      else if (f.base.kind === 'sym' && f.exp.kind === 'num') others.push(f);
      else return undefined;
    }
    if (sum === undefined || others.length === 0 || (S !== undefined && sum !== S)) return undefined;
    S = sum;
    copies.push({ a: makeMul(Q.ONE, others), factors: others, c: t.coeff });
  }
  return S === undefined ? undefined : copiesForm(copies, S);
}

/** A copy cₖ·aₖ·S of simplifyCopies: aₖ the product of the symbol powers `factors`. */
interface Copy {
  readonly a: Expr;
  readonly factors: readonly Factor[];
  readonly c: Rational;
}

/**
 * simplify(Σₖ cₖ·aₖ·S) for the copies {aₖ, cₖ} (`expr`, `coeff`), without
 * making the products aₖ·S or their sum, where simplifyCopies applies to
 * that sum (the aₖ distinct products of symbol powers); else undefined. A
 * mass-matrix entry ∂(∂L/∂q̇ᵢ)/∂q̇ⱼ of particles is such a sum: ∂L/∂q̇ᵢ is
 * Σₖ ½mₖ·Pₖ and every ∂Pₖ/∂q̇ⱼ the same S (lagrange2.ts).
 */
export function simplifyCopiesOf(terms: readonly Term[], S: Expr): Expr | undefined {
  const copies: Copy[] = [];
  const seen = new Set<Expr>();
  for (const t of terms) {
    const factors = asFactors(t.expr);
    if (seen.has(t.expr) || !factors.every((f) => f.base.kind === 'sym' && f.exp.kind === 'num')) return undefined;
    seen.add(t.expr);
    copies.push({ a: t.expr, factors, c: t.coeff });
  }
  const r = copies.length === 0 ? undefined : copiesForm(copies, S);
  if (r !== undefined) memo(r).simplified = r;
  return r;
}

/** A group's trig polynomial for one coefficient, its shortest form, and the monomials of R·best when that is a sum of monomials. */
interface Form {
  readonly poly: Expr;
  readonly best: Expr;
  readonly restBest: readonly Term[] | undefined;
}

/** rest·best multiplied out (as putProduct puts it), when best's terms are monomials; else undefined. A constant is the term ONE. */
function monomialsOf(rest: Expr, best: Expr): Term[] | undefined {
  const terms = best.kind === 'add' ? best.terms : [{ expr: splitCoeff(best)[1] }];
  if (!terms.every((t) => t.expr === ONE || isExpandedPower(t.expr))) return undefined;
  const out: Term[] = [];
  const put = (expr: Expr, coeff: Rational): void => void out.push({ expr, coeff });
  putProduct(
    put,
    rest === ONE ? [] : asFactors(rest),
    () => rest,
    best,
    (c) => put(ONE, c),
  );
  return out;
}

/** simplifyCopies' result from its copies, or undefined where S is not an expanded sum of its own trig forms free of the aₖ's symbols. */
function copiesForm(copies: readonly Copy[], S: Expr): Expr | undefined {
  if (S.kind !== 'add' || !isExpandedSum(S) || !everyOwnForm(S.terms, (t) => t.expr)) return undefined;
  const inS = new Set<Expr>();
  for (const t of S.terms) for (const f of asFactors(t.expr)) inS.add(f.base);
  if (copies.some((k) => k.factors.some((f) => inS.has(f.base)))) return undefined;
  const c0 = S.constant;
  const acc = new Map<Expr, Rational>();
  const put = (expr: Expr, c: Rational): void => {
    const prev = acc.get(expr);
    acc.set(expr, prev ? Q.add(prev, c) : c);
  };
  const noConstant = (): void => {
    throw new MechanicsError('internal', 'internal', 'simplifyCopies: a product with a symbol became a constant');
  };
  const groups = groupByRest(S);
  // Without pure trig terms the constant's copies cₖs₀aₖ are groups of their own.
  if (!Q.isZero(c0) && !groups.some((g) => g.pure)) for (const k of copies) put(k.a, Q.mul(k.c, c0));
  for (const g of groups) {
    const joins = g.pure && !Q.isZero(c0);
    const trig = g.terms.map((t) => splitTrig(t.expr)[1]);
    const rest = g.pure ? ONE : splitTrig(g.terms[0]!.expr)[0];
    const polys = new Map<string, Form>();
    for (const k of copies) {
      let form: Form | undefined;
      if (g.terms.length + (joins ? 1 : 0) > 1) {
        const key = `${k.c.n}/${k.c.d}`;
        form = polys.get(key);
        if (!form) {
          const poly = addAll([...g.terms.map((t, i) => mul(num(Q.mul(k.c, t.coeff)), trig[i]!)), ...(joins ? [num(Q.mul(k.c, c0))] : [])]);
          const best = shortestForm(poly);
          polys.set(key, (form = { poly, best, restBest: best === poly ? undefined : monomialsOf(rest, best) }));
        }
      }
      if (form && form.best !== form.poly) {
        // aₖ·(R·best): R·best's monomials are made once for all copies, and
        // aₖ's symbols, none of them in S, merge into each (the same
        // canonical products as (aₖR)·best's, without the node aₖR).
        if (form.restBest) {
          for (const t of form.restBest) {
            const [c, m] = splitCoeff(mulFactors(Q.ONE, k.factors, t.expr));
            if (m === ONE) noConstant();
            put(m, Q.mul(c, t.coeff));
          }
          continue;
        }
        const aR = rest === ONE ? k.a : mul(k.a, rest);
        putProduct(put, asFactors(aR), () => aR, form.best, noConstant);
        continue;
      }
      for (const t of g.terms) put(mulFactors(Q.ONE, k.factors, t.expr), Q.mul(k.c, t.coeff));
      if (joins) put(k.a, Q.mul(k.c, c0));
    }
  }
  return addFromTerms(Q.ZERO, acc);
}

/**
 * The trig polynomial of group g, made once for the groups of a sum with the
 * same coefficients and trig parts (m₁l₁l₂(cos q₁cos q₂ + sin q₁sin q₂) +
 * m₂l₁l₂(…) + …: the groups of one mass-matrix entry all share theirs).
 */
function samePoly(polys: Map<number, { readonly group: Group; readonly poly: Expr }[]>, g: Group, make: () => Expr): Expr {
  let h = g.terms.length;
  for (const t of g.terms) {
    h = Math.imul(h ^ t.coeff.n, 0x5bd1e995) ^ t.coeff.d;
    for (const f of asFactors(t.expr)) if (isTrigFactor(f)) h = Math.imul(h ^ f.base.id, 0x5bd1e995) ^ f.exp.id;
  }
  const bucket = polys.get(h);
  const hit = bucket?.find((x) => sameTrig(x.group, g));
  if (hit) return hit.poly;
  const poly = make();
  if (bucket) bucket.push({ group: g, poly });
  else polys.set(h, [{ group: g, poly }]);
  return poly;
}

/** Whether two groups have the same coefficients and trig parts, term by term. */
function sameTrig(a: Group, b: Group): boolean {
  if (a.terms.length !== b.terms.length) return false;
  for (let k = 0; k < a.terms.length; k++) {
    if (!Q.eq(a.terms[k]!.coeff, b.terms[k]!.coeff)) return false;
    const fa = asFactors(a.terms[k]!.expr).filter(isTrigFactor);
    const fb = asFactors(b.terms[k]!.expr).filter(isTrigFactor);
    if (fa.length !== fb.length || fa.some((f, i) => f.base !== fb[i]!.base || f.exp !== fb[i]!.exp)) return false;
  }
  return true;
}

/**
 * rest·best multiplied out into `put` (and `addConstant`), as expand would,
 * for the non-trig factors `restFactors` of a term of an expanded sum (rest
 * is their product, made only where needed): over monomials of expanded
 * atoms term by term, else by expand itself.
 */
function putProduct(
  put: (expr: Expr, c: Rational) => void,
  restFactors: readonly Factor[],
  rest: () => Expr,
  best: Expr,
  addConstant: (c: Rational) => void,
): void {
  const terms = best.kind === 'add' ? best.terms : [{ expr: splitCoeff(best)[1], coeff: splitCoeff(best)[0] }];
  if (!terms.every((t) => t.expr === ONE || isExpandedPower(t.expr))) {
    const x = expand(mul(rest(), best));
    if (x.kind === 'add') {
      addConstant(x.constant);
      for (const t of x.terms) put(t.expr, t.coeff);
    } else {
      const [c, m] = splitCoeff(x);
      if (m === ONE) addConstant(c);
      else put(m, c);
    }
    return;
  }
  const pure = restFactors.length === 0;
  if (best.kind === 'add' && !Q.isZero(best.constant)) {
    if (pure) addConstant(best.constant);
    else put(rest(), best.constant);
  }
  for (const t of terms) {
    const prod = pure ? t.expr : t.expr === ONE ? rest() : mulFactors(Q.ONE, restFactors, t.expr);
    const [c, m] = splitCoeff(prod);
    if (m === ONE) addConstant(Q.mul(c, t.coeff));
    else put(m, Q.mul(c, t.coeff));
  }
}

/**
 * (terms, operations + multiple-angle penalty). Papers write 1 + 3 sin²α
 * rather than 5/3 − cos 2α: an argument with a coefficient other than ±1
 * (2α, 3α) costs two extra operations, so at equal length powers of sines
 * and cosines of the original angles win, while cos(q₁ − q₂) still beats
 * cos q₁ cos q₂ + sin q₁ sin q₂.
 */
export function trigCost(e: Expr): [number, number] {
  const terms = e.kind === 'add' ? e.terms.length + (Q.isZero(e.constant) ? 0 : 1) : e === num(0) ? 0 : 1;
  return [terms, opCount(e) + 2 * multipleAngles(e)];
}

function multipleAngles(e: Expr): number {
  switch (e.kind) {
    case 'num':
    case 'sym':
      return 0;
    case 'fn': {
      const a = e.args[0]!;
      const coeffs = a.kind === 'add' ? a.terms.map((t) => t.coeff) : a.kind === 'mul' ? [a.coeff] : [];
      return coeffs.some((c) => !Q.isOne(Q.abs(c))) ? 1 : 0;
    }
    case 'add':
      return e.terms.reduce((s, t) => s + multipleAngles(t.expr), 0);
    case 'mul':
      return e.factors.reduce((s, f) => s + multipleAngles(f.base), 0);
    case 'pow':
      return multipleAngles(e.base);
    default:
      return unreachable(e);
  }
}

/**
 * The shortest form reachable from `poly` by repeated rewriting: each step
 * takes the best of the rewritings below only when it is strictly shorter,
 * so the descent ends, and it ends at a form none of whose rewritings is
 * shorter. One step was not enough: a linearized form can itself halve to
 * something shorter (−3 cos x sin x + 2 cos(x−y) sin(x+y) → −½ sin 2x + sin 2y
 * → −cos x sin x + 2 cos y sin y), so a second simplify changed the result.
 * Every node on the way has the same answer.
 */
function shortestForm(poly: Expr): Expr {
  const hit = memo(poly).shortest;
  if (hit) return hit;
  const path: Expr[] = [];
  let cur = poly;
  for (;;) {
    const known = memo(cur).shortest;
    if (known) {
      cur = known;
      break;
    }
    path.push(cur);
    // A lone term or a number is left alone (see simplifySum), and so is a
    // form that is no longer a trigonometric polynomial: sin(π/3) = √3/2 is a
    // term without sines, which a second pass puts in a group of its own.
    if (cur.kind !== 'add' || !cur.terms.every((t) => isTrigMonomial(t.expr))) break;
    const next = shortestFormOnce(cur);
    if (next === cur) break;
    cur = next;
  }
  for (const u of path) memo(u).shortest = cur;
  return cur;
}

function shortestFormOnce(poly: Expr): Expr {
  let best = poly;
  let bestCost = trigCost(poly);
  const consider = (cand: Expr): void => {
    const c = trigCost(cand);
    if (c[0] < bestCost[0] || (c[0] === bestCost[0] && c[1] < bestCost[1])) {
      best = cand;
      bestCost = c;
    }
  };
  // A rewriting that finds nothing to rewrite gives poly back, which is
  // never strictly shorter: skip it without rebuilding poly (a mass-matrix
  // entry's cos qᵢcos qⱼ + sin qᵢsin qⱼ has no squares and no double angles).
  if (hasEvenPower(poly, 'cos')) consider(expand(pythagorean(poly, 'cos')));
  if (hasEvenPower(poly, 'sin')) consider(expand(pythagorean(poly, 'sin')));
  consider(linearize(poly));
  const halved = hasEvenAngle(poly) ? expand(halveAngles(poly)) : poly;
  if (halved !== poly) {
    consider(halved);
    consider(expand(pythagorean(halved, 'cos')));
    consider(expand(pythagorean(halved, 'sin')));
  }
  return best;
}

/** Whether a trig polynomial has a factor sin or cos of an angle whose coefficients are all even (what halveAngles rewrites). */
const hasEvenAngle = (poly: Expr): boolean => someTrigFactor(poly, (f) => isEvenAngle(f.base as Fn));

/** Whether a trig polynomial has an even power of `which` (what pythagorean rewrites). */
const hasEvenPower = (poly: Expr, which: 'sin' | 'cos'): boolean =>
  someTrigFactor(poly, (f) => (f.base as Fn).name === which && (f.exp as Expr & { kind: 'num' }).value.n >= 2);

/** Whether some factor of some term of a trig polynomial (its terms are trig monomials, see shortestForm) satisfies `test`. */
function someTrigFactor(poly: Expr, test: (f: Factor) => boolean): boolean {
  for (const t of poly.kind === 'add' ? poly.terms : [{ expr: poly }]) for (const f of asFactors(t.expr)) if (isTrigFactor(f) && test(f)) return true;
  return false;
}

/** sin or cos of an argument whose coefficients are all even (2u, 2u − 4v). */
function isEvenAngle(u: Fn): boolean {
  const a = u.args[0]!;
  const coeffs = a.kind === 'add' ? (Q.isZero(a.constant) ? a.terms.map((t) => t.coeff) : []) : a.kind === 'mul' ? [a.coeff] : [];
  return coeffs.length > 0 && coeffs.every((c) => Q.isInteger(c) && c.n % 2 === 0);
}

/** cos 2u → 1 − 2 sin²u and sin 2u → 2 sin u cos u, for arguments whose coefficients are all even. */
function halveAngles(e: Expr): Expr {
  return memoPass<Expr>((u, go) => {
    if (u.kind !== 'fn' || (u.name !== 'sin' && u.name !== 'cos')) return mapChildren(u, go);
    if (!isEvenAngle(u)) return u;
    const a = u.args[0]!;
    const half = mul(num(Q.HALF), a);
    return u.name === 'cos' ? sub(ONE, mul(num(2), pow(sin(half), 2))) : mul(num(2), sin(half), cos(half));
  })(e);
}

/** Replace every even power of `which` by a power of 1 − (the other)². */
function pythagorean(e: Expr, which: 'sin' | 'cos'): Expr {
  const other = which === 'cos' ? sin : cos;
  const rewrite = (base: Expr, exp: Expr): Expr => {
    if (base.kind === 'fn' && base.name === which && exp.kind === 'num' && Q.isInteger(exp.value) && exp.value.n >= 2) {
      const k = exp.value.n;
      const sq = sub(ONE, pow(other(base.args[0]!), 2));
      return mul(pow(sq, Math.floor(k / 2)), pow(base, k % 2));
    }
    return pow(base, exp);
  };
  const term = (u: Expr): Expr => {
    if (u.kind === 'mul') return mulAll([num(u.coeff), ...u.factors.map((f) => rewrite(f.base, f.exp))]);
    if (u.kind === 'pow') return rewrite(u.base, u.exp);
    return u;
  };
  return e.kind === 'add' ? addAll([num(e.constant), ...e.terms.map((t) => mul(num(t.coeff), term(t.expr)))]) : term(e);
}

/**
 * cos²x → 1 − sin²x (which = 'cos') or sin²x → 1 − cos²x for one angle x,
 * expanded (critical values solve in it; the report's printer writes sums of
 * one angle in sines with it).
 */
export function pythagoreanIn(e: Expr, x: Expr, which: 'sin' | 'cos'): Expr {
  const other = which === 'cos' ? 'sin' : 'cos';
  return expand(replacePower(e, fn(which, x), add(num(1), neg(pow(fn(other, x), 2)))));
}

function replacePower(e: Expr, sq: Expr, by: Expr): Expr {
  // Replace sq² by `by` in every term (sq^k with k ≥ 2 → by·sq^(k−2)).
  return add(
    ...termsOf(expand(e)).map((t) => {
      const fs = t.kind === 'mul' ? t.factors : t.kind === 'pow' ? [{ base: t.base, exp: t.exp }] : [];
      const f = fs.find((f) => f.base === sq && f.exp.kind === 'num' && f.exp.value.d === 1 && f.exp.value.n >= 2);
      if (!f) return t;
      const k = (f.exp as Expr & { kind: 'num' }).value.n;
      return mul(t, pow(sq, -k), pow(by, Math.floor(k / 2)), pow(sq, k % 2));
    }),
  );
}
