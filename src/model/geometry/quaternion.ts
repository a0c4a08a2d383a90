// A frame given by a unit quaternion q = (q0, q1, q2, q3), q0 the scalar
// part: an orientation with no preferred axes and no singular attitude
// (three angles always have one). With the 3×4 matrices
//   E(q) = [−q1  q0 −q3  q2]      G(q) = [−q1  q0  q3 −q2]
//          [−q2  q3  q0 −q1]             [−q2 −q3  q0  q1]
//          [−q3 −q2  q1  q0]             [−q3  q2 −q1  q0]
// the direction-cosine matrix is R = E Gᵀ (q = (cos θ/2, n sin θ/2) turns
// by θ about the unit axis n), and ω = 2E q̇ in the parent's components,
// 2G q̇ in the frame's own. The four coordinates carry one holonomic
// constraint, |q|² − 1 = 0, which the model holds by a Lagrange multiplier.
// On |q| = 1 the quaternion's rate has no component along q (q·q̇ = 0), so
// ½ωᵀIω alone is blind to q̇ ∥ q and the mass matrix would be singular; the
// body's energy adds ½J₀(d|q|²/dt)² (dynamics.ts), which vanishes with its
// derivatives along every motion on the constraint, so the motion is that
// of the rigid body and only the multiplier sees it.
// Tests: test/model/geometry/quaternion.test.ts.
import { add, mul, neg, ONE, sub, TWO, type Expr } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import type { Frame } from './kinematics.js';
import { addVec, mapMat, mapVec, matMul, matVec, transpose, type Mat3, type Vec3 } from './vectors.js';

export type Quaternion = readonly [Expr, Expr, Expr, Expr];

export type Mat34 = readonly [Quaternion, Quaternion, Quaternion];

const matrixE = ([q0, q1, q2, q3]: Quaternion): Mat34 => [
  [neg(q1), q0, neg(q3), q2],
  [neg(q2), q3, q0, neg(q1)],
  [neg(q3), neg(q2), q1, q0],
];

const matrixG = ([q0, q1, q2, q3]: Quaternion): Mat34 => [
  [neg(q1), q0, q3, neg(q2)],
  [neg(q2), neg(q3), q0, q1],
  [neg(q3), q2, neg(q1), q0],
];

/** G(q) of ω_own = 2G(q)q̇, rows of four. */
export const quaternionRates = (q: Quaternion): Mat34 => matrixG(q);

const dot4 = (a: Quaternion, b: readonly Expr[]): Expr => add(...a.map((x, k) => mul(x, b[k]!)));
const times34 = (m: Mat34, v: readonly Expr[]): Vec3 => [dot4(m[0], v), dot4(m[1], v), dot4(m[2], v)];

/** R(q) = E(q)G(q)ᵀ: the rotation of a unit quaternion (|q|² times it off the unit sphere). */
export function quaternionRotation(q: Quaternion): Mat3 {
  const E = matrixE(q);
  const G = matrixG(q);
  const row = (i: 0 | 1 | 2): Vec3 => [dot4(E[i], G[0]), dot4(E[i], G[1]), dot4(E[i], G[2])];
  return mapMat([row(0), row(1), row(2)], simplify);
}

/** |q|² − 1: the constraint of a unit quaternion. */
export const unitNorm = (q: Quaternion): Expr => sub(dot4(q, q), ONE);

/**
 * The frame turned from `parent` by the quaternion q: R = R_parent·R(q),
 * ω = ω_parent + R_parent·2E(q)q̇ (relative angular velocities add), in its
 * own components R(q)ᵀ·ω_parent,own + 2G(q)q̇.
 */
export function quaternionFrame(name: string, parent: Frame, q: Quaternion, rate: (e: Expr) => Expr): Frame {
  const qd = q.map(rate);
  const twice = (v: Vec3): Vec3 => mapVec(v, (e) => simplify(mul(TWO, e)));
  const relative = quaternionRotation(q);
  const parentOwn = parent.ownOmega ?? matVec(transpose(parent.R), parent.omega);
  return {
    name,
    R: mapMat(matMul(parent.R, relative), simplify),
    omega: mapVec(addVec(parent.omega, matVec(parent.R, twice(times34(matrixE(q), qd)))), simplify),
    ownOmega: mapVec(addVec(matVec(transpose(relative), parentOwn), twice(times34(matrixG(q), qd))), simplify),
    normRates: [...(parent.normRates ?? []), simplify(mul(TWO, dot4(q, qd)))],
  };
}
