// Distributed contact laws: the author gives a normal
// force density over a contact patch and the patch geometry; the resultant
// forces and moments are derived by symbolic integration. Kuleshov,
// Treschev, Ivanova, Naimushina, "A rigid cylinder on a viscoelastic plane"
// (kuleshov2011 §3) is the model: Winkler springs with Kelvin–Voigt damping
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
// Tests: test/derive/compliant/patch.test.ts, test/derive/universal-restitution.test.ts
import * as Q from '../../core/rational.js';
import {
  add,
  dependsOn,
  div,
  factorsOf,
  fn,
  HALF,
  termsOf,
  hasNegativeSign,
  mul,
  neg,
  num,
  ONE,
  pow,
  sqrt,
  sub,
  sym,
  ZERO,
  type Expr,
} from '../../core/expr.js';
import { MechanicsError } from '../../errors.js';
import type { Model, PatchContact } from '../../model/model.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import type { Linearization } from '../linearization/linearize.js';
import { solveSmall } from '../matrix.js';
import { diff } from '../../core/diff.js';
import { collectFactors } from '../../core/factor.js';
import { definiteIntegral } from '../../core/integrate.js';
import { subs } from '../../core/subs.js';
import { mapChildren, memoPass } from '../../core/traverse.js';
import { simplify } from '../../core/trig.js';
import { positiveParameters } from '../proofs/assumptions.js';
import { isPositiveFactor, pullPositive } from './positive.js';

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
      const r = definiteIntegral(mul(w, density), v, lower, upper);
      if (r === undefined)
        return `resultant '${name}': the integrand is outside the supported class (polynomials, fractional powers of linear or α + γ${v}² bases, sines and cosines of linear arguments)`;
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
    [
      'whole',
      geometric(from),
      geometric(to),
      [
        { expr: atFrom, relation: '>=' },
        { expr: atTo, relation: '>=' },
      ],
    ],
    [
      'lower-inner',
      zero(z.lower),
      geometric(to),
      [
        { expr: atFrom, relation: '<' },
        { expr: atTo, relation: '>=' },
      ],
    ],
    [
      'upper-inner',
      geometric(from),
      zero(z.upper),
      [
        { expr: atFrom, relation: '>=' },
        { expr: atTo, relation: '<' },
      ],
    ],
    [
      'both-inner',
      zero(z.lower),
      zero(z.upper),
      [
        { expr: atFrom, relation: '<' },
        { expr: atTo, relation: '<' },
        { expr: z.discriminant, relation: '>' },
        { expr: sub(vertex, from), relation: '>' },
        { expr: sub(to, vertex), relation: '>' },
      ],
    ],
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
  if (expr.kind === 'pow' && expr.exp.kind === 'num' && !Q.isInteger(expr.exp.value) && expr.exp.value.n > 0 && (relation === '>' || relation === '>='))
    expr = expr.base;
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
    allowed.set(
      c.expr,
      prev.filter((s) => SIGNS[c.relation].includes(s)),
    );
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

// ================================================================ a model's patches
// The model's `patches` (src/model/validate/patch.ts) through the engine
// above, then into the equations of motion: each regime's resultants give
// the generalized force Q = forces(resultants) (the author's virtual work,
// e.g. (F_x, F_y, M) on (x, y, φ), Kuleshov et al. (7.2), (8.4)), written
// in the coordinates by substituting the law's state symbols (q = 1 − y/r, …).
//
// Coulomb friction (1.1), (4.6): the resultants are linear in the sign σ,
// Q = Q₀ + σQ₁. The slip rate is ṡ = S q̈ + ṡ₀ (S = ∂s/∂q̇, ṡ₀ = ∂s/∂q·q̇ + ∂s/∂t),
// q̈ = M⁻¹(f + Q₀ + σQ₁), so ṡ = a + σA with A = wᵀQ₁, a = wᵀ(f + Q₀) + ṡ₀,
// w = M⁻¹Sᵀ. Sliding: σ = sgn s. At zero slip the friction is whatever keeps
// it zero, σ* = −a/A, while |σ*| ≤ 1 (rolling without slip, §12; the friction
// force T = σ*λN with |T| ≤ λN); else the disk slides (tan α > 3λ, (2.3)).
// Both at once, as a function of the state: σ = clamp(−(a + s/τ)/A, −1, 1),
// which is σ* on s = 0, sgn s once |s| exceeds |A|τ(1 + |σ*|), and inside
// the cone makes ṡ = −s/τ, so a slip that friction can stop relaxes to zero
// over the time τ (the model's `relaxation`). Without it a state function
// can only be sgn s, which chatters about s = 0 once the disk rolls.
//
// Region by region the expressions hold only where their conditions do (a
// root of a negative base is not real); the generated code evaluates each
// regime behind its conditions. The normal force the runtime's switching
// uses and the residual increments behind rhsJacobian must exist at every
// state: there each regime is multiplied by its indicator (½(1 ± sign c)) and
// its roots and quotients are guarded (a base that must be positive is
// replaced by its positive part, plus 1 where it vanishes for a negative
// power), so that 0·∞ never occurs outside the regime.

