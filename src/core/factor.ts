// Pulling out common factors, for printing (reports) and for cheaper
// generated code: l₁l₂cos(q₁ − q₂)(m₂ + m₃) instead of two expanded terms.
//
// Greedy: first the gcd of all terms; then repeatedly the monomial shared by
// the most terms (weighted by its size), recursively inside and, in a loop,
// outside. Deterministic: ties go to the candidate first in canonical order.
// Linear-ish in the size of the sum (Terms below keeps every step's choice
// up to date), so the ∂R/∂q of the 40-link pendulum (86,000 terms) takes
// about a second.
import * as Q from './rational.js';
import type { Rational } from './rational.js';
import { addAll, addFromTerms, compare, mul, mulAll, num, ONE, pow, splitCoeff, termsOf, unreachable, type Expr, type Factor } from './expr.js';

/** Monomial as base → numeric exponent (only numeric exponents take part in gcds). */
type Mono = Map<Expr, Rational>;

function monoOf(term: Expr): [Rational, Mono] {
  const [c, rest] = splitCoeff(term);
  const m: Mono = new Map();
  const fs: readonly Factor[] = rest.kind === 'mul' ? rest.factors : rest.kind === 'pow' ? [{ base: rest.base, exp: rest.exp }] : rest === ONE ? [] : [{ base: rest, exp: ONE }];
  for (const f of fs) {
    if (f.exp.kind === 'num') m.set(f.base, f.exp.value);
    else m.set(pow(f.base, f.exp), Q.ONE);
  }
  return [c, m];
}

function monoGcd(a: Mono, b: Mono): Mono {
  // Folding a gcd over many terms mostly meets terms it already divides.
  if (monoDivides(a, b)) return a;
  const out: Mono = new Map();
  for (const [base, ea] of a) {
    const eb = b.get(base);
    if (!eb) continue;
    // Common power: same sign exponents, the smaller magnitude.
    if (Q.isNegative(ea) !== Q.isNegative(eb)) continue;
    out.set(base, Q.cmp(Q.abs(ea), Q.abs(eb)) <= 0 ? ea : eb);
  }
  return out;
}

function monoDivides(g: Mono, m: Mono): boolean {
  for (const [base, e] of g) {
    const em = m.get(base);
    if (!em || Q.isNegative(e) !== Q.isNegative(em) || Q.cmp(Q.abs(e), Q.abs(em)) > 0) return false;
  }
  return true;
}

function monoDiv(m: Mono, g: Mono): Mono {
  if (g.size === 0) return m; // monomials are never changed once made
  const out: Mono = new Map(m);
  for (const [base, e] of g) {
    const r = Q.sub(out.get(base)!, e);
    if (Q.isZero(r)) out.delete(base);
    else out.set(base, r);
  }
  return out;
}

function monoSize(m: Mono): number {
  let n = 0;
  for (const e of m.values()) n += Math.abs(e.n);
  return n;
}

function monoExpr(m: Mono): Expr {
  return mulAll([...m].map(([b, e]) => pow(b, num(e))));
}

interface Item {
  c: Rational;
  m: Mono;
}

// Results are a function of the node's structure alone (nodes are immutable
// and interned), so they are kept per node: codegen asks for the same M and
// forcing entries in several kernel blocks.
const collected = new WeakMap<Expr, Expr>();

/** e with common factors pulled out of every sum (recursively). Mathematically equal to e. */
export function collectFactors(e: Expr): Expr {
  const hit = collected.get(e);
  if (hit) return hit;
  const r = collectFactorsOnce(e);
  collected.set(e, r);
  return r;
}

function collectFactorsOnce(e: Expr): Expr {
  switch (e.kind) {
    case 'num':
    case 'sym':
      return e;
    case 'fn':
    case 'pow':
    case 'mul':
      return rebuildChildren(e);
    case 'add': {
      const items = termsOf(e).map((t) => {
        const [c, m] = monoOf(t);
        return { c, m };
      });
      return collect(items);
    }
    default:
      return unreachable(e);
  }
}

function rebuildChildren(e: Expr): Expr {
  switch (e.kind) {
    case 'fn':
      return e; // arguments are short (angles); leave them as written
    case 'pow':
      return pow(collectFactors(e.base), e.exp);
    case 'mul':
      return mulAll([num(e.coeff), ...e.factors.map((f) => pow(collectFactors(f.base), f.exp))]);
    default:
      return e;
  }
}

function itemExpr(it: Item): Expr {
  return mulAll([num(it.c), ...[...it.m].map(([b, x]) => pow(collectFactors(b), num(x)))]);
}

/**
 * Σ exprs, as addAll(exprs) builds it (numbers into the constant, sums
 * flattened, c·x as the term x with coefficient c), without spreading a
 * list as long as a sum's terms into one call: V8 refuses more than ~120k
 * arguments.
 */
