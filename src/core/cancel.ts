// Cancellation of common factors of numerators and denominators.
//
// A quotient is brought over one denominator, Π fᵢ^kᵢ with fᵢ the distinct
// bases of negative powers (sums stay whole, so a factor that does not
// cancel is printed as it was written); numerator and every fᵢ become
// polynomials over the expression's atoms (poly.ts), and each fᵢ is divided
// out of the numerator as often as it divides it, or replaced by fᵢ/g where
// only a part g = gcd(numerator, fᵢ) does (gcd.ts). What remains has
// gcd(numerator, denominator) = 1.
//
// Sines and cosines. sin x and cos x are two variables tied by
// s² + c² = 1, and angles are tied by the addition theorems. Both are
// applied before any division:
//  - Angles: the denominator's angles (arguments of its sines and cosines
//    that are integer combinations of symbols), and the numerator's angles
//    that share a symbol with them, give a basis chosen among them (q₁ − q₂
//    for the double pendulum; the symbols themselves when the denominator's
//    angles are no integer combinations of the chosen ones), and every sine
//    or cosine whose argument is an integer combination of the basis is
//    expanded: cos(Σkⱼbⱼ) + i·sin(Σkⱼbⱼ) = Π(cos bⱼ + i·sin bⱼ)^kⱼ. So the
//    pendulum at a wall's sin(3q₁ − 2q₂) meets its denominator cos q₁.
//  - The circle: Q[s, c]/(s² + c² − 1) has the basis sᵃcᵇ with b ≤ 1 (or
//    a ≤ 1) over the other variables; every polynomial is reduced to that
//    normal form, so equal functions are equal polynomials. Which of the two
//    forms matters: the circle ring is not a unique factorization domain
//    (c·c = (1 − s)(1 + s)), but a denominator factor free of s in the first
//    form (cos q₁, m₁ + m₂ sin²Δ = m₁ + m₂ − m₂cos²Δ) divides a numerator
//    exactly when it divides its normal form as a polynomial: a multiple
//    f·(Y₀ + sY₁) of an s-free f is already reduced. So each angle takes the
//    form in which the denominator is free of one of its two functions
//    (s-free: reduce s² → 1 − c²; else c-free: c² → 1 − s²). A factor that
//    needs both (cos x − sin x) is divided exactly through its conjugate
//    (divideByConjugate); only a part of such a factor that would cancel
//    alone may be missed, and the result is exact all the same.
// Every rewriting is an identity (the normal form, the addition theorems,
// exact polynomial division), so the result equals the input wherever both
// are defined; where a cancelled factor vanishes the result is the
// continuous extension (a removable singularity, e.g. cos q₁ = 0 in the
// pendulum at a wall's contact phase).
//
// Two entry points: `cancel` returns one fraction in lowest terms;
// `cancelQuotients`, for printing and code generation, changes an
// expression only where a common factor exists, and splits the numerator by
// its monomials in the variables the denominator lacks, so that a part that
// cancels completely leaves the fraction: the double pendulum's ṗ₁ over
// (m₁ + m₂ sin²Δ)² becomes −g l₁(m₁ + m₂) sin q₁ + (momentum terms)/(…)².
//
// Tests: test/core/cancel.test.ts.
import { MechanicsError } from '../errors.js';
import * as Q from './rational.js';
import type { Rational } from './rational.js';
import { addAll, compare, cos, hasNegativeSign, mul, mulAll, neg, num, ONE, pow, sin, termsOf, unreachable, ZERO, type Expr, type Sym } from './expr.js';
import { opCount } from './cost.js';
import { collectFactors } from './factor.js';
import { gcd } from './gcd.js';
import {
  add as padd,
  collectAtoms,
  constant,
  content,
  degree,
  divExact,
  divMonomial,
  equals,
  exponents,
  fromExpr,
  igcd,
  isConstant,
  isZero,
  monomialContent,
  mul as pmul,
  neg as pneg,
  pow as ppow,
  primitive,
  ringOf,
  splitBy,
  sub as psub,
  toExpr,
  toRational,
  variable,
  variablesOf,
  ZERO_POLY,
  type Poly,
  type Ring,
  type ScaledPoly,
} from './poly.js';
import { simplifyTrig, trigCost } from './trig.js';