/** ∂R/∂q and ∂R/∂q̇ (n×n each) of a residual increment R = −Q. */
export interface PatchJacobian {
  readonly Rq: readonly (readonly Expr[])[];
  readonly Rqd: readonly (readonly Expr[])[];
}

export interface PatchRegimeForce {
  readonly name: PatchRegimeName;
  /** The regime's conditions in the coordinates and velocities. */
  readonly conditions: readonly PatchCondition[];
  /**
   * The generalized force (n) in the coordinates and velocities, friction
   * resolved, its bases guarded (guardBases): where the regime's conditions
   * hold they are ≥ 0, but the generated code tests the conditions and
   * evaluates the force in separate expressions, and rounding at the
   * regime's edge (separation) can leave a root's base at −1e-16.
   */
  readonly force: readonly Expr[];
  /** The normal resultant in the coordinates and velocities. */
  readonly normal: Expr;
  /** The friction sign σ (clamp(−(a + s/τ)/A, −1, 1), see above), with friction. */
  readonly sign?: Expr;
}

export interface PatchTerm {
  readonly name: string;
  readonly contact: PatchContact;
  /** The law in its own symbols, as the paper prints it. */
  readonly law: PatchLaw;
  /** With a load: the depth at rest (the normal resultant of the static patch balancing the load) and the patch's half-width there ((4.7): ϑ₀). */
  readonly equilibrium?: { readonly depth: Expr; readonly halfWidth: Expr };
  /**
   * The law for motion along the normal only: every velocity symbol of the
   * state but the depth's rate (`zero`) set to 0 — the disk's vertical impact,
   * compression (5.3) and restitution (5.4), separation q + νq̇/k = 0 (§5).
   */
  readonly normalMotion?: { readonly zero: readonly string[]; readonly law: PatchLaw };
  /** The gap f = −depth (≥ 0 outside) and its rate, in the coordinates and velocities. */
  readonly gap: Expr;
  readonly gapRate: Expr;
  readonly regimes: readonly PatchRegimeForce[];
  /** With friction: the slip velocity in the coordinates and velocities. */
  readonly slip?: Expr;
  /** The normal resultant at every state (0 outside contact, −|separation| once the foundation has let go inside it): the separation's switching function. */
  readonly normalEverywhere: Expr;
  /** Residual increments of −Q at every state, summed over the regimes (see above). */
  readonly jacobian: PatchJacobian;
}

export interface PatchDerivation {
  readonly terms: readonly PatchTerm[];
}

const fail = (model: Model, field: string, message: string): MechanicsError =>
  new MechanicsError('bad-patch', 'derivation', message, { model: model.name, field });

export function derivePatches(model: Model, l2: Lagrange2): PatchDerivation | undefined {
  const patches = model.patches ?? [];
  if (patches.length === 0) return undefined;
  return { terms: patches.map((p, i) => patchTerm(model, l2, p, `patches[${i}]`)) };
}

