// Pulling out common factors, for printing (reports) and for cheaper
// generated code: l₁l₂cos(q₁ − q₂)(m₂ + m₃) instead of two expanded terms.
//
// Greedy: first the gcd of all terms; then repeatedly the monomial shared by
// the most terms (weighted by its size), recursively inside and, in a loop,
// outside. Deterministic: ties go to the candidate first in canonical order.
// Linear-ish in the size of the sum (Terms below keeps every step's choice
// up to date), so the ∂R/∂q of the 40-link pendulum (86,000 terms) takes
// a few hundred milliseconds.
import { pullContent } from './content.js';
import { commonPower, powerDivides } from './powers.js';
import * as Q from './rational.js';
import type { Rational } from './rational.js';
import { compare, makeFactor, makeMul, mul, mulAll, num, ONE, pow, splitCoeff, TermSum, unreachable, type Expr, type Factor } from './expr.js';

/**
 * Monomial: bases sorted by node id, each with a numeric exponent (only
 * numeric exponents take part in gcds). Sorted arrays make divisibility,
 * gcd and quotient one merge each, without hashing or a Map per term: on
 * the 40-link pendulum the Maps' allocation and lookups were half of
 * collecting. Node ids are unique among live nodes and only order the
 * merge here; nothing built from a monomial depends on them (products are
 * rebuilt in canonical form by mulAll).
 */
interface Mono {
  readonly bases: readonly Expr[];
  readonly exps: readonly Rational[];
}

const EMPTY: Mono = { bases: [], exps: [] };

/** The monomial of a product's factors: bases distinct, sorted by id in place (a handful). */
function monoOfFactors(fs: readonly Factor[]): Mono {
  const bases: Expr[] = [];
  const exps: Rational[] = [];
  for (const f of fs) {
    if (f.exp.kind !== 'num') return monoOfPowers(fs);
    let i = bases.length;
    bases.push(f.base);
    exps.push(f.exp.value);
    for (; i > 0 && bases[i - 1]!.id > f.base.id; i--) {
      bases[i] = bases[i - 1]!;
      exps[i] = exps[i - 1]!;
      bases[i - 1] = f.base;
      exps[i - 1] = f.exp.value;
    }
  }
  return { bases, exps };
}

/** The same with symbolic exponents among the factors: x^e is the base x^e with exponent 1. */
function monoOfPowers(fs: readonly Factor[]): Mono {
  const bases: Expr[] = [];
  const exps: Rational[] = [];
  for (const f of fs) {
    const b = f.exp.kind === 'num' ? f.base : pow(f.base, f.exp);
    const e = f.exp.kind === 'num' ? f.exp.value : Q.ONE;
    let i = bases.length;
    while (i > 0 && bases[i - 1]!.id > b.id) i--;
    // x^y·(x^y)^(1/2): both have the base x^y here, so their exponents add.
    if (i > 0 && bases[i - 1] === b) exps[i - 1] = Q.add(exps[i - 1]!, e);
    else {
      bases.splice(i, 0, b);
      exps.splice(i, 0, e);
    }
  }
  return { bases, exps };
}

function monoOf(term: Expr): [Rational, Mono] {
  const [c, rest] = splitCoeff(term);
  if (rest === ONE) return [c, EMPTY];
  return [c, monoOfFactors(rest.kind === 'mul' ? rest.factors : rest.kind === 'pow' ? [{ base: rest.base, exp: rest.exp }] : [{ base: rest, exp: ONE }])];
}

/** e divides f as powers of one base: same sign and |e| ≤ |f|. */
function within(e: Rational, f: Rational): boolean {
  if (e.d === 1 && f.d === 1) return e.n > 0 ? f.n >= e.n : f.n <= e.n;
  return powerDivides(e, f);
}

function monoDivides(g: Mono, m: Mono): boolean {
  const gb = g.bases;
  const mb = m.bases;
  if (gb.length > mb.length) return false;
  let j = 0;
  for (let i = 0; i < gb.length; i++) {
    const b = gb[i]!;
    while (j < mb.length && mb[j]!.id < b.id) j++;
    if (j === mb.length || mb[j] !== b || !within(g.exps[i]!, m.exps[j]!)) return false;
    j++;
  }
  return true;
}