// ---------------------------------------------------------------- quotients
// Kept for sums only: codegen asks about every node of every block, and a
// WeakMap entry per product and power cost more than looking at their
// factors again (a product's bases are mostly symbols, calls or sums).
const hasQuotientMemo = new WeakMap<Expr, boolean>();

/** Whether e has a negative power anywhere outside function arguments. */
function hasQuotient(e: Expr): boolean {
  switch (e.kind) {
    case 'num':
    case 'sym':
    case 'fn':
      return false;
    case 'add': {
      const hit = hasQuotientMemo.get(e);
      if (hit !== undefined) return hit;
      const r = e.terms.some((t) => hasQuotient(t.expr));
      hasQuotientMemo.set(e, r);
      return r;
    }
    case 'mul':
      return e.factors.some((f) => isNegativeNumber(f.exp) || hasQuotient(f.base));
    case 'pow':
      return isNegativeNumber(e.exp) || hasQuotient(e.base);
    default:
      return unreachable(e);
  }
}

const isNegativeNumber = (e: Expr): boolean => e.kind === 'num' && Q.isNegative(e.value);
const isInteger = (e: Expr): e is Expr & { kind: 'num' } => e.kind === 'num' && e.value.d === 1;

/** e = num / Π base^k: bases are atoms or sums with a leading plus sign, k > 0. */
interface Fraction {
  readonly num: Expr;
  readonly den: ReadonlyMap<Expr, number>;
}

/** A quotient this module leaves alone (a denominator that is zero). */
class NotAQuotient extends Error {}

function overCommonDenominator(e: Expr): Fraction {
  const memo = new Map<Expr, Fraction>();
  const go = (u: Expr): Fraction => {
    const hit = memo.get(u);
    if (hit) return hit;
    let r: Fraction;
    switch (u.kind) {
      case 'num':
      case 'sym':
      case 'fn':
        r = { num: u, den: new Map() };
        break;
      case 'pow':
        r = power(u.base, u.exp);
        break;
      case 'mul': {
        const parts = u.factors.map((f) => power(f.base, f.exp));
        const den = new Map<Expr, number>();
        for (const p of parts) for (const [b, k] of p.den) den.set(b, (den.get(b) ?? 0) + k);
        r = { num: mulAll([num(u.coeff), ...parts.map((p) => p.num)]), den };
        break;
      }
      case 'add': {
        const parts = termsOf(u).map(go);
        const den = new Map<Expr, number>();
        for (const p of parts) for (const [b, k] of p.den) den.set(b, Math.max(den.get(b) ?? 0, k));
        const missing = (p: Fraction): Expr[] => [...den].map(([b, k]) => pow(b, k - (p.den.get(b) ?? 0)));
        r = { num: addAll(parts.map((p) => mulAll([p.num, ...missing(p)]))), den };
        break;
      }
      default:
        return unreachable(u);
    }
    memo.set(u, r);
    return r;
  };
  const power = (base: Expr, exp: Expr): Fraction => {
    if (!isNegativeNumber(exp)) {
      if (!isInteger(exp)) return { num: pow(base, exp), den: new Map() };
      const f = go(base);
      const k = exp.value.n;
      return { num: pow(f.num, k), den: new Map([...f.den].map(([b, j]) => [b, j * k])) };
    }
    // A negative non-integer power: the positive power is a denominator atom.
    if (!isInteger(exp)) return { num: ONE, den: new Map([[pow(base, neg(exp)), 1]]) };
    const f = go(base);
    const k = -exp.value.n;
    const { coeff, factors } = denominatorFactors(f.num);
    return {
      num: mulAll([num(Q.powInt(coeff, -k)), ...[...f.den].map(([b, j]) => pow(b, j * k))]),
      den: new Map([...factors].map(([b, j]) => [b, j * k])),
    };
  };
  return go(e);
}

/**
 * A numerator that becomes a denominator, split into a number and bases
 * with multiplicities. Sums are split as collectFactors writes them
 * (l²m + 3l²m sin²α → l², m, 1 + 3 sin²α), so each base that does not
 * cancel keeps that form.
 */
