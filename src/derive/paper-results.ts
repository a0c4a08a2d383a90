// Results in the form the papers state them, computed from the derived
// system: every impact map's quantities named as facts, so that a model file
// can set a paper's formula beside the fact it gives (src/studies/paper-check.ts)
// and the report prints the general-parameter results of the paper.
//
// Facts of impact map i (1-based), for a mode m ('single' when no contact
// was closed, Kugushev–Sorokina's single impact; 'leaves' when every closed
// contact leaves, 'stays' when all stay, else 'stays(a,b)'):
//   impact{i}.{q}'-            q̇⁻ in the independent pre-impact velocities
//   impact{i}.{row}-           the rate of a contact row before the impact (ẏ_D⁻)
//   impact{i}.T-               T⁻ = ½ q̇⁻ᵀ M q̇⁻ at the impact configuration
//   impact{i}.tangential-      with two coordinates: the speed along the arriving contact's tangent
//                              before, in the kinetic metric (kozlov1988 §3's u = v cos α), .speed- the speed before;
//                              impact{i}.{m}.speed+ the speed after, .angle+ its angle α to the tangent
//   impact{i}.p{q}-            the generalized momentum ∂L/∂q̇ before, at the impact configuration
//   impact{i}.{row}.d{q}       the row's entry ∂f/∂q there (kugushev2002's ∂g̃ = −∂f/∂q)
//   impact{i}.{row}.inverseMass ∂fᵀ M⁻¹ ∂f of a contact row, Kugushev–Sorokina's ∂gᵀB⁻¹∂g
//                              in (1.4), B = M at the impact configuration
//   impact{i}.M{r}{c}          the mass matrix at the impact configuration, in the model's
//                              coordinates (R–F (3.1): G′)
//   impact{i}.G{r}{c}          Rubanovich–Formalsky (3.4): the kinetic matrix in the
//                              contacts' coordinates (x₁, y₁, x₂, y₂: the arriving
//                              contact's tangent and normal, then each closed one's),
//                              G = J⁻ᵀ M J⁻¹ with J = ∂z/∂q, where J is square
//   impact{i}.{m}.{q}'+        q̇⁺;  impact{i}.{m}.[{q}'] the jump q̇⁺ − q̇⁻ (R–F (1.4))
//   impact{i}.{m}.p{q}+        the generalized momentum after
//   impact{i}.{m}.{row}        the impulse of a row (Δμ of 'footD.n', Δν of 'footD.t')
//   impact{i}.{m}.{row}+       the rate of a contact row after the impact
//   impact{i}.{m}.ΔT           T⁻ − T⁺, Carnot's loss (R–F (3.14))
//   impact{i}.{m}.ratio        v⁺/v⁻ of the one independent velocity v (R–F (1.16), (2.6))
//   impact{i}.{m}.rest         with ratio r, |r| < 1, and a the magnitude of v̈ on the
//                              arriving contact alone at the impact configuration: the
//                              rocking that follows lasts Σ 2|v⁻||r|ⁱ/a = 2|v⁻||r|/(a(1 − |r|))
//                              in the small-speed limit (each swing up and back at
//                              constant deceleration a, R–F §1: finite-time decay)
//   impact{i}.{m}.return       with parabolic flights (constant force, M constant): the time
//                              until the arriving contact is struck again (unilateral/return-map.ts),
//                              the chord of kozlov1988 §3; .return.{q}, .return.{q}'- where and how
//                              it is struck then (kozlov1988 (5.7): at the mirror point)
//   impact{i}.{m}.averaged     −ΔT/return: the kinetic energy's mean rate over that chord,
//                              Kozlov's averaged law in energy form, Ṫ = v v̇ (§3)
//   impact{i}.{m}.averaged.law  that law in the normal speed w at an impact and the tangential
//                              speed u (the facts .u, .w), ẇ = c(u² + w²) to first order in e − 1,
//                              from .loss ΔT and .chord τ in u and w, .mean −ΔT/τ to that order,
//                              .speedLaw the same in the speed v (the fact .v), v̇ = −c v√(v² − u²),
//                              and its solution (motion/averaged.ts): .angle α(t) of the velocity
//                              to the tangent from .start α₁ at t = 0 (.start.value its acos(u/√(u² + w²))),
//                              .speed v(t) = u/cos α(t), .sliding the time α reaches 0
//                              (kozlov1988 §3: t < 2R/[u(1 − e)] for α₁ < 1)
//   impact{i}.{m}.next[a,b]    ∂a/∂b of that strike-to-strike map, a and b the section's
//                              coordinates (those the surface leaves free, then q̇⁻): the
//                              linearized Poincaré map of a bouncing (kozlov1988 §4)
//   impact{i}.smooth.…         {q}'+, {row} impulses and {row}+ rates as for a mode, with the
//                              closed contacts' lines smooth at the impact: their normal rows
//                              kept, their tangents free (smooth-stay.ts; R–F (3.15), (3.16))
//   impact{i}.vault            the least v⁺² with which the system, turning on the arriving
//                              contact alone, passes over it (vaulting.ts; R–F §2: below it
//                              rolling stops and rocking begins)
//   impact{i}.stride           the v² the system gains turning on the arriving contact until the
//                              next contact arrives as this one did (vaulting.ts strideGain; the
//                              wheel rolling down the slope, R–F §2)
//   impact{i}.leaves.rolling   the fixed point r²c/(1 − r²) of the stride map v⁺² ↦ r²(v⁺² + c),
//                              r the mode's ratio, c the stride's gain: the steady rolling's v⁺²
//   impact{i}.critical         the critical parameter value (critical.ts)
//   any fact + '@critical'     the same with the critical value substituted (R–F (1.19): α = α₀)
//   any fact + '@s=c'          with the symbol s (a coordinate, a velocity) set to the number c,
//                              or to an expression in parentheses, '@x'-=(x*sqrt(g/a))' (kozlov1988
//                              (5.7): the state of one member of a family, the others symbolic),
//                              new symbols there the variables of a limit taken after it (§6:
//                              '@b=(sqrt(a*A-A*A/4))@c=(-g/a)@a→∞', the ellipse into the parabola)
//   any fact + '@s=trajectory{k}.q'   with the symbol s set to that piece's q(t) (kozlov1988
//                              (4.6): p = −∂ẍ/∂x at x = 0 along the motion y₀(t))
//   any fact + '@moment{j}:trajectory{k}'   ∫ fact·(t − t_k)ʲ dt over piece k, t_k its start: the
//                              moments of a coefficient concentrated on a short piece (kozlov1988 §4:
//                              p(t) of (4.6) on a swing tends to a δ of the weight its moment 0 tends to)
//   any fact + '@∂s'           its derivative in s (kozlov1988 (4.3): ∂ẍ/∂x, the variational equation)
//   any fact + '@p≈c'          its first-order Taylor polynomial in the parameter p at c,
//                              f(c) + f′(c)(p − c) (kozlov1988 §3: restitution e near 1)
//   any fact + '@τ=√p·t'       an acceleration q̈(q, q̇) in the fast time τ = √p t, p a
//                              parameter: q″ = q̈(q, √p q′)/p, the velocity symbols then
//                              standing for d/dτ (kozlov1988 (3.4): (3.3) in τ = √N t)
//   any fact + '@surface'      the same on the arriving contact's surface f = 0, reduced
//                              there (unilateral/surface.ts: the circle's x² + y² is R²,
//                              kozlov1988 §3)
// Facts of Smirnov's support pairs (DerivedSystem.supports), a full variant
// named by its sides, e.g. (+,-) for pair 1 bearing on its positive side and
// pair 2 on its negative one:
//   supports.load.{q}                  in the balance form of (1.1), the applied and inertial
//                                      load along a fixed coordinate q (−b: the prism's P_y, M_x, …)
//   supports.{sides}.Δ                 the determinant of (1.1) for that variant, in the signed
//                                      reactions (the paper's Δᵢⱼ)
//   supports.{sides}.N{i}              the reaction of pair i
//   supports.{sides}.Φ                 the friction bound Σ f_i N_i (1.3): the point between
//                                      planes' |Φ| = f₂F_z or −f₁F_z
//   supports.count.all|full|on{n}      the variants of support as enumerated: all, full, on exactly n
//                                      pairs (smirnov1981 §2, §3: 3⁵ = 243, 2⁵ = 32, C(5, n)·2ⁿ)
//   supports.freedom                   the degrees of freedom the pairs leave (n of §3's 2^{6t−n})
//   supports.count.bodies|dof          the symbols ν (the paper's t) and n of the closed forms
//   supports.count.all|full.closed     3^{6ν−n}, 2^{6ν−n} (§3 S, s₀), for spatial bodies, where they give the counts
//   supports.{sides}.{q}''             q̈ of a full variant, M q̈ = F + Σ dᵢNᵢ (1.3), up to two pairs;
//                                      supports.{q}'' the switched sum as for Φ (example 1: ẍ)
//   supports.Φ                         the switched sum Σ F(s) Φˢ over the full variants, F(s) =
//                                      Πᵢ (1 + sgn Nᵢˢ)/2 (1.2), (2.2): the friction bound of the
//                                      variant the load realizes (the point's Φ by sgn F_z)
//   supports.rest.load, supports.rest.Φ  from rest (one free coordinate): the load P along it and Φ
//                                      with sgn q̇ = sgn P; rest persists while |P| ≤ Φ (smirnov1981 §2)
//   supports.rest.{sides}.N{i}         a full variant's reactions with sgn q̇ = sgn P, which that Φ is switched by
//   the same for a variant with free pairs (side 0, e.g. (+,0)), with N = 0 for those, and
//   supports.{sides}.residual.{row}    b − Σ aN of each row of (1.1) not solved (a fixed
//                                      coordinate, or a pair in the accelerations form): the
//                                      variant is realized where all vanish (support-partial.ts)
// Facts of a hinge with journal friction (DerivedSystem.hinges), in closed form:
//   hinge.{h}.Δ                        the n-gon's determinant Δᵢ of (2.4), vertices i, i+1
//   hinge.{h}.n, hinge.{h}.i           its free symbols: the sides and the vertex pair
//   hinge.{h}.critical                 f_r* of (2.5): self-locking possible for f_r ≥ f_r*
// Facts of realized contacts (Kozlov's Theorem 3) and of contact patches
// (Kuleshov et al.), derived in closed form:
//   compliant.{c}.{q}''               q̈ where the realized term c acts with its force, alone
//                                      (a realized retaining constraint everywhere, kozlov1988 (1.3);
//                                      a contact in its region f < 0, (3.3))
//   compliant.{c}.reaction             F_n − a f̈ there, all the realization exerts along ∂f: what
//                                      stands for the multiplier λ of (1.1) (Theorem 1)
//   compliant.{c}.ratio|dampingRatio|restitution|duration|normalMass   a Kelvin–Voigt
//                                      contact's limit, with or without adhesion (compliant.ts
//                                      RigidLimit); restitution 1 when elastic
//   patch.{p}.{regime}.{resultant}     a patch law's resultants (4.6) in each regime
//   patch.{p}.separation               where an inner patch shrinks to a point
//   patch.{p}.normal.…                 the same for motion along the normal only (5.3), (5.4)
//   patch.{p}.depth, patch.{p}.halfWidth   the equilibrium under the load (4.7), §8
//   patch.{p}.edge.lower|upper         the expanded density at the whole patch's ends; it is
//                                      concave, so where it is positive there the patch reaches
//                                      past that end (Prop. 10: ϑ₊ > ϑ₀ iff ϑ₀uₓ > u_y)
//   patch.{p}.universal.{regime}       h″ of the impact scaled free of parameters (6.1)–(6.2)
//   patch.{p}.universal.separation     where it ends (h + h′ = 0); .h, .hd the scaled depth and
//                                      rate, .depthScale, .timeScale a and b in q = ah, t = bτ,
//                                      .rateScale b/a in h′ = (b/a)q̇ (kuleshov2011 (5.5): κ√(r/g));
//                                      .elasticStop, .viscousStop the depth where the compression
//                                      stops in either limit, in .hd0 = h′₋ (Prop. 11's proof)
//   patch.{p}.impact.slipPerDepthRate  ρ in ds = σρ dq̇ during an impact (7.5); .invariant the
//                                      velocity combination it conserves (Prop. 9: 2v − γ);
//                                      .{q}'+ the velocities after it in those before, .{q}'-,
//                                      leaving the slip .slipAfter
//   patch.{p}.incline.holding          the friction sign that holds the slip at rest depth
//                                      (tan α/(3λ): the slip stops iff < 1, (2.3)); .depth the
//                                      rest depth on the incline (9.2); .stopTime the time a slip
//                                      (in the velocities) takes to stop there (Prop. 15, from (11.2))
//   patch.{p}.rolling.{q}''[.perVelocity]   rolling at rest depth: a + b·u (12.2)–(12.3);
//                                      .steady the speed u = −a/b (12.5)
//   patch.{p}.transverse.acceleration  s″ of the depth q = as under the load, t = bT, the patch whole
//                                      (9.1); .s, .u the scaled depth and its rate; .depthScale,
//                                      .timeScale a and b (ε², ε√(r/g)); .smallParameter the
//                                      parameters left in its viscous term (ε̃); .rest s* (9.2);
//                                      .potential V(s), .restPotential V(s*), .potentialRoot its
//                                      nonzero root s₀ (Cor. 2, Cor. 5); .dissipation dE/dT (9.3)
//   patch.{p}.shares.normal|tangential the expanded density's term in the depth's rate at the
//                                      centre, in the tangential velocity at the edge, over its
//                                      elastic term at the centre (Prop. 12, (8.2))
//   patch.{p}.ends.lower|upper         the whole patch's ends moved by the velocities, relative,
//                                      to first order, outward where positive (Cor. 3, (10.3))
// The initial state, initial.{q} and initial.{q}' (kozlov1988 (1.4): on the constraint), and
// the motion from it in closed form (motion/piecewise.ts), piece k (1-based):
//   trajectory{k}.start, trajectory{k}.end   when it starts and ends (the last piece has no end)
//   trajectory{k}.{q}, trajectory{k}.{q}'    q(t) and q̇(t) on it (kozlov1988 (2.4), (2.5))
//   trajectory{k}.{q}.integral               ∫ q dt over a piece that ends (kozlov1988 (4.4))
//   trajectory{k}.{q}.min|max                where q swings undamped through a period or more on
//                                            the piece, its extent (kozlov1988 §2: −2g/N ≤ y ≤ 0)
//   any fact + '@{p}→∞'                      its limit as the parameter p grows, where the fact
//                                            is rational in p or an oscillation damped by its
//                                            powers (core/limit.ts; kozlov1988 (2.6), §2);
//                                            for trajectory{k}.… the limit motion's piece k
//                                            (motion/limit-motion.ts: its terms vanishing inside
//                                            the piece dropped, an end not in closed form for
//                                            finite p found in the limit, kozlov1988 (2.7)); where
//                                            there is none, for start and end the limit of the
//                                            finite motion's time (kozlov1988 (4.7): the period)
//   trajectory{k}.end@{p}≫1                  a transcendental end for large p up to terms
//                                            O(e^{−cp}): the root of its condition with them
//                                            dropped (kozlov1988 (2.7): τ = 2 + 1/N)
// Facts of the oscillation along an axis s of symmetry of the one wall, struck
// elastically at both ends under an isotropic central force (unilateral/axis-orbit.ts,
// kozlov1988 §6):
//   axis.{s}.strike, .length, .radius   the wall's end S on the axis, l = 2S, its radius R there
//   axis.{s}.trace                      tr P of the half-period map of a transverse offset, in the energy h
//   axis.{s}.grazing, axis.{s}.loss     the energies where tr P = −2 (the impacts begin) and tr P = +2
// Facts of the bouncing along an axis s of symmetry of one or two walls under a
// constant force along it (unilateral/axis-bouncing.ts, kozlov1988 §4):
//   bouncing.{s}.speed                 the speed v at the lower wall, the symbol the others are in
//   bouncing.{s}.halfTrace             ½ tr P of the period map of a transverse offset: cos θ of (4.9), (4.1)
//   bouncing.{s}.radius1|radius2|length the walls' radii of curvature on the axis and l between them
// Facts of a point over a parabolic wall under a constant force along its axis
// (unilateral/parabolic-coordinates.ts, kozlov1988 §5):
//   parabolic.v, parabolic.w           Chaplygin's coordinates (5.2) at b = 0, in the model's coordinates
//   parabolic.v', parabolic.w'         their rates along the motion, set beside (5.3)
// Facts of a contact phase (kugushev2002 §9, regime 2), the active contacts
// named joined by commas, where it is solved in closed form:
//   phase.{contacts}.{q}''             q̈ while those contacts hold (9.3), (9.5)
//   phase.{contacts}.{row}             σ̇ of a row, the density of dμ = σ̇ dt (< 0: the
//                                      system leaves that constraint)
//   phase.{c:stick|slide,…}.…          the same with Coulomb friction, each rough contact named
//                                      with its choice (friction/phases.ts): the rod's phase.endA:stick.theta''
// The impact on a contact c realized instead by the potential e^{−Nf}, N the parameter p, from
// the initial state (compliant/exponential-impact.ts, kozlov1988 after Theorem 3, k = 0), found
// on demand:
//   exponential.{c}.{p}.duration|depth|speed|normalMass|gap   δ_N, min f, the speed V away from
//                                      the wall, m, and f(t) through the impact
//   exponential.{c}.{p}.{q}, exponential.{c}.{p}.{q}'   q and q̇ at δ_N
// The facts a study derives against the model's rigid version (studiedFacts):
//   rigid.distance                     max over the coordinates and 0 ≤ t ≤ t₁ of |q(t) − q_rigid(t)| in closed
//                                      form in the parameters (studies/limit-distance.ts closedDistance)
// and measured facts (numbers of the report's computations) below; among them limit.distance@{p}={v},
// the study's run's distance at p = v.
// Tests: test/derive/paper-results.test.ts, test/report/paper-kozlov.test.ts.
import { add, fn, HALF, mul, neg, num, numberExpr, pow, sub, sym, ZERO, type Expr } from '../core/expr.js';
import { cancel } from '../core/cancel.js';
import { diff } from '../core/diff.js';
import { subs } from '../core/subs.js';
import { simplify } from '../core/trig.js';
import { factored, shortestOf } from '../core/factored.js';
import { collectFactors } from '../core/factor.js';
import * as Q from '../core/rational.js';
import { pullPositive } from './compliant/positive.js';
import { positiveParameters } from './proofs/assumptions.js';
import { together } from '../core/together.js';
import { evaluate } from '../core/evaluate.js';
import { definiteIntegral } from '../core/integrate.js';
import { parseExpr } from '../core/parse.js';
import { limitAtInfinity } from '../core/limit.js';
import { preImpactName, TIME } from '../model/names.js';
import { matMul, solveSmall, transpose } from './matrix.js';
import type { CompliantTerm } from './compliant/compliant.js';
import { exponentialImpact } from './compliant/exponential-impact.js';
import type { PatchLaw } from './compliant/patch.js';
import { TRANSVERSE_DEPTH, TRANSVERSE_RATE } from './compliant/transverse.js';
import { SCALED_ARRIVAL, SCALED_DEPTH, SCALED_RATE } from './compliant/universal.js';
import { averagedMotion, firstOrder } from './motion/averaged.js';
import { limitMotion } from './motion/limit-motion.js';
import { piecewiseMotion } from './motion/piecewise.js';
import { axisBouncings } from './unilateral/axis-bouncing.js';
import { axisOrbits } from './unilateral/axis-orbit.js';
import { parabolicCoordinates } from './unilateral/parabolic-coordinates.js';
import { returnMap } from './unilateral/return-map.js';
import { variantAccelerations } from './friction/supports.js';
import { switchedSum } from './friction/support-rest.js';
import { countFormsAgree, variantCountForms } from './friction/support-variants.js';
import { smoothStay } from './unilateral/smooth-stay.js';
import { strideGain, vaultingSpeedSquared } from './unilateral/vaulting.js';
import { onSurface } from './unilateral/surface.js';
import { leadingForm, reduceOn } from '../core/on-constraint.js';
import type { DerivedSystem } from './system.js';
import type { ContactRow, ImpactMap, ImpactMode } from './unilateral/unilateral-types.js';