function monoGcd(a: Mono, b: Mono): Mono {
  // Folding a gcd over many terms mostly meets terms it already divides.
  if (monoDivides(a, b)) return a;
  const bases: Expr[] = [];
  const exps: Rational[] = [];
  for (let i = 0, j = 0; i < a.bases.length && j < b.bases.length; ) {
    const x = a.bases[i]!;
    const y = b.bases[j]!;
    if (x.id < y.id) i++;
    else if (y.id < x.id) j++;
    else {
      const ea = a.exps[i++]!;
      const eb = b.exps[j++]!;
      // Common power: same sign exponents, the smaller magnitude, no root left behind (powers.ts).
      const p = ea.d === 1 && eb.d === 1 ? (Q.isNegative(ea) !== Q.isNegative(eb) ? undefined : within(ea, eb) ? ea : eb) : commonPower(ea, eb);
      if (p === undefined) continue;
      bases.push(x);
      exps.push(p);
    }
  }
  return bases.length === 0 ? EMPTY : { bases, exps };
}

/** m / g, where g divides m. */
function monoDiv(m: Mono, g: Mono): Mono {
  if (g.bases.length === 0) return m; // monomials are never changed once made
  const bases: Expr[] = [];
  const exps: Rational[] = [];
  for (let i = 0, j = 0; i < m.bases.length; i++) {
    const b = m.bases[i]!;
    if (j < g.bases.length && g.bases[j] === b) {
      const e = m.exps[i]!;
      const f = g.exps[j++]!;
      // Most quotients drop the base (x/x): no subtraction to make 0.
      if (Q.eq(e, f)) continue;
      const r = Q.sub(e, f);
      bases.push(b);
      exps.push(r);
    } else {
      bases.push(b);
      exps.push(m.exps[i]!);
    }
  }
  return { bases, exps };
}

function monoSize(m: Mono): number {
  let n = 0;
  for (const e of m.exps) n += Math.abs(e.n);
  return n;
}

function monoHas(m: Mono, b: Expr): boolean {
  for (const x of m.bases) if (x === b) return true;
  return false;
}

function monoExpr(m: Mono): Expr {
  return productOf(Q.ONE, m) ?? mulAll(m.bases.map((b, i) => pow(b, num(m.exps[i]!))));
}

/**
 * c·m as the kernel's product node, built directly (factors sorted by
 * `compare`, no merging) when every base is a symbol or a call: the
 * canonical form mulAll would give, as such bases are distinct, never
 * merge and are their own collected form. Undefined for other bases
 * (sums, powers of symbolic exponents), which go through mulAll. Most
 * products collecting rebuilds are of this kind, and mulAll's map and
 * merge per product were a fifth of collecting.
 */
function productOf(c: Rational, m: Mono): Expr | undefined {
  const factors = factorsOf(m);
  return factors && makeMul(c, factors);
}

/** m's factors in canonical order when every base is a symbol or a call (see productOf). */
function factorsOf(m: Mono): Factor[] | undefined {
  const { bases, exps } = m;
  const factors: Factor[] = [];
  for (let i = 0; i < bases.length; i++) {
    const base = bases[i]!;
    if (base.kind !== 'sym' && base.kind !== 'fn') return undefined;
    const e = exps[i]!;
    const f: Factor = { base, exp: e.n === 1 && e.d === 1 ? ONE : num(e) };
    // Insertion by compare: a product has a handful of factors.
    let k = factors.length;
    factors.push(f);
    for (; k > 0 && compare(factors[k - 1]!.base, base) > 0; k--) factors[k] = factors[k - 1]!;
    factors[k] = f;
  }
  return factors;
}

/**
 * c·m·s for a collected sum s: the product node built directly where m's
 * bases are symbols and calls (productOf's case), as mul would build it:
 * s's factor sorts after theirs (sums come last in canonical order) and
 * never merges with them.
 */
function timesMono(c: Rational, m: Mono, s: Expr): Expr {
  if (s.kind !== 'add' || m.bases.length === 0) return mul(num(c), monoExpr(m), s);
  const factors = factorsOf(m);
  if (!factors) return mul(num(c), monoExpr(m), s);
  factors.push(makeFactor(s, ONE));
  return makeMul(c, factors);
}