function denominatorFactors(x: Expr): { coeff: Rational; factors: Map<Expr, number> } {
  let coeff = Q.ONE;
  const factors = new Map<Expr, number>();
  const put = (b: Expr, k: number): void => {
    switch (b.kind) {
      case 'num':
        if (Q.isZero(b.value)) throw new NotAQuotient();
        coeff = Q.mul(coeff, Q.powInt(b.value, k));
        return;
      case 'mul':
        put(num(b.coeff), k);
        for (const f of b.factors) put(pow(f.base, f.exp), k);
        return;
      case 'pow':
        if (isInteger(b.exp) && b.exp.value.n > 0) put(b.base, b.exp.value.n * k);
        else factors.set(b, (factors.get(b) ?? 0) + k);
        return;
      case 'add': {
        const c = collectFactors(b);
        if (c.kind !== 'add') {
          put(c, k);
          return;
        }
        if (hasNegativeSign(c)) {
          if (k % 2 === 1) coeff = Q.neg(coeff);
          b = neg(c);
        } else b = c;
        factors.set(b, (factors.get(b) ?? 0) + k);
        return;
      }
      case 'sym':
      case 'fn':
        factors.set(b, (factors.get(b) ?? 0) + k);
        return;
      default:
        unreachable(b);
    }
  };
  put(x, 1);
  return { coeff, factors };
}

// ---------------------------------------------------------------- angles
/** An integer combination of symbols (no π), as coefficients by symbol; undefined otherwise. */
function linearAngle(a: Expr): Map<Sym, number> | undefined {
  const term = (u: Expr, c: Rational, out: Map<Sym, number>): boolean => {
    if (u.kind !== 'sym' || u.name === 'pi' || c.d !== 1) return false;
    out.set(u, c.n);
    return true;
  };
  const out = new Map<Sym, number>();
  switch (a.kind) {
    case 'sym':
      return term(a, Q.ONE, out) ? out : undefined;
    case 'mul':
      return a.factors.length === 1 && a.factors[0]!.exp === ONE && term(a.factors[0]!.base, a.coeff, out) ? out : undefined;
    case 'add':
      return Q.isZero(a.constant) && a.terms.every((t) => term(t.expr, t.coeff, out)) ? out : undefined;
    default:
      return undefined;
  }
}

/** Basis angles and how an argument is written in them. */
interface AngleBasis {
  readonly angles: readonly Expr[];
  /** Integer coordinates of an argument in the basis, or undefined. */
  coordinates(a: Expr): number[] | undefined;
}

/**
 * A basis of the lattice spanned by the denominator's angles and the
 * numerator's angles that share a symbol with them, chosen among those
 * angles (the denominator's first, fewest symbols first), so that they stay
 * whole: q₁ − q₂ rather than q₁ and q₂. A numerator angle sharing a symbol
 * is related to the denominator's (sin(2x − y) to cos(x − y) through y);
 * one that shares none is not, and stays an atom. When some denominator
 * angle is not an integer combination of the chosen ones (q₁ + q₂ and
 * q₁ − q₂), the symbols themselves are the basis.
 */
function angleBasis(denAngles: readonly Expr[], numAngles: readonly Expr[]): AngleBasis {
  const formOf = new Map<Expr, Map<Sym, number>>();
  for (const a of [...denAngles, ...numAngles]) {
    const f = linearAngle(a);
    if (f) formOf.set(a, f);
  }
  const symbolsOf = (a: Expr): Sym[] => [...formOf.get(a)!.keys()];
  const bySize = (x: Expr, y: Expr): number => formOf.get(x)!.size - formOf.get(y)!.size || compare(x, y);
  const den = denAngles.filter((a) => formOf.has(a)).sort(bySize);
  const denSymbols = new Set(den.flatMap(symbolsOf));
  const connected = numAngles.filter((a) => formOf.has(a) && !den.includes(a) && symbolsOf(a).some((s) => denSymbols.has(s))).sort(bySize);
  const symbols = [...new Set([...den, ...connected].flatMap(symbolsOf))].sort(compare);
  const vec = (a: Expr): Rational[] => symbols.map((s) => Q.rat(formOf.get(a)!.get(s) ?? 0));
  let chosen: Expr[] = [];
  for (const a of [...den, ...connected]) {
    if (solve([...chosen, a].map(vec), undefined) !== undefined) chosen.push(a);
  }
  const integral = (basis: Rational[][], v: Rational[]): number[] | undefined => {
    const k = solve(basis, v);
    return k?.every((x) => x.d === 1) ? k.map((x) => x.n) : undefined;
  };
  let basis = chosen.map(vec);
  if (den.some((a) => !integral(basis, vec(a)))) {
    chosen = symbols;
    basis = symbols.map((_, i) => symbols.map((__, j) => (i === j ? Q.ONE : Q.ZERO)));
  }
  const index = new Map(symbols.map((s, i) => [s, i]));
  return {
    angles: chosen,
    coordinates(a) {
      const f = linearAngle(a);
      if (!f || [...f.keys()].some((s) => !index.has(s))) return undefined;
      return integral(
        basis,
        symbols.map((s) => Q.rat(f.get(s) ?? 0)),
      );
    },
  };
}

