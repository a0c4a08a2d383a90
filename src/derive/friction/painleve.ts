// Painlevé's threshold of a sliding Coulomb contact: the least friction
// coefficient at which its reaction coefficient Δ = N M⁻¹ (N − μ d S)ᵀ
// (coulomb.ts) can vanish, below which sliding is never self-locking or
// inconsistent (smirnov1981 §3: the determinant of (1.1) changing sign as
// friction grows). Where the contact's rows turn with one angle θ and M is
// constant (a rod's end on a floor), Δ = A + μ d B with A and B quadratic
// forms in x = (cos θ, sin θ):
//   A = xᵀ [[a₁₁, a₁₂], [a₁₂, a₂₂]] x,   B likewise,
// A positive definite (Δ > 0 without friction). Sliding with sgn ṡ = d, Δ
// vanishes at some θ exactly when A + μ d B is singular or indefinite, so
// the threshold is the least λ > 0 with det(A + dλB) = 0, a quadratic in λ,
// reached where (A + dλB) x = 0. The classical rod (M = diag(m, m, m l²/3)):
// A = (4cos²θ + sin²θ)/m, B = 3 sin θ cos θ/m, λ = 4/3 at tan θ = 2 for
// d = −1 (and at tan θ = −2 for d = +1).
// Tests: test/derive/friction/painleve.test.ts, test/report/friction.test.ts (the printed threshold).
import { add, cos, dependsOn, div, HALF, mul, neg, num, sin, sqrt, sub, sym, TWO, ZERO, type Expr, type Sym } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { evaluate, type Env } from '../../core/evaluate.js';
import { subsRecord } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import type { PainleveThreshold } from '../unilateral/unilateral-types.js';

/** A form's coefficients [a₁₁, a₁₂, a₂₂] from its value and first two derivatives at θ = 0; undefined unless it is that form. */
function quadraticForm(e: Expr, theta: string): [Expr, Expr, Expr] | undefined {
  const at0 = (x: Expr): Expr => simplify(subsRecord(x, { [theta]: ZERO }));
  const d1 = diff(e, theta);
  const a11 = at0(e);
  const a12 = simplify(mul(HALF, at0(d1)));
  const a22 = simplify(add(a11, mul(HALF, at0(diff(d1, theta)))));
  const t = sym(theta);
  const form = add(mul(a11, cos(t), cos(t)), mul(TWO, a12, cos(t), sin(t)), mul(a22, sin(t), sin(t)));
  return simplify(sub(e, form)) === ZERO ? [a11, a12, a22] : undefined;
}

/**
 * The thresholds of a planar Coulomb contact with sliding coefficient Δ,
 * friction coefficient `mu` and sliding sign `direction`, one per direction
 * of sliding in which Δ can vanish; undefined where Δ is not of the form
 * above (rows turning with several coordinates, M depending on θ).
 */
export function painleveThresholds(model: Model, det: Expr, mu: Expr, direction: Sym): PainleveThreshold[] | undefined {
  const angles = model.coordinates.filter((c) => dependsOn(det, c.name)).map((c) => c.name);
  if (angles.length !== 1 || mu === ZERO) return undefined;
  const theta = angles[0]!;
  const A = simplify(subsRecord(det, { [direction.name]: ZERO }));
  const B = simplify(div(diff(det, direction.name), mu));
  if (dependsOn(B, direction.name)) return undefined;
  const a = quadraticForm(A, theta),
    b = quadraticForm(B, theta);
  if (!a || !b) return undefined;
  const env: Env = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  const value = (e: Expr): number => evaluate(e, env);
  // A positive definite at the defaults: Δ > 0 without friction at every θ.
  if (!(value(a[0]) > 0 && value(sub(mul(a[0], a[2]), mul(a[1], a[1]))) > 0)) return undefined;
  // Both forms over a₁₁ > 0, which changes no root: the mass and lengths they share cancel.
  const [a11, a12, a22] = a.map((x) => simplify(div(x, a[0]))) as [Expr, Expr, Expr],
    [b11, b12, b22] = b.map((x) => simplify(div(x, a[0]))) as [Expr, Expr, Expr];
  // det(A + dλB) = p λ² + d q λ + r.
  const p = simplify(sub(mul(b11, b22), mul(b12, b12)));
  const q = simplify(sub(add(mul(a11, b22), mul(a22, b11)), mul(TWO, a12, b12)));
  const r = simplify(sub(mul(a11, a22), mul(a12, a12)));
  return ([-1, 1] as const).flatMap((d): PainleveThreshold[] => {
    const dq = d < 0 ? neg(q) : q;
    const candidates: Expr[] =
      value(p) === 0
        ? [simplify(neg(div(r, dq)))]
        : [1, -1].map((s) => simplify(div(add(neg(dq), mul(num(s), sqrt(sub(mul(dq, dq), mul(num(4), p, r))))), mul(TWO, p))));
    const positive = candidates.filter((l) => Number.isFinite(value(l)) && value(l) > 0).sort((x, y) => value(x) - value(y));
    const lambda = positive[0];
    if (!lambda) return [];
    // The null vector of A + dλB from its first row, or its second where the first vanishes:
    // x = (−(a₁₂ + dλb₁₂), a₁₁ + dλb₁₁) or (a₂₂ + dλb₂₂, −(a₁₂ + dλb₁₂)); tan θ = x₂/x₁ (θ = π/2 where x₁ = 0).
    const entry = (u: Expr, w: Expr): Expr => simplify(add(u, mul(num(d), lambda, w)));
    const [c11, c12, c22] = [entry(a11, b11), entry(a12, b12), entry(a22, b22)];
    const firstRow = Math.abs(value(c11)) + Math.abs(value(c12)) > 0;
    const x1 = firstRow ? simplify(neg(c12)) : c22,
      x2 = firstRow ? c11 : simplify(neg(c12));
    const vertical = Math.abs(value(x1)) <= 1e-12 * Math.abs(value(x2));
    return [
      {
        direction: d,
        coordinate: theta,
        threshold: lambda,
        numeric: value(lambda),
        ...(vertical ? {} : { tangent: simplify(div(x2, x1)) }),
        angle: Math.atan2(value(x2), value(x1)),
      },
    ];
  });
}
