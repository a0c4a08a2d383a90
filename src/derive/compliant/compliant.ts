// Constraints realized by forces (Kozlov 1988), derived once for codegen and
// the report. Each realized constraint becomes a compliant term in its
// function f(q, t) (a contact's gap, or a retaining constraint's φ), with
// G = ∂f/∂q, ḟ = G q̇ + ∂f/∂t and f̈ = G q̈ + β (β the row's bias):
//
//  - a compliant contact acts where f ≤ 0, in the penetration δ = −f:
//      V_c = k δ^{p+1}/(p+1),   D = c ḟ²/2 (linear) or c δ^p ḟ²/2 (Hunt–Crossley),
//      T_a = a ḟ²/2;
//    its normal force along +G is F_n = −dV_c/df − ∂D/∂ḟ = kδ^p − c(δ) ḟ,
//    clamped at 0 without adhesion. The added mass is inertia, not a force:
//    it acts wherever f ≤ 0, whatever the sign of F_n (Kozlov (2.5)).
//  - a gap potential V(f) acts everywhere (the smooth V + e^{−Nf} after Theorem 2);
//  - a realized retaining constraint φ (Theorem 1) acts everywhere with
//    T + αφ̇²/2, V + βφ²/2, D = γφ̇²/2, i.e. F = −βφ − γφ̇ with adhesion.
//
// The Lagrange terms of T_a = a ḟ²/2: ∂T_a/∂q̇ = a ḟ Gᵀ, and since
// ∂ḟ/∂qᵢ = d/dt(∂f/∂qᵢ) = Ġᵢ the terms a ḟ Ġᵀ of d/dt(∂T_a/∂q̇) and of
// ∂T_a/∂q cancel: the added mass contributes a Gᵀ f̈ = a GᵀG q̈ + a β Gᵀ, so
//   (M + a GᵀG) q̈ = forcing + F_n Gᵀ − a β Gᵀ
// (checked against Lagrange II of the augmented Lagrangian in
// test/derive/compliant/compliant.test.ts). The residual increments behind rhsJacobian
// are those of R = Gᵀ(a f̈) − F_n Gᵀ, differentiated with q̈ as symbols
// (linearize.ts).
//
// Regions of a contact (the switching surfaces f = 0 and, without adhesion,
// F_n = 0): inside (f > 0: nothing), penetrating (f ≤ 0 and F_n > 0, or with
// adhesion: all terms), separating (f ≤ 0, F_n ≤ 0, no adhesion: only the
// added mass). The boundary f = 0 belongs to the contact, so a point resting
// on the surface with ḟ = 0 starts in it (Kozlov's initial state (2.3)).
//
// The rigid model each tends to as its coefficients grow (RigidLimit): for
// linear Kelvin–Voigt (p = 1, linear damping, no added mass), Theorem 3 in
// the metric of T: with the mass along the normal m_n = 1/(G M⁻¹ Gᵀ) (g₁₁ of
// semi-geodesic coordinates), γ = c/(2m_n), ω_d = √(k/m_n − γ²) and
// r = γ/ω_d = c/√(4k m_n − c²) = ζ/√(1 − ζ²) with the damping ratio
// ζ = c/(2√(k m_n)) < 1, Newton's law with e = exp(−πr) after a contact of
// duration π/ω_d when the force may pull (the gap reopens after half a damped
// period). Without adhesion the contact ends where the force k δ − c ḟ, not
// the gap, vanishes: with δ = (v/ω_d) e^{−γt} sin ω_d t that is
// tan ω_d t = −2r/(1 − r²), ω_d t = π − 2 arctan r = 2 arccos ζ, and there
// ḟ = v e^{−γt}(r sin ω_d t − cos ω_d t) = v e^{−r ω_d t}, so
// e = exp(−2r arccos ζ) after 2 arccos ζ/ω_d. Both depend on ζ alone.
// Tangential velocities are unchanged in the limit.
import { add, dependsOn, fn, HALF, mul, mulAll, neg, num, ONE, pow, sub, sym, ZERO, type Expr, type Sym } from '../../core/expr.js';
import * as Q from '../../core/rational.js';
import { mapChildren, memoPass } from '../../core/traverse.js';
import { diff } from '../../core/diff.js';
import { combineRadicals } from '../../core/radicals.js';
import { simplify } from '../../core/trig.js';
import { together } from '../../core/together.js';
import type { CompliantContact, CompliantLaw, ConstraintRealization, Model, RealizedLaw } from '../../model/model.js';
import { accelerationSymbol } from '../../model/names.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import { solveSmall } from '../matrix.js';
import { positiveParameters } from '../proofs/assumptions.js';
import { rowOf } from '../unilateral/unilateral.js';
import type { ContactRow } from '../unilateral/unilateral-types.js';

