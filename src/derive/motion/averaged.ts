// The averaged motion of kozlov1988 §3 in closed form: a point striking one
// contact again and again with a restitution e near 1, the energy's mean
// rate over a chord (the impact map's `averaged` fact, −ΔT/τ) taken to first
// order in e − 1. With M constant and two coordinates, the velocity at an
// impact splits M-orthogonally into the normal speed w = ḟ⁻/√(∂fᵀM⁻¹∂f)
// (negative at an impact) and the tangential speed u, T = (u² + w²)/2. A
// Newton impact keeps u; where the mean rate, reduced on the surface, no
// longer depends on the point struck (the circle's symmetry), u is kept by
// the averaged motion and w ẇ = Ṫ is an autonomous law ẇ = P(w). Where it is
// Kozlov's ẇ = c(u² + w²), c free of u and w, the angle α of the velocity to
// the tangent (tan α = −w/u, v cos α = u) turns at the constant rate
// α̇ = −cu, so, the point leaving the impact at t = 0 with the normal speed
// −ew (tan α₁ = e|w|/u),
//   α(t) = α₁ − cut,  α₁ = acos(u/√(u² + e²w²)),  v(t) = u / cos α(t),
// w reaching 0 at t* = α₁/(cu), after which the point slides along the
// surface with the speed u. For the circle c = (1 − e)/(2R):
// v = u / cos(α₁ − u(1 − e)t/(2R)), t* = 2Rα₁/[u(1 − e)] ≤ πR/[u(1 − e)].
// α₁, the angle at the law's t = 0, is a symbol of its own beside u and w
// (kozlov1988 writes α₀, which names the model's first chord here).
// Any other law gives undefined, never a guess.
// Tests: test/derive/motion/averaged.test.ts.
import { add, dependsOn, fn, mul, neg, num, pow, sqrt, sub, sym, ZERO, type Expr } from '../../core/expr.js';
import { cancel } from '../../core/cancel.js';
import { diff } from '../../core/diff.js';
import { factored } from '../../core/factored.js';
import { evaluate } from '../../core/evaluate.js';
import { subs } from '../../core/subs.js';
import { together } from '../../core/together.js';
import { simplify } from '../../core/trig.js';
import { TIME, preImpactName } from '../../model/names.js';
import { pullPositive } from '../compliant/positive.js';
import { solveSmall } from '../matrix.js';
import { positiveParameters } from '../proofs/assumptions.js';
import type { DerivedSystem } from '../system.js';
import { onSurface } from '../unilateral/surface.js';
import type { ImpactMap } from '../unilateral/unilateral-types.js';

export interface AveragedMotion {
  /** The tangential speed u and the normal velocity w < 0 the point strikes with at the impact at t = 0, symbols of the law and its solution. */
  readonly u: Expr;
  readonly w: Expr;
  /** α₁, the angle of the velocity to the tangent after the impact at t = 0, the symbol `angle`, `speed` and `sliding` start from, and its value acos(u/√(u² + e²w²)): the point leaves with the normal speed −ew. */
  readonly start: Expr;
  readonly startValue: Expr;
  /** The impact's loss ΔT and the chord's time τ after it, in u and w, and the mean rate −ΔT/τ to first order in e − 1 (Ṫ = v v̇). */
  readonly loss: Expr;
  readonly chord: Expr;
  readonly mean: Expr;
  /** ẇ = P(w) to first order in e − 1. */
  readonly law: Expr;
  /** The speed v, a symbol of `speedLaw`. */
  readonly v: Expr;
  /** The same law in the speed v = √(u² + w²), u held and w = −√(v² − u²) < 0 at an impact: v̇ = w ẇ/v (kozlov1988 §3 writes it so). */
  readonly speedLaw: Expr;
  /** α(t), the angle of the velocity to the tangent. */
  readonly angle: Expr;
  /** v(t) = u / cos α(t). */
  readonly speed: Expr;
  /** t* where α reaches 0 and the sliding starts; absent where α grows (e > 1). */
  readonly sliding?: Expr;
}

/** f(c) + f′(c)(p − c): the first-order Taylor polynomial of f in the parameter p at c. */
export function firstOrder(f: Expr, p: string, c: Expr): Expr {
  const at = new Map([[p, c]]);
  return add(subs(f, at), mul(subs(diff(f, p), at), sub(sym(p), c)));
}