/**
 * Coefficients k with Σ kⱼ·rowsⱼ = v (rows independent), or undefined when
 * v is not in their span; with v undefined, whether the rows are
 * independent (an empty array when they are).
 */
function solve(rows: readonly Rational[][], v: Rational[] | undefined): Rational[] | undefined {
  const r = rows.length;
  const m = (rows[0] ?? v ?? []).length;
  // Columns are the rows; one equation per symbol, augmented with v.
  const a: Rational[][] = Array.from({ length: m }, (_, i) => [...rows.map((row) => row[i]!), v ? v[i]! : Q.ZERO]);
  const pivots: number[] = [];
  let row = 0;
  for (let col = 0; col < r; col++) {
    const p = a.findIndex((x, i) => i >= row && !Q.isZero(x[col]!));
    if (p < 0) return undefined;
    [a[row], a[p]] = [a[p]!, a[row]!];
    const pr = a[row]!;
    const inv = Q.div(Q.ONE, pr[col]!);
    for (let j = 0; j <= r; j++) pr[j] = Q.mul(pr[j]!, inv);
    for (let i = 0; i < m; i++) {
      if (i === row || Q.isZero(a[i]![col]!)) continue;
      const f = a[i]![col]!;
      for (let j = 0; j <= r; j++) a[i]![j] = Q.sub(a[i]![j]!, Q.mul(f, pr[j]!));
    }
    pivots.push(row++);
  }
  if (!v) return [];
  for (let i = row; i < m; i++) if (!Q.isZero(a[i]![r]!)) return undefined;
  return pivots.map((p) => a[p]![r]!);
}

// ---------------------------------------------------------------- the ring
/** The ring variables of sin A and cos A for one argument A. */
interface TrigPair {
  readonly s: number;
  readonly c: number;
}

interface Setting {
  readonly ring: Ring;
  readonly pairs: readonly TrigPair[];
  /** Atoms expanded by the addition theorems → their polynomial. */
  readonly leaf: (atom: Expr) => ScaledPoly | undefined;
}

const trigArgument = (u: Expr): Expr | undefined => (u.kind === 'fn' && (u.name === 'sin' || u.name === 'cos') ? u.args[0] : undefined);

