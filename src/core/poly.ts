// Sparse multivariate polynomials over Q whose variables are expression
// atoms (symbols, sin(q₁ − q₂), √x, …): the representation the polynomial
// gcd (gcd.ts) and the cancellation of quotients (cancel.ts) work in.
//
// Coefficients. A polynomial over Q is stored as an integer polynomial and,
// where it matters, one rational scale (fromExpr returns p/den). Arithmetic
// is in Z[x] with bigint coefficients: the gcd's pseudo-remainders outgrow
// safe integers at once, and a common denominator per polynomial costs
// nothing per operation, where rational coefficients would normalize a
// fraction at every step. By Gauss's lemma nothing is lost: over Q a gcd or
// an exact quotient of primitive integer polynomials is the integer one up
// to a constant.
//
// Monomials. A monomial over n variables is a string of n UTF-16 code
// units, unit i holding the exponent of variable i (< 2¹⁶). String order is
// then exactly the lexicographic monomial order (variable 0 most
// significant), strings are Map keys without a hashing step, and the
// product of two monomials is a unit-wise sum. Terms are kept sorted in
// decreasing lex order, so the first term is the leading one.
//
// Tests: test/core/poly.test.ts.
import { MechanicsError } from '../errors.js';
import { addAll as addAllExpr, compare, mulAll as mulAllExpr, num, pow as powExpr, unreachable, type Expr } from './expr.js';
import * as Q from './rational.js';
import type { Rational } from './rational.js';

export interface Poly {
  /** Monomials (exponent strings), strictly decreasing in lex order. */
  readonly mons: readonly string[];
  /** Nonzero integer coefficients, aligned with `mons`. */
  readonly coeffs: readonly bigint[];
}

export const ZERO_POLY: Poly = { mons: [], coeffs: [] };

const MAX_EXP = 0xffff;

function unit(e: number): string {
  if (e > MAX_EXP) throw new MechanicsError('coefficient-overflow', 'numeric', `polynomial exponent ${e} is too large`);
  return String.fromCharCode(e);
}

/** The monomial with exponents `exps`. */
export function mono(exps: readonly number[]): string {
  let s = '';
  for (const e of exps) s += unit(e);
  return s;
}

/** Exponents of a monomial. */
export const exponents = (m: string): number[] => Array.from(m, (ch) => ch.charCodeAt(0));

export const one = (n: number): string => '\0'.repeat(n);

export const isZero = (p: Poly): boolean => p.mons.length === 0;

export function isConstant(p: Poly): boolean {
  return p.mons.length === 0 || (p.mons.length === 1 && /^\0*$/.test(p.mons[0]!));
}

export function constant(n: number, c: bigint): Poly {
  return c === 0n ? ZERO_POLY : { mons: [one(n)], coeffs: [c] };
}

/** x_i^k over n variables. */
export function variable(n: number, i: number, k = 1): Poly {
  const e = new Array<number>(n).fill(0);
  e[i] = k;
  return { mons: [mono(e)], coeffs: [1n] };
}

export function equals(a: Poly, b: Poly): boolean {
  if (a.mons.length !== b.mons.length) return false;
  for (let i = 0; i < a.mons.length; i++) if (a.mons[i] !== b.mons[i] || a.coeffs[i] !== b.coeffs[i]) return false;
  return true;
}

const desc = (x: string, y: string): number => (x < y ? 1 : x > y ? -1 : 0);

/** The polynomial of a monomial → coefficient map (zeros dropped). */
export function fromTerms(acc: ReadonlyMap<string, bigint>): Poly {
  const mons = [...acc.keys()].filter((m) => acc.get(m) !== 0n).sort(desc);
  return { mons, coeffs: mons.map((m) => acc.get(m)!) };
}

// ---------------------------------------------------------------- monomials
function monoMul(a: string, b: string): string {
  let s = '';
  for (let i = 0; i < a.length; i++) s += unit(a.charCodeAt(i) + b.charCodeAt(i));
  return s;
}

/** a / b, or undefined when b does not divide a. */
function monoDiv(a: string, b: string): string | undefined {
  let s = '';
  for (let i = 0; i < a.length; i++) {
    const e = a.charCodeAt(i) - b.charCodeAt(i);
    if (e < 0) return undefined;
    s += String.fromCharCode(e);
  }
  return s;
}