const TANGENTIAL = sym('u');
const NORMAL = sym('w');
const SPEED = sym('v');
const START = sym('alpha1');

/** The averaged motion of an impact's loss ΔT over the time τ to the next one (the mean energy rate −ΔT/τ), or undefined outside the class. */
export function averagedMotion(system: DerivedSystem, im: ImpactMap, lost: Expr, time: Expr): AveragedMotion | undefined {
  const rate = mul(num(-1), lost, pow(time, -1));
  const { model, lagrange2 } = system;
  const contact = system.unilateral!.contacts[im.scenario.arriving]!;
  const e = contact.restitution;
  const names = new Set([...model.parameters.map((p) => p.name), ...model.coordinates.map((c) => c.name)]);
  if (model.coordinates.length !== 2 || !lagrange2.constantMass || e.kind !== 'sym' || names.has('u') || names.has('w') || names.has(START.name))
    return undefined;
  const gap = subs(model.unilateral[im.scenario.arriving]!.gap, im.scenario.at);
  const surface = (x: Expr): Expr | undefined => onSurface(simplify(x), gap, model);
  const positive = new Set(positiveParameters(model));
  const M = lagrange2.massMatrix;
  const n = contact.normal.row.map((a) => subs(a, im.scenario.at));
  const Minv_n = solveSmall(M, n)?.x;
  const k = Minv_n && surface(add(...n.map((a, i) => mul(a, Minv_n[i]!))));
  if (!Minv_n || !k) return undefined;
  // The unit normal M⁻¹∂f/√k and the unit tangent ⊥ ∂f, both in the M-norm.
  const t = [neg(n[1]!), n[0]!];
  const tt = surface(add(...t.map((a, i) => mul(a, add(...t.map((b, j) => mul(M[i]![j]!, b)))))));
  if (!tt) return undefined;
  const norm = (x: Expr): Expr => pullPositive(simplify(sqrt(x)), positive);
  const velocity = Minv_n.map((a, i) => add(mul(NORMAL, a, pow(norm(k), -1)), mul(TANGENTIAL, t[i]!, pow(norm(tt), -1))));
  const split = new Map(model.coordinates.map((c, i) => [preImpactName(c.name), velocity[i]!] as const));
  const mean = surface(subs(firstOrder(rate, e.name, num(1)), split));
  const [loss, chord] = [lost, time].map((x) => surface(subs(x, split)));
  if (!mean || !loss || !chord) return undefined;
  const law = simplify(together(mul(mean, pow(NORMAL, -1))));
  // The point struck must not matter: the law is then the same at every impact.
  if (model.coordinates.some((c) => dependsOn(law, c.name) || dependsOn(law, preImpactName(c.name)))) return undefined;
  const squared = add(pow(TANGENTIAL, 2), pow(NORMAL, 2));
  const c = factored(simplify(cancel(mul(law, pow(squared, -1)))));
  if (c === ZERO || dependsOn(c, TANGENTIAL.name) || dependsOn(c, NORMAL.name)) return undefined;
  // The velocity after the impact, (u, −ew): its angle to the tangent.
  const startValue = fn('acos', mul(TANGENTIAL, pow(add(pow(TANGENTIAL, 2), mul(pow(e, 2), pow(NORMAL, 2))), num(-1 / 2))));
  const angle = sub(START, mul(c, TANGENTIAL, sym(TIME)));
  const speed = mul(TANGENTIAL, pow(fn('cos', angle), -1));
  // α falls to 0 where c > 0 (the parameters' defaults decide, as the closed forms of piecewise.ts).
  const env = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  const falls = evaluate(c, env) > 0;
  const w = neg(sqrt(sub(pow(SPEED, 2), pow(TANGENTIAL, 2))));
  const speedLaw = simplify(mul(w, subs(law, new Map([[NORMAL.name, w]])), pow(SPEED, -1)));
  const sliding = falls ? { sliding: mul(START, pow(mul(c, TANGENTIAL), -1)) } : {};
  return { u: TANGENTIAL, w: NORMAL, start: START, startValue, loss, chord, mean: factored(simplify(mean)), law, v: SPEED, speedLaw, angle, speed, ...sliding };
}
