// The transverse motion of a contact patch on its incline (kuleshov2011
// §8–§9): the depth along the normal under the load, the patch whole,
// scaled so that the load and the elastic force are pure numbers. The
// depth's acceleration is q̈ = d + c·F(q, q̇) with d the load's part (the
// forcing at rest along the depth: g cos α/r for the disk) and c the normal
// force's (−1/(mr), universal.ts); in q = a·s, t = b·T it is
// s″ = (b²/a)(d + c·F(as, (a/b)u)), u = s′. The scales that make the load
// and the force at u = 0 parameter-free are §8's (a = ε², b = ε√(r/g), T the
// fast time of (9.1)); the parameters left in the viscous terms are the
// small parameter ε̃ of (8.5):
//   s″ = −2√2 ε̃ s^{1/2}u − (4√2/3)s^{3/2} + cos α                (9.1), χ = 0
// at rest at s* where the load balances the elastic force (9.2); its
// energy E = u²/2 + V(s) − V(s*), V = −∫₀ˢ s″|_{u=0}, falls along it as
// dE/dT = u·(s″ − s″|_{u=0}) (9.3), the averaging of Prop. 13. (8.1) is
// u²/2 + V(s) < −c: with V(s*) < 0 and V < 0 on (0, s₀) only it bounds u,
// s and 1/s (Cor. 2), and holds wherever E < −V(s*) − c (Cor. 5).
// Prop. 12 from the expanded density (4.3): its viscous part (the terms in
// the velocities) over its elastic part at the patch's centre, the normal
// rate's share at the centre and the tangential one's at the edge ϑ₀ — the
// paper's identities (8.2), whose right sides are ε̃ times O(1). The ends
// the density's roots move the whole patch's to, at first order in the
// velocities: a Newton step on the expanded density from each end ϑₑ with
// its elastic slope, (ϑ − ϑₑ)/ϑₑ = −ρ(ϑₑ)/(ϑₑ ρ₀′(ϑₑ)) (ρ₀ at rest), a sum of
// the shares above and so O(ε̃) (Cor. 3; ε̃(±v/√(2s) + u/(2s)), (10.3)); where
// it is negative the patch ends there, ϑₑ(1 − ε̃μ), 0 ≤ μ = O(1) (Cor. 4,
// (8.3), (10.4)).
// Tests: test/derive/compliant/transverse.test.ts.
import { add, dependsOn, div, factorsOf, freeSymbols, mul, neg, num, sub, sym, termsOf, ZERO, type Expr } from '../../core/expr.js';
import { definiteIntegral } from '../../core/integrate.js';
import { diff } from '../../core/diff.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import { solveSmall } from '../matrix.js';
import { positiveParameters } from '../proofs/assumptions.js';
import { balance, mergeNumericRoots, type PatchRegime, type PatchTerm } from './patch.js';
import { pullPositive } from './positive.js';
import { depthCoefficient, SCALES, solveScales } from './universal.js';

/** The scaled depth s and its rate u = ds/dT (printed s, u). */
export const TRANSVERSE_DEPTH = sym('s');
export const TRANSVERSE_RATE = sym('u');

export interface TransverseMotion {
  /** a in q = a·s. */
  readonly depthScale: Expr;
  /** b in t = b·T. */
  readonly timeScale: Expr;
  /** The parameters left in the viscous terms (ε̃). */
  readonly smallParameter: Expr;
  /** s″ in s and u, the patch whole. */
  readonly acceleration: Expr;
  /** s* where s″ = 0 at u = 0. */
  readonly rest: Expr;
  /** V(s) = −∫₀ˢ s″|_{u=0} ds. */
  readonly potential: Expr;
  /** V(s*) < 0: (8.1), u²/2 + V(s) < −c, is E < −V(s*) − c (Cor. 2, Cor. 5). */
  readonly restPotential: Expr;
  /** s₀, the nonzero root of V: V < 0 on (0, s₀) only, so (8.1) keeps s there (Cor. 2; Prop. 13's proof). */
  readonly potentialRoot?: Expr;
  /** dE/dT along s″, E = u²/2 + V(s) − V(s*). */
  readonly dissipation: Expr;
  /** The density's viscous share: its normal rate's term over the elastic one at the centre, and (with a tangential velocity) that one's term at the edge. */
  readonly shares: { readonly normal: Expr; readonly tangential?: Expr };
  /** The whole patch's ends moved by the velocities, relative to each end, to first order: outward where positive. */
  readonly ends: { readonly lower: Expr; readonly upper: Expr };
}