export type Facts = ReadonlyMap<string, Expr>;

/** A fact in the shortest of its trig-simplified, common-denominator and factored forms (the papers' forms). */
const tidy = (e: Expr): Expr => shortestOf(simplify(e), [together, factored]);

/** Facts computed so far: a system is immutable, and its paper check, each redrawn figure and the studies all read them. */
const factsOf = new WeakMap<DerivedSystem, Facts>();

/** Every fact of the system's impact maps, by name. */
export function derivedFacts(system: DerivedSystem): Facts {
  let facts = factsOf.get(system);
  if (facts === undefined) factsOf.set(system, (facts = computeFacts(system)));
  return facts;
}

function computeFacts(system: DerivedSystem): Facts {
  const facts = new Map<string, Expr>();
  system.unilateral?.impactMaps.forEach((im, k) => impactFacts(system, im, `impact${k + 1}`, facts));
  supportFacts(system, facts);
  hingeFacts(system, facts);
  compliantFacts(system, facts);
  patchFacts(system, facts);
  trajectoryFacts(system, facts);
  phaseFacts(system, facts);
  axisFacts(system, facts);
  parabolicFacts(system, facts);
  bouncingFacts(system, facts);
  return facts;
}

/** The bouncing along an axis of the walls under a constant force (kozlov1988 (4.1), (4.9)). */
function bouncingFacts(system: DerivedSystem, facts: Map<string, Expr>): void {
  for (const [s, b] of axisBouncings(system)) {
    facts.set(`bouncing.${s}.speed`, b.speed);
    facts.set(`bouncing.${s}.halfTrace`, b.halfTrace);
    b.radii.forEach((R, k) => facts.set(`bouncing.${s}.radius${k + 1}`, R));
    if (b.length) facts.set(`bouncing.${s}.length`, b.length);
  }
}