/** ∂R/∂q and ∂R/∂q̇ (n×n each) of a residual increment, in q, q̇, q̈ and t. */
export interface ResidualJacobian {
  readonly Rq: readonly (readonly Expr[])[];
  readonly Rqd: readonly (readonly Expr[])[];
}

/**
 * The rigid model a realization tends to as its coefficients grow (Kozlov):
 *  - elastic: stiffness alone or a gap potential, Newton's law with e = 1 (Theorems 2, 3 with k = 0);
 *  - kelvin-voigt: Theorem 3 (see the header), for a fixed ratio r;
 *  - velocity-dependent: Hertz or Hunt–Crossley, whose restitution depends on the approach speed;
 *  - delayed-release: added mass or damping without stiffness, which hold the
 *    contact longer than the rigid constraint (Kozlov (2.6), (2.7));
 *  - retaining: Theorem 1, Lagrange's equations with the multiplier (1.1).
 */
export type RigidLimit =
  | { readonly kind: 'elastic' }
  | {
      readonly kind: 'kelvin-voigt';
      /** m_n = 1/(G M⁻¹ Gᵀ), when M is constant (else it depends on the configuration). */
      readonly normalMass?: Expr;
      /** r = γ/ω_d = c/√(4 k m_n − c²), in m_n when normalMass is absent. */
      readonly ratio: Expr;
      /** ζ = c/(2√(k m_n)); the closed forms below hold for ζ < 1 (Theorem 3's k² < c² g₁₁). */
      readonly dampingRatio: Expr;
      /** e = exp(−π r) with adhesion (Theorem 3), exp(−2r arccos ζ) without (the force vanishes first). */
      readonly restitution: Expr;
      /** The contact's duration: π/ω_d with adhesion, 2 arccos ζ/ω_d without, ω_d = √(4 k m_n − c²)/(2 m_n). */
      readonly duration: Expr;
      /** The coordinates (indices) whose velocity Newton's law leaves unchanged, (M⁻¹Gᵀ)_i = 0, when M is constant. */
      readonly tangential?: readonly number[];
    }
  | { readonly kind: 'velocity-dependent' }
  | { readonly kind: 'delayed-release' }
  | { readonly kind: 'retaining' };

export interface CompliantTerm {
  readonly name: string;
  /** A compliant contact, a gap potential (both index model.compliant) or a realized retaining constraint (model.realizations). */
  readonly source: 'compliant' | 'potential' | 'realization';
  readonly index: number;
  /** f(q, t) (the gap, or φ). */
  readonly gap: Expr;
  /** G = ∂f/∂q, ∂f/∂t and the bias β of f̈ = G q̈ + β. */
  readonly row: ContactRow;
  /** ḟ = G q̇ + ∂f/∂t. */
  readonly gapRate: Expr;
  /** Acts everywhere (gap potentials, realized retaining constraints) rather than where f ≤ 0. */
  readonly everywhere: boolean;
  /** The force may pull (F_n < 0); false clamps it at 0. */
  readonly adhesion: boolean;
  /** V_c (0 if none), T_a's coefficient a (0 if none), the Rayleigh function D (0 if none). */
  readonly potential: Expr;
  /** A compliant contact's spring: V_c = k δ^(p+1)/(p+1) in its penetration δ = −f (kozlov1988 §2: c²N f²/2), k ≠ 0. */
  readonly spring?: Spring;
  readonly addedMass: Expr;
  readonly rayleigh: Expr;
  /** F_n along +G, unclamped, where the term acts (for a gap potential: −dV/df, the component of −∂V/∂q along G/|G|²). */
  readonly force: Expr;
  /** F_n at the penetration's positive part δ⁺ = (|f| − f)/2: defined for every f, F_n inside; the switching function of a contact without adhesion. */
  readonly forcePositive: Expr;
  /** The force's generalized force, −∂V_c/∂q − ∂D/∂q̇ = F_n Gᵀ (n). */
  readonly generalizedForce: readonly Expr[];
  /**
   * With an added mass: a GᵀG (n×n), −a β Gᵀ (n), and T_a's share of the
   * momenta, ∂T_a/∂q̇ = a ḟ Gᵀ (n): kozlov1988 (1.2)'s p = ∂L_N/∂q̇ of
   * L_N = T + αḟ²/2 − V_N, the Lagrangian whose energy `energy` adds to.
   */
  readonly inertia?: {
    readonly mass: readonly (readonly Expr[])[];
    readonly forcing: readonly Expr[];
    readonly momentum: readonly Expr[];
    /** ∂T_a/∂q = a ḟ ∂ḟ/∂q (n): what T_a adds to ṗ = ∂L_N/∂q in Hamilton's equations. */
    readonly dTdq: readonly Expr[];
  };
  /** T_a = a ḟ²/2 where the term acts (0 without an added mass): the kinetic part of `energy`. */
  readonly kinetic: Expr;
  /** V_c + T_a where the term acts. */
  readonly energy: Expr;
  /** T_a − V_c where the term acts: what it adds to L (kozlov1988 (1.2)'s L_N = T_N − V_N). */
  readonly lagrangian: Expr;
  /** Residual increments where the term acts: of −F_n Gᵀ, and of a Gᵀ f̈ with an added mass. */
  readonly jacobian: { readonly force: ResidualJacobian; readonly inertia?: ResidualJacobian };
  /**
   * Their sum over the active region, valid at every state (linearize.ts adds
   * it to the smooth ∂R/∂x): the force part times [f ≤ 0]·[F_n > 0 or
   * adhesion], the inertia part times [f ≤ 0], the indicators written with
   * sign() and the penetration taken as δ⁺.
   */
  readonly activeJacobian: ResidualJacobian;
  readonly limit: RigidLimit;
}