/**
 * The patch's transverse motion, or undefined where there is none: no motion
 * along the normal alone, a depth coefficient or a load that depends on the
 * state, or a force that is not monomials in the parameters.
 */
export function transverseMotion(model: Model, l2: Lagrange2, term: PatchTerm): TransverseMotion | undefined {
  const along = term.normalMotion;
  const whole = along?.law.regimes.find((r) => r.name === 'whole');
  const wholeLaw = term.law.regimes.find((r) => r.name === 'whole');
  const c = term.contact;
  const rate = [...c.state].find(([, e]) => simplify(neg(e)) === term.gapRate)?.[0];
  if (!whole || !wholeLaw || !rate) return undefined;
  const stateNames = model.coordinates.flatMap((q) => [q.q.name, q.qd.name]);
  const stateFree = (e: Expr): boolean => !stateNames.some((s) => dependsOn(e, s));
  const normal = depthCoefficient(model, l2, term);
  const load = loadAlongDepth(model, l2, term);
  if (!normal || !load || !stateFree(normal) || !stateFree(load)) return undefined;

  const positive = new Set([...positiveParameters(model), c.depth, TRANSVERSE_DEPTH.name, SCALES.a.name, SCALES.b.name]);
  const tidy = (e: Expr): Expr => simplify(pullPositive(simplify(e), positive));
  const F = whole.resultants[c.normal]!;
  const scaled = (a: Expr, b: Expr, u: Expr): Expr =>
    tidy(mul(div(mul(b, b), a), add(load, mul(normal, subs(F, new Map([[c.depth, mul(a, TRANSVERSE_DEPTH)] as const, [rate, mul(div(a, b), u)] as const]))))));
  const scales = solveScales(scaled(SCALES.a, SCALES.b, ZERO), positive, [TRANSVERSE_DEPTH]);
  if (!scales) return undefined;
  const { a, b } = scales;
  const acceleration = scaled(a, b, TRANSVERSE_RATE);
  const atZero = (e: Expr, name: string): Expr => tidy(subs(e, new Map([[name, ZERO]])));
  const still = atZero(acceleration, TRANSVERSE_RATE.name);
  const viscous = tidy(sub(acceleration, still));
  const small = smallParameterOf(viscous, positive);
  // The load's part (cos α) against the elastic force's ((4√2/3)s^{3/2}).
  const pressing = atZero(still, TRANSVERSE_DEPTH.name);
  const restoring = tidy(sub(pressing, still));
  const rest = restoring === ZERO ? undefined : balance(restoring, TRANSVERSE_DEPTH.name, pressing, [...positive]);
  const potential = definiteIntegral(neg(still), TRANSVERSE_DEPTH.name, ZERO, TRANSVERSE_DEPTH);
  if (!small || !rest || !potential) return undefined;
  const restAt = mergeNumericRoots(tidy(rest));
  // V(s) = s·(c₀ + Csⁿ): its nonzero root balances Csⁿ against −c₀.
  const perDepth = tidy(div(potential, TRANSVERSE_DEPTH));
  const offset = atZero(perDepth, TRANSVERSE_DEPTH.name);
  const root = offset === ZERO ? undefined : balance(tidy(sub(perDepth, offset)), TRANSVERSE_DEPTH.name, neg(offset), [...positive]);
  return {
    depthScale: a,
    timeScale: b,
    smallParameter: small,
    acceleration,
    rest: restAt,
    potential: tidy(potential),
    restPotential: restPotentialOf(restoring, pressing, restAt),
    ...(root ? { potentialRoot: mergeNumericRoots(tidy(root)) } : {}),
    dissipation: tidy(mul(TRANSVERSE_RATE, viscous)),
    shares: densityShares(term, rate, positive),
    ends: endShifts(term, wholeLaw, positive),
  };
}

/**
 * V(s*) = ∫₀^{s*} (Csⁿ − p) ds = −(n/(n + 1))·p·s*, the restoring force Csⁿ balancing the load p at s*
 * (−(3/5)s* cos α): in this form its powers of cos α stay merged.
 */
