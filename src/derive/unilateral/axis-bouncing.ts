// The vertical bouncing along an axis of symmetry of the walls under a
// constant force along it, and its stability in closed form (kozlov1988 §4:
// (4.1) on one wall, (4.9) between two). The class: two coordinates, M = mE,
// the force −mg along the axis s (g ≥ 0 at the defaults), none across it;
// one or two walls f(s, r) ≥ 0 symmetric about the axis (∂f/∂r = 0 on it),
// crossing it where f(s, 0) = 0 is a polynomial of degree ≤ 2 in s; the
// strikes elastic. The orbit: struck at the lower wall s₁ at the speed v, it
// rises to the upper wall s₂ = s₁ + l, struck at v₂ = √(v² − 2gl), in the
// time t = (v − v₂)/g = 2l/(v + v₂) (the smaller root of s₁ + vt − gt²/2 =
// s₂, written so that it stays finite as g → 0); on one wall it falls back
// after 2v/g. Without the force (g = 0: Birkhoff's billiard, (4.8)) v₂ = v and
// t = l/v, and the speed drops out. A transverse offset δr flies as δr + δṙ t; a strike at the
// speed u turns the wall's normal (f_s, f_rr δr) by f_rr δr/|f_s| and kicks
// δṙ by −2uδr/R, R = ∓f_s/f_rr the wall's radius of curvature there (f_s > 0
// at the lower wall, < 0 at the upper). The period map of (δr, δṙ) is
// P = K₁F(t)K₂F(t) (one wall: K₁F(2v/g)), K = [[1, 0], [−2u/R, 1]],
// F(t) = [[1, t], [0, 1]], det P = 1, and
//   ½ tr P = 1 − 2(v − v₂)g⁻¹(v/R₁ + v₂/R₂) + 2(v − v₂)²g⁻²vv₂/(R₁R₂),
// stable while |½ tr P| < 1: the expression of (4.9), (4.1) on one wall.
// Which crossing bounds the orbit is read at the parameters' defaults: the
// model's initial point lies between them.
// Tests: test/derive/unilateral/axis-bouncing.test.ts.
import { add, div, HALF, mul, neg, num, pow, sqrt, sub, sym, ZERO, type Expr } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { evaluate } from '../../core/evaluate.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import { pullPositive } from '../compliant/positive.js';
import { freeOfState } from '../lagrange/lagrange2.js';
import { matMul } from '../matrix.js';
import { positiveParameters } from '../proofs/assumptions.js';
import type { DerivedSystem } from '../system.js';

/** The speed at the lower wall the bouncing is written in. */
export const SPEED = 'v';

export interface AxisBouncing {
  /** v: the speed at the lower wall, a free symbol. */
  readonly speed: Expr;
  /** The radii of curvature R₁ (lower wall), R₂ (upper; absent on one wall). */
  readonly radii: readonly Expr[];
  /** l = s₂ − s₁ between the walls (absent on one wall). */
  readonly length?: Expr;
  /** ½ tr P of the period map of a transverse offset, in v: cos θ of the multipliers exp(±iθ). */
  readonly halfTrace: Expr;
}

/** A wall's crossing of the axis: where, and its radius of curvature there. */
interface WallOnAxis {
  readonly at: Expr;
  readonly value: number;
  readonly wall: number;
}

/** The bouncing along the axis coordinate, by its name; empty outside the class. */
export function axisBouncings(system: DerivedSystem): ReadonlyMap<string, AxisBouncing> {
  const { model, lagrange2 } = system;
  const out = new Map<string, AxisBouncing>();
  const walls = model.unilateral.length;
  if (model.coordinates.length !== 2 || walls < 1 || walls > 2 || system.constraints || system.compliant || system.patches) return out;
  if (!lagrange2.constantMass || model.coordinates.some((c) => c.name === SPEED) || model.parameters.some((p) => p.name === SPEED)) return out;
  const M = lagrange2.massMatrix;
  if (simplify(M[0]![1]!) !== ZERO || simplify(sub(M[0]![0]!, M[1]![1]!)) !== ZERO) return out;
  const defaults = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  const positive = positiveParameters(model);
  for (const [i, j] of [
    [1, 0],
    [0, 1],
  ] as const) {
    const [s, r] = [model.coordinates[i]!, model.coordinates[j]!];
    const [Qs, Qr] = [lagrange2.forcing[i]!, lagrange2.forcing[j]!];
    if (simplify(Qr) !== ZERO || !freeOfState(Qs, model, true)) continue;
    const g = simplify(div(Qs, neg(M[0]![0]!)));
    if (!(evaluate(g, defaults) >= 0)) continue;
    const bouncing = along(system, s.q.name, r.q.name, g, model.initial.q0[i]!, defaults, positive);
    if (bouncing) out.set(s.name, bouncing);
  }
  return out;
}