export interface CompliantDerivation {
  readonly terms: readonly CompliantTerm[];
  /** Some term dissipates or changes the kinetic energy's form across f = 0 (damping, viscosity, a piecewise added mass). */
  readonly dissipative: boolean;
}

const nonZero = (e: Expr | undefined): e is Expr => e !== undefined && e !== ZERO;

export function deriveCompliant(model: Model, l2: Lagrange2): CompliantDerivation | undefined {
  const contacts = model.compliant ?? [];
  const realizations = model.realizations ?? [];
  if (contacts.length === 0 && realizations.length === 0) return undefined;
  const terms = [...contacts.map((c, j) => contactTerm(model, l2, c, j)), ...realizations.map((r, j) => realizationTerm(model, r, j))];
  const dissipative = terms.some((t) => t.rayleigh !== ZERO || (t.addedMass !== ZERO && !t.everywhere));
  return { terms, dissipative };
}

/**
 * The parts every term shares. A compliant contact's V_c, D and F_n are
 * written in a placeholder `pen` for the penetration δ, so that they can be
 * taken at δ = −f (inside the contact, where the generated code evaluates
 * them behind a branch) or at δ⁺ = (|f| − f)/2 (everywhere: the switching
 * function and the Jacobian increments, which must stay finite where f > 0
 * and δ^p is not real).
 */
interface Parts {
  readonly name: string;
  readonly gap: Expr;
  readonly potential: Expr;
  readonly addedMass: Expr;
  readonly rayleigh: Expr;
  /** F_n as an expression (unclamped). */
  readonly force: Expr;
  /** −∂V/∂q − ∂D/∂q̇, where the force is not simply F_n G (a gap potential in q). */
  readonly generalizedForce?: readonly Expr[];
  /** The placeholder symbol the parts are written in, with δ = −f. */
  readonly pen?: Sym;
  readonly spring?: Spring;
}

/** The stiffness k and exponent p of V_c = k δ^(p+1)/(p+1). */
export interface Spring {
  readonly stiffness: Expr;
  readonly exponent: Expr;
}

/** A realized contact with what its term is built from: its normal row and gap rate. */
interface ContactSite {
  readonly model: Model;
  readonly l2: Lagrange2;
  readonly c: CompliantContact;
  readonly index: number;
  readonly row: ContactRow;
  readonly rate: Expr;
}

