// Distributed contact laws (issue 13, item 3): the author gives a normal
// force density over a contact patch and the patch geometry; the resultant
// forces and moments are derived by symbolic integration. Kuleshov,
// Treschev, Ivanova, Naimushina, "A rigid cylinder on a viscoelastic plane"
// (SEEDS.md §003) is the model: Winkler springs with Kelvin–Voigt damping
// under a disk, dF_y = (kY + νẎ)dx where positive (no adhesion), Coulomb
// |dT| ≤ λ|dN|, resultants (4.6) as integrals over the patch I of (4.4).
//
// Steps, each a fact the report can print:
//  1. The small-penetration expansion (4.1)–(4.3): every symbol gets an
//     order in a small parameter ε (ϑ ~ ε, depth ~ ε², …) and the density
//     (and the penetration) keep the terms up to a stated order — the
//     paper's r(cos ϑ₀ − cos ϑ) → r(ϑ² − ϑ₀²)/2, Ẏ → −ϑuₓ + u_y.
//  2. The geometric interval [from, to]: given, or the zeros of the
//     penetration depth (a concave quadratic in the patch variable).
//  3. Without adhesion the density is clamped at zero, so the patch ends
//     where it vanishes (4.4)–(4.5). For a density that is a concave
//     quadratic aϑ² + bϑ + c (a < 0) with zeros ρ₋ < ρ₊, positive between
//     them, the patch is [max(from, ρ₋), min(to, ρ₊)], one of four regimes
//     told apart by the density's signs at the geometric ends:
//       whole       Φ(from) ≥ 0, Φ(to) ≥ 0             [from, to]
//       lower-inner Φ(from) < 0, Φ(to) ≥ 0             [ρ₋, to]
//       upper-inner Φ(from) ≥ 0, Φ(to) < 0             [from, ρ₊]
//       both-inner  Φ(from) < 0, Φ(to) < 0, D > 0,     [ρ₋, ρ₊]
//                   from < −b/2a < to
//     (else no contact). D = b² − 4ac = 0 is where an inner patch shrinks to
//     a point: the separation condition (q + νq̇/k = 0 for the disk, §5).
//  4. Each resultant ∫ w·Φ dϑ over the regime's patch (src/core/integrate.ts).
// Conditions and results are written with the symbols declared positive
// pulled out of fractional powers ((2kr²(kq + νq̇))^½ = √2 k^½ r (kq + νq̇)^½)
// and out of conditions (νr²q̇ < 0 is q̇ < 0), which is what the paper prints.
// Tests: test/derive/patch.test.ts, test/derive/universal-restitution.test.ts
import * as Q from '../core/rational.js';
import {
  add, dependsOn, div, factorsOf, termsOf, hasNegativeSign, mul, neg, num, ONE, pow, sqrt, sub, sym, ZERO, type Expr,
} from '../core/expr.js';
import { diff } from '../core/diff.js';
import { collectFactors } from '../core/factor.js';
import { together } from '../core/together.js';
import { integrate } from '../core/integrate.js';
import { subs } from '../core/subs.js';
import { mapChildren, memoPass } from '../core/traverse.js';
import { simplify } from '../core/trig.js';

/** Orders of the symbols in a small parameter, and the order kept (paper §4: ϑ ~ ε, depth ~ ε²). */
export interface SmallExpansion {
  /** Integer order of each small symbol; symbols not listed are of order 0. */
  readonly orders: Readonly<Record<string, number>>;
  /** Terms of total order ≤ keep are kept. */
  readonly keep: number;
}

export interface PatchSpec {
  /** The patch coordinate, the variable of integration (the paper's ϑ). */
  readonly variable: string;
  /** The geometric interval: its ends, or the penetration depth (> 0 inside) whose zeros are its ends. */
  readonly geometry: { readonly from: Expr; readonly to: Expr } | { readonly penetration: Expr };
  /** Normal force per unit of the variable, before clamping: (−kY − νẎ)·dx/dϑ for the disk. */
  readonly density: Expr;
  /** The resultants to derive: name → weight w, resultant ∫ w·density over the patch ((4.6): F_y 1, F_x −(σλ + ϑ), M −σλr). */
  readonly resultants: Readonly<Record<string, Expr>>;
  /** An adhesive foundation pulls as well as pushes: the patch is the whole geometric interval. Default false. */
  readonly adhesion?: boolean;
  /** The small-penetration expansion of the density and the penetration; none: they are used as given. */
  readonly expansion?: SmallExpansion;
  /** Symbols known to be positive (parameters, the depth): pulled out of roots and conditions. */
  readonly positive?: readonly string[];
}