/** Chaplygin's parabolic coordinates of the wall and their rates (kozlov1988 (5.2), (5.3)). */
function parabolicFacts(system: DerivedSystem, facts: Map<string, Expr>): void {
  const c = parabolicCoordinates(system);
  if (!c) return;
  facts.set('parabolic.v', c.v);
  facts.set('parabolic.w', c.w);
  facts.set("parabolic.v'", c.vd);
  facts.set("parabolic.w'", c.wd);
}

/** The oscillations along the wall's axes of symmetry (kozlov1988 §6). */
function axisFacts(system: DerivedSystem, facts: Map<string, Expr>): void {
  for (const [s, orbit] of axisOrbits(system)) {
    for (const key of ['strike', 'length', 'radius', 'trace', 'grazing', 'loss'] as const) facts.set(`axis.${s}.${key}`, orbit[key]);
  }
}

/** Each contact phase solved in closed form: q̈ and the multipliers σ̇ of its rows (as solved: the phases of every model are many, and few are printed). */
function phaseFacts(system: DerivedSystem, facts: Map<string, Expr>): void {
  const u = system.unilateral;
  for (const phase of u?.phases ?? []) {
    if (!phase.explicit) continue;
    const key = `phase.${phase.active.map((j) => u!.contacts[j]!.constraint.name).join(',')}`;
    system.model.coordinates.forEach((c, i) => facts.set(`${key}.${c.name}''`, phase.explicit!.qdd[i]!));
    phase.rows.forEach((r, k) => facts.set(`${key}.${r.label}`, phase.explicit!.multipliers[k]!));
    // With Coulomb friction, each choice of sliding or sticking: a rod's end held sticking turns about it.
    for (const f of phase.friction ?? []) {
      if (!f.explicit) continue;
      const named = phase.active.map((j) => `${u!.contacts[j]!.constraint.name}${f.modes.has(j) ? `:${f.modes.get(j)}` : ''}`);
      system.model.coordinates.forEach((c, i) => facts.set(`phase.${named.join(',')}.${c.name}''`, f.explicit!.qdd[i]!));
      f.rows.forEach((r, k) => facts.set(`phase.${named.join(',')}.${r.label}`, f.explicit!.multipliers[k]!));
    }
  }
}

/** Each piece of the motion in closed form: its start, end, q(t) and q̇(t); and the initial state it starts from. */
function trajectoryFacts(system: DerivedSystem, facts: Map<string, Expr>): void {
  const { q0, qd0 } = system.model.initialExprs;
  system.model.coordinates.forEach((c, i) => {
    facts.set(`initial.${c.name}`, typeof q0[i] === 'number' ? numberExpr(q0[i]) : q0[i]!);
    facts.set(`initial.${c.qd.name}`, typeof qd0[i] === 'number' ? numberExpr(qd0[i]) : qd0[i]!);
  });
  piecewiseMotion(system, { offSurface: true }).pieces.forEach((piece, k) => {
    const key = `trajectory${k + 1}`;
    facts.set(`${key}.start`, piece.start);
    if (piece.end) facts.set(`${key}.end`, piece.end);
    system.model.coordinates.forEach((c, i) => {
      facts.set(`${key}.${c.name}`, piece.q[i]!);
      facts.set(`${key}.${c.qd.name}`, piece.qd[i]!);
      const integral = piece.integral?.[i];
      if (integral) facts.set(`${key}.${c.name}.integral`, integral);
      const range = piece.range[i];
      if (range) {
        facts.set(`${key}.${c.name}.min`, range.min);
        facts.set(`${key}.${c.name}.max`, range.max);
      }
    });
  });
}

/** Kozlov's Theorem 3 for each realized contact whose limit is Kelvin–Voigt (restitution 1 for an elastic one). */
function compliantFacts(system: DerivedSystem, facts: Map<string, Expr>): void {
  for (const t of system.compliant?.terms ?? []) {
    const key = `compliant.${t.name}`;
    const qdd = realizedAccelerations(system, t);
    qdd?.forEach((a, i) => facts.set(`${key}.${system.model.coordinates[i]!.qdd.name}`, a));
    const fdd = qdd && add(t.row.bias, ...t.row.row.map((g, i) => mul(g, qdd[i]!)));
    if (fdd) facts.set(`${key}.reaction`, tidy(sub(t.force, mul(t.addedMass, fdd))));
    if (t.limit.kind === 'elastic') facts.set(`${key}.restitution`, num(1));
    if (t.limit.kind !== 'kelvin-voigt') continue;
    facts.set(`${key}.ratio`, t.limit.ratio);
    facts.set(`${key}.dampingRatio`, t.limit.dampingRatio);
    facts.set(`${key}.restitution`, t.limit.restitution);
    facts.set(`${key}.duration`, t.limit.duration);
    if (t.limit.normalMass) facts.set(`${key}.normalMass`, t.limit.normalMass);
  }
}

/**
 * q̈ where the term acts with its force (kozlov1988 (1.3), (3.3)): (M + a GᵀG) q̈ = Q + F_n Gᵀ − a β Gᵀ,
 * the model's other realized terms left out; undefined where M + a GᵀG is not solved in closed form.
 */
function realizedAccelerations(system: DerivedSystem, t: CompliantTerm): Expr[] | undefined {
  const { massMatrix, forcing } = system.lagrange2;
  const M = massMatrix.map((row, i) => row.map((m, j) => (t.inertia ? add(m, t.inertia.mass[i]![j]!) : m)));
  const F = forcing.map((f, i) => add(f, t.generalizedForce[i]!, t.inertia ? t.inertia.forcing[i]! : ZERO));
  return solveSmall(M, F)?.x.map(tidy);
}