interface Item {
  readonly c: Rational;
  readonly m: Mono;
  /** Taken out of its Terms (each item belongs to one). */
  taken: boolean;
  /** The groups of its bases in that Terms, in the order of m.bases (none before one indexes it). */
  groups: Group[];
}

const NO_GROUPS: Group[] = [];
const NO_ITEMS: Item[] = [];
const item = (c: Rational, m: Mono): Item => ({ c, m, taken: false, groups: NO_GROUPS });

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
    case 'add':
      return collect(termItems(e));
    default:
      return unreachable(e);
  }
}

/**
 * The terms of a sum as items, the constant first: what monoOf makes of
 * termsOf(e), read off the terms without building each c·term node and
 * splitting it again (two interned nodes per term).
 */
function termItems(e: Expr & { kind: 'add' }): Item[] {
  const items: Item[] = [];
  if (!Q.isZero(e.constant)) items.push(item(e.constant, EMPTY));
  for (const { expr, coeff } of e.terms) {
    if (expr.kind === 'mul' && Q.isOne(expr.coeff)) items.push(item(coeff, monoOfFactors(expr.factors)));
    else if (expr.kind === 'pow') items.push(item(coeff, monoOfFactors([{ base: expr.base, exp: expr.exp }])));
    else if (expr.kind === 'sym' || expr.kind === 'fn') items.push(item(coeff, { bases: [expr], exps: [Q.ONE] }));
    else {
      // c·(a + b): scale decides its sign and form.
      const [c, m] = monoOf(mul(num(coeff), expr));
      items.push(item(c, m));
    }
  }
  return items;
}

function rebuildChildren(e: Expr): Expr {
  switch (e.kind) {
    case 'fn':
      return e; // arguments are short (angles); leave them as written
    case 'pow': {
      const base = collectFactors(e.base);
      return base === e.base ? e : pow(base, e.exp);
    }
    case 'mul': {
      // A canonical product is its own rebuild: built again only where a base changed (most bases are symbols and calls).
      const bases = e.factors.map((f) => collectFactors(f.base));
      if (bases.every((b, i) => b === e.factors[i]!.base)) return e;
      return mulAll([num(e.coeff), ...e.factors.map((f, i) => pow(bases[i]!, f.exp))]);
    }
    default:
      return e;
  }
}

function itemExpr(it: Item): Expr {
  return productOf(it.c, it.m) ?? mulAll([num(it.c), ...it.m.bases.map((b, i) => pow(collectFactors(b), num(it.m.exps[i]!)))]);
}

/**
 * Σ exprs + Σ items, as addAll builds it (numbers into the constant, sums
 * flattened, c·x as the term x with coefficient c), without spreading a
 * list as long as a sum's terms into one call: V8 refuses more than ~120k
 * arguments. An item goes in as the term (m, c) without a c·m node to
 * split again.
 */
function sumAll(exprs: readonly Expr[], items: readonly Item[] = NO_ITEMS): Expr {
  if (exprs.length + items.length === 1) return exprs[0] ?? itemExpr(items[0]!);
  const sum = new TermSum();
  for (const e of exprs) sum.spread(e);
  for (const it of items) {
    const term = it.m.bases.length > 0 ? productOf(Q.ONE, it.m) : undefined;
    if (term) sum.term(term, it.c);
    else sum.spread(itemExpr(it));
  }
  return sum.build();
}

/** The gcd of the monomials of all terms. */
function commonMonomial(items: readonly Item[]): Mono {
  let g = items[0]!.m;
  for (let i = 1; i < items.length && g.bases.length > 0; i++) g = monoGcd(g, items[i]!.m);
  return g;
}

/**
 * The live items of a group, from the first, folded into their gcd; stops
 * early once it is down to `floor`, a monomial known to divide every live
 * item (the candidate before items were taken out: taking items out can
 * only make the gcd larger). Most groups reach it within a few items, where
 * a full refold after every take was quadratic in the group's size.
 */