/** Each realized law's term, keyed by RealizedLaw['kind'] (a new law does not compile without its entry). */
const REALIZED_LAWS: { readonly [K in RealizedLaw['kind']]: (law: Extract<RealizedLaw, { kind: K }>, site: ContactSite) => CompliantTerm } = {
  potential: (law, { model, c, index, row, rate }) => {
    const V = law.potential;
    const grad = model.coordinates.map((q) => simplify(neg(diff(V, q.q.name))));
    // The component of −∂V/∂q along G in G's own metric: −dV/df when V = V(f).
    const norm = add(...row.row.map((g) => mul(g, g)));
    const force = simplify(mul(add(...grad.map((x, i) => mul(x, row.row[i]!))), pow(norm, -1)));
    return assemble(
      model,
      { name: c.name, gap: c.gap, potential: V, addedMass: ZERO, rayleigh: ZERO, force, generalizedForce: grad },
      row,
      rate,
      'potential',
      index,
      true,
      { kind: 'elastic' },
    );
  },
  compliant: (law, { model, l2, c, index, row, rate }) => {
    const pen = sym(`pen[${c.name}]`);
    const p = law.exponent;
    const k = law.stiffness ?? ZERO;
    const cDamp = law.damping ?? ZERO;
    const a = law.addedMass ?? ZERO;
    const deltaP = pow(pen, p);
    const potential = k === ZERO ? ZERO : mul(k, pow(pen, add(p, ONE)), pow(add(p, ONE), -1));
    const viscosity = law.dampingModel === 'hunt-crossley' ? mul(cDamp, deltaP) : cDamp;
    const rayleigh = cDamp === ZERO ? ZERO : mul(HALF, viscosity, rate, rate);
    const force = add(mul(k, deltaP), neg(mul(viscosity, rate)));
    const parts: Parts = {
      name: c.name,
      gap: c.gap,
      potential,
      addedMass: a,
      rayleigh,
      force,
      pen,
      ...(k === ZERO ? {} : { spring: { stiffness: k, exponent: p } }),
    };
    return assemble(model, parts, row, rate, 'compliant', index, law.adhesion, contactLimit(l2, row, law, positiveParameters(model)));
  },
};

function contactTerm(model: Model, l2: Lagrange2, c: CompliantContact, index: number): CompliantTerm {
  const row = rowOf(model, `${c.name}.n`, index, 'normal', c.gap);
  const term = REALIZED_LAWS[c.law.kind] as (law: RealizedLaw, site: ContactSite) => CompliantTerm;
  return term(c.law, { model, l2, c, index, row, rate: gapRateOf(model, row) });
}

function realizationTerm(model: Model, r: ConstraintRealization, index: number): CompliantTerm {
  const row = rowOf(model, `${r.name}.n`, index, 'normal', r.phi);
  const rate = gapRateOf(model, row);
  const beta = r.stiffness ?? ZERO;
  const gamma = r.viscosity ?? ZERO;
  const parts: Parts = {
    name: r.name,
    gap: r.phi,
    potential: beta === ZERO ? ZERO : mul(HALF, beta, r.phi, r.phi),
    addedMass: r.addedMass ?? ZERO,
    rayleigh: gamma === ZERO ? ZERO : mul(HALF, gamma, rate, rate),
    force: neg(add(mul(beta, r.phi), mul(gamma, rate))),
  };
  return assemble(model, parts, row, rate, 'realization', index, true, { kind: 'retaining' });
}

const gapRateOf = (model: Model, row: ContactRow): Expr => add(row.rate, ...row.row.map((g, i) => mul(g, model.coordinates[i]!.qd)));

