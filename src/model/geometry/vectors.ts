// 3-vectors and 3×3 matrices of expressions, and the rotation about a
// coordinate axis: the algebra frames, points and bodies are built from.
// Tests: test/model/geometry/kinematics.test.ts.
import { add, cos, mul, neg, ONE, sin, ZERO, type Expr } from '../../core/expr.js';

export type Vec3 = readonly [Expr, Expr, Expr];
/** Rows of a 3×3 matrix. */
export type Mat3 = readonly [Vec3, Vec3, Vec3];
export type Axis = 'x' | 'y' | 'z';

export const AXES: readonly Axis[] = ['x', 'y', 'z'];
export const ZERO_VEC: Vec3 = [ZERO, ZERO, ZERO];
export const IDENTITY: Mat3 = [
  [ONE, ZERO, ZERO],
  [ZERO, ONE, ZERO],
  [ZERO, ZERO, ONE],
];

const map3 = <T>(f: (i: 0 | 1 | 2) => T): readonly [T, T, T] => [f(0), f(1), f(2)];

export const unitVector = (axis: Axis): Vec3 => IDENTITY[AXES.indexOf(axis)]!;
export const addVec = (a: Vec3, b: Vec3): Vec3 => map3((i) => add(a[i], b[i]));
export const subVec = (a: Vec3, b: Vec3): Vec3 => map3((i) => add(a[i], neg(b[i])));
export const scaleVec = (k: Expr, a: Vec3): Vec3 => map3((i) => mul(k, a[i]));
export const mapVec = (a: Vec3, f: (e: Expr) => Expr): Vec3 => map3((i) => f(a[i]));
export const dot = (a: Vec3, b: Vec3): Expr => add(mul(a[0], b[0]), mul(a[1], b[1]), mul(a[2], b[2]));
export const matVec = (m: Mat3, v: Vec3): Vec3 => map3((i) => dot(m[i], v));
export const transpose = (m: Mat3): Mat3 => map3((i) => map3((j) => m[j][i]));
export const matMul = (a: Mat3, b: Mat3): Mat3 => {
  const bt = transpose(b);
  return map3((i) => map3((j) => dot(a[i], bt[j])));
};
export const mapMat = (m: Mat3, f: (e: Expr) => Expr): Mat3 => map3((i) => mapVec(m[i], f));

/**
 * The rotation by `angle` about `axis`, right-handed: its columns are the
 * turned frame's unit vectors in the frame it turns from (v_parent = R·v_turned).
 */
export function axisRotation(axis: Axis, angle: Expr): Mat3 {
  const c = cos(angle);
  const s = sin(angle);
  switch (axis) {
    case 'x':
      return [
        [ONE, ZERO, ZERO],
        [ZERO, c, neg(s)],
        [ZERO, s, c],
      ];
    case 'y':
      return [
        [c, ZERO, s],
        [ZERO, ONE, ZERO],
        [neg(s), ZERO, c],
      ];
    case 'z':
      return [
        [c, neg(s), ZERO],
        [s, c, ZERO],
        [ZERO, ZERO, ONE],
      ];
  }
}
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  add(mul(a[1], b[2]), neg(mul(a[2], b[1]))),
  add(mul(a[2], b[0]), neg(mul(a[0], b[2]))),
  add(mul(a[0], b[1]), neg(mul(a[1], b[0]))),
];
