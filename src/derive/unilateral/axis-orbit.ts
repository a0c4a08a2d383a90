// The oscillation along an axis of symmetry of a wall, striking it at both
// ends (kozlov1988 §6: the oscillator in the ellipse along either axis), and
// its stability in closed form. The class: two coordinates, M = mE, an
// isotropic linear central force s̈ = −ks, r̈ = −kr (k = c/m, any sign), a
// wall f(s, r) ≥ 0 symmetric about both axes, struck elastically at s = ±S,
// f(S, 0) = 0. A transverse offset δr flies as the axis motion itself does:
// from (S, −w) to (−S, −w) in a time τ with cos √k τ = (w² − kS²)/(w² + kS²)
// and sin(√k τ)/√k = 2Sw/(w² + kS²) (the axis motion's two end conditions,
// linear in them); the strike turns the wall's normal by δr/R, R = f_s/f_rr
// its radius there, and kicks δṙ by −2wδr/R. The half-period map's trace,
// with w² = 2E/m − kS² at the energy E (Kozlov's h), is
//   tr P = 2(w² − kS² − 2Sw²/R)/(w² + kS²),
//   2 + tr P = 2m w²(1 − S/R)/E,   2 − tr P = 2S(2E − mkS(S − R))/(ER):
// stable while |tr P| < 2, where the impacts begin (E = mkS²/2, tr P = −2)
// and where tr P = +2 at E = mkS(S − R)/2. A motion bouncing on one end only
// (k < 0, E < 0) has the map −P, of the same |tr|. With l = 2S the paper's
// closing remark of §6: for k ≥ 0 stable iff l < 2R; for k < 0 and l < 2R
// iff 4E > |c|l(R − l/2).
// Tests: test/derive/unilateral/axis-orbit.test.ts.
import { add, dependsOn, div, HALF, mul, num, pow, sqrt, sub, sym, ZERO, type Expr } from '../../core/expr.js';
import { cancel } from '../../core/cancel.js';
import { diff } from '../../core/diff.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import { pullPositive } from '../compliant/positive.js';
import { freeOfState } from '../lagrange/lagrange2.js';
import { positiveParameters } from '../proofs/assumptions.js';
import type { DerivedSystem } from '../system.js';

/** The energy E = T + V the trace is written in (kozlov1988 §6 writes h, the report's forcing letter). */
export const ENERGY = 'E';

export interface AxisOrbit {
  /** S: the wall's end on the axis, s = ±S. */
  readonly strike: Expr;
  /** l = 2S, the orbit's length. */
  readonly length: Expr;
  /** R: the wall's radius of curvature at its end. */
  readonly radius: Expr;
  /** tr P of the half-period map in the energy E. */
  readonly trace: Expr;
  /** mkS²/2: the energy at which the impacts begin, tr P = −2. */
  readonly grazing: Expr;
  /** mkS(S − R)/2: the energy at which tr P = +2. */
  readonly loss: Expr;
}

/** The axis oscillations of the class above, by the axis coordinate's name; empty outside it. */
export function axisOrbits(system: DerivedSystem): ReadonlyMap<string, AxisOrbit> {
  const { model, lagrange2 } = system;
  const out = new Map<string, AxisOrbit>();
  if (model.coordinates.length !== 2 || model.unilateral.length !== 1 || system.constraints || system.compliant || system.patches) return out;
  if (!lagrange2.constantMass || model.coordinates.some((c) => c.name === ENERGY) || model.parameters.some((p) => p.name === ENERGY)) return out;
  const M = lagrange2.massMatrix;
  if (simplify(M[0]![1]!) !== ZERO || simplify(sub(M[0]![0]!, M[1]![1]!)) !== ZERO) return out;
  const m = M[0]![0]!;
  const positive = positiveParameters(model);
  // The wall's end √(a²) = a for a positive semi-axis.
  const joined = (e: Expr): Expr => simplify(pullPositive(simplify(e), positive));
  for (const [i, j] of [
    [0, 1],
    [1, 0],
  ] as const) {
    const [s, r] = [model.coordinates[i]!.name, model.coordinates[j]!.name];
    const orbit = axisOrbit(system, s, r, lagrange2.forcing[i]!, lagrange2.forcing[j]!, m, joined);
    if (orbit) out.set(s, orbit);
  }
  return out;
}

function axisOrbit(system: DerivedSystem, s: string, r: string, Qs: Expr, Qr: Expr, m: Expr, joined: (e: Expr) => Expr): AxisOrbit | undefined {
  const { model } = system;
  const onAxis = new Map([[r, ZERO]]);
  const origin = new Map([
    [s, ZERO],
    [r, ZERO],
  ]);
  // The central force, isotropic: Q = −mk(s, r), k free of the state.
  const k = simplify(div(diff(Qs, s), mul(num(-1), m)));
  const linear = [simplify(subs(Qs, origin)), simplify(subs(Qr, onAxis)), simplify(add(diff(Qr, r), mul(m, k)))].every((e) => e === ZERO);
  if (!linear || !freeOfState(k, model) || !freeOfState(simplify(diff(Qr, r)), model)) return undefined;
  // The wall even in s on the axis, f = α + βs², and symmetric about it, ∂f/∂r = 0 there.
  const f = model.unilateral[0]!.gap;
  const alpha = simplify(subs(f, origin));
  const beta = simplify(mul(HALF, diff(diff(f, s), s)));
  if (dependsOn(beta, s) || dependsOn(beta, r) || beta === ZERO) return undefined;
  if (simplify(sub(subs(f, onAxis), add(alpha, mul(beta, pow(sym(s), 2))))) !== ZERO || simplify(subs(diff(f, r), onAxis)) !== ZERO) return undefined;
  const S = joined(sqrt(div(alpha, mul(num(-1), beta))));
  const end = new Map([
    [s, S],
    [r, ZERO],
  ]);
  const R = joined(div(subs(diff(f, s), end), subs(diff(diff(f, r), r), end)));
  const E = sym(ENERGY);
  // tr P = −2 + (2 + tr P), the factor 1 − S/R apart: its sign decides (6.1). Over one denominator, (a² − b²)/a² on
  // the minor axis: tr P = 2(2E − cb²)(a² − b²)/(a²E) − 2.
  const trace = add(num(-2), div(mul(num(2), sub(mul(num(2), E), mul(m, k, S, S)), cancel(div(sub(R, S), R))), E));
  return {
    strike: S,
    length: simplify(mul(num(2), S)),
    radius: R,
    trace,
    grazing: simplify(mul(HALF, m, k, S, S)),
    loss: joined(mul(HALF, m, k, S, sub(S, R))),
  };
}