/** expr relation 0. */
export interface PatchCondition {
  readonly expr: Expr;
  readonly relation: '>' | '>=' | '<' | '<=' | '=';
}

export interface PatchEnd {
  readonly value: Expr;
  /** geometric: an end of the geometric interval; density-zero: where the clamped density vanishes. */
  readonly kind: 'geometric' | 'density-zero';
}

export type PatchRegimeName = 'whole' | 'lower-inner' | 'upper-inner' | 'both-inner';

export interface PatchRegime {
  readonly name: PatchRegimeName;
  readonly lower: PatchEnd;
  readonly upper: PatchEnd;
  /** The regime holds where all of these hold (none: always, e.g. with adhesion). */
  readonly conditions: readonly PatchCondition[];
  /** Name → ∫ w·density over [lower, upper]. */
  readonly resultants: Readonly<Record<string, Expr>>;
}

export interface PatchLaw {
  readonly kind: 'patch-law';
  readonly variable: string;
  /** The density after the expansion. */
  readonly density: Expr;
  /** The penetration after the expansion, when the geometry was given by it. */
  readonly penetration?: Expr;
  readonly from: Expr;
  readonly to: Expr;
  /** Regimes that can occur (contradictory sign conditions dropped). */
  readonly regimes: readonly PatchRegime[];
  /** Without adhesion: the discriminant of the density, > 0 while an inner patch exists, = 0 at separation. */
  readonly separation?: Expr;
}

/** A density or geometry outside what the engine derives, with the reason (the caller names the error). */
export interface PatchUnsupported {
  readonly kind: 'unsupported';
  readonly reason: string;
}

export function derivePatchLaw(spec: PatchSpec): PatchLaw | PatchUnsupported {
  const v = spec.variable;
  const positive = new Set(spec.positive ?? []);
  const expanded = (e: Expr): Expr => (spec.expansion ? truncateSmall(e, spec.expansion) : simplify(e));
  const tidy = (e: Expr): Expr => mergeRadicals(pullPositive(simplify(e), positive));
  const density = expanded(spec.density);

  let from: Expr;
  let to: Expr;
  let penetration: Expr | undefined;
  // With the geometry given by the penetration, the body is in contact while its discriminant is > 0 (q > 0).
  const inContact: PatchCondition[] = [];
  if ('penetration' in spec.geometry) {
    penetration = expanded(spec.geometry.penetration);
    const z = concaveZeros(penetration, v, positive);
    if (typeof z === 'string') return { kind: 'unsupported', reason: `penetration depth: ${z}` };
    [from, to] = [z.lower, z.upper];
    inContact.push({ expr: z.discriminant, relation: '>' });
  } else [from, to] = [spec.geometry.from, spec.geometry.to];

  const resultantsOver = (lower: Expr, upper: Expr): Record<string, Expr> | string => {
    const out: Record<string, Expr> = {};
    for (const [name, w] of Object.entries(spec.resultants)) {
      const r = integrate(mul(w, density), v, lower, upper);
      if (r === undefined) return `resultant '${name}': the integrand is outside the supported class (polynomials, fractional powers of linear or α + γ${v}² bases, sines and cosines of linear arguments)`;
      out[name] = tidy(r);
    }
    return out;
  };
  const geometric = (value: Expr): PatchEnd => ({ value, kind: 'geometric' });
  const zero = (value: Expr): PatchEnd => ({ value, kind: 'density-zero' });
  const base = { kind: 'patch-law' as const, variable: v, density, ...(penetration ? { penetration } : {}), from, to };

  if (spec.adhesion) {
    const r = resultantsOver(from, to);
    if (typeof r === 'string') return { kind: 'unsupported', reason: r };
    const conditions = feasible(inContact.map((c) => normalizeCondition(c, positive)));
    return { ...base, regimes: conditions ? [{ name: 'whole', lower: geometric(from), upper: geometric(to), conditions, resultants: r }] : [] };
  }

  const z = concaveZeros(density, v, positive);
  if (typeof z === 'string') return { kind: 'unsupported', reason: `density without adhesion: ${z}` };
  const atFrom = simplify(subs(density, new Map([[v, from]])));
  const atTo = simplify(subs(density, new Map([[v, to]])));
  const vertex = div(neg(z.b), mul(num(2), z.a));
  const candidates: [PatchRegimeName, PatchEnd, PatchEnd, PatchCondition[]][] = [
    ['whole', geometric(from), geometric(to), [{ expr: atFrom, relation: '>=' }, { expr: atTo, relation: '>=' }]],
    ['lower-inner', zero(z.lower), geometric(to), [{ expr: atFrom, relation: '<' }, { expr: atTo, relation: '>=' }]],
    ['upper-inner', geometric(from), zero(z.upper), [{ expr: atFrom, relation: '>=' }, { expr: atTo, relation: '<' }]],
    ['both-inner', zero(z.lower), zero(z.upper), [
      { expr: atFrom, relation: '<' }, { expr: atTo, relation: '<' }, { expr: z.discriminant, relation: '>' },
      { expr: sub(vertex, from), relation: '>' }, { expr: sub(to, vertex), relation: '>' },
    ]],
  ];
  const regimes: PatchRegime[] = [];
  for (const [name, lower, upper, raw] of candidates) {
    const conditions = feasible([...inContact, ...raw].map((c) => normalizeCondition(c, positive)));
    if (!conditions) continue;
    const r = resultantsOver(lower.value, upper.value);
    if (typeof r === 'string') return { kind: 'unsupported', reason: r };
    regimes.push({ name, lower, upper, conditions, resultants: r });
  }
  return { ...base, regimes, separation: normalizeCondition({ expr: z.discriminant, relation: '>' }, positive).expr };
}