function sumAll(exprs: readonly Expr[]): Expr {
  if (exprs.length === 1) return exprs[0]!;
  const acc = new Map<Expr, Rational>();
  let constant = Q.ZERO;
  const put = (e: Expr, c: Rational): void => void acc.set(e, Q.add(acc.get(e) ?? Q.ZERO, c));
  for (const e of exprs) {
    if (e.kind === 'num') constant = Q.add(constant, e.value);
    else if (e.kind === 'add') {
      constant = Q.add(constant, e.constant);
      for (const t of e.terms) put(t.expr, t.coeff);
    } else {
      const [c, rest] = splitCoeff(e);
      put(rest, c);
    }
  }
  return addFromTerms(constant, acc);
}

/** The gcd of the monomials of all terms. */
function commonMonomial(items: readonly Item[]): Mono {
  let g = items[0]!.m;
  for (let i = 1; i < items.length && g.size > 0; i++) g = monoGcd(g, items[i]!.m);
  return g;
}

/** The score of a candidate monomial dividing `count` terms: its size × (count − 1). */
const scoreOf = (cand: Mono, count: number): number => monoSize(cand) * (count - 1);

/** The terms containing one base, their gcd (the base's candidate) and its score. */
interface Group {
  items: Item[];
  cand: Mono;
  score: number;
  /** Position of the base in canonical order: ties go to the first. */
  readonly order: number;
  /** Bumped whenever the score is recomputed; heap entries with an older stamp are void. */
  stamp: number;
}

interface Entry {
  readonly score: number;
  readonly order: number;
  readonly base: Expr;
  readonly stamp: number;
}

/** Heap order: the higher score first, then the base first in canonical order. */
const before = (a: Entry, b: Entry): boolean => a.score > b.score || (a.score === b.score && a.order < b.order);

/**
 * The terms still to be collected, with what each step of the greedy needs
 * kept up to date as groups of terms are taken out: the terms indexed by
 * base with each base's candidate and score (recomputed only for the bases
 * of the terms taken), the best candidate in a heap, and the coefficients
 * as a multiset. A step then costs about the size of the group it takes,
 * where scanning every term per base was cubic (the energy of the 40-link
 * pendulum has ~900 bases and ~12,000 terms) and rescanning every base and
 * term per step quadratic in the number of groups.
 */
class Terms {
  /** The terms in their order; `taken` ones are skipped. */
  private readonly items: readonly Item[];
  private readonly taken = new Set<Item>();
  private firstLive = 0;
  count: number;
  private readonly groups = new Map<Expr, Group>();
  private readonly heap: Entry[] = [];
  /** Bases whose candidate does not contain them (exponents of both signs): their count is recounted every step. */
  private readonly mixed = new Set<Expr>();
  private readonly coefficients = new Map<string, { c: Rational; count: number }>();
  private negatives = 0;

  constructor(items: readonly Item[]) {
    this.items = items;
    this.count = items.length;
    for (const it of items) {
      for (const b of it.m.keys()) {
        const g = this.groups.get(b);
        if (g) g.items.push(it);
        else this.groups.set(b, { items: [it], cand: it.m, score: 0, order: 0, stamp: 0 });
      }
      this.countCoefficient(it, 1);
    }
    [...this.groups.keys()].sort(compare).forEach((b, order) => {
      const g = this.groups.get(b)!;
      this.groups.set(b, { ...g, order });
      this.rescore(b);
    });
  }

  private countCoefficient(it: Item, by: 1 | -1): void {
    const key = `${it.c.n}/${it.c.d}`;
    const e = this.coefficients.get(key);
    if (e) e.count += by;
    else this.coefficients.set(key, { c: it.c, count: by });
    if (e && e.count === 0) this.coefficients.delete(key);
    if (Q.isNegative(it.c)) this.negatives += by;
  }

  /** Recompute a base's candidate and score, and queue it. */
  private rescore(b: Expr): void {
    const g = this.groups.get(b)!;
    g.cand = g.items.length === 0 ? new Map() : commonMonomial(g.items);
    const whole = g.cand.has(b);
    if (whole) this.mixed.delete(b);
    else if (g.items.length > 1 && g.cand.size > 0) this.mixed.add(b);
    g.score = g.items.length < 2 || g.cand.size === 0 ? 0 : scoreOf(g.cand, whole ? g.items.length : this.divisibleCount(g.cand));
    g.stamp++;
    if (g.score > 0) this.push({ score: g.score, order: g.order, base: b, stamp: g.stamp });
  }

  /** How many terms a monomial divides: those containing all its bases, so the shortest of their groups is scanned. */
  private divisibleCount(cand: Mono): number {
    let scan: readonly Item[] | undefined;
    for (const base of cand.keys()) {
      const g = this.groups.get(base)!.items;
      if (!scan || g.length < scan.length) scan = g;
    }
    let count = 0;
    for (const it of scan!) if (monoDivides(cand, it.m)) count++;
    return count;
  }

  /** The remaining terms in their order. */
  live(): Item[] {
    return this.items.filter((it) => !this.taken.has(it));
  }