function assemble(
  model: Model,
  parts: Parts,
  row: ContactRow,
  rate: Expr,
  source: CompliantTerm['source'],
  index: number,
  adhesion: boolean,
  limit: RigidLimit,
): CompliantTerm {
  // Only a compliant contact acts where f ≤ 0; gap potentials and realized retaining constraints act everywhere.
  const everywhere = source !== 'compliant';
  const G = row.row;
  const { pen } = parts;
  // δ = −f inside the contact; δ⁺ = (|f| − f)/2 where the value must exist for any f.
  // A fractional power δ^a (Hertz's δ^{3/2}, its derivative's δ^{1/2}) is written
  // |f|^a inside and H(−f)|f|^a anywhere, H(−f) = (1 − sign f)/2 (0 where the
  // contact is open): the power is then taken of a base ≥ 0, whereas −f or
  // (|f| − f)/2 computed in another order than the gap rounds to −1e-17 on
  // a tilted surface, whose fractional power is NaN.
  const abs = fn('abs', parts.gap);
  const closed = mul(HALF, add(ONE, neg(fn('sign', parts.gap))));
  const inside = (e: Expr): Expr => simplify(pen ? penetrationAt(e, pen, neg(parts.gap), (a) => pow(abs, a)) : e);
  const positivePart = mul(HALF, add(abs, neg(parts.gap)));
  const anywhere = (e: Expr): Expr => simplify(pen ? penetrationAt(e, pen, positivePart, (a) => mul(closed, pow(abs, a))) : e);
  const force = inside(parts.force);
  const generalizedForce = (parts.generalizedForce ?? G.map((g) => mul(force, g))).map(simplify);
  const a = parts.addedMass;
  const inertia =
    a === ZERO
      ? undefined
      : {
          mass: G.map((gi) => G.map((gk) => simplify(mul(a, gi, gk)))),
          forcing: G.map((gi) => simplify(neg(mul(a, row.bias, gi)))),
          momentum: G.map((gi) => simplify(mul(a, rate, gi))),
          dTdq: model.coordinates.map((c) => simplify(mul(a, rate, diff(rate, c.q.name)))),
        };
  const kinetic = a === ZERO ? ZERO : mul(HALF, a, rate, rate);
  const energy = inside(add(parts.potential, kinetic));
  const lagrangian = inside(sub(kinetic, parts.potential));
  // Residual increments R = ΔM q̈ − Δforcing, split into the force part −F_n Gᵀ and the inertia part a Gᵀ f̈;
  // through the placeholder by the chain rule ∂/∂q + (∂/∂pen)(∂δ/∂q), ∂δ/∂q = −G.
  const qdd = model.coordinates.map((c) => accelerationSymbol(c.q));
  const residualForce = parts.generalizedForce ? parts.generalizedForce.map(neg) : G.map((g) => neg(mul(parts.force, g)));
  const residualInertia = inertia ? inertia.mass.map((r, i) => add(...r.map((m, j) => mul(m, qdd[j]!)), neg(inertia.forcing[i]!))) : undefined;
  const forceJacobian = residualJacobian(model, residualForce, pen, G);
  const inertiaJacobian = residualInertia && residualJacobian(model, residualInertia, undefined, G);
  const jacobian = {
    force: mapJacobian(forceJacobian, inside),
    ...(inertiaJacobian ? { inertia: inertiaJacobian } : {}),
  };
  // Where the terms act, as factors of the increments (sign(f) = 0 on f = 0 gives ½ there, a set of measure zero).
  const forcePositive = anywhere(parts.force);
  const inContact = everywhere ? ONE : mul(HALF, add(ONE, neg(fn('sign', parts.gap))));
  const forceActs = adhesion ? ONE : mul(HALF, add(ONE, fn('sign', forcePositive)));
  const guarded = (J: ResidualJacobian, factor: Expr): ResidualJacobian => mapJacobian(J, (e) => (e === ZERO ? ZERO : simplify(mul(factor, e))));
  const activeParts = [
    guarded(mapJacobian(forceJacobian, anywhere), mul(inContact, forceActs)),
    ...(inertiaJacobian ? [guarded(inertiaJacobian, inContact)] : []),
  ];
  const sum = (part: keyof ResidualJacobian): Expr[][] => G.map((_, i) => G.map((__, j) => simplify(add(...activeParts.map((J) => J[part][i]![j]!)))));
  const activeJacobian: ResidualJacobian = { Rq: sum('Rq'), Rqd: sum('Rqd') };
  return {
    name: parts.name,
    source,
    index,
    gap: parts.gap,
    row,
    gapRate: simplify(rate),
    everywhere,
    adhesion,
    potential: inside(parts.potential),
    ...(parts.spring ? { spring: parts.spring } : {}),
    addedMass: a,
    rayleigh: inside(parts.rayleigh),
    force,
    forcePositive,
    generalizedForce,
    ...(inertia ? { inertia } : {}),
    kinetic: inside(kinetic),
    energy,
    lagrangian,
    jacobian,
    activeJacobian,
    limit,
  };
}

/**
 * e with the penetration placeholder pen written `delta`, and each power
 * pen^a with a not an integer written power(a) (an integer power of a
 * rounded −1e-17 is finite; the linear law's terms stay as they were).
 */