function patchTerm(model: Model, l2: Lagrange2, c: PatchContact, field: string): PatchTerm {
  const positive = [...positiveParameters(model)];
  const law = derivePatchLaw({
    variable: c.variable,
    geometry: { penetration: c.penetration },
    density: c.density,
    resultants: Object.fromEntries(c.resultants),
    ...(c.adhesion ? { adhesion: true } : {}),
    ...(c.expansion ? { expansion: c.expansion } : {}),
    positive,
  });
  if (law.kind === 'unsupported') throw fail(model, `${field}.density`, `patch '${c.name}': ${law.reason}`);
  const toState = (e: Expr): Expr => simplify(subs(e, c.state));
  const coordinates = model.coordinates;
  const n = coordinates.length;
  const depth = c.state.get(c.depth)!;
  const gap = simplify(neg(depth));
  const gapRate = simplify(add(...coordinates.map((q) => mul(diff(gap, q.q.name), q.qd)), diff(gap, model.time.name)));

  // Q(σ) per regime, in the law's symbols, then σ resolved and the state substituted.
  const friction = c.friction;
  const slip = friction && simplify(friction.slip);
  const w =
    slip &&
    solveSmall(
      l2.massMatrix,
      coordinates.map((q) => diff(slip, q.qd.name)),
    );
  if (slip && !w) throw fail(model, `${field}.friction`, `patch '${c.name}': the mass matrix is singular, so the no-slip friction cannot be solved`);
  const drift = slip && add(...coordinates.map((q) => mul(diff(slip, q.q.name), q.qd)), diff(slip, model.time.name));
  const d = (e: Expr, x: string): Expr => (dependsOn(e, x) ? diff(e, x) : ZERO);
  const stateNames = coordinates.flatMap((q) => [q.q.name, q.qd.name]);
  const guard = guardBases(new Set(stateNames));
  const built = law.regimes.map((r) => {
    const byName = new Map(Object.entries(r.resultants));
    const Q = c.forces.map((f) => subs(f, byName));
    const normal = toState(r.resultants[c.normal]!);
    const conditions = r.conditions.map((k) => ({ expr: toState(k.expr), relation: k.relation }));
    if (!friction || !w || !slip || !drift) {
      const force = Q.map(toState);
      // ∂Q/∂x by state variable, x = (q, q̇) in the order of stateNames.
      return { regime: { name: r.name, conditions, force: force.map(guard), normal }, dQ: force.map((e) => stateNames.map((x) => d(e, x))) };
    }
    const s = friction.sign;
    const Q1 = Q.map((e) => simplify(diff(e, s)));
    if (Q1.some((e) => simplify(diff(e, s)) !== ZERO))
      throw fail(model, `${field}.resultants`, `patch '${c.name}': the generalized forces are not linear in the friction sign ${s} in regime ${r.name}`);
    const Q0 = Q.map((e) => toState(subs(e, new Map([[s, ZERO]]))));
    const Q1s = Q1.map(toState);
    const dot = (u: readonly Expr[]): Expr => add(...u.map((e, i) => mul(w.x[i]!, e)));
    const A = dot(Q1s);
    const N = add(dot(Q0), ...l2.forcing.map((f, i) => mul(w.x[i]!, f)), drift, div(slip, friction.relaxation));
    // 1/A as R = sgn A/(|A| + [A = 0]): 0 where the normal force (and with it A) vanishes,
    // at separation, where −N/A would be 0/0 and the friction force is 0 anyway. ∂R = −R²∂A.
    const R = mul(fn('sign', A), pow(add(fn('abs', A), sub(ONE, fn('abs', fn('sign', A)))), -1));
    const u = neg(mul(N, R));
    const sign = clamp(u);
    const force = Q0.map((e, i) => add(e, mul(sign, Q1s[i]!)));
    const slope = mul(HALF, sub(fn('sign', add(u, ONE)), fn('sign', sub(u, ONE))));
    const dQ = Q0.map((q0, i) =>
      stateNames.map((x) => add(d(q0, x), mul(sign, d(Q1s[i]!, x)), mul(Q1s[i]!, slope, add(neg(mul(d(N, x), R)), mul(N, d(A, x), R, R))))),
    );
    return { regime: { name: r.name, conditions, force: force.map(guard), normal, sign }, dQ };
  });
  const regimes: PatchRegimeForce[] = built.map((b) => b.regime);

  // Everywhere: indicators times guarded expressions.
  const indicator = (r: PatchRegimeForce): Expr => mul(...r.conditions.map((k) => indicatorOf(guard(k.expr), k.relation)));
  // Where the body is in the foundation (gap < 0) but no regime holds, the foundation has let
  // go (the inner patch has shrunk to nothing, separation < 0): the value −|separation| there
  // makes the switching function change sign at separation, as an unclamped contact force does.
  const inside = indicatorOf(gap, '<');
  const none = sub(ONE, add(...regimes.map(indicator)));
  const released = law.separation ? mul(inside, none, neg(fn('abs', guard(toState(law.separation))))) : ZERO;
  const normalEverywhere = add(...regimes.map((r) => mul(indicator(r), guard(r.normal))), released);
  const block = (offset: 0 | 1): Expr[][] =>
    Array.from({ length: n }, (_, i) =>
      coordinates.map((_q, j) => opaque(add(...built.map((b) => mul(indicator(b.regime), guard(neg(b.dQ[i]![2 * j + offset]!))))))),
    );
  const jacobian = { Rq: block(0), Rqd: block(1) };

  const equilibrium = c.load
    ? equilibriumOf(
        law,
        c,
        positive,
        coordinates.map((q) => q.qd.name),
      )
    : undefined;
  const normalMotion = alongNormal(
    c,
    gapRate,
    positive,
    coordinates.map((q) => q.qd.name),
  );
  return {
    name: c.name,
    contact: c,
    law,
    ...(equilibrium ? { equilibrium } : {}),
    ...(normalMotion ? { normalMotion } : {}),
    gap,
    gapRate,
    regimes,
    ...(slip ? { slip } : {}),
    normalEverywhere,
    jacobian,
  };
}