function settingFor(numerator: Expr, bases: readonly Expr[]): Setting {
  const denAtoms = new Set<Expr>();
  for (const b of bases) collectAtoms(b, denAtoms);
  const numAtoms = new Set<Expr>();
  collectAtoms(numerator, numAtoms);
  const anglesOf = (atoms: Set<Expr>): Expr[] => [...new Set([...atoms].flatMap((u) => trigArgument(u) ?? []))];
  const basis = angleBasis(anglesOf(denAtoms), anglesOf(numAtoms));
  const atoms = new Set<Expr>([...denAtoms, ...numAtoms]);
  const expanded = new Map<Expr, number[]>();
  const vars = new Set<Expr>();
  for (const b of basis.angles) vars.add(sin(b)), vars.add(cos(b));
  for (const u of atoms) {
    const a = trigArgument(u);
    const k = a && basis.angles.length > 0 ? basis.coordinates(a) : undefined;
    if (k) expanded.set(u, k);
    else if (a) vars.add(sin(a)), vars.add(cos(a));
    else vars.add(u);
  }
  const ring = ringOf(vars);
  const n = ring.vars.length;
  const pairs: TrigPair[] = [];
  for (const v of ring.vars) {
    const a = v.kind === 'fn' && v.name === 'sin' ? v.args[0]! : undefined;
    if (a) pairs.push({ s: ring.index.get(v)!, c: ring.index.get(cos(a))! });
  }
  // cos(Σkⱼbⱼ) + i sin(Σkⱼbⱼ) = Π (cos bⱼ ± i sin bⱼ)^|kⱼ|, as (re, im) pairs.
  const unitOf = basis.angles.map((b) => [variable(n, ring.index.get(cos(b))!), variable(n, ring.index.get(sin(b))!)] as const);
  const leaf = (u: Expr): ScaledPoly | undefined => {
    const k = expanded.get(u);
    if (!k) return undefined;
    let re = constant(n, 1n);
    let im = ZERO_POLY;
    k.forEach((kj, j) => {
      const [c, s0] = unitOf[j]!;
      const s = kj < 0 ? pneg(s0) : s0;
      for (let t = 0; t < Math.abs(kj); t++) [re, im] = [psub(pmul(re, c), pmul(im, s)), padd(pmul(re, s), pmul(im, c))];
    });
    return { poly: (u as Expr & { kind: 'fn' }).name === 'cos' ? re : im, den: 1n };
  };
  return { ring, pairs, leaf };
}

/** p with every power ≥ 2 of variable `drop` rewritten by drop² = 1 − keep². */
function reducePair(p: Poly, drop: number, keep: number, n: number): Poly {
  if (degree(p, drop) < 2) return p;
  let out = ZERO_POLY;
  const oneMinus = psub(constant(n, 1n), variable(n, keep, 2));
  const byDegree = new Map<number, Poly>();
  for (let t = 0; t < p.mons.length; t++) {
    const m = p.mons[t]!;
    const e = m.charCodeAt(drop);
    const rest: Poly = { mons: [m.slice(0, drop) + String.fromCharCode(e % 2) + m.slice(drop + 1)], coeffs: [p.coeffs[t]!] };
    const h = e >> 1;
    if (h === 0) out = padd(out, rest);
    else {
      let f = byDegree.get(h);
      if (!f) byDegree.set(h, (f = ppow(oneMinus, h, n)));
      out = padd(out, pmul(rest, f));
    }
  }
  return out;
}

type Form = 'c' | 's';

/** The normal form of p modulo s² + c² − 1 for every pair: the dropped function (s in form 'c') has degree ≤ 1. */
function normalForm(p: Poly, pairs: readonly TrigPair[], forms: readonly Form[], n: number): Poly {
  let r = p;
  pairs.forEach((pair, i) => {
    r = forms[i] === 'c' ? reducePair(r, pair.s, pair.c, n) : reducePair(r, pair.c, pair.s, n);
  });
  return r;
}

/** Per pair, the form in which every denominator factor is free of one of the two functions. */
function chooseForms(dens: readonly Poly[], pairs: readonly TrigPair[], n: number): Form[] {
  return pairs.map((pair) => {
    const inDen = dens.some((d) => degree(d, pair.s) > 0 || degree(d, pair.c) > 0);
    if (!inDen) return 'c';
    if (dens.every((d) => degree(reducePair(d, pair.s, pair.c, n), pair.s) <= 0)) return 'c';
    if (dens.every((d) => degree(reducePair(d, pair.c, pair.s, n), pair.c) <= 0)) return 's';
    return 'c';
  });
}

// ---------------------------------------------------------------- reduction
/** A denominator factor: a primitive polynomial, its multiplicity, and the expression it was written as. */
interface DenFactor {
  readonly poly: Poly;
  readonly k: number;
  readonly expr: Expr | undefined;
}

/** A quotient over the ring: coeff · num / Π fᵢ^kᵢ with num and every fᵢ primitive, in the normal form of `forms`. */
interface PolyQuotient {
  readonly coeff: { n: bigint; d: bigint };
  readonly num: Poly;
  readonly dens: readonly DenFactor[];
  readonly forms: readonly Form[];
}