// ---------------------------------------------------------------- arithmetic
export function add(a: Poly, b: Poly): Poly {
  return merge(a, b, 1n);
}

export function sub(a: Poly, b: Poly): Poly {
  return merge(a, b, -1n);
}

/** a + s·b by a merge of the sorted term lists. */
function merge(a: Poly, b: Poly, s: bigint): Poly {
  if (b.mons.length === 0) return a;
  if (a.mons.length === 0) return s === 1n ? b : neg(b);
  const mons: string[] = [];
  const coeffs: bigint[] = [];
  let i = 0;
  let j = 0;
  while (i < a.mons.length || j < b.mons.length) {
    const x = a.mons[i];
    const y = b.mons[j];
    if (y === undefined || (x !== undefined && x > y)) {
      mons.push(x!);
      coeffs.push(a.coeffs[i++]!);
    } else if (x === undefined || y > x) {
      mons.push(y);
      coeffs.push(s * b.coeffs[j++]!);
    } else {
      const c = a.coeffs[i++]! + s * b.coeffs[j++]!;
      if (c !== 0n) {
        mons.push(x);
        coeffs.push(c);
      }
    }
  }
  return { mons, coeffs };
}

export const neg = (a: Poly): Poly => ({ mons: a.mons, coeffs: a.coeffs.map((c) => -c) });

function scale(a: Poly, k: bigint): Poly {
  if (k === 1n) return a;
  if (k === 0n) return ZERO_POLY;
  return { mons: a.mons, coeffs: a.coeffs.map((c) => c * k) };
}

/** c·m·a for a monomial m (multiplying by one monomial keeps the order). */
export function mulTerm(a: Poly, m: string, c: bigint): Poly {
  if (c === 0n) return ZERO_POLY;
  return { mons: a.mons.map((x) => monoMul(x, m)), coeffs: a.coeffs.map((x) => x * c) };
}

export function mul(a: Poly, b: Poly): Poly {
  if (a.mons.length === 0 || b.mons.length === 0) return ZERO_POLY;
  if (a.mons.length === 1) return mulTerm(b, a.mons[0]!, a.coeffs[0]!);
  if (b.mons.length === 1) return mulTerm(a, b.mons[0]!, b.coeffs[0]!);
  const acc = new Map<string, bigint>();
  for (let i = 0; i < a.mons.length; i++) {
    for (let j = 0; j < b.mons.length; j++) {
      const m = monoMul(a.mons[i]!, b.mons[j]!);
      acc.set(m, (acc.get(m) ?? 0n) + a.coeffs[i]! * b.coeffs[j]!);
    }
  }
  return fromTerms(acc);
}

export function pow(a: Poly, k: number, n: number): Poly {
  let r = constant(n, 1n);
  let b = a;
  for (let e = k; e > 0; e >>= 1) {
    if (e & 1) r = mul(r, b);
    if (e > 1) b = mul(b, b);
  }
  return r;
}

// ---------------------------------------------------------------- degrees
/** Largest exponent of variable i (−1 for the zero polynomial). */
export function degree(a: Poly, i: number): number {
  let d = -1;
  for (const m of a.mons) d = Math.max(d, m.charCodeAt(i));
  return d;
}

/** Per-variable largest and smallest exponents. */
function degreeBounds(a: Poly): { hi: number[]; lo: number[] } {
  const n = a.mons[0]!.length;
  const hi = new Array<number>(n).fill(0);
  const lo = new Array<number>(n).fill(MAX_EXP);
  for (const m of a.mons) {
    for (let i = 0; i < n; i++) {
      const e = m.charCodeAt(i);
      if (e > hi[i]!) hi[i] = e;
      if (e < lo[i]!) lo[i] = e;
    }
  }
  return { hi, lo };
}

/** Indices of the variables that occur in a. */
export function variablesOf(a: Poly): number[] {
  if (a.mons.length === 0) return [];
  const { hi } = degreeBounds(a);
  return hi.flatMap((d, i) => (d > 0 ? [i] : []));
}

/**
 * a as Σ x_i^k·c_k: the coefficients c_k (without x_i) by degree k. Zeroing
 * one exponent keeps the lex order among terms of equal degree in x_i.
 */