function penetrationAt(e: Expr, pen: Sym, delta: Expr, power: (a: Expr) => Expr): Expr {
  const fractional = (base: Expr, a: Expr): boolean => base === pen && !(a.kind === 'num' && Q.isInteger(a.value));
  const go = memoPass<Expr>((u, rec) => {
    if (u === pen) return delta;
    if (u.kind === 'pow' && fractional(u.base, u.exp)) return power(rec(u.exp));
    if (u.kind === 'mul' && u.factors.some((f) => fractional(f.base, f.exp)))
      return mulAll([num(u.coeff), ...u.factors.map((f) => (fractional(f.base, f.exp) ? power(rec(f.exp)) : pow(rec(f.base), rec(f.exp))))]);
    return mapChildren(u, rec);
  });
  return go(e);
}

const mapJacobian = (J: ResidualJacobian, f: (e: Expr) => Expr): ResidualJacobian => ({ Rq: J.Rq.map((r) => r.map(f)), Rqd: J.Rqd.map((r) => r.map(f)) });

/** ∂R/∂q and ∂R/∂q̇, R written in q, q̇, q̈ and (for a contact) the placeholder pen with ∂pen/∂q = −G. */
function residualJacobian(model: Model, R: readonly Expr[], pen: Sym | undefined, G: readonly Expr[]): ResidualJacobian {
  const cs = model.coordinates;
  const d = (e: Expr, x: string): Expr => (dependsOn(e, x) ? diff(e, x) : ZERO);
  const Rq = R.map((r) => cs.map((c, i) => simplify(add(d(r, c.q.name), pen ? neg(mul(d(r, pen.name), G[i]!)) : ZERO))));
  const Rqd = R.map((r) => cs.map((c) => simplify(d(r, c.qd.name))));
  return { Rq, Rqd };
}

/**
 * The rigid model a compliant contact tends to (see RigidLimit and the
 * header), its roots joined as far as the positive parameters allow
 * (the scaled line contact of kozlov1988 Th. 3: √N·k/√(N(4c² − k²)) = k/√(4c² − k²)).
 */
function contactLimit(l2: Lagrange2, row: ContactRow, law: CompliantLaw, positive: ReadonlySet<string>): RigidLimit {
  const k = law.stiffness;
  const c = law.damping;
  if (!nonZero(k) || nonZero(law.addedMass)) return { kind: 'delayed-release' };
  if (law.exponent !== ONE || (nonZero(c) && law.dampingModel === 'hunt-crossley')) return nonZero(c) ? { kind: 'velocity-dependent' } : { kind: 'elastic' };
  if (!nonZero(c)) return { kind: 'elastic' };
  const normal = l2.constantMass ? normalOf(l2, row) : undefined;
  const normalMass = normal?.mass;
  const mn = normalMass ?? NORMAL_MASS;
  // Numerators and radicands simplified apart, then the roots joined: a quotient simplified whole is a sum of quotients.
  const roots = (e: Expr): Expr => combineRadicals(e, (s) => s.kind === 'sym' && positive.has(s.name));
  const damping = simplify(c);
  const overRoot = pow(simplify(add(mul(num(4), k, mn), neg(mul(c, c)))), neg(HALF));
  const ratio = roots(mul(damping, overRoot));
  const dampingRatio = roots(mul(HALF, damping, pow(simplify(mul(k, mn)), neg(HALF))));
  // ω_d t at the end of the contact: π where the gap reopens, 2 arccos ζ where the force vanishes first.
  const phase = law.adhesion ? PI : mul(num(2), fn('acos', dampingRatio));
  return {
    kind: 'kelvin-voigt',
    ...(normal ? { normalMass: normal.mass, tangential: normal.tangential } : {}),
    ratio,
    dampingRatio,
    restitution: fn('exp', neg(mul(phase, ratio))),
    duration: roots(mul(num(2), phase, mn, overRoot)),
  };
}

const PI = sym('pi');
/** The mass along the normal, m_n = 1/(G M⁻¹ Gᵀ), as a symbol where M depends on q. */
const NORMAL_MASS = sym('m_n');

/** m_n = 1/(G M⁻¹ Gᵀ) for a constant M, and the coordinates the impulse along M⁻¹Gᵀ does not move (kozlov1988 Th. 3). */
function normalOf(l2: Lagrange2, row: ContactRow): { readonly mass: Expr; readonly tangential: readonly number[] } | undefined {
  const sol = solveSmall(l2.massMatrix, row.row);
  if (!sol) return undefined;
  const w = simplify(add(...sol.x.map((x, i) => mul(x, row.row[i]!))));
  const tangential = sol.x.flatMap((x, i) => (simplify(x) === ZERO ? [i] : []));
  return { mass: together(simplify(pow(w, -1))), tangential };
}