function along(
  system: DerivedSystem,
  s: string,
  r: string,
  g: Expr,
  start: number,
  defaults: Record<string, number>,
  positive: ReadonlySet<string>,
): AxisBouncing | undefined {
  const { model } = system;
  const joined = (e: Expr): Expr => simplify(pullPositive(simplify(e), positive));
  const onAxis = new Map([[r, ZERO]]);
  const crossings: WallOnAxis[] = [];
  for (const [wall, u] of model.unilateral.entries()) {
    const f = u.gap;
    if (simplify(subs(diff(f, r), onAxis)) !== ZERO) return undefined;
    const axial = subs(f, onAxis);
    const origin = new Map([[s, ZERO]]);
    const [c0, c1, c2] = [simplify(subs(axial, origin)), simplify(subs(diff(axial, s), origin)), simplify(mul(HALF, subs(diff(diff(axial, s), s), origin)))];
    if (simplify(diff(diff(diff(axial, s), s), s)) !== ZERO || [c0, c1, c2].some((c) => !freeOfState(c, model))) return undefined;
    const roots =
      c2 === ZERO
        ? c1 === ZERO
          ? []
          : [div(neg(c0), c1)]
        : [-1, 1].map((k) => div(add(neg(c1), mul(num(k), sqrt(sub(pow(c1, 2), mul(num(4), c2, c0))))), mul(num(2), c2)));
    for (const root of roots) {
      const at = joined(root);
      const value = evaluate(at, defaults);
      if (Number.isFinite(value)) crossings.push({ at, value, wall });
    }
  }
  // The lower wall: the last crossing at or below the start; the upper: the first above it, of the other wall.
  const below = crossings.filter((c) => c.value <= start + 1e-9).sort((a, b) => b.value - a.value)[0];
  if (!below) return undefined;
  const above = crossings.filter((c) => c.value > start + 1e-9 && c.wall !== below.wall).sort((a, b) => a.value - b.value)[0];
  const radius = (c: WallOnAxis, side: number): Expr | undefined => {
    const f = model.unilateral[c.wall]!.gap;
    const at = new Map([
      [s, c.at],
      [r, ZERO],
    ]);
    const [fs, frr] = [simplify(subs(diff(f, s), at)), simplify(subs(diff(diff(f, r), r), at))];
    if (frr === ZERO || Math.sign(evaluate(fs, defaults)) !== side) return undefined;
    return joined(div(mul(num(-side), fs), frr));
  };
  const R1 = radius(below, 1);
  if (!R1) return undefined;
  const v = sym(SPEED);
  const kick = (u: Expr, R: Expr): Expr[][] => [
    [num(1), ZERO],
    [mul(num(-2), u, pow(R, -1)), num(1)],
  ];
  const flight = (t: Expr): Expr[][] => [
    [num(1), t],
    [ZERO, num(1)],
  ];
  const half = (P: Expr[][]): Expr => simplify(mul(HALF, add(P[0]![0]!, P[1]![1]!)));
  if (!above) return g === ZERO ? undefined : { speed: v, radii: [R1], halfTrace: half(matMul(kick(v, R1), flight(div(mul(num(2), v), g)))) };
  const R2 = radius(above, -1);
  if (!R2) return undefined;
  const length = joined(sub(above.at, below.at));
  const v2 = g === ZERO ? v : sqrt(sub(pow(v, 2), mul(num(2), g, length)));
  const t = div(mul(num(2), length), add(v, v2));
  const P = matMul(matMul(kick(v, R1), flight(t)), matMul(kick(v2, R2), flight(t)));
  return { speed: v, radii: [R1, R2], length, halfTrace: half(P) };
}
