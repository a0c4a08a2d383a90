// Chaplygin's parabolic coordinates v, w of kozlov1988 (5.2) at b = 0, for a
// point of mass m (M = mE) over the wall s ≥ r²/(2a) under a constant force
// along its axis (the parabolic billiard of §5): ar² = a(a − v)(w − a),
// 2s = v + w − a, i.e. v + w = 2s + a and vw = 2as − r², so that
//   v, w = (2s + a ∓ √((2s − a)² + 4r²))/2,   0 ≤ v ≤ a ≤ w,
// √(…) being twice the distance to the focus (0, a/2). Their level sets are
// the parabolas 2s = c + r²/(a − c) confocal with the wall (v = 0), those
// that bound the motions (5.4)–(5.6); their rates along the motion are
// v̇ = ∂v/∂q·q̇, ẇ = ∂w/∂q·q̇, which the report sets beside Chaplygin's
// separated equations (5.3).
// Tests: test/derive/unilateral/parabolic-coordinates.test.ts.
import { add, dependsOn, div, HALF, mul, num, pow, sqrt, sub, ZERO, type Expr } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { simplify } from '../../core/trig.js';
import { freeOfState } from '../lagrange/lagrange2.js';
import type { DerivedSystem } from '../system.js';

export interface ParabolicCoordinates {
  /** a: the wall s = r²/(2a), its focus at s = a/2. */
  readonly a: Expr;
  /** v, w of (5.2) at b = 0, in the model's coordinates. */
  readonly v: Expr;
  readonly w: Expr;
  /** v̇, ẇ in the model's coordinates and velocities. */
  readonly vd: Expr;
  readonly wd: Expr;
}

/** The wall's parabolic coordinates, or undefined outside the class above. */
export function parabolicCoordinates(system: DerivedSystem): ParabolicCoordinates | undefined {
  const { model, lagrange2 } = system;
  if (model.coordinates.length !== 2 || model.unilateral.length !== 1 || system.constraints || system.compliant || system.patches) return undefined;
  if (!lagrange2.constantMass) return undefined;
  const M = lagrange2.massMatrix;
  if (simplify(M[0]![1]!) !== ZERO || simplify(sub(M[0]![0]!, M[1]![1]!)) !== ZERO) return undefined;
  const gap = model.unilateral[0]!.gap;
  for (const [i, j] of [
    [1, 0],
    [0, 1],
  ] as const) {
    const [s, r] = [model.coordinates[i]!, model.coordinates[j]!];
    // f = lead·(s − κr²), lead and κ free of the state: the axis along s, the vertex at the origin.
    const lead = simplify(diff(gap, s.q.name));
    if (lead === ZERO || !freeOfState(lead, model)) continue;
    const kappa = simplify(div(sub(mul(lead, s.q), gap), mul(lead, pow(r.q, 2))));
    if (kappa === ZERO || !freeOfState(kappa, model)) continue;
    // The force constant along the axis, none across it.
    const [Qs, Qr] = [lagrange2.forcing[i]!, lagrange2.forcing[j]!];
    if (simplify(Qr) !== ZERO || !freeOfState(Qs, model, true) || dependsOn(Qs, 't')) continue;
    const a = simplify(div(HALF, kappa));
    const sum = add(mul(num(2), s.q), a);
    const focal = sqrt(simplify(add(pow(sub(mul(num(2), s.q), a), 2), mul(num(4), pow(r.q, 2)))));
    const v = mul(HALF, sub(sum, focal));
    const w = mul(HALF, add(sum, focal));
    const rate = (e: Expr): Expr => simplify(add(...model.coordinates.map((c) => mul(diff(e, c.q.name), c.qd))));
    return { a, v, w, vd: rate(v), wd: rate(w) };
  }
  return undefined;
}