function restPotentialOf(restoring: Expr, pressing: Expr, rest: Expr): Expr {
  const n = simplify(div(mul(TRANSVERSE_DEPTH, diff(restoring, TRANSVERSE_DEPTH.name)), restoring));
  return simplify(mul(neg(div(n, add(n, num(1)))), pressing, rest));
}

/** d = Σᵢ ∂depth/∂qᵢ (M⁻¹ f)ᵢ, f the forcing at rest: the depth's acceleration under the applied forces alone. */
function loadAlongDepth(model: Model, l2: Lagrange2, term: PatchTerm): Expr | undefined {
  const still = new Map(model.coordinates.map((q) => [q.qd.name, ZERO] as const));
  const x = solveSmall(
    l2.massMatrix,
    l2.forcing.map((f) => simplify(subs(f, still))),
  )?.x;
  if (!x) return undefined;
  const depth = term.contact.state.get(term.contact.depth)!;
  return simplify(add(...model.coordinates.map((q, i) => mul(diff(depth, q.q.name), x[i]!))));
}

/** The product of the positive parameters' powers common to the viscous terms (ε̃); undefined if they differ or there are none. */
function smallParameterOf(viscous: Expr, positive: ReadonlySet<string>): Expr | undefined {
  const parametric = (f: Expr): boolean => {
    const names = [...freeSymbols(f)];
    return names.length > 0 && names.every((s) => positive.has(s) && s !== TRANSVERSE_DEPTH.name);
  };
  const monomials = termsOf(viscous).map((t) => mul(...factorsOf(t).filter(parametric)));
  const [first] = monomials;
  if (viscous === ZERO || !first || first.kind === 'num' || monomials.some((m) => simplify(div(m, first)).kind !== 'num')) return undefined;
  return first;
}

/**
 * The expanded density's terms in the velocities over its elastic terms at the centre (variable 0, velocities
 * 0): the depth rate's term at the centre, and the tangential velocity's at the patch's edge, the whole
 * patch's upper end (Prop. 12, (8.2)).
 */
function densityShares(term: PatchTerm, rate: string, positive: ReadonlySet<string>): TransverseMotion['shares'] {
  const c = term.contact;
  const law = term.law;
  const moving = [...c.state.keys()].filter((s) => s !== c.depth);
  const at = (e: Expr, values: readonly (readonly [string, Expr])[]): Expr => simplify(subs(e, new Map(values)));
  const elastic = at(law.density, [...moving.map((s) => [s, ZERO] as const), [law.variable, ZERO]]);
  const tidy = (e: Expr): Expr => simplify(pullPositive(simplify(e), new Set([...positive, c.depth])));
  const normal = tidy(div(mul(diff(law.density, rate), sym(rate)), elastic));
  const tangential = moving.filter((s) => s !== rate && diff(law.density, s) !== ZERO);
  if (tangential.length !== 1) return { normal };
  const u = tangential[0]!;
  const edge = law.regimes.find((r) => r.name === 'whole')?.upper.value;
  const perVelocity = edge && at(diff(law.density, u), [[law.variable, edge]]);
  return perVelocity && !dependsOn(perVelocity, law.variable) ? { normal, tangential: tidy(div(mul(perVelocity, sym(u)), elastic)) } : { normal };
}

/** (ϑ − ϑₑ)/ϑₑ at each end ϑₑ of the whole patch: one Newton step on the density with its slope at rest (Cor. 3, (10.3)). */
function endShifts(term: PatchTerm, whole: PatchRegime, positive: ReadonlySet<string>): TransverseMotion['ends'] {
  const c = term.contact;
  const law = term.law;
  const still = new Map([...c.state.keys()].filter((s) => s !== c.depth).map((s) => [s, ZERO] as const));
  const slope = diff(simplify(subs(law.density, still)), law.variable);
  const tidy = (e: Expr): Expr => simplify(pullPositive(simplify(e), new Set([...positive, c.depth])));
  const shift = (end: Expr): Expr => {
    const at = new Map([[law.variable, end]]);
    return tidy(neg(div(subs(law.density, at), mul(end, subs(slope, at)))));
  };
  return { lower: shift(whole.lower.value), upper: shift(whole.upper.value) };
}