/** Kuleshov et al.: each patch law's resultants by regime, its separation condition, the equilibrium (4.7), and the same for motion along the normal (5.3)–(5.4). */
function patchFacts(system: DerivedSystem, facts: Map<string, Expr>): void {
  for (const t of system.patches?.terms ?? []) {
    const key = `patch.${t.name}`;
    const lawFacts = (prefix: string, law: PatchLaw): void => {
      for (const r of law.regimes) for (const [name, e] of Object.entries(r.resultants)) facts.set(`${prefix}.${r.name}.${name}`, e);
      if (law.separation) facts.set(`${prefix}.separation`, law.separation);
    };
    lawFacts(key, t.law);
    const whole = t.law.regimes.find((r) => r.name === 'whole');
    for (const end of ['lower', 'upper'] as const) {
      if (whole) facts.set(`${key}.edge.${end}`, tidy(subs(t.law.density, new Map([[t.law.variable, whole[end].value]]))));
    }
    if (t.normalMotion) lawFacts(`${key}.normal`, t.normalMotion.law);
    if (t.equilibrium) {
      facts.set(`${key}.depth`, t.equilibrium.depth);
      facts.set(`${key}.halfWidth`, t.equilibrium.halfWidth);
    }
    const u = t.universal;
    if (u) {
      facts.set(`${key}.universal.h`, SCALED_DEPTH);
      facts.set(`${key}.universal.hd`, SCALED_RATE);
      facts.set(`${key}.universal.depthScale`, u.depthScale);
      facts.set(`${key}.universal.timeScale`, u.timeScale);
      facts.set(`${key}.universal.rateScale`, tidy(mul(u.timeScale, pow(u.depthScale, -1))));
      for (const r of u.regimes) facts.set(`${key}.universal.${r.name}`, r.acceleration);
      if (u.separation) facts.set(`${key}.universal.separation`, u.separation);
      if (u.stops) {
        facts.set(`${key}.universal.hd0`, SCALED_ARRIVAL);
        facts.set(`${key}.universal.elasticStop`, tidy(u.stops.elastic));
        facts.set(`${key}.universal.viscousStop`, tidy(u.stops.viscous));
      }
    }
    const s = t.slipping;
    if (s) {
      facts.set(`${key}.impact.slipPerDepthRate`, s.slipPerDepthRate);
      if (s.invariant) facts.set(`${key}.impact.invariant`, s.invariant);
      if (s.after) facts.set(`${key}.impact.slipAfter`, s.after.slip);
      for (const c of system.model.coordinates) facts.set(`${key}.impact.${c.qd.name}-`, sym(preImpactName(c.name)));
      s.after?.velocities.forEach((e, i) => facts.set(`${key}.impact.${system.model.coordinates[i]!.qd.name}+`, e));
      if (s.holding) facts.set(`${key}.incline.holding`, s.holding);
      if (s.stopTime) facts.set(`${key}.incline.stopTime`, s.stopTime);
      if (s.rolling) facts.set(`${key}.incline.depth`, s.rolling.depth);
      const rolling = s.rolling;
      system.model.coordinates.forEach((c, i) => {
        if (!rolling) return;
        facts.set(`${key}.rolling.${c.qdd.name}`, rolling.acceleration[i]!);
        facts.set(`${key}.rolling.${c.qdd.name}.perVelocity`, rolling.perVelocity[i]!);
      });
      if (rolling?.steady) facts.set(`${key}.rolling.steady`, rolling.steady);
    }
    const v = t.transverse;
    if (v) {
      facts.set(`${key}.transverse.s`, TRANSVERSE_DEPTH);
      facts.set(`${key}.transverse.u`, TRANSVERSE_RATE);
      facts.set(`${key}.transverse.depthScale`, v.depthScale);
      facts.set(`${key}.transverse.timeScale`, v.timeScale);
      facts.set(`${key}.transverse.smallParameter`, v.smallParameter);
      facts.set(`${key}.transverse.acceleration`, v.acceleration);
      facts.set(`${key}.transverse.rest`, v.rest);
      facts.set(`${key}.transverse.potential`, v.potential);
      facts.set(`${key}.transverse.restPotential`, v.restPotential);
      if (v.potentialRoot) facts.set(`${key}.transverse.potentialRoot`, v.potentialRoot);
      facts.set(`${key}.transverse.dissipation`, v.dissipation);
      facts.set(`${key}.shares.normal`, v.shares.normal);
      if (v.shares.tangential) facts.set(`${key}.shares.tangential`, v.shares.tangential);
      facts.set(`${key}.ends.lower`, v.ends.lower);
      facts.set(`${key}.ends.upper`, v.ends.upper);
    }
  }
}

// ---------------------------------------------------------------- measured facts
// Numbers the report's own computations give (src/pipeline/report-inputs.ts runs them),
// in the report's structural types so that this module needs no runtime:
//   limit.{x}          x ∈ release, duration, restitution, distance of a rigid-limit
//                      study: the limit its runs extrapolate to (rigid-limit.ts, Aitken's Δ²;
//                      a vanishing distance's limit within [0, its last value])
//   limit.{x}.order    the study's fitted order r (rigid-limit.ts)
//   limit.drop.{x}, limit.drop.{x}.order   x ∈ restitution, duration of the study's drop
//                      (ModelSpec.limitStudy.drop, a start entering the contact): its limit and
//                      fitted order (kozlov1988 Theorem 3's e)
//   limit.drop.scaledDuration, .order   N^r times the drop's durations, r Theorem 3's power of
//                      δ_N (½): extrapolated, and the fitted order of its distance to Theorem 3's limit
//   orbit.period, orbit.{q}, orbit.{q}'   the declared periodic orbit's period and fixed point
//   orbit.multiplier{k}.re|im|abs         its k-th Floquet multiplier, in the report's order
//   orbit.bifurcation{k}                  the parameter at the k-th bifurcation of its branch
//   orbit.sweep{k}.multiplier{j}.re       its j-th multiplier sought again at the k-th value of its sweep
//   motion.{type}{k}   the time of the k-th event of that type in the report's simulation; .{q}' the velocities there
//   motion.max|A−B|    the largest |A − B| over its samples, A and B derived facts of the state
//                      (kozlov1988 (1.1): the realized rod's force against the multiplier)
//   restitution.{p}.lossExponent|growthExponent   a patch's universal restitution
//                      (src/studies/restitution.ts): the fitted exponents of 1 − H(v)/v
//                      as v → 0 and of H(v) as v → ∞ (kuleshov2011 Proposition 11)
//   restitution.{p}.ratioAtSmallest|ratioAtLargest   H(v)/v at the extreme speeds
//   restitution.{p}.limitAtZero|limitAtInfinity   the limits of H(v)/v as v → 0, v → ∞,
//                      extrapolated (Aitken's Δ² over three decades of v, as it comes)
//   relaxation.{p}.rateExponent|plateauExponent|shiftedPlateauExponent   a patch's transverse
//                      oscillation (src/studies/relaxation.ts): the log-log slopes in ε̃ of its
//                      energy's decay rate and of the energy a resonant forcing keeps
//                      (kuleshov2011 Proposition 13), and of the energy about the rest a constant
//                      forcing shifts (Proposition 14)
//   incline.run{k}.stop|speed|timeConstant|slipRate   the k-th run on the incline
//                      (src/studies/incline-runs.ts, kuleshov2011 §2): when its slip stops, the
//                      rolling speed's limit (extrapolated) and time constant, or the slip's rate
//                      while it slides, at the run's parameters
//   journal.{h}.phiddot, journal.{h}.N1, journal.{h}.N2   a hinge's (2.6) solved by iteration at the
//                      initial state (smirnov1981 example 4, src/derive/friction/hinges.ts): the joint's
//                      acceleration and the reaction along the pin rows
//   realizations.{label}.leaves   when the realization of that label leaves the constraint for
//                      good, in the realizations compared (src/studies/realizations.ts; kozlov1988 §2)
//   realizations.{label}.distance, .distance.order   that law's distance to the rigid motion as the
//                      study's parameter grows, extrapolated, and its fitted order (kozlov1988 (2.4))
//   realizations.{label}.distance.leading   N^r times that distance, r its order to the nearest half,
//                      extrapolated: the leading coefficient of the distance
//   confocal.{panel}.v.min|max, .w.min|max   the extent in Chaplygin's v, w (5.2) of the confocal
//                      motion of that panel (src/studies/confocal.ts), the derived coordinates at its
//                      samples: the sides of its quadrilateral (kozlov1988 (5.4), (5.5));
//                      .h, .gamma its start's energy and constant γ of (5.3)
//   confocal.family.x0|first|period   the (5.7) member leaving the wall at x₀ along its normal: x at
//                      its first strike and the time of its second, at x₀ again
//   confocal.unstable.v|growth   the bouncing at speed v off the vertex with v²/g > a: |x| multiplied per strike
// Each holds at the parameters the computation used (MeasuredFact.params).

/** A rigid-limit study as the facts need it (structurally the runtime's LimitStudy). */
export interface StudyForFacts {
  /** The parameter that grows (N): the orders are of its powers. */
  readonly parameter: string;
  readonly rows: readonly {
    readonly value: number;
    readonly release: number;
    readonly duration: number;
    readonly restitution: number;
    readonly distance: number;
  }[];
  readonly orders: { readonly release: number; readonly duration: number; readonly restitution: number; readonly distance: number };
  readonly extrapolated: { readonly release: number; readonly duration: number; readonly restitution: number; readonly distance: number };
  /** Each coordinate's largest distance to the rigid motion in the limit (LimitStudy.coordinates). */
  readonly coordinates?: readonly { readonly name: string; readonly extrapolated: number; readonly last: number; readonly scaled?: readonly number[] }[];
  /** Where the distance vanishes like N^{−r}: r and N^r times it per run (LimitStudy.leading). */
  readonly leading?: { readonly order: number; readonly scaled: readonly number[] };
  /** The finite motion's distance to the rigid one in closed form in N (src/studies/limit-distance.ts closedDistance). */
  readonly closedDistance?: { readonly distance: Expr };
  /** The local orders between successive runs, whose trend each fitted order averages (LimitStudy.trends). */
  readonly trends?: {
    readonly release: readonly number[];
    readonly duration: readonly number[];
    readonly restitution: readonly number[];
    readonly distance: readonly number[];
  };
  /** The same values run from the declared drop (ModelSpec.limitStudy.drop), with N^r times its durations (kozlov1988 Th. 3's δ_N). */
  readonly drop?: Omit<StudyForFacts, 'drop' | 'parameter'> & {
    readonly scaledDuration?: { readonly values: readonly number[]; readonly extrapolated: number; readonly order: number };
  };
}

/** A declared orbit as the facts need it (structurally src/studies/orbit.ts's OrbitStudy). */
export interface OrbitForFacts {
  readonly declaration: { readonly sweep?: { readonly parameter: string } };
  readonly params: Readonly<Record<string, number>>;
  readonly orbit?: {
    readonly q: readonly number[];
    readonly qd: readonly number[];
    readonly period: number;
    readonly multipliers: readonly { readonly re: number; readonly im: number }[];
  };
  readonly branch?: { readonly bifurcations: readonly { readonly parameter: number }[] };
  readonly sweep?: readonly { readonly value: number; readonly orbit?: { readonly multipliers: readonly { readonly re: number }[] } }[];
  readonly step?: { readonly period: number; readonly multipliers: readonly { readonly re: number; readonly im: number }[] };
}

/** The confocal motions as the facts need them (structurally src/studies/confocal.ts's ConfocalStudy). */
export interface ConfocalForFacts {
  readonly family: { readonly x0: number; readonly first: number; readonly period: number };
  readonly unstable: { readonly v: number; readonly growth: number };
  readonly runs: readonly {
    readonly panel: string;
    readonly h: number;
    readonly gamma: number;
    readonly x: readonly number[];
    readonly y: readonly number[];
  }[];
}

/** A patch's universal restitution as the facts need it (structurally src/studies/restitution.ts's RestitutionStudy). */
export interface RestitutionForFacts {
  readonly patch: string;
  readonly lossExponent: { readonly value: number };
  readonly growthExponent: { readonly value: number };
  readonly ratioAtSmallest: number;
  readonly ratioAtLargest: number;
  readonly limitAtZero: { readonly value: number };
  /** Δ² as it came, not kept within [0, the last ratio]: a check of the limit 0 that can fail (Corollary 1). */
  readonly limitAtInfinity: { readonly aitken: number };
}