/**
 * J written sgn(J)·|J| (the same number): codegen cancels the quotients of a
 * kernel expression by bringing it over one denominator and expanding the
 * numerator, which for these entries (products of the regimes' long
 * resultants) does not finish in minutes; it leaves function arguments as
 * they are.
 */
const opaque = (J: Expr): Expr => (J === ZERO ? ZERO : mul(fn('sign', J), fn('abs', J)));

/** clamp(u, −1, 1) = (|u + 1| − |u − 1|)/2. */
const clamp = (u: Expr): Expr => mul(HALF, sub(fn('abs', add(u, ONE)), fn('abs', sub(u, ONE))));

/** [c relation 0] as ½(1 ± sign c) (1 − |sign c| for '='); the boundary, of measure zero, gets ½. */
function indicatorOf(c: Expr, relation: PatchCondition['relation']): Expr {
  const s = fn('sign', c);
  switch (relation) {
    case '>':
    case '>=':
      return mul(HALF, add(ONE, s));
    case '<':
    case '<=':
      return mul(HALF, sub(ONE, s));
    case '=':
      return sub(ONE, fn('abs', s));
  }
}

/**
 * Powers whose base depends on the state made finite everywhere: a root
 * b^s (s > 0 fractional) of its positive part b⁺ = |b|(1 + sgn b)/2, a
 * negative fractional power of b⁺ + [b ≤ 0], a negative integer power of
 * b + [b = 0]. Unchanged where the base has the sign its regime gives it.
 */
function guardBases(state: ReadonlySet<string>): (e: Expr) => Expr {
  const onState = (b: Expr): boolean => [...state].some((s) => dependsOn(b, s));
  const power = (b: Expr, exp: Expr): Expr => {
    if (exp.kind !== 'num' || !onState(b)) return pow(b, exp);
    const e = exp.value;
    const whole = Q.isInteger(e);
    if (whole && e.n >= 0) return pow(b, exp);
    // b⁺ as |b|·(1 + sgn b)/2, a product of factors ≥ 0: codegen may pull a factor out of a
    // power's base, and (−1)^{3/2} out of (|b| − b)/2 written −(b − |b|)/2 is NaN.
    const plus = mul(HALF, fn('abs', b), add(ONE, fn('sign', b)));
    if (!whole && e.n > 0) return pow(plus, exp);
    if (!whole) return pow(add(plus, mul(HALF, sub(ONE, fn('sign', b)))), exp);
    return pow(add(b, sub(ONE, fn('abs', fn('sign', b)))), exp);
  };
  return memoPass<Expr>((u, go) => {
    if (u.kind === 'pow') return power(go(u.base), u.exp);
    if (u.kind === 'mul') return mul(num(u.coeff), ...u.factors.map((f) => power(go(f.base), f.exp)));
    return mapChildren(u, go);
  });
}