export function coefficientsIn(a: Poly, i: number): Map<number, Poly> {
  const parts = new Map<number, { mons: string[]; coeffs: bigint[] }>();
  for (let t = 0; t < a.mons.length; t++) {
    const m = a.mons[t]!;
    const k = m.charCodeAt(i);
    let p = parts.get(k);
    if (!p) parts.set(k, (p = { mons: [], coeffs: [] }));
    p.mons.push(`${m.slice(0, i)}\0${m.slice(i + 1)}`);
    p.coeffs.push(a.coeffs[t]!);
  }
  return parts;
}

/** The coefficient of the highest power of x_i. */
export function leadingCoefficient(a: Poly, i: number): Poly {
  const parts = coefficientsIn(a, i);
  let top = -1;
  for (const k of parts.keys()) top = Math.max(top, k);
  return parts.get(top)!;
}

/**
 * a grouped by its monomial in the variables `vars`: monomial → cofactor
 * (free of those variables). a = Σ μ·a_μ, and a polynomial free of `vars`
 * divides a exactly when it divides every a_μ.
 */
export function splitBy(a: Poly, vars: ReadonlySet<number>): Map<string, Poly> {
  // Terms with one key agree on `vars`, so zeroing those keeps their order.
  const parts = new Map<string, { mons: string[]; coeffs: bigint[] }>();
  for (let t = 0; t < a.mons.length; t++) {
    const m = a.mons[t]!;
    let key = '';
    let rest = '';
    for (let i = 0; i < m.length; i++) {
      const inVars = vars.has(i);
      key += inVars ? m[i] : '\0';
      rest += inVars ? '\0' : m[i];
    }
    let p = parts.get(key);
    if (!p) parts.set(key, (p = { mons: [], coeffs: [] }));
    p.mons.push(rest);
    p.coeffs.push(a.coeffs[t]!);
  }
  return parts;
}

// ---------------------------------------------------------------- content
export function igcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b) [a, b] = [b, a % b];
  return a;
}

/** The positive gcd of the coefficients (0 for the zero polynomial). */
export function content(a: Poly): bigint {
  let g = 0n;
  for (const c of a.coeffs) {
    g = igcd(g, c);
    if (g === 1n) break;
  }
  return g;
}

/** a with a positive leading coefficient. */
export const withPositiveLead = (a: Poly): Poly => (a.coeffs.length > 0 && a.coeffs[0]! < 0n ? neg(a) : a);

/** a divided by its content, with a positive leading coefficient. */
export function primitive(a: Poly): Poly {
  if (a.mons.length === 0) return a;
  const g = content(a);
  const s = a.coeffs[0]! < 0n ? -g : g;
  return s === 1n ? a : { mons: a.mons, coeffs: a.coeffs.map((c) => c / s) };
}

/** The monomial that divides every term (smallest exponent of each variable). */
export function monomialContent(a: Poly): string {
  return mono(degreeBounds(a).lo);
}

/** a / m for a monomial m dividing every term. */
export function divMonomial(a: Poly, m: string): Poly {
  if (/^\0*$/.test(m)) return a;
  return { mons: a.mons.map((x) => monoDiv(x, m)!), coeffs: a.coeffs };
}

// ---------------------------------------------------------------- division
/** A max-heap of monomials (the remainder's candidates for the leading term). */
class MonoHeap {
  private readonly h: string[] = [];
  push(m: string): void {
    const h = this.h;
    h.push(m);
    for (let i = h.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (h[p]! >= h[i]!) break;
      [h[p], h[i]] = [h[i]!, h[p]!];
      i = p;
    }
  }
  pop(): string | undefined {
    const h = this.h;
    if (h.length === 0) return undefined;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && h[l]! > h[m]!) m = l;
        if (r < h.length && h[r]! > h[m]!) m = r;
        if (m === i) break;
        [h[m], h[i]] = [h[i]!, h[m]!];
        i = m;
      }
    }
    return top;
  }
}

/**
 * a / b in Z[x] when b divides a exactly, else undefined. Long division in
 * lex order; a quotient term beyond the degree bounds a = q·b allows
 * (deg q ≤ deg a − deg b per variable) proves non-divisibility, which also
 * bounds the loop.
 */