/** A patch's transverse relaxation as the facts need it (structurally src/studies/relaxation.ts's RelaxationStudy). */
export interface RelaxationForFacts {
  readonly patch: string;
  readonly rateExponent: number;
  readonly plateauExponent: number;
  readonly shiftedPlateauExponent: number;
}

/** What the report computed numerically, passed to its paper table. */
export interface Computed {
  readonly restitution?: readonly RestitutionForFacts[];
  readonly relaxation?: readonly RelaxationForFacts[];
  readonly limitStudy?: StudyForFacts;
  /** The realizations compared (structurally src/studies/realizations.ts's RealizationsStudy). */
  readonly realizations?: {
    readonly params: Readonly<Record<string, number>>;
    readonly runs: readonly { readonly label: string; readonly leaves: number }[];
    /** Each other law as the study's parameter grows, against the rigid model. */
    readonly limits?: readonly {
      readonly label: string;
      readonly study: {
        readonly parameter: string;
        readonly extrapolated: { readonly distance: number };
        readonly orders: { readonly distance: number };
        readonly leading?: { readonly extrapolated: number };
      };
    }[];
  };
  readonly orbit?: OrbitForFacts;
  readonly confocal?: ConfocalForFacts;
  /** The runs on the incline (structurally src/studies/incline-runs.ts's InclineRunsStudy). */
  readonly inclineRuns?: {
    readonly runs: readonly {
      readonly params: Readonly<Record<string, number>>;
      readonly stop?: number;
      readonly rolling?: { readonly limit: number; readonly timeConstant: number };
      readonly sliding?: { readonly rate: number };
    }[];
  };
  /** Structurally the report's MotionSimulation: a trajectory, or why there is none. */
  readonly simulation?:
    | {
        readonly trajectory: {
          readonly events: readonly {
            readonly t: number;
            readonly type: string;
            readonly contacts?: readonly number[];
            readonly q?: readonly number[];
            readonly qd?: readonly number[];
            readonly qdPlus?: readonly number[];
          }[];
          /** The samples of the run: times, coordinates and velocities. */
          readonly t?: readonly number[];
          readonly q?: readonly (readonly number[])[];
          readonly qd?: readonly (readonly number[])[];
        };
      }
    | { readonly error: string }
    | { readonly skipped: string };
}

export interface MeasuredFact {
  readonly value: number;
  /** The parameters it was computed at (the others at their defaults). */
  readonly params: Readonly<Record<string, number>>;
  /** For a fitted order r of |x_N − x_∞| ≈ C N^{−r}: the parameter N it is of. */
  readonly orderOf?: string;
  /** A limit extrapolated from a study's runs (Aitken's Δ²), not a value measured at one parameter. */
  readonly extrapolated?: true;
  /** For a fitted order: the local orders between successive runs, whose trend it averages. */
  readonly trend?: readonly number[];
  /**
   * For a limit 0 a study's runs approach like N^{−r}: r, the values of N and N^r times the quantity at each, the
   * rate that shows the limit (kozlov1988 Th. 1: N max|u| = 0.194, 0.197, 0.197, 0.197).
   */
  readonly rate?: { readonly parameter: string; readonly order: number; readonly values: readonly number[]; readonly scaled: readonly number[] };
}

export type Measured = ReadonlyMap<string, MeasuredFact>;

/**
 * The facts a study derived in closed form against the model's rigid version, by name: rigid.distance, the finite
 * motion's largest distance to the rigid motion over the run as a function of the parameters (kozlov1988 (2.5)
 * against (2.4)); its limit as N grows is rigid.distance@N→∞.
 */
export function studiedFacts({ limitStudy }: Computed): Facts {
  return new Map(limitStudy?.closedDistance ? [['rigid.distance', limitStudy.closedDistance.distance]] : []);
}

/**
 * A measured fact along the report's simulated run, motion.max|A−B| (the minus U+2212): the largest |A − B| over its
 * samples at the defaults, A and B derived facts of the state (kozlov1988 (1.1): the realized rod's force against
 * the multiplier λ of the rod held).
 */
const ALONG_RUN = /^motion\.max\|(.+)\|$/;

/** The measured facts of what the report computed for `system`; `wanted`, the facts the paper's rows name, for those computed on demand (ALONG_RUN). */
export function measuredFacts(system: DerivedSystem, computed: Computed, wanted: readonly string[] = []): Measured {
  const facts = new Map<string, MeasuredFact>();
  const put = (name: string, value: number, params: Readonly<Record<string, number>> = {}, orderOf?: string): void => {
    if (Number.isFinite(value)) facts.set(name, { value, params, ...(orderOf ? { orderOf } : {}) });
  };
  // A study's limit is extrapolated where it is not its last run's value (Aitken's Δ²; a bounded lag or a constant keeps the last).
  const extrapolated = (name: string, value: number, last: number | undefined): void => {
    if (Number.isFinite(value)) facts.set(name, { value, params: {}, ...(value !== last ? { extrapolated: true as const } : {}) });
  };
  const study = computed.limitStudy;
  for (const x of ['release', 'duration', 'restitution', 'distance'] as const) {
    if (!study) break;
    extrapolated(`limit.${x}`, study.extrapolated[x], study.rows.at(-1)?.[x]);
    put(`limit.${x}.order`, study.orders[x], {}, study.parameter);
    const fact = facts.get(`limit.${x}.order`);
    if (fact && study.trends) facts.set(`limit.${x}.order`, { ...fact, trend: study.trends[x] });
  }
  // A coordinate's own distance (kozlov1988 (1.1): the rod's stretch u, 0 when held).
  for (const c of study?.coordinates ?? []) extrapolated(`limit.distance.${c.name}`, c.extrapolated, c.last);
  // A vanishing distance with the rate it vanishes at, N^r times it per run (kozlov1988 Th. 1: like 1/N).
  const withRate = (name: string, scaled: readonly number[] | undefined): void => {
    const f = facts.get(name);
    if (f && scaled && study?.leading)
      facts.set(name, { ...f, rate: { parameter: study.parameter, order: study.leading.order, values: study.rows.map((r) => r.value), scaled } });
  };
  withRate('limit.distance', study?.leading?.scaled);
  // Each run's distance at its value of N, beside a closed form in N (kozlov1988 (2.5): the added mass's at N = 10).
  for (const r of study?.rows ?? []) put(`limit.distance@${study!.parameter}=${r.value}`, r.distance, { [study!.parameter]: r.value });
  for (const c of study?.coordinates ?? []) withRate(`limit.distance.${c.name}`, c.scaled);
  for (const x of ['restitution', 'duration'] as const) {
    if (!study?.drop) break;
    extrapolated(`limit.drop.${x}`, study.drop.extrapolated[x], study.drop.rows.at(-1)?.[x]);
    put(`limit.drop.${x}.order`, study.drop.orders[x], {}, study.parameter);
  }
  const scaled = study?.drop?.scaledDuration;
  if (scaled) {
    extrapolated('limit.drop.scaledDuration', scaled.extrapolated, scaled.values.at(-1));
    put('limit.drop.scaledDuration.order', scaled.order, {}, study!.parameter);
  }
  for (const { hinge, atInitial } of system.hinges) {
    if (!atInitial) continue;
    put(`journal.${hinge.name}.phiddot`, atInitial.limit.acceleration);
    atInitial.limit.reaction.forEach((N, i) => put(`journal.${hinge.name}.N${i + 1}`, N));
    put(`journal.${hinge.name}.contraction`, atInitial.contraction.threshold);
  }
  const compared = computed.realizations;
  for (const r of compared?.runs ?? []) put(`realizations.${r.label}.leaves`, r.leaves, compared!.params);
  for (const { label, study: s } of compared?.limits ?? []) {
    put(`realizations.${label}.distance`, s.extrapolated.distance);
    put(`realizations.${label}.distance.order`, s.orders.distance, {}, s.parameter);
    if (s.leading) extrapolated(`realizations.${label}.distance.leading`, s.leading.extrapolated, undefined);
  }
  const o = computed.orbit;
  if (o?.orbit) {
    const { params } = o;
    put('orbit.period', o.orbit.period, params);
    o.orbit.multipliers.forEach((z, k) => {
      put(`orbit.multiplier${k + 1}.re`, z.re, params);
      put(`orbit.multiplier${k + 1}.im`, z.im, params);
      put(`orbit.multiplier${k + 1}.abs`, Math.hypot(z.re, z.im), params);
    });
    o.branch?.bifurcations.forEach((b, k) => put(`orbit.bifurcation${k + 1}`, b.parameter, params));
    if (o.step) put('orbit.step.period', o.step.period, params);
    o.step?.multipliers.forEach((z, k) => put(`orbit.step.multiplier${k + 1}.abs`, Math.hypot(z.re, z.im), params));
    o.sweep?.forEach((s, k) => {
      const at = { ...params, [o.declaration.sweep!.parameter]: s.value };
      s.orbit?.multipliers.forEach((z, j) => put(`orbit.sweep${k + 1}.multiplier${j + 1}.re`, z.re, at));
    });
    system.model.coordinates.forEach((c, i) => {
      put(`orbit.${c.name}`, o.orbit!.q[i]!, params);
      put(`orbit.${c.qd.name}`, o.orbit!.qd[i]!, params);
    });
  }
  for (const r of computed.restitution ?? []) {
    const key = `restitution.${r.patch}`;
    put(`${key}.lossExponent`, r.lossExponent.value);
    put(`${key}.growthExponent`, r.growthExponent.value);
    put(`${key}.ratioAtSmallest`, r.ratioAtSmallest);
    put(`${key}.ratioAtLargest`, r.ratioAtLargest);
    put(`${key}.limitAtZero`, r.limitAtZero.value);
    put(`${key}.limitAtInfinity`, r.limitAtInfinity.aitken);
  }
  computed.inclineRuns?.runs.forEach((r, k) => {
    const key = `incline.run${k + 1}`;
    if (r.stop !== undefined) put(`${key}.stop`, r.stop, r.params);
    if (r.rolling) {
      facts.set(`${key}.speed`, { value: r.rolling.limit, params: r.params, extrapolated: true });
      put(`${key}.timeConstant`, r.rolling.timeConstant, r.params);
    }
    if (r.sliding) put(`${key}.slipRate`, r.sliding.rate, r.params);
  });
  for (const r of computed.relaxation ?? []) {
    put(`relaxation.${r.patch}.rateExponent`, r.rateExponent);
    put(`relaxation.${r.patch}.plateauExponent`, r.plateauExponent);
    put(`relaxation.${r.patch}.shiftedPlateauExponent`, r.shiftedPlateauExponent);
  }
  confocalFacts(system, computed.confocal, put);
  const sim = computed.simulation;
  if (sim && 'trajectory' in sim) {
    const seen = new Map<string, number>();
    for (const e of sim.trajectory.events) {
      const k = (seen.get(e.type) ?? 0) + 1;
      seen.set(e.type, k);
      put(`motion.${e.type}${k}`, e.t);
      // The velocities there: a patch's impact runs from its contact to its release (kuleshov2011 Prop. 9).
      system.model.coordinates.forEach((c, i) => e.qd && put(`motion.${e.type}${k}.${c.qd.name}`, e.qd[i]!));
    }
    alongRun(system, sim.trajectory, wanted, put);
  }
  return facts;
}