// ---------------------------------------------------------------- expansion
/** A symbol no model can name (the parser makes identifiers only): the small parameter ε. */
const EPS = '$epsilon';

/**
 * e with every small symbol s replaced by ε^order(s)·s, Taylor-expanded in ε
 * to order `keep` and ε set to 1: the terms of total order ≤ keep. The paper's
 * leading-order formulas (4.1)–(4.3) are this with ϑ, ϑ₀ ~ ε, depth ~ ε².
 */
export function truncateSmall(e: Expr, { orders, keep }: SmallExpansion): Expr {
  const eps = sym(EPS);
  const scaled = subs(e, new Map(Object.entries(orders).map(([s, k]) => [s, mul(pow(eps, k), sym(s))])));
  const atZero = new Map([[EPS, ZERO]]);
  const parts: Expr[] = [];
  let d = scaled;
  let factorial = 1;
  for (let n = 0; n <= keep; n++) {
    if (n > 0) {
      d = diff(d, EPS);
      factorial *= n;
    }
    parts.push(mul(num(Q.rat(1, factorial)), subs(d, atZero)));
  }
  return simplify(add(...parts));
}

// ---------------------------------------------------------------- zeros
interface ConcaveZeros {
  readonly a: Expr;
  readonly b: Expr;
  /** b² − 4ac */
  readonly discriminant: Expr;
  readonly lower: Expr;
  readonly upper: Expr;
}

/** The zeros ρ₋ < ρ₊ of a concave quadratic a v² + b v + c (a looks negative), or why not. */
function concaveZeros(e: Expr, v: string, positive: ReadonlySet<string>): ConcaveZeros | string {
  const at0 = (u: Expr): Expr => simplify(subs(u, new Map([[v, ZERO]])));
  const d1 = diff(e, v);
  const d2 = simplify(diff(d1, v));
  if (simplify(diff(d2, v)) !== ZERO) return `not a polynomial of degree ≤ 2 in ${v}`;
  const a = simplify(mul(num(Q.HALF), d2));
  if (a === ZERO || !hasNegativeSign(a)) return `not concave in ${v} (the coefficient of ${v}² must be negative)`;
  const b = at0(d1);
  const c = at0(e);
  const discriminant = pullPositive(simplify(sub(mul(b, b), mul(num(4), a, c))), positive);
  const root = sqrt(discriminant);
  // a < 0: (−b + √D)/(2a) is the smaller zero.
  const zeroAt = (sign: 1 | -1): Expr => pullPositive(simplify(div(add(neg(b), mul(num(sign), root)), mul(num(2), a))), positive);
  return { a, b, discriminant, lower: zeroAt(1), upper: zeroAt(-1) };
}