function liveGcd(group: Group, floor: Mono): Mono {
  const { items } = group;
  // The taken items at the front are passed once, not at every rescore:
  // the greedy mostly takes a group's terms from its front, and those
  // skipped again at each take were half the items scanned.
  while (group.start < items.length && items[group.start]!.taken) group.start++;
  let g: Mono | undefined;
  for (let k = group.start; k < items.length; k++) {
    const it = items[k]!;
    if (it.taken) continue;
    g = g ? monoGcd(g, it.m) : it.m;
    if (g === floor || sameMono(g, floor)) break;
  }
  return g ?? EMPTY;
}

/** a = b, given that b divides a. */
function sameMono(a: Mono, b: Mono): boolean {
  if (a.bases.length !== b.bases.length) return false;
  for (let i = 0; i < a.exps.length; i++) if (!Q.eq(a.exps[i]!, b.exps[i]!)) return false;
  return true;
}

/** The score of a candidate monomial dividing `count` terms: its size × (count − 1). */
const scoreOf = (cand: Mono, count: number): number => monoSize(cand) * (count - 1);

/** The terms containing one base, their gcd (the base's candidate) and its score. */
interface Group {
  readonly base: Expr;
  /** The terms containing the base, in their order; taken ones are skipped until the list is compacted. */
  items: Item[];
  /** Every item before this index is taken. */
  start: number;
  /** How many of `items` are not taken. */
  live: number;
  cand: Mono;
  score: number;
  /** Bumped whenever the score is recomputed; heap entries with an older stamp are void. */
  stamp: number;
  /** The take that last touched the group (each is rescored once per take). */
  touched: number;
}

interface Entry {
  readonly score: number;
  readonly group: Group;
  readonly stamp: number;
}

/**
 * Heap order: the higher score first, then the base first in canonical
 * order, compared only where scores tie: ranking every base of every Terms
 * up front (a sort by compare per collected sum) was a tenth of collecting
 * the 40-link pendulum's Jacobian, whose n² entries each sort their bases.
 */
const before = (a: Entry, b: Entry): boolean => a.score > b.score || (a.score === b.score && a.group !== b.group && compare(a.group.base, b.group.base) < 0);

/** A coefficient as a Map key: the number itself when an integer (no string per term). */
const coefficientKey = (c: Rational): number | string => (c.d === 1 ? c.n : `${c.n}/${c.d}`);

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
class Terms implements TermSet {
  /** The terms in their order; `taken` ones are skipped. */
  private readonly items: readonly Item[];
  private firstLive = 0;
  count: number;
  private readonly groups = new Map<Expr, Group>();
  private readonly heap: Entry[] = [];
  /** Groups whose candidate does not contain their base (exponents of both signs): their count is recounted every step. */
  private readonly mixed = new Set<Group>();
  private readonly coefficients = new Map<number | string, { c: Rational; count: number }>();
  private negatives = 0;
  private takes = 0;
  /** The group of shared's last answer. */
  private chosen: Group | undefined;

  constructor(items: readonly Item[]) {
    this.items = items;
    this.count = items.length;
    for (const it of items) {
      it.groups = [];
      for (const b of it.m.bases) {
        let g = this.groups.get(b);
        if (!g) this.groups.set(b, (g = { base: b, items: [], start: 0, live: 0, cand: EMPTY, score: 0, stamp: 0, touched: 0 }));
        g.items.push(it);
        g.live++;
        it.groups.push(g);
      }
      this.countCoefficient(it, 1);
    }
    for (const g of this.groups.values()) this.rescore(g, EMPTY);
  }

  private countCoefficient(it: Item, by: 1 | -1): void {
    const key = coefficientKey(it.c);
    const e = this.coefficients.get(key);
    if (e) e.count += by;
    else this.coefficients.set(key, { c: it.c, count: by });
    if (e && e.count === 0) this.coefficients.delete(key);
    if (Q.isNegative(it.c)) this.negatives += by;
  }

  /** Recompute a group's candidate (knowing `floor` divides it) and score, and queue it. */
  private rescore(g: Group, floor: Mono): void {
    g.cand = liveGcd(g, floor);
    const whole = monoHas(g.cand, g.base);
    const some = g.cand.bases.length > 0;
    if (whole) this.mixed.delete(g);
    else if (g.live > 1 && some) this.mixed.add(g);
    g.score = g.live < 2 || !some ? 0 : scoreOf(g.cand, whole ? g.live : this.divisibleCount(g.cand));
    g.stamp++;
    if (g.score > 0) this.push({ score: g.score, group: g, stamp: g.stamp });
  }