/** Each wanted motion.max|A−B| over the run's samples (ALONG_RUN); one naming no derived fact is left for the check to name. */
function alongRun(
  system: DerivedSystem,
  run: { readonly t?: readonly number[]; readonly q?: readonly (readonly number[])[]; readonly qd?: readonly (readonly number[])[] },
  wanted: readonly string[],
  put: (name: string, value: number) => void,
): void {
  const { t, q, qd } = run;
  if (!t || !q || !qd) return;
  const facts = derivedFacts(system);
  const defaults = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
  for (const name of wanted) {
    const inner = ALONG_RUN.exec(name)?.[1];
    const sides = inner?.split('−').map((f) => fact(facts, system, f));
    if (!sides || sides.length > 2 || sides.some((e) => !e)) continue;
    const e = sides.length === 2 ? sub(sides[0]!, sides[1]!) : sides[0]!;
    const values = t.map((s, k) => {
      const env: Record<string, number> = { ...defaults, [TIME]: s };
      system.model.coordinates.forEach((c, i) => {
        env[c.name] = q[k]![i]!;
        env[c.qd.name] = qd[k]![i]!;
      });
      return Math.abs(evaluate(e, env));
    });
    put(name, Math.max(...values));
  }
}

/**
 * Each confocal motion's (kozlov1988 Fig. 3) extent in Chaplygin's coordinates, the derived
 * v, w of (5.2) evaluated along its samples at the defaults, and the start's h and γ of (5.3).
 */
function confocalFacts(system: DerivedSystem, study: ConfocalForFacts | undefined, put: (name: string, value: number) => void): void {
  if (!study) return;
  put('confocal.family.x0', study.family.x0);
  put('confocal.family.first', study.family.first);
  put('confocal.family.period', study.family.period);
  put('confocal.unstable.v', study.unstable.v);
  put('confocal.unstable.growth', study.unstable.growth);
  const facts = derivedFacts(system);
  const [v, w] = [facts.get('parabolic.v'), facts.get('parabolic.w')];
  if (!v || !w) return;
  const defaults = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
  for (const r of study.runs) {
    const key = `confocal.${r.panel}`;
    put(`${key}.h`, r.h);
    put(`${key}.gamma`, r.gamma);
    for (const [name, e] of [
      ['v', v],
      ['w', w],
    ] as const) {
      const values = r.x.map((x, k) => evaluate(e, { ...defaults, x, y: r.y[k]! }));
      put(`${key}.${name}.min`, Math.min(...values));
      put(`${key}.${name}.max`, Math.max(...values));
    }
  }
}

/**
 * smirnov1981 §2, §3: the counts in closed form, in the kernel's symbols ν for the moving bodies and n for the degrees
 * of freedom their k = 6ν − n pairs leave (spatial bodies, six coordinates each; t, time, is not the paper's t), set
 * where they give the enumerated counts at the model's ν and n.
 */
function countForms(system: DerivedSystem, s: NonNullable<DerivedSystem['supports']>, facts: Map<string, Expr>): void {
  const { coordinates, parameters } = system.model;
  const [nu, n, z] = [sym('nu'), sym('n'), sym('z')];
  if (coordinates.length % 6 !== 0 || parameters.some((p) => [nu.name, n.name, z.name].includes(p.name))) return;
  const forms = variantCountForms(sub(mul(num(6), nu), n), z);
  if (!countFormsAgree(forms, z, { nu: coordinates.length / 6, n: s.freedom }, s.counts)) return;
  facts.set('supports.count.bodies', nu);
  facts.set('supports.count.dof', n);
  facts.set('supports.count.all.closed', forms.all);
  facts.set('supports.count.full.closed', forms.full);
}

/** Variants' accelerations are derived as facts up to this many pairs (the point's one, the planar prism's two). */
const ACCELERATION_PAIRS = 2;

/** Smirnov's loads of (1.1) in its balance form and, where derived in closed form, each full variant's Δ, reactions and Φ. */
function supportFacts(system: DerivedSystem, facts: Map<string, Expr>): void {
  const s = system.supports;
  if (!s) return;
  if (s.form.kind === 'balance') s.form.coordinates.forEach((q, j) => facts.set(`supports.load.${q}`, tidy(neg(s.system.rhs[j]!))));
  const name = (v: readonly number[]): string => `supports.(${v.map((side) => (side > 0 ? '+' : side < 0 ? '-' : '0')).join(',')})`;
  const rowName = (j: number): string => (s.form.kind === 'balance' ? s.form.coordinates[j]! : s.pairs[j]!.name);
  for (const v of s.variants ?? []) {
    const key = name(v.variant);
    facts.set(`${key}.Δ`, v.det);
    v.reactions.forEach((N, i) => facts.set(`${key}.N${i + 1}`, N));
    facts.set(`${key}.Φ`, v.friction);
  }
  // smirnov1981 §2, §3: the variants as enumerated, and the freedom n the pairs leave.
  facts.set('supports.count.all', num(s.counts.all));
  facts.set('supports.count.full', num(s.counts.full));
  s.counts.bySupports.forEach((c, n) => facts.set(`supports.count.on${n}`, num(c)));
  facts.set('supports.freedom', num(s.freedom));
  countForms(system, s, facts);
  // smirnov1981 (1.2), (2.2): each variant's Φ (and q̈) weighed by its switching function, 1 on the realized variant and 0 elsewhere.
  if (s.variants?.length)
    facts.set(
      'supports.Φ',
      switchedSum(s.variants, (v) => v.friction),
    );
  // q̈ of each variant (1.3) where the pairs are few enough to print it: the point between planes' m ẍ = F_x − Φ sgn ẋ.
  const accelerations =
    s.pairs.length <= ACCELERATION_PAIRS ? (s.variants ?? []).map((v) => variantAccelerations(system.lagrange2, s, v.variant, v.reactions)) : [];
  system.model.coordinates.forEach((c, k) => {
    (s.variants ?? []).forEach((v, i) => {
      const qdd = accelerations[i]?.[k];
      if (qdd) facts.set(`${name(v.variant)}.${c.name}''`, qdd);
    });
    if (accelerations.length && accelerations.every((a) => a))
      facts.set(
        `supports.${c.name}''`,
        switchedSum(s.variants!, (v) => accelerations[s.variants!.indexOf(v)]![k]!),
      );
  });
  // smirnov1981 §2: from rest sgn q̇ is sgn of the load, and rest persists while |load| ≤ Φ.
  const rest = system.supportRest;
  if (rest) {
    facts.set('supports.rest.load', rest.load);
    facts.set('supports.rest.Φ', rest.bound);
    s.variants!.forEach((v, k) => rest.reactions[k]!.forEach((N, i) => facts.set(`${name(v.variant).replace('supports.', 'supports.rest.')}.N${i + 1}`, N)));
  }
  for (const v of s.partial ?? []) {
    const key = name(v.variant);
    v.reactions.forEach((N, i) => facts.set(`${key}.N${i + 1}`, N));
    facts.set(`${key}.Φ`, v.friction);
    for (const r of v.residuals) facts.set(`${key}.residual.${rowName(r.row)}`, r.value);
  }
}

/** Smirnov's n-gon journal (2.4) and its self-locking threshold (2.5), where derived in closed form. */
function hingeFacts(system: DerivedSystem, facts: Map<string, Expr>): void {
  for (const { hinge, closed } of system.hinges) {
    if (!closed) continue;
    const key = `hinge.${hinge.name}`;
    facts.set(`${key}.Δ`, closed.polygonDet);
    facts.set(`${key}.n`, closed.sides);
    facts.set(`${key}.i`, closed.vertex);
    facts.set(`${key}.critical`, closed.critical);
  }
}

/** The name of a mode in fact names. */
export function modeName(system: DerivedSystem, im: ImpactMap, mode: ImpactMode): string {
  if (mode.friction) return mode.friction === 'stick' ? 'sticks' : 'slides';
  if (im.scenario.closed.length === 0) return 'single';
  // Coulomb contacts of a mode with closed contacts: each one's sticking or sliding beside its staying or leaving.
  const slips = [...(mode.slips ?? [])].map(([j, s]) => `${system.model.unilateral[j]!.name}:${s}`).join(',');
  if (slips && mode.arrivingLeaves) return `arrivingLeaves[${slips}]`;
  if (slips) return `${mode.stays.length === 0 ? 'leaves' : 'stays'}[${slips}]`;
  if (mode.stays.length === 0) return 'leaves';
  if (mode.stays.length === im.scenario.closed.length) return 'stays';
  return `stays(${mode.stays.map((j) => system.model.unilateral[j]!.name).join(',')})`;
}