// ---------------------------------------------------------------- positivity
function isPositiveFactor(f: Expr, positive: ReadonlySet<string>): boolean {
  switch (f.kind) {
    case 'num':
      return f.value.n > 0;
    case 'sym':
      return positive.has(f.name);
    case 'pow':
      return f.exp.kind === 'num' && isPositiveFactor(f.base, positive);
    default:
      return false;
  }
}

/**
 * (Π pᵢ · rest)^s = Π pᵢ^s · rest^s for positive pᵢ: fractional powers with
 * the positive factors of their base pulled out (the base is first brought
 * over a common denominator: (q + νq̇/k)^{3/2} = k^{−3/2}(kq + νq̇)^{3/2}),
 * and numeric powers split into an integer and a proper part (2^{3/2} =
 * 2·2^{1/2}, so that such terms combine).
 */
export function pullPositive(e: Expr, positive: ReadonlySet<string>): Expr {
  const numericPower = (c: Q.Rational, exp: Q.Rational): Expr => {
    const whole = Math.floor(Q.toNumber(exp));
    return mul(num(Q.powInt(c, whole)), pow(num(c), num(Q.sub(exp, Q.rat(whole)))));
  };
  const power = (base: Expr, exp: Expr): Expr => {
    if (exp.kind !== 'num' || Q.isInteger(exp.value)) return pow(base, exp);
    if (base.kind === 'num' && base.value.n > 0) return numericPower(base.value, exp.value);
    const outside: Expr[] = [];
    const inside: Expr[] = [];
    for (const f of factorsOf(collectFactors(together(base)))) {
      if (f.kind === 'num') {
        if (f.value.n < 0) inside.push(num(-1));
        outside.push(numericPower(Q.abs(f.value), exp.value));
      } else if (!isPositiveFactor(f, positive)) inside.push(f);
      else if (f.kind === 'pow') outside.push(pow(f.base, mul(f.exp, exp)));
      else outside.push(pow(f, exp));
    }
    return mul(...outside, pow(mul(...inside), exp));
  };
  return memoPass<Expr>((u, go) => {
    if (u.kind === 'pow') return power(go(u.base), u.exp);
    if (u.kind === 'mul') return mul(num(u.coeff), ...u.factors.map((f) => power(go(f.base), f.exp)));
    return mapChildren(u, go);
  })(e);
}

/**
 * Terms C·S^p with C a multiple m·S of the sum S written m·S^{p+1}, repeated
 * until nothing merges: 2√2 r²(kq·k^{−1/2} + νq̇k^{−1/2})(kq + νq̇)^{1/2} is
 * 2√2 k^{−1/2} r²(kq + νq̇)^{3/2}, the form (5.3) prints.
 */
function mergeRadicals(e: Expr): Expr {
  for (;;) {
    if (e.kind !== 'add') return e;
    const groups = new Map<Expr, Expr[]>();
    const others: Expr[] = [];
    for (const t of termsOf(e)) {
      const radicals = factorsOf(t).filter((f) => f.kind === 'pow' && f.base.kind === 'add' && f.exp.kind === 'num' && !Q.isInteger(f.exp.value));
      if (radicals.length !== 1) {
        others.push(t);
        continue;
      }
      const r = radicals[0]!;
      groups.set(r, [...(groups.get(r) ?? []), div(t, r)]);
    }
    let merged = false;
    const parts = [...others];
    for (const [r, cofactors] of groups) {
      const { base, exp } = r as Expr & { kind: 'pow' };
      const m = cofactors.length > 1 ? monomialQuotient(add(...cofactors), base) : undefined;
      if (m) {
        parts.push(mul(m, pow(base, add(exp, ONE))));
        merged = true;
      } else parts.push(...cofactors.map((c) => mul(c, r)));
    }
    if (!merged) return e;
    e = add(...parts);
  }
}