export function divExact(a: Poly, b: Poly): Poly | undefined {
  if (b.mons.length === 0) throw new MechanicsError('division-by-zero', 'internal', 'polynomial division by zero');
  if (a.mons.length === 0) return ZERO_POLY;
  if (b.mons.length === 1) {
    const c = b.coeffs[0]!;
    const mons: string[] = [];
    const coeffs: bigint[] = [];
    for (let t = 0; t < a.mons.length; t++) {
      const m = monoDiv(a.mons[t]!, b.mons[0]!);
      if (m === undefined || a.coeffs[t]! % c !== 0n) return undefined;
      mons.push(m);
      coeffs.push(a.coeffs[t]! / c);
    }
    return { mons, coeffs };
  }
  if (a.mons.length < b.mons.length && a.mons.length === 1) return undefined;
  const A = degreeBounds(a);
  const B = degreeBounds(b);
  const qmax: number[] = [];
  for (let i = 0; i < A.hi.length; i++) {
    if (A.hi[i]! < B.hi[i]! || A.lo[i]! < B.lo[i]!) return undefined;
    qmax.push(A.hi[i]! - B.hi[i]!);
  }
  const rem = new Map<string, bigint>();
  const heap = new MonoHeap();
  a.mons.forEach((m, t) => {
    rem.set(m, a.coeffs[t]!);
    heap.push(m);
  });
  const lb = b.mons[0]!;
  const lc = b.coeffs[0]!;
  const qm: string[] = [];
  const qc: bigint[] = [];
  for (let m = heap.pop(); m !== undefined; m = heap.pop()) {
    const c = rem.get(m);
    if (c === undefined) continue;
    const d = monoDiv(m, lb);
    if (d === undefined || c % lc !== 0n) return undefined;
    for (let i = 0; i < d.length; i++) if (d.charCodeAt(i) > qmax[i]!) return undefined;
    const k = c / lc;
    qm.push(d);
    qc.push(k);
    rem.delete(m);
    for (let t = 1; t < b.mons.length; t++) {
      const x = monoMul(b.mons[t]!, d);
      const prev = rem.get(x);
      const v = (prev ?? 0n) - k * b.coeffs[t]!;
      if (v === 0n) rem.delete(x);
      else {
        rem.set(x, v);
        if (prev === undefined) heap.push(x);
      }
    }
  }
  return { mons: qm, coeffs: qc };
}

/**
 * The pseudo-remainder of a by b in x_i: lc(b)^(deg a − deg b + 1)·a mod b,
 * computed without fractions (Knuth 4.6.1, Algorithm R). For deg_i a <
 * deg_i b it is a itself.
 */
export function pseudoRemainder(a: Poly, b: Poly, i: number, n: number): Poly {
  const db = degree(b, i);
  const lcb = leadingCoefficient(b, i);
  let r = a;
  let e = degree(a, i) - db + 1;
  if (e <= 0) return a;
  for (let dr = degree(r, i); r.mons.length > 0 && dr >= db; dr = degree(r, i)) {
    const lcr = leadingCoefficient(r, i);
    const shift = variable(n, i, dr - db);
    r = sub(mul(lcb, r), mul(mul(lcr, shift), b));
    e--;
  }
  return e > 0 ? mul(pow(lcb, e, n), r) : r;
}

// ---------------------------------------------------------------- expressions
/** The variables of a ring: expression atoms in the structural order of `compare` (deterministic). */
export interface Ring {
  readonly vars: readonly Expr[];
  readonly index: ReadonlyMap<Expr, number>;
}

export function ringOf(atoms: Iterable<Expr>): Ring {
  const vars = [...new Set(atoms)].sort(compare);
  return { vars, index: new Map(vars.map((v, i) => [v, i])) };
}

const isPositiveInteger = (e: Expr): e is Expr & { kind: 'num' } => e.kind === 'num' && e.value.d === 1 && e.value.n > 0;

/**
 * Add the polynomial atoms of e to `out`: what is not a number, a sum, a
 * product or a positive integer power (symbols, function calls, powers
 * with other exponents).
 */