function impactFacts(system: DerivedSystem, im: ImpactMap, key: string, facts: Map<string, Expr>): void {
  const { model } = system;
  const cs = model.coordinates;
  const at = new Map([...im.scenario.at].map(([name, v]) => [name, v]));
  const here = (e: Expr): Expr => subs(e, at);
  const M = system.lagrange2.massMatrix.map((r) => r.map(here));
  const kinetic = (v: readonly Expr[]): Expr => mul(HALF, ...[add(...v.map((vi, i) => mul(vi, ...[add(...v.map((vj, j) => mul(M[i]![j]!, vj)))])))]);
  const contacts = [im.scenario.arriving, ...im.scenario.closed];
  const rows = contacts.flatMap((j) => rowsOf(system, j));
  const rate = (r: ContactRow, v: readonly Expr[]): Expr => tidy(add(here(r.rate), ...r.row.map((a, i) => mul(here(a), v[i]!))));

  cs.forEach((c, i) => facts.set(`${key}.${c.name}'-`, im.qdMinus[i]!));
  // Generalized momenta p = ∂L/∂q̇ at the impact configuration (kugushev2002 (1.2), (1.3)).
  const momenta = (v: readonly Expr[]): Expr[] => {
    const at = new Map([...im.scenario.at, ...cs.map((c, i) => [c.qd.name, v[i]!] as const)]);
    return system.lagrange2.momenta.map((p) => tidy(subs(p, at)));
  };
  momenta(im.qdMinus).forEach((p, i) => facts.set(`${key}.p${cs[i]!.name}-`, p));
  for (const r of rows) facts.set(`${key}.${r.label}-`, rate(r, im.qdMinus));
  const before = tidy(kinetic(im.qdMinus));
  facts.set(`${key}.T-`, before);
  const split = tangentSplit(system, im, M, rate);
  if (split) {
    facts.set(`${key}.tangential-`, split.along(im.qdMinus));
    facts.set(`${key}.speed-`, split.speed(im.qdMinus));
  }
  for (const r of rows) r.row.forEach((a, i) => facts.set(`${key}.${r.label}.d${cs[i]!.name}`, tidy(here(a))));
  for (const r of rows) {
    const row = r.row.map(here);
    const x = solveSmall(M, row)?.x;
    if (x) facts.set(`${key}.${r.label}.inverseMass`, tidy(add(...row.map((a, i) => mul(a, x[i]!)))));
  }
  M.forEach((row, r) => row.forEach((e, c) => facts.set(`${key}.M${r + 1}${c + 1}`, tidy(e))));
  const G = contactKineticMatrix(
    M,
    rows.map((r) => r.row.map(here)),
  );
  G?.forEach((row, r) => row.forEach((g, c) => facts.set(`${key}.G${r + 1}${c + 1}`, g)));

  const v = im.scenario.independent.length === 1 ? cs.findIndex((c) => c.name === im.scenario.independent[0]) : -1;
  for (const mode of im.modes) {
    const m = `${key}.${modeName(system, im, mode)}`;
    momenta(mode.qdPlus).forEach((p, i) => facts.set(`${m}.p${cs[i]!.name}+`, p));
    cs.forEach((c, i) => {
      facts.set(`${m}.${c.name}'+`, mode.qdPlus[i]!);
      facts.set(`${m}.[${c.name}']`, tidy(sub(mode.qdPlus[i]!, im.qdMinus[i]!)));
    });
    for (const [label, impulse] of mode.impulses) facts.set(`${m}.${label}`, impulse);
    for (const r of rows) facts.set(`${m}.${r.label}+`, rate(r, mode.qdPlus));
    const loss = tidy(sub(before, kinetic(mode.qdPlus)));
    facts.set(`${m}.ΔT`, loss);
    if (split) {
      facts.set(`${m}.speed+`, split.speed(mode.qdPlus));
      facts.set(`${m}.angle+`, split.angle(mode.qdPlus));
    }
    const next = returnMap(system, im, mode.qdPlus);
    if (next) {
      facts.set(`${m}.return`, next.time);
      for (const [name, e] of next.next) facts.set(`${m}.return.${name}`, tidy(e));
      const averaged = mul(num(-1), loss, pow(next.time, -1));
      facts.set(`${m}.averaged`, averaged);
      const motion = averagedMotion(system, im, loss, next.time);
      if (motion) {
        facts.set(`${m}.averaged.loss`, motion.loss);
        facts.set(`${m}.averaged.chord`, motion.chord);
        facts.set(`${m}.averaged.mean`, motion.mean);
        facts.set(`${m}.averaged.u`, motion.u);
        facts.set(`${m}.averaged.w`, motion.w);
        facts.set(`${m}.averaged.start`, motion.start);
        facts.set(`${m}.averaged.start.value`, motion.startValue);
        facts.set(`${m}.averaged.law`, tidy(motion.law));
        facts.set(`${m}.averaged.v`, motion.v);
        facts.set(`${m}.averaged.speedLaw`, tidy(motion.speedLaw));
        facts.set(`${m}.averaged.angle`, motion.angle);
        facts.set(`${m}.averaged.speed`, motion.speed);
        if (motion.sliding) facts.set(`${m}.averaged.sliding`, motion.sliding);
      }
      for (const [entry, e] of next.jacobian ?? []) facts.set(`${m}.next${entry}`, e);
    }
    if (v >= 0) {
      const ratio = tidy(mul(mode.qdPlus[v]!, pow(im.qdMinus[v]!, -1)));
      facts.set(`${m}.ratio`, ratio);
      const rest = restingTime(system, im, v, ratio);
      if (rest && mode.stays.length === 0) facts.set(`${m}.rest`, rest);
    }
  }
  // rubanovich1981 (3.15), (3.16): the closed contacts' lines turned smooth at the impact.
  const smooth = smoothStay(model, system.lagrange2, system.unilateral!.contacts, im);
  if (smooth) {
    const m = `${key}.smooth`;
    cs.forEach((c, i) => facts.set(`${m}.${c.name}'+`, smooth.qdPlus[i]!));
    for (const [label, impulse] of smooth.impulses) facts.set(`${m}.${label}`, impulse);
    for (const r of rows) facts.set(`${m}.${r.label}+`, rate(r, smooth.qdPlus));
  }
  if (im.critical?.value) facts.set(`${key}.critical`, im.critical.value);
  const vault = vaultingSpeedSquared(system, im);
  if (vault) facts.set(`${key}.vault`, vault);
  const gain = strideGain(system, im);
  const ratio = facts.get(`${key}.leaves.ratio`);
  if (gain) facts.set(`${key}.stride`, gain);
  if (gain && ratio) {
    // 1 − r² tidied alone: simplifying the product would multiply out r²'s square (I* + cos 2α)².
    const r2 = pow(ratio, 2);
    facts.set(`${key}.leaves.rolling`, mul(r2, gain, pow(tidy(sub(num(1), r2)), -1)));
  }
}

/** The arriving contact's and each closed contact's rows, tangent before normal (x₁, y₁ of R–F (3.2)). */
/**
 * With two coordinates, a velocity against the arriving contact's one tangent, in the kinetic metric, from
 * t = N₁p₂ − N₂p₁ and ḟ (p = M q̇, N = ∂f/∂q, I = N M⁻¹ Nᵀ): the speed along the tangent √(t²/(det M·I)), the speed
 * √((t² + det M·ḟ²)/(det M·I)) and the angle to the tangent, tan α = √(det M)·ḟ/|t| (ḟ ≥ 0 after an impact).
 * A unit mass point's u = v cos α, v and α (kozlov1988 §3: on the circle |xẏ − yẋ|/R); the roots hold on the
 * contact's surface where its gap's leading form is read as its value (x² + y² as R²).
 */
function tangentSplit(
  system: DerivedSystem,
  im: ImpactMap,
  M: readonly (readonly Expr[])[],
  rate: (r: ContactRow, v: readonly Expr[]) => Expr,
): { along: (v: readonly Expr[]) => Expr; speed: (v: readonly Expr[]) => Expr; angle: (v: readonly Expr[]) => Expr } | undefined {
  if (M.length !== 2) return undefined;
  const normal = system.unilateral!.contacts[im.scenario.arriving]!.normal;
  const N = normal.row.map((e) => subs(e, im.scenario.at)) as [Expr, Expr];
  const x = solveSmall(M, N)?.x;
  if (!x) return undefined;
  const det = sub(mul(M[0]![0]!, M[1]![1]!), mul(M[0]![1]!, M[1]![0]!));
  const scale = mul(det, add(mul(N[0], x[0]!), mul(N[1], x[1]!)));
  const t = (v: readonly Expr[]): Expr => {
    const [p1, p2] = M.map((row) => add(...row.map((e, j) => mul(e, v[j]!)))) as [Expr, Expr];
    return sub(mul(N[0], p2), mul(N[1], p1));
  };
  // Whole copies of the gap's leading form read as its value: the circle's x² + y² as R², as the impact map prints it.
  const form = leadingForm(
    system.model.unilateral[im.scenario.arriving]!.gap,
    system.model.coordinates.map((c) => c.name),
  );
  const root = (e: Expr): Expr => {
    const r = tidy(pow(cancel(e), HALF));
    return form ? reduceOn(r, form) : r;
  };
  return {
    // |t|/√scale, not √(t²/scale), the numbers out of |·| and the positive parameters out of √: the circle's
    // u = |yẋ⁻ − xẏ⁻|/R.
    along: (v) => {
      const f = collectFactors(tidy(t(v)));
      const abs = f.kind === 'mul' ? mul(num(Q.abs(f.coeff)), fn('abs', mul(...f.factors.map((x) => pow(x.base, x.exp))))) : fn('abs', f);
      return tidy(mul(abs, pullPositive(root(pow(scale, -1)), positiveParameters(system.model))));
    },
    // The positive parameters out of √ as in `along`: the circle's v = √((yẋ⁻ − xẏ⁻)² + e²(xẋ⁻ + yẏ⁻)²)/R.
    speed: (v) => tidy(pullPositive(root(mul(add(pow(t(v), 2), mul(det, pow(rate(normal, v), 2))), pow(scale, -1))), positiveParameters(system.model))),
    angle: (v) => fn('atan', fn('abs', tidy(cancel(mul(pow(det, HALF), rate(normal, v), pow(t(v), -1)))))),
  };
}

