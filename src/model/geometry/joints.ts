// Joints as shorthand for frames and points: a joint places its child's
// frame and origin from its parent's, turned or slid by the joint's own
// coordinates, so the rest of the geometry (bodies, springs, loads) is read
// exactly as if the frames and points had been written out.
// Tests: test/model/geometry/joints.test.ts.
import type { Expr } from '../../core/expr.js';
import { pointPosition, turnedFrame, type Frame } from './kinematics.js';
import type { JointType } from './tree.js';
import { scaleVec, unitVector, type Axis, type Vec3 } from './vectors.js';

/** How many coordinates (and axes) each type of joint brings. */
export const JOINT_FREEDOMS: Readonly<Record<JointType, number>> = { revolute: 1, prismatic: 1, universal: 2, spherical: 3 };

export interface Joint {
  readonly type: JointType;
  /** One axis per coordinate: about (or, prismatic, along) the parent's first axis, then the turned frame's next. */
  readonly axes: readonly Axis[];
  readonly coordinates: readonly Expr[];
  /** The joint point in the parent's frame, from the parent's origin. */
  readonly at: Vec3;
}

/** A frame with the point it is placed at (a joint's child: the joint point, or where the slide has moved it). */
export interface Placed {
  readonly frame: Frame;
  readonly origin: Vec3;
}

export function jointChild(name: string, parent: Placed, joint: Joint, rate: (e: Expr) => Expr): Placed {
  const at = pointPosition(parent.origin, parent.frame, joint.at);
  if (joint.type === 'prismatic') {
    // The child keeps the parent's orientation and slides by q along the axis.
    const slide = scaleVec(joint.coordinates[0]!, unitVector(joint.axes[0]!));
    return { frame: { ...parent.frame, name }, origin: pointPosition(at, parent.frame, slide) };
  }
  const rotations = joint.axes.map((axis, k) => ({ axis, angle: joint.coordinates[k]! }));
  return { frame: turnedFrame(name, parent.frame, rotations, rate), origin: at };
}