/** Add f^k to a list of denominator factors (a factor already there gains multiplicity; f^0 and constants add nothing). */
function addFactor(dens: DenFactor[], poly: Poly, k: number, expr: Expr | undefined): void {
  if (k === 0 || isConstant(poly)) return;
  const i = dens.findIndex((d) => equals(d.poly, poly));
  if (i >= 0) dens[i] = { poly, k: dens[i]!.k + k, expr: dens[i]!.expr ?? expr };
  else dens.push({ poly, k, expr });
}

const ratio = (n: bigint, d: bigint): { n: bigint; d: bigint } => {
  const g = igcd(n, d) || 1n;
  const s = d < 0n ? -g : g;
  return { n: n / s, d: d / s };
};

/** The quotient of a Fraction over its ring, with numeric and monomial contents split off the denominator factors. */
function toPolyQuotient(f: Fraction, setting: Setting): PolyQuotient | undefined {
  const { ring, pairs, leaf } = setting;
  const n = ring.vars.length;
  const numSP = fromExpr(f.num, ring, leaf);
  const denSP = [...f.den].map(([b, k]) => ({ b, k, sp: fromExpr(b, ring, leaf) }));
  const forms = chooseForms(
    denSP.map((d) => d.sp.poly),
    pairs,
    n,
  );
  const numPoly = normalForm(numSP.poly, pairs, forms, n);
  if (isZero(numPoly)) return { coeff: { n: 0n, d: 1n }, num: numPoly, dens: [], forms };
  const cn = content(numPoly);
  let coeffN = cn;
  let coeffD = numSP.den;
  const dens: DenFactor[] = [];
  for (const { b, k, sp } of denSP) {
    const p = normalForm(sp.poly, pairs, forms, n);
    if (isZero(p)) return undefined;
    // b = sp.poly/sp.den = c·m·R with R primitive: 1/b^k = (sp.den/c)^k / (m^k R^k).
    const R0 = primitive(p);
    const m = monomialContent(R0);
    const R = divMonomial(R0, m);
    const c = p.coeffs[0]! / R0.coeffs[0]!; // signed content
    coeffN *= sp.den ** BigInt(k);
    coeffD *= c ** BigInt(k);
    exponents(m).forEach((e, i) => {
      if (e > 0) addFactor(dens, variable(n, i), e * k, ring.vars[i]);
    });
    addFactor(dens, R, k, equals(R, p) && sp.den === 1n ? b : undefined);
  }
  return { coeff: ratio(coeffN, coeffD), num: divideContent(numPoly, cn), dens, forms };
}

function divideContent(p: Poly, c: bigint): Poly {
  return c === 1n ? p : { mons: p.mons, coeffs: p.coeffs.map((x) => x / c) };
}

/**
 * num / f in the circle ring for a factor f that has both functions of some
 * angle (sin x + cos x): with f = f₀ + s·f₁ (s the function the normal
 * form keeps below degree 2) and its conjugate f̄ = f₀ − s·f₁, the norm
 * f·f̄ = f₀² − (1 − c²)f₁² is free of s, and num/f = num·f̄/(f·f̄) lies in
 * the ring exactly when the norm divides num·f̄ (the ring is free over the
 * s-free polynomials with basis 1, s). Angle by angle for several.
 */
function divideByConjugate(num: Poly, f: Poly, q: PolyQuotient, setting: Setting): Poly | undefined {
  const n = setting.ring.vars.length;
  let bar: Poly | undefined;
  let norm = f;
  setting.pairs.forEach((pair, i) => {
    const d = q.forms[i] === 'c' ? pair.s : pair.c;
    if (degree(norm, d) <= 0) return;
    // Terms odd in d change sign.
    const flip: Poly = { mons: norm.mons, coeffs: norm.coeffs.map((c, t) => (norm.mons[t]!.charCodeAt(d) % 2 === 1 ? -c : c)) };
    const nf = (x: Poly): Poly => normalForm(x, setting.pairs, q.forms, n);
    bar = bar ? nf(pmul(bar, flip)) : flip;
    norm = nf(pmul(norm, flip));
  });
  return bar ? divExact(normalForm(pmul(num, bar), setting.pairs, q.forms, n), norm) : undefined;
}

