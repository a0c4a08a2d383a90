// Pulling out common factors, for printing (reports) and for cheaper
// generated code: l₁l₂cos(q₁ − q₂)(m₂ + m₃) instead of two expanded terms.
//
// Greedy: first the gcd of all terms; then repeatedly the monomial shared by
// the most terms (weighted by its size), recursively inside and outside.
// Deterministic: candidates are scanned in canonical order.
import * as Q from './rational.js';
import type { Rational } from './rational.js';
import { add, compare, mul, num, ONE, pow, splitCoeff, termsOf, unreachable, type Expr, type Factor } from './expr.js';

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
  return mul(...[...m].map(([b, e]) => pow(b, num(e))));
}


interface Item {
  c: Rational;
  m: Mono;
}

/** e with common factors pulled out of every sum (recursively). Mathematically equal to e. */
export function collectFactors(e: Expr): Expr {
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
      return mul(num(e.coeff), ...e.factors.map((f) => pow(collectFactors(f.base), f.exp)));
    default:
      return e;
  }
}

function itemExpr(it: Item): Expr {
  return mul(num(it.c), ...[...it.m].map(([b, x]) => pow(collectFactors(b), num(x))));
}

function collect(items: Item[]): Expr {
  if (items.length === 0) return num(0);
  if (items.length === 1) return itemExpr(items[0]!);
  // 1. The gcd of all terms, with the sign of the first term when all are negative.
  let g = items[0]!.m;
  let gc = Q.abs(items[0]!.c);
  for (const it of items.slice(1)) {
    g = monoGcd(g, it.m);
    gc = Q.gcdOf(gc, it.c);
  }
  if (items.every((it) => Q.isNegative(it.c))) gc = Q.neg(gc);
  if (g.size > 0 || !Q.isOne(gc)) {
    const inner = items.map((it) => ({ c: Q.div(it.c, gc), m: monoDiv(it.m, g) }));
    return mul(num(gc), monoExpr(g), collect(inner));
  }
  // 2. The monomial shared by the most terms, weighted by its size: for each
  //    base, the gcd of the terms containing it (linear in the number of
  //    terms per base; scanning all pairs of terms was cubic and took
  //    seconds on the 12-link pendulum's forcing).
  const bases: Expr[] = [];
  const seen = new Set<Expr>();
  for (const it of items) for (const b of it.m.keys()) if (!seen.has(b)) (seen.add(b), bases.push(b));
  bases.sort(compare);
  let best: Mono | undefined;
  let bestScore = 0;
  for (const b of bases) {
    const group = items.filter((it) => it.m.has(b));
    if (group.length < 2) continue;
    let cand = group[0]!.m;
    for (const it of group.slice(1)) cand = monoGcd(cand, it.m);
    if (cand.size === 0) continue;
    const count = items.filter((it) => monoDivides(cand, it.m)).length;
    const score = monoSize(cand) * (count - 1);
    if (score > bestScore) {
      best = cand;
      bestScore = score;
    }
  }
  if (!best) return add(...items.map(itemExpr));
  const inside = items.filter((it) => monoDivides(best!, it.m));
  const outside = items.filter((it) => !monoDivides(best!, it.m));
  return add(mul(monoExpr(best), collect(inside.map((it) => ({ c: it.c, m: monoDiv(it.m, best!) })))), collect(outside));
}