export function collectAtoms(e: Expr, out: Set<Expr>): void {
  const seen = new Set<Expr>();
  const go = (u: Expr): void => {
    if (seen.has(u)) return;
    seen.add(u);
    switch (u.kind) {
      case 'num':
        return;
      case 'sym':
      case 'fn':
        out.add(u);
        return;
      case 'add':
        for (const t of u.terms) go(t.expr);
        return;
      case 'mul':
        for (const f of u.factors) {
          if (isPositiveInteger(f.exp)) go(f.base);
          else out.add(powExpr(f.base, f.exp));
        }
        return;
      case 'pow':
        if (isPositiveInteger(u.exp)) go(u.base);
        else out.add(u);
        return;
      default:
        unreachable(u);
    }
  };
  go(e);
}

/** p/den over Q: an integer polynomial and a positive common denominator. */
export interface ScaledPoly {
  readonly poly: Poly;
  readonly den: bigint;
}

/**
 * e as a polynomial over the ring, e = poly/den. An atom becomes its
 * variable, or `leaf(atom)` when given (cancel.ts expands sines and cosines
 * of compound angles this way). Throws on an atom outside the ring.
 */
export function fromExpr(e: Expr, ring: Ring, leaf?: (atom: Expr) => ScaledPoly | undefined): ScaledPoly {
  const n = ring.vars.length;
  const memo = new Map<Expr, ScaledPoly>();
  const reduce = (poly: Poly, den: bigint): ScaledPoly => {
    const g = igcd(content(poly), den);
    return g <= 1n ? { poly, den } : { poly: { mons: poly.mons, coeffs: poly.coeffs.map((c) => c / g) }, den: den / g };
  };
  const atom = (u: Expr): ScaledPoly => {
    const viaLeaf = leaf?.(u);
    if (viaLeaf) return viaLeaf;
    const i = ring.index.get(u);
    if (i === undefined) throw new MechanicsError('internal', 'internal', 'an atom outside the polynomial ring');
    return { poly: variable(n, i), den: 1n };
  };
  const power = (b: ScaledPoly, k: number): ScaledPoly => reduce(pow(b.poly, k, n), b.den ** BigInt(k));
  const go = (u: Expr): ScaledPoly => {
    const hit = memo.get(u);
    if (hit) return hit;
    let r: ScaledPoly;
    switch (u.kind) {
      case 'num':
        r = { poly: constant(n, BigInt(u.value.n)), den: BigInt(u.value.d) };
        break;
      case 'sym':
      case 'fn':
        r = atom(u);
        break;
      case 'add': {
        const parts: ScaledPoly[] = [go(num(u.constant)), ...u.terms.map((t) => times(go(num(t.coeff)), go(t.expr)))];
        let den = 1n;
        for (const p of parts) den = (den / igcd(den, p.den)) * p.den;
        let poly = ZERO_POLY;
        for (const p of parts) poly = add(poly, scale(p.poly, den / p.den));
        r = reduce(poly, den);
        break;
      }
      case 'mul': {
        r = go(num(u.coeff));
        for (const f of u.factors) r = times(r, isPositiveInteger(f.exp) ? power(go(f.base), f.exp.value.n) : atom(powExpr(f.base, f.exp)));
        break;
      }
      case 'pow':
        r = isPositiveInteger(u.exp) ? power(go(u.base), u.exp.value.n) : atom(u);
        break;
      default:
        return unreachable(u);
    }
    memo.set(u, r);
    return r;
  };
  const times = (a: ScaledPoly, b: ScaledPoly): ScaledPoly => reduce(mul(a.poly, b.poly), a.den * b.den);
  return go(e);
}

/** An exact rational of kernel size (safe integers), or a coefficient-overflow error. */
export function toRational(n: bigint, d: bigint): Rational {
  const big = (x: bigint): number => {
    const v = Number(x);
    if (!Number.isSafeInteger(v))
      throw new MechanicsError('coefficient-overflow', 'numeric', `exact rational coefficient overflowed (${x}); rescale the model's numbers`);
    return v;
  };
  return Q.rat(big(n), big(d));
}

/** p/den as an expanded expression over the ring's atoms. */
export function toExpr(p: Poly, ring: Ring, den = 1n): Expr {
  return addAllExpr(
    p.mons.map((m, t) => {
      const factors: Expr[] = [num(toRational(p.coeffs[t]!, den))];
      for (let i = 0; i < m.length; i++) {
        const e = m.charCodeAt(i);
        if (e > 0) factors.push(powExpr(ring.vars[i]!, e));
      }
      return mulAllExpr(factors);
    }),
  );
}