/** The monomial m with C = m·S, if there is one (tried against each term of S). */
function monomialQuotient(C: Expr, S: Expr): Expr | undefined {
  const lead = termsOf(C)[0]!;
  for (const s of termsOf(S)) {
    const m = div(lead, s);
    if (simplify(sub(C, mul(m, S))) === ZERO) return m;
  }
  return undefined;
}

const FLIP = { '>': '<', '>=': '<=', '<': '>', '<=': '>=', '=': '=' } as const;

/** The condition with positive factors divided out, written with a leading plus sign (q̇ < 0, not −νr²q̇ > 0). */
function normalizeCondition(c: PatchCondition, positive: ReadonlySet<string>): PatchCondition {
  const e = collectFactors(pullPositive(simplify(c.expr), positive));
  if (e === ZERO) return { expr: ZERO, relation: c.relation };
  let relation = c.relation;
  const kept: Expr[] = [];
  for (const f of factorsOf(e)) {
    if (f.kind === 'num' && f.value.n < 0) relation = FLIP[relation];
    else if (!isPositiveFactor(f, positive)) kept.push(f);
  }
  let expr = simplify(mul(...kept));
  // u^s > 0 with s > 0 fractional (real only for u ≥ 0) says u > 0: √q > 0 is q > 0.
  if (expr.kind === 'pow' && expr.exp.kind === 'num' && !Q.isInteger(expr.exp.value) && expr.exp.value.n > 0 && (relation === '>' || relation === '>=')) expr = expr.base;
  if (hasNegativeSign(expr)) {
    expr = neg(expr);
    relation = FLIP[relation];
  }
  return { expr, relation };
}

/** The signs (−1, 0, 1) of a value satisfying `relation` 0. */
const SIGNS: Record<PatchCondition['relation'], readonly number[]> = { '>': [1], '>=': [0, 1], '<': [-1], '<=': [-1, 0], '=': [0] };
const RELATION_OF = new Map<string, PatchCondition['relation']>(Object.entries(SIGNS).map(([r, s]) => [s.join(), r as PatchCondition['relation']]));

/**
 * One condition per expression, the intersection of what was asked of it
 * (ux > 0 and ux ≥ 0 is ux > 0), without the ones that always hold (a
 * positive constant > 0); undefined when they cannot all hold: a constant
 * of the wrong sign, or one expression asked for disjoint signs.
 */
function feasible(conditions: readonly PatchCondition[]): PatchCondition[] | undefined {
  const allowed = new Map<Expr, readonly number[]>();
  for (const c of conditions) {
    const prev = allowed.get(c.expr) ?? [-1, 0, 1];
    allowed.set(c.expr, prev.filter((s) => SIGNS[c.relation].includes(s)));
  }
  const out: PatchCondition[] = [];
  for (const [expr, signs] of allowed) {
    if (signs.length === 0) return undefined;
    const constant = expr === ONE ? 1 : expr === ZERO ? 0 : undefined;
    if (constant !== undefined) {
      if (!signs.includes(constant)) return undefined;
      continue;
    }
    out.push({ expr, relation: RELATION_OF.get(signs.join())! });
  }
  return out;
}

/**
 * The value of x at which a resultant C·xⁿ (the static patch: F_y = (4√2/3)kr²q^{3/2})
 * balances `load`: x = (load/C)^{1/n}; undefined when the resultant is not a monomial in x.
 */
export function balance(resultant: Expr, x: string, load: Expr, positive: readonly string[] = []): Expr | undefined {
  const n = simplify(div(mul(sym(x), diff(resultant, x)), resultant));
  if (n.kind !== 'num' || n.value.n === 0) return undefined;
  const C = simplify(div(resultant, pow(sym(x), n)));
  if (dependsOn(C, x)) return undefined;
  return pullPositive(pow(div(load, C), num(Q.div(Q.ONE, n.value))), new Set(positive));
}
