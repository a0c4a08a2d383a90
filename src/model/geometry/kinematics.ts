// Frames and points in the ground frame: a frame's orientation (the
// direction-cosine matrix R, columns its unit vectors in ground components)
// and angular velocity ω; a point's position and velocity. Every vector is
// held in ground components, so velocities are plain time derivatives.
// Tests: test/model/geometry/kinematics.test.ts.
import { timeDerivative } from '../../core/diff.js';
import { neg, type Expr } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import { TIME } from '../names.js';
import type { Coordinate } from '../types.js';
import {
  addVec,
  axisRotation,
  IDENTITY,
  mapMat,
  mapVec,
  matMul,
  matVec,
  scaleVec,
  transpose,
  unitVector,
  ZERO_VEC,
  type Axis,
  type Mat3,
  type Vec3,
} from './vectors.js';

export interface Frame {
  readonly name: string;
  /** v_ground = R·v_frame. */
  readonly R: Mat3;
  /** Angular velocity relative to the ground, in ground components. */
  readonly omega: Vec3;
  /** ω in the frame's own components, where the frame has it shorter than Rᵀω (a quaternion frame, quaternion.ts). */
  readonly ownOmega?: Vec3;
  /** d|q|²/dt of each unit quaternion the orientation is made of (quaternion.ts): zero along every motion. */
  readonly normRates?: readonly Expr[];
}

export const groundFrame = (name: string): Frame => ({ name, R: IDENTITY, omega: ZERO_VEC });

/** ω in the frame's own components: Rᵀω, or the shorter form a quaternion frame carries. */
export const ownAngularVelocity = (frame: Frame): Vec3 => frame.ownOmega ?? mapVec(matVec(transpose(frame.R), frame.omega), simplify);

/** d/dt along the motion q(t): the chain rule through every coordinate. */
export function rateOf(coordinates: readonly Coordinate[]): (e: Expr) => Expr {
  const chain = coordinates.map((c) => [c.name, c.qd] as const);
  return (e) => timeDerivative(e, TIME, chain);
}

/**
 * The frame turned from `parent` by body-fixed rotations R = R₁(a₁)R₂(a₂)…:
 * rotation k is about axis k of the frame the first k − 1 rotations made,
 * so ω = ω_parent + Σ ȧₖ·(that axis in ground components) (angular
 * velocities of successive relative rotations add).
 */
export function turnedFrame(name: string, parent: Frame, rotations: readonly { readonly axis: Axis; readonly angle: Expr }[], rate: (e: Expr) => Expr): Frame {
  let R = parent.R;
  let omega = parent.omega;
  for (const { axis, angle } of rotations) {
    // The axis is fixed by its own rotation: R's column before or after turning.
    omega = addVec(omega, scaleVec(rate(angle), matVec(R, unitVector(axis))));
    R = mapMat(matMul(R, axisRotation(axis, angle)), simplify);
  }
  return { name, R, omega: mapVec(omega, simplify), ...(parent.ownOmega ? carried(parent, rotations, rate) : {}) };
}

/**
 * From a quaternion frame (quaternion.ts) a turned frame keeps its ω in own
 * components, turned one rotation at a time, ω ← Aₖᵀω + ȧₖ·axis (Aₖᵀ the
 * turn by −aₖ; the axis is fixed by Aₖ): Rᵀω formed from the quaternion's R is a polynomial of
 * degree five that no simplification shortens. Its norm rates come along.
 */
function carried(parent: Frame, rotations: readonly { readonly axis: Axis; readonly angle: Expr }[], rate: (e: Expr) => Expr): Partial<Frame> {
  let own = parent.ownOmega!;
  for (const { axis, angle } of rotations) own = addVec(matVec(axisRotation(axis, neg(angle)), own), scaleVec(rate(angle), unitVector(axis)));
  return { ownOmega: mapVec(own, simplify), ...(parent.normRates ? { normRates: parent.normRates } : {}) };
}

/** A point at `offset` (components in `frame`) from the point at `from` (ground components). */
export const pointPosition = (from: Vec3, frame: Frame, offset: Vec3): Vec3 => mapVec(addVec(from, matVec(frame.R, offset)), simplify);

export const velocityOf = (position: Vec3, rate: (e: Expr) => Expr): Vec3 => mapVec(position, rate);