/** num/Π dens with every common factor divided out; `changed` when something was. */
function reduce(numPoly: Poly, dens: readonly DenFactor[], q: PolyQuotient, setting: Setting): { num: Poly; dens: DenFactor[]; changed: boolean } {
  let num = numPoly;
  let changed = false;
  const out: DenFactor[] = [];
  for (const f of dens) {
    let k = f.k;
    while (k > 0) {
      const exact = divExact(num, f.poly) ?? divideByConjugate(num, f.poly, q, setting);
      if (exact) {
        num = exact;
        k--;
        changed = true;
        continue;
      }
      const g = gcd(num, f.poly);
      if (isConstant(g)) break;
      num = divExact(num, g)!;
      addFactor(out, divExact(f.poly, g)!, 1, undefined);
      k--;
      changed = true;
    }
    addFactor(out, f.poly, k, f.expr);
  }
  return { num, dens: out, changed };
}

// ---------------------------------------------------------------- back to expressions
/**
 * A polynomial of the ring as an expression: trig-simplified from both
 * normal forms (cos² or sin² eliminated), the shorter kept, sin² on a tie
 * (m₁ + m₂ sin²Δ, as the papers write it, not m₁ + m₂ − m₂ cos²Δ).
 */
function polyExpr(p: Poly, setting: Setting): Expr {
  const { ring, pairs } = setting;
  const n = ring.vars.length;
  const viaSin = simplifyTrig(
    toExpr(
      normalForm(
        p,
        pairs,
        pairs.map(() => 's'),
        n,
      ),
      ring,
    ),
  );
  if (pairs.length === 0) return viaSin;
  const viaCos = simplifyTrig(
    toExpr(
      normalForm(
        p,
        pairs,
        pairs.map(() => 'c'),
        n,
      ),
      ring,
    ),
  );
  const [a, b] = [trigCost(viaSin), trigCost(viaCos)];
  return b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]) ? viaCos : viaSin;
}

function quotientExpr(coeff: { n: bigint; d: bigint }, numPoly: Poly, dens: readonly DenFactor[], setting: Setting): Expr {
  const c = content(numPoly) || 1n;
  const factors = dens.map((d) => pow(d.expr ?? polyExpr(d.poly, setting), -d.k));
  return mulAll([num(toRational(coeff.n * c, coeff.d)), polyExpr(divideContent(numPoly, c), setting), ...factors]);
}

/** The fraction of e and its ring, or undefined when e is no quotient (or one this module leaves alone). */
function prepare(e: Expr): { q: PolyQuotient; setting: Setting } | undefined {
  if (!hasQuotient(e)) return undefined;
  let f: Fraction;
  try {
    f = overCommonDenominator(e);
  } catch (err) {
    if (err instanceof NotAQuotient) return undefined;
    throw err;
  }
  if (f.den.size === 0) return undefined;
  const setting = settingFor(f.num, [...f.den.keys()]);
  const q = toPolyQuotient(f, setting);
  return q ? { q, setting } : undefined;
}

/**
 * e as one fraction in lowest terms: over a common denominator, with the
 * gcd of numerator and denominator divided out (sines and cosines reduced
 * as described above). An expression without a quotient is returned as it is.
 */
export function cancel(e: Expr): Expr {
  const p = prepare(e);
  if (!p) return e;
  const { q, setting } = p;
  if (isZero(q.num)) return ZERO;
  const r = reduce(q.num, q.dens, q, setting);
  return quotientExpr(q.coeff, r.num, r.dens, setting);
}

/**
 * e with the common factors of its quotients cancelled, and unchanged
 * where there are none (so printed forms and generated code change only
 * where something cancels). The quotient terms of a sum are brought over
 * one denominator; its numerator is split by its monomials μ in the
 * variables no denominator factor has (the denominator divides the
 * numerator exactly when it divides every μ-coefficient), each part is
 * reduced, and the parts are regrouped by what remains of the denominator
 * (atoms such as l₁ or cos q₁ over their least common multiple).
 */
export function cancelQuotients(e: Expr): Expr {
  try {
    return cancelQuotientsOf(e);
  } catch (err) {
    // A cancelled form whose coefficients leave the kernel's safe integers
    // cannot be built as an expression; the expression as written can.
    if (err instanceof MechanicsError && err.code === 'coefficient-overflow') return e;
    throw err;
  }
}