/** The law with the state's velocity symbols other than the depth's rate at 0 (PatchTerm.normalMotion); none if there are none. */
function alongNormal(c: PatchContact, gapRate: Expr, positive: readonly string[], velocities: readonly string[]): PatchTerm['normalMotion'] {
  const depthRate = simplify(neg(gapRate));
  const zero = [...c.state].filter(([s, e]) => s !== c.depth && velocities.some((v) => dependsOn(e, v)) && simplify(e) !== depthRate).map(([s]) => s);
  if (zero.length === 0) return undefined;
  const at0 = new Map(zero.map((s) => [s, ZERO] as const));
  const law = derivePatchLaw({
    variable: c.variable,
    geometry: { penetration: c.penetration },
    density: subs(c.density, at0),
    resultants: { [c.normal]: c.resultants.get(c.normal)! },
    ...(c.adhesion ? { adhesion: true } : {}),
    ...(c.expansion ? { expansion: c.expansion } : {}),
    positive: [...positive, c.depth],
  });
  return law.kind === 'patch-law' ? { zero, law } : undefined;
}

/** The static patch (velocities and the friction sign 0) balancing the load: depth and half-width ((4.7)). */
function equilibriumOf(law: PatchLaw, c: PatchContact, positive: readonly string[], velocities: readonly string[]): PatchTerm['equilibrium'] {
  const whole = law.regimes.find((r) => r.name === 'whole');
  if (!whole || !c.load) return undefined;
  const moving = [...c.state].filter(([, e]) => velocities.some((v) => dependsOn(e, v)));
  const rest = new Map<string, Expr>([...moving.map(([s]) => [s, ZERO] as const), ...(c.friction ? [[c.friction.sign, ZERO] as const] : [])]);
  const atRest = simplify(subs(whole.resultants[c.normal]!, rest));
  // A normal resultant that vanishes at rest carries no load (and balance would divide by it).
  if (atRest === ZERO) return undefined;
  const depth = balance(atRest, c.depth, c.load, positive);
  if (!depth) return undefined;
  const halfWidth = pullPositive(simplify(subs(law.to, new Map([[c.depth, depth]]))), new Set(positive));
  return { depth: mergeNumericRoots(depth), halfWidth: mergeNumericRoots(halfWidth) };
}

/**
 * The numeric roots of a product as one: (3/8)^{1/3}·2^{2/3} = (3/2)^{1/3},
 * the paper's ϑ₀ = (3/2)^{1/3}ε (4.7) and depth (9/32)^{1/3}ε² (§8).
 */
export function mergeNumericRoots(e: Expr): Expr {
  if (e.kind !== 'mul') return e;
  const roots = e.factors.filter((f) => f.base.kind === 'num' && f.exp.kind === 'num' && !Q.isInteger(f.exp.value));
  if (roots.length < 2) return e;
  const exps = roots.map((f) => (f.exp as Expr & { kind: 'num' }).value);
  const d = exps.reduce((l, x) => (l * x.d) / gcdInt(l, x.d), 1);
  const radicand = roots.reduce((acc, f, i) => Q.mul(acc, Q.powInt((f.base as Expr & { kind: 'num' }).value, (exps[i]!.n * d) / exps[i]!.d)), Q.ONE);
  const rest = e.factors.filter((f) => !roots.includes(f)).map((f) => pow(f.base, f.exp));
  return mul(num(e.coeff), pow(num(radicand), num(Q.rat(1, d))), ...rest);
}

const gcdInt = (a: number, b: number): number => (b === 0 ? a : gcdInt(b, a % b));

/** The linearization with the patches' residual increments added (rhsJacobian then includes their forces). */
export function withPatchJacobian(lin: Linearization, patches: PatchDerivation | undefined): Linearization {
  if (!patches) return lin;
  const sum = (J: readonly (readonly Expr[])[], block: keyof PatchJacobian): Expr[][] =>
    J.map((row, i) => row.map((e, j) => add(e, ...patches.terms.map((t) => t.jacobian[block][i]![j]!))));
  return { ...lin, Rq: sum(lin.Rq, 'Rq'), Rqd: sum(lin.Rqd, 'Rqd') };
}