  first(): Item {
    while (this.taken.has(this.items[this.firstLive]!)) this.firstLive++;
    return this.items[this.firstLive]!;
  }

  /** The gcd of the remaining monomials: the candidate of a base in every term (only the first term's bases can be), else empty. */
  commonMonomial(): Mono {
    for (const b of this.first().m.keys()) {
      const g = this.groups.get(b)!;
      if (g.items.length === this.count && g.cand.has(b)) return g.cand;
    }
    return new Map();
  }

  /** The gcd of the remaining coefficients, with their sign when all are negative. */
  commonCoefficient(): Rational {
    let gc: Rational | undefined;
    for (const { c } of this.coefficients.values()) gc = gc ? Q.gcdOf(gc, c) : Q.abs(c);
    return this.negatives === this.count ? Q.neg(gc!) : gc!;
  }

  /**
   * The monomial shared by the most terms, weighted by its size: for each
   * base, the gcd of the terms containing it; the first base in canonical
   * order with the highest size × (terms divisible − 1) wins.
   */
  shared(): { best: Mono; base: Expr } | undefined {
    for (const b of this.mixed) this.rescore(b);
    for (;;) {
      const top = this.heap[0];
      if (!top) return undefined;
      const g = this.groups.get(top.base)!;
      if (top.stamp === g.stamp) return { best: g.cand, base: top.base };
      this.pop();
    }
  }

  /** Take out the terms `best` divides (the group of `base` when best contains it), in their order. */
  take(best: Mono, base: Expr): Item[] {
    const inside = (best.has(base) ? this.groups.get(base)!.items : this.live()).filter((it) => monoDivides(best, it.m));
    const out = new Set(inside);
    const touched = new Set<Expr>();
    for (const it of inside) {
      this.taken.add(it);
      this.countCoefficient(it, -1);
      for (const b of it.m.keys()) touched.add(b);
    }
    this.count -= inside.length;
    for (const b of touched) {
      const g = this.groups.get(b)!;
      g.items = g.items.filter((it) => !out.has(it));
      this.rescore(b);
    }
    return inside;
  }

  private push(e: Entry): void {
    const h = this.heap;
    let i = h.push(e) - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!before(h[i]!, h[up]!)) break;
      [h[i], h[up]] = [h[up]!, h[i]!];
      i = up;
    }
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop()!;
    if (h.length === 0) return;
    h[0] = last;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && before(h[l]!, h[m]!)) m = l;
      if (r < h.length && before(h[r]!, h[m]!)) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }
}

/** The gcd of all coefficients, with their sign when all are negative (the first step of collect, before any index). */
function commonCoefficient(items: readonly Item[]): Rational {
  let gc = Q.abs(items[0]!.c);
  for (let i = 1; i < items.length; i++) gc = Q.gcdOf(gc, items[i]!.c);
  return items.every((it) => Q.isNegative(it.c)) ? Q.neg(gc) : gc;
}

/** The terms divided by c·m (which divides each). */
const quotients = (items: readonly Item[], c: Rational, m: Mono): Item[] => items.map((it) => ({ c: Q.div(it.c, c), m: monoDiv(it.m, m) }));

/**
 * Greedy collection: the common factor c·g of all terms (gcd of the
 * monomials, and of the coefficients with the sign of the terms when all
 * are negative), c·g·(the quotients collected); else the shared monomial m,
 * giving m·(the quotients of its terms collected) + (the rest collected),
 * where the rest is handled by the same loop (a chain as long as the number
 * of groups: a loop, not a recursion, so no model can exhaust the stack).
 */
function collect(items: Item[]): Expr {
  if (items.length === 0) return num(0);
  if (items.length === 1) return itemExpr(items[0]!);
  const g0 = commonMonomial(items);
  const c0 = commonCoefficient(items);
  if (g0.size > 0 || !Q.isOne(c0)) return mul(num(c0), monoExpr(g0), collect(quotients(items, c0, g0)));
  const terms = new Terms(items);
  const parts: Expr[] = [];
  for (;;) {
    const shared = terms.shared();
    if (!shared) {
      for (const it of terms.live()) parts.push(itemExpr(it));
      break;
    }
    const { best, base } = shared;
    parts.push(mul(monoExpr(best), collect(quotients(terms.take(best, base), Q.ONE, best))));
    if (terms.count <= 1) {
      if (terms.count === 1) parts.push(itemExpr(terms.first()));
      break;
    }
    const g = terms.commonMonomial();
    const c = terms.commonCoefficient();
    if (g.size > 0 || !Q.isOne(c)) {
      parts.push(mul(num(c), monoExpr(g), collect(quotients(terms.live(), c, g))));
      break;
    }
  }
  // The greedy's nested form m₁·A₁ + (m₂·A₂ + (… + rest)) is the sum of all
  // parts at once: each mᵢ·Aᵢ is a product (never a sum or a multiple of
  // one), so flattening the nested sums changes no coefficient of a
  // sum-term, the one case where add is not associative.
  return sumAll(parts);
}