  /** How many terms a monomial divides: those containing all its bases, so the shortest of their groups is scanned. */
  private divisibleCount(cand: Mono): number {
    let scan: Group | undefined;
    for (const base of cand.bases) {
      const g = this.groups.get(base)!;
      if (!scan || g.live < scan.live) scan = g;
    }
    let count = 0;
    for (const it of scan!.items) if (!it.taken && monoDivides(cand, it.m)) count++;
    return count;
  }

  /** The remaining terms in their order. */
  live(): Item[] {
    return this.items.filter((it) => !it.taken);
  }

  first(): Item {
    while (this.items[this.firstLive]!.taken) this.firstLive++;
    return this.items[this.firstLive]!;
  }

  /** The gcd of the remaining monomials: the candidate of a base in every term (only the first term's bases can be), else empty. */
  commonMonomial(): Mono {
    for (const g of this.first().groups) if (g.live === this.count && monoHas(g.cand, g.base)) return g.cand;
    return EMPTY;
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
  shared(): Mono | undefined {
    for (const g of this.mixed) this.rescore(g, g.cand);
    for (;;) {
      const top = this.heap[0];
      if (!top) return undefined;
      if (top.stamp === top.group.stamp) {
        this.chosen = top.group;
        return top.group.cand;
      }
      this.pop();
    }
  }

  /** Take out the terms `best` (shared's last answer) divides (its group's when best contains its base), in their order. */
  take(best: Mono): Item[] {
    const group = this.chosen!;
    const inside: Item[] = [];
    for (const it of monoHas(best, group.base) ? group.items : this.items) if (!it.taken && monoDivides(best, it.m)) inside.push(it);
    const touched: Group[] = [];
    this.takes++;
    for (const it of inside) {
      it.taken = true;
      this.countCoefficient(it, -1);
      for (const g of it.groups) {
        g.live--;
        if (g.touched !== this.takes) {
          g.touched = this.takes;
          touched.push(g);
        }
      }
    }
    this.count -= inside.length;
    for (const g of touched) {
      // Taken items are dropped once they are the majority, so a scan costs O(live).
      if (g.items.length > 2 * g.live + 8) {
        g.items = g.items.filter((it) => !it.taken);
        g.start = 0;
      }
      this.rescore(g, g.cand);
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
    for (let i = 0; ; ) {
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
  let negative = Q.isNegative(items[0]!.c);
  for (let i = 1; i < items.length; i++) {
    const c = items[i]!.c;
    negative &&= Q.isNegative(c);
    // gcd(1, an integer) is 1: most sums have a coefficient ±1.
    if (!(Q.isOne(gc) && c.d === 1)) gc = Q.gcdOf(gc, c);
  }
  return negative ? Q.neg(gc) : gc;
}

/** The terms divided by c·m (which divides each). */
const quotients = (items: readonly Item[], c: Rational, m: Mono): Item[] => items.map((it) => item(Q.isOne(c) ? it.c : Q.div(it.c, c), monoDiv(it.m, m)));

/** Whether some base occurs in two terms. */
function baseInTwo(items: readonly Item[]): boolean {
  const seen = new Set<Expr>();
  for (const it of items) {
    for (const b of it.m.bases) {
      if (seen.has(b)) return true;
      seen.add(b);
    }
  }
  return false;
}

/**
 * Sums of at most this many terms are collected through SmallTerms, larger ones
 * through Terms. Most sums met at n = 10 have 2–20 terms, where Terms' Maps,
 * groups, heap and canonical ranking of every base cost more than scanning
 * a few arrays per step: collecting the 10-link pendulum's kernel
 * expressions took 6.0–7.0 ms with Terms throughout, 5.3–5.9 ms with this
 * path up to 16–64 terms (flat between those).
 */
const SMALL_SUM = 32;

/**
 * Terms.shared by direct scans: for each base (a list searched by identity,
 * no hashing), the gcd of the terms containing it; the highest size ×
 * (terms divisible − 1) wins, ties to the base first in canonical order
 * (compared only when scores tie, as in Terms).
 */
function sharedAmong(items: readonly Item[]): Mono | undefined {
  const bases: Expr[] = [];
  const cands: Mono[] = [];
  const counts: number[] = [];
  for (const it of items) {
    for (const b of it.m.bases) {
      const j = bases.indexOf(b);
      if (j < 0) {
        bases.push(b);
        cands.push(it.m);
        counts.push(1);
      } else {
        cands[j] = monoGcd(cands[j]!, it.m);
        counts[j]!++;
      }
    }
  }
  let best: Mono | undefined;
  let bestBase: Expr | undefined;
  let bestScore = 0;
  for (let j = 0; j < bases.length; j++) {
    const cand = cands[j]!;
    if (counts[j]! < 2 || cand.bases.length === 0) continue;
    const base = bases[j]!;
    let count = counts[j]!;
    if (!monoHas(cand, base)) {
      count = 0;
      for (const it of items) if (monoDivides(cand, it.m)) count++;
    }
    const score = scoreOf(cand, count);
    if (score > bestScore || (score === bestScore && score > 0 && compare(base, bestBase!) < 0)) {
      best = cand;
      bestBase = base;
      bestScore = score;
    }
  }
  return best;
}

/** The terms still to be collected, as collect's loop reads them: Terms for large sums, SmallTerms for small ones. */
interface TermSet {
  readonly count: number;
  /** The monomial to take out next, if any base is shared. */
  shared(): Mono | undefined;
  /** Take out the terms the monomial shared() returned divides, in their order. */
  take(best: Mono): Item[];
  live(): Item[];
  first(): Item;
  commonMonomial(): Mono;
  commonCoefficient(): Rational;
}

/** A small sum's terms in a plain array, each step a scan (sharedAmong). */
class SmallTerms implements TermSet {
  private items: Item[];

  constructor(items: Item[]) {
    this.items = items;
  }

  get count(): number {
    return this.items.length;
  }

  shared(): Mono | undefined {
    return sharedAmong(this.items);
  }

  take(best: Mono): Item[] {
    const inside: Item[] = [];
    const rest: Item[] = [];
    for (const it of this.items) (monoDivides(best, it.m) ? inside : rest).push(it);
    this.items = rest;
    return inside;
  }

  live(): Item[] {
    return this.items;
  }

  first(): Item {
    return this.items[0]!;
  }

  commonMonomial(): Mono {
    return commonMonomial(this.items);
  }

  commonCoefficient(): Rational {
    return commonCoefficient(this.items);
  }
}

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
  if (g0.bases.length > 0 || !Q.isOne(c0)) return timesMono(c0, g0, collect(quotients(items, c0, g0)));
  // Most sums met inside others have no base in two terms (m₃ + m₄ + …):
  // nothing to index, the terms as they are (a small sum finds that out in
  // its first scan).
  if (items.length > SMALL_SUM && !baseInTwo(items)) return sumAll([], items);
  const terms: TermSet = items.length <= SMALL_SUM ? new SmallTerms(items) : new Terms(items);
  const parts: Expr[] = [];
  for (;;) {
    const best = terms.shared();
    if (!best) return pullContent(sumAll(parts, terms.live()));
    parts.push(timesMono(Q.ONE, best, collect(quotients(terms.take(best), Q.ONE, best))));
    if (terms.count <= 1) {
      if (terms.count === 1) parts.push(itemExpr(terms.first()));
      break;
    }
    const g = terms.commonMonomial();
    const c = terms.commonCoefficient();
    if (g.bases.length > 0 || !Q.isOne(c)) {
      parts.push(timesMono(c, g, collect(quotients(terms.live(), c, g))));
      break;
    }
  }
  // The greedy's nested form m₁·A₁ + (m₂·A₂ + (… + rest)) is the sum of all
  // parts at once: each mᵢ·Aᵢ is a product (never a sum or a multiple of
  // one), so flattening the nested sums changes no coefficient of a
  // sum-term, the one case where add is not associative. The parts may
  // still share a factor no single step saw (content.ts).
  return pullContent(sumAll(parts));
}