function rowsOf(system: DerivedSystem, j: number): ContactRow[] {
  const c = system.unilateral!.contacts[j]!;
  return c.tangent ? [c.tangent, c.normal] : [c.normal];
}

/** G = J⁻ᵀ M J⁻¹ (R–F (3.3): L = Jᵀ, G = L⁻¹ G′ L⁻ᵀ), where the contact rows J are square and invertible. */
function contactKineticMatrix(M: readonly (readonly Expr[])[], J: readonly (readonly Expr[])[]): Expr[][] | undefined {
  const n = M.length;
  if (J.length !== n) return undefined;
  const columns: Expr[][] = [];
  for (let k = 0; k < n; k++) {
    const x = solveSmall(
      J,
      Array.from({ length: n }, (_, i) => (i === k ? num(1) : ZERO)),
    )?.x;
    if (!x) return undefined;
    columns.push(x);
  }
  const inverse = transpose(columns);
  return matMul(transpose(inverse), matMul(M, inverse)).map((r) => r.map(tidy));
}

/**
 * 2|v⁻||r|/(a(1 − |r|)): the rocking after the impact, each swing up and back
 * about the arriving contact at the deceleration a = |v̈| of that contact
 * phase at the impact configuration, the speed multiplied by |r| at each
 * strike — a geometric series, so rocking ends in finite time (R–F §1).
 */
function restingTime(system: DerivedSystem, im: ImpactMap, v: number, ratio: Expr): Expr | undefined {
  const phase = system.unilateral!.phases.find((p) => p.active.length === 1 && p.active[0] === im.scenario.arriving);
  if (!phase?.explicit) return undefined;
  const { model } = system;
  const cs = model.coordinates;
  const atRest = new Map<string, Expr>([...im.scenario.at, ...cs.map((c) => [c.qd.name, ZERO] as const)]);
  const a = tidy(subs(phase.explicit.qdd[v]!, atRest));
  // |·| by the signs at the default parameters and the declared approach (the result holds where they do).
  const velocity = sym(preImpactName(cs[v]!.name));
  const env: Record<string, number> = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  env[velocity.name] = im.scenario.approach.get(cs[v]!.name) ?? -1;
  const sign = (e: Expr): number => Math.sign(evaluate(e, env));
  const [sv, sr, sa] = [sign(velocity), sign(ratio), sign(a)];
  if (a === ZERO || sr === 0 || Math.abs(evaluate(ratio, env)) >= 1) return undefined;
  const r = mul(num(sr), ratio);
  // Each factor simplified on its own and the product left unexpanded: the ratio's numerator stays a factor
  // (R–F §1: (1 − 3 sin²α)(1 + 3 sin²α), not 1 − 9 sin⁴α).
  return mul(num(2 * sv * sa), velocity, tidy(r), tidy(pow(sub(num(1), r), -1)), tidy(pow(a, -1)));
}

/** A fact by name, '@critical' substituting the critical value of its impact map, '@p→∞' its limit in p. */
export function fact(facts: Facts, system: DerivedSystem, name: string): Expr | undefined {
  const large = /^trajectory(\d+)\.end@(\w+)≫1$/.exec(name);
  if (large) return system.model.parameters.some((x) => x.name === large[2]) ? limitMotion(system, large[2]!).pieces[Number(large[1]) - 1]?.nearEnd : undefined;
  const limit = /^(.+)@(\w+)→∞$/.exec(name);
  if (limit) {
    const piece = /^trajectory(\d+)\.(.+)$/.exec(limit[1]!);
    const time = piece && (piece[2] === 'start' || piece[2] === 'end') ? facts.get(limit[1]!) : undefined;
    if (piece) return limitPieceFact(system, limit[2]!, Number(piece[1]), piece[2]!) ?? (time && limitAtInfinity(time, limit[2]!));
    const base = fact(facts, system, limit[1]!);
    return base && system.model.parameters.some((p) => p.name === limit[2]) ? limitAtInfinity(base, limit[2]!) : undefined;
  }
  const moment = /^(.+)@moment(\d+):trajectory(\d+)$/.exec(name);
  if (moment) return momentOnPiece(facts, system, moment[1]!, Number(moment[2]), Number(moment[3]));
  const fast = /^(.+)@τ=√(\w+)·t$/.exec(name);
  if (fast) {
    const base = fact(facts, system, fast[1]!);
    const p = fast[2]!;
    return base && system.model.parameters.some((x) => x.name === p) ? inFastTime(system, base, sym(p)) : undefined;
  }
  const near = /^(.+)@(\w+)≈([0-9.]+)$/.exec(name);
  if (near) {
    const base = fact(facts, system, near[1]!);
    const p = near[2]!;
    if (!base || !system.model.parameters.some((x) => x.name === p)) return undefined;
    return tidy(firstOrder(base, p, numberExpr(Number(near[3]))));
  }
  const derivative = /^(.+)@∂([^@=≈→]+)$/.exec(name);
  if (derivative) {
    const base = fact(facts, system, derivative[1]!);
    return base && tidy(diff(base, derivative[2]!));
  }
  const along = /^(.+)@(\w+)=(trajectory\d+\.\w+)$/.exec(name);
  if (along) {
    const [base, motion] = [fact(facts, system, along[1]!), facts.get(along[3]!)];
    return base && motion && tidy(subs(base, new Map([[along[2]!, motion]])));
  }
  const set = /^(.+)@([^@=≈]+)=(-?[0-9.]+|\([^@]+\))$/.exec(name);
  if (set) {
    const base = fact(facts, system, set[1]!);
    const value = set[3]!.startsWith('(') ? parseExpr(set[3]!) : numberExpr(Number(set[3]));
    return base && tidy(subs(base, new Map([[set[2]!, value]])));
  }
  const exponential = /^exponential\.(\w+)\.(\w+)\.([^@]+)$/.exec(name);
  if (exponential) return exponentialFact(system, exponential[1]!, exponential[2]!, exponential[3]!);
  if (name.endsWith('@surface')) return factOnSurface(facts, system, name.slice(0, -'@surface'.length));
  const at = name.endsWith('@critical') ? name.slice(0, -'@critical'.length) : undefined;
  if (at === undefined) return facts.get(name);
  const base = facts.get(at);
  const k = /^impact(\d+)\./.exec(at)?.[1];
  const im = k ? system.unilateral?.impactMaps[Number(k) - 1] : undefined;
  const critical = im?.critical;
  if (!base || !critical?.value) return undefined;
  // The kernel's sin(asin u) = u puts the critical value back into the factor it solves.
  return tidy(subs(base, new Map([[critical.parameter, critical.value]])));
}

/**
 * ∫ a(t)(t − t_k)^j dt over piece k, t_k its start: the moments of a coefficient concentrated on a short piece
 * (kozlov1988 §4: p(t) of (4.6) on a swing). Its weight (j = 0) kept and the others vanishing as the piece
 * shrinks make a δ of that weight at t_k, ∫ a φ dt → weight·φ(t_k) for φ with a Taylor expansion there.
 */
function momentOnPiece(facts: Facts, system: DerivedSystem, name: string, j: number, k: number): Expr | undefined {
  const [base, start, end] = [fact(facts, system, name), facts.get(`trajectory${k}.start`), facts.get(`trajectory${k}.end`)];
  if (!base || !start || !end) return undefined;
  const integral = definiteIntegral(mul(base, pow(sub(sym('t'), start), num(j))), 't', start, end);
  return integral && tidy(integral);
}

/** A fact of the impact on contact c realized by e^{−Nf}, N the parameter p. */
function exponentialFact(system: DerivedSystem, c: string, p: string, what: string): Expr | undefined {
  const impact = exponentialImpact(system, c, p);
  if (!impact) return undefined;
  if (what === 'duration' || what === 'depth' || what === 'speed' || what === 'normalMass' || what === 'gap') return impact[what];
  const i = system.model.coordinates.findIndex((x) => x.name === what || x.qd.name === what);
  if (i < 0) return undefined;
  return system.model.coordinates[i]!.name === what ? impact.q[i] : impact.qd[i];
}

/** q̈(q, q̇) in τ = √p t: q″ = q̈(q, √p q′)/p, q′ written with the velocity symbols. */
function inFastTime(system: DerivedSystem, acceleration: Expr, p: Expr): Expr {
  const root = pow(p, HALF);
  const scaled = new Map(system.model.coordinates.map((c) => [c.qd.name, mul(root, c.qd)] as const));
  return tidy(mul(pow(p, -1), subs(acceleration, scaled)));
}

/** A fact of piece k of the motion's limit as p → ∞ (motion/limit-motion.ts): start, end, q or q̇. */
function limitPieceFact(system: DerivedSystem, p: string, k: number, what: string): Expr | undefined {
  if (!system.model.parameters.some((x) => x.name === p)) return undefined;
  const piece = limitMotion(system, p).pieces[k - 1];
  if (!piece) return undefined;
  if (what === 'start' || what === 'end') return piece[what];
  const i = system.model.coordinates.findIndex((c) => c.name === what || c.qd.name === what);
  if (i < 0) return undefined;
  return system.model.coordinates[i]!.name === what ? piece.q[i] : piece.qd[i];
}

/** An impact map's fact on the arriving contact's surface (unilateral/surface.ts). */
function factOnSurface(facts: Facts, system: DerivedSystem, name: string): Expr | undefined {
  const base = fact(facts, system, name);
  const k = /^impact(\d+)\./.exec(name)?.[1];
  const im = k ? system.unilateral?.impactMaps[Number(k) - 1] : undefined;
  if (!base || !im) return undefined;
  return onSurface(base, subs(system.model.unilateral[im.scenario.arriving]!.gap, im.scenario.at), system.model);
}