/**
 * Quotients larger than this (operations) are left as written: their normal
 * form over the circle ring took minutes for the Whipple bicycle's
 * constraint bias (75,000 operations, a square root of its front contact
 * in the denominators), while the examples' largest has 4,700. The value is
 * the same; a factor common to numerator and denominator then stays in the
 * code, 0/0 only where it vanishes.
 */
const CANCEL_LIMIT = 20_000;

function cancelQuotientsOf(e: Expr): Expr {
  if (!hasQuotient(e)) return e;
  const terms = termsOf(e);
  const plain = terms.filter((t) => !hasQuotient(t));
  const quotient = addAll(terms.filter(hasQuotient));
  if (opCount(quotient) > CANCEL_LIMIT) return e;
  const p = prepare(quotient);
  if (!p) return e;
  const { q, setting } = p;
  if (isZero(q.num)) return addAll(plain);
  const n = setting.ring.vars.length;
  const denVars = new Set<number>();
  for (const d of q.dens) for (const i of variablesOf(d.poly)) denVars.add(i);
  for (const pair of setting.pairs) {
    if (denVars.has(pair.s) || denVars.has(pair.c)) denVars.add(pair.s), denVars.add(pair.c);
  }
  const free = new Set(variablesOf(q.num).filter((i) => !denVars.has(i)));
  const groups = [...splitBy(q.num, free)].map(([mu, coefficient]) => ({ mu, ...reduce(coefficient, q.dens, q, setting) }));
  if (!groups.some((g) => g.changed)) return e;
  // Regroup by the denominator factors that are not atoms.
  const isAtom = (d: DenFactor): boolean => d.poly.mons.length === 1;
  const signature = (dens: readonly DenFactor[]): string =>
    dens
      .filter((d) => !isAtom(d))
      .map((d) => `${d.poly.mons.join('|')}:${d.poly.coeffs.join(',')}^${d.k}`)
      .sort()
      .join(';');
  const parts = new Map<string, typeof groups>();
  for (const g of groups) {
    const key = signature(g.dens);
    const list = parts.get(key);
    if (list) list.push(g);
    else parts.set(key, [g]);
  }
  const out: Expr[] = [...plain];
  let unchanged = false;
  for (const list of parts.values()) {
    // The atoms' least common multiple over the part.
    const atoms = new Map<string, DenFactor>();
    for (const g of list) {
      for (const d of g.dens.filter(isAtom)) {
        const key = d.poly.mons[0]!;
        if ((atoms.get(key)?.k ?? 0) < d.k) atoms.set(key, d);
      }
    }
    let numPoly = ZERO_POLY;
    for (const g of list) {
      let t = pmul(g.num, { mons: [g.mu], coeffs: [1n] });
      for (const [key, d] of atoms) {
        const have = g.dens.find((x) => isAtom(x) && x.poly.mons[0] === key)?.k ?? 0;
        if (d.k > have) t = pmul(t, ppow(d.poly, d.k - have, n));
      }
      numPoly = padd(numPoly, t);
    }
    const nonAtoms = list[0]!.dens.filter((d) => !isAtom(d));
    const r = reduce(numPoly, [...atoms.values(), ...nonAtoms], q, setting);
    if (parts.size === 1 && sameFactors(r.dens, q.dens)) unchanged = true;
    out.push(quotientExpr(q.coeff, r.num, r.dens, setting));
  }
  return unchanged ? e : addAll(out);
}

function sameFactors(a: readonly DenFactor[], b: readonly DenFactor[]): boolean {
  return a.length === b.length && a.every((d) => b.some((x) => x.k === d.k && equals(x.poly, d.poly)));
}

/** The numerator and denominator of a product (cancel's result): the factors with a negative number as exponent go below. */
export function numeratorDenominator(q: Expr): [Expr, Expr] {
  const factors: readonly { readonly base: Expr; readonly exp: Expr }[] =
    q.kind === 'mul' ? q.factors : q.kind === 'pow' ? [{ base: q.base, exp: q.exp }] : [{ base: q, exp: ONE }];
  const above: Expr[] = q.kind === 'mul' ? [num(q.coeff)] : [];
  const below: Expr[] = [];
  for (const { base, exp } of factors) {
    if (exp.kind === 'num' && exp.value.n < 0) below.push(pow(base, neg(exp)));
    else above.push(pow(base, exp));
  }
  return [mul(...above), mul(...below)];
}
