// The geometry as a paper states it, kept with the model for the report to
// print: each frame with the elementary rotations or the quaternion that
// turn it from its parent, its direction-cosine matrix and its angular
// velocity in its own components; each point's position; each body's mass,
// centre and inertia; each rolling contact's point; and T in König's form
// T = Σ ½m v_c·v_c + ½ωᵀIω (+ ½J₀ν² per quaternion, dynamics.ts) when the
// bodies alone make it. Everything here is computed by kinematics.ts,
// quaternion.ts, dynamics.ts and rolling.ts (describe.ts gathers it);
// nothing is derived again. Types only: the model's types hold them.
// Tests: test/report/kinematics.test.ts.
import type { Expr } from '../../core/expr.js';
import type { Axis, Mat3, Vec3 } from './vectors.js';

/** How a frame is turned from its parent: body-fixed rotations R_{a₁}(θ₁)R_{a₂}(θ₂)…, or a unit quaternion. */
export type FrameTurn =
  | { readonly kind: 'axes'; readonly rotations: readonly { readonly axis: Axis; readonly angle: Expr }[] }
  /** rates: the 3×4 matrix G(q) of ω = 2G(q)q̇ (quaternion.ts), rows of four. */
  | { readonly kind: 'quaternion'; readonly q: readonly [Expr, Expr, Expr, Expr]; readonly rates: readonly (readonly Expr[])[] };

export interface FrameDescription {
  readonly name: string;
  readonly parent: string;
  /** Absent for a joint's child (the joint's spec says how it turns). */
  readonly turn?: FrameTurn;
  /** v_ground = R·v_frame. */
  readonly R: Mat3;
  /** ω in the frame's own components. */
  readonly omega: Vec3;
}

export interface BodyDescription {
  readonly name: string;
  readonly mass: Expr;
  /** The centre's point name, and its velocity (ground components). */
  readonly centre: string;
  readonly velocity: Vec3;
  /**
   * A rigid body's frame (by name) and its inertia about the centre in it;
   * where the frame holds unit quaternions, the term ½J₀Σν² its energy adds
   * (dynamics.ts gaugeEnergy): J₀ = tr I/3 and each ν = d|q|²/dt.
   */
  readonly rotation?: { readonly frame: string; readonly inertia: Mat3; readonly gauge?: { readonly moment: Expr; readonly rates: readonly Expr[] } };
}

export interface RollingDescription {
  readonly name: string;
  readonly body: string;
  readonly shape: 'disk' | 'sphere' | 'torus';
  /** The contact point P, ground components. */
  readonly contact: Vec3;
}

/** Where a declared point is placed: `offset` (components in `frame`) from the point `from`, or from the origin. */
export interface PointPlacement {
  readonly from?: string;
  readonly frame: string;
  readonly offset: Vec3;
}

export interface PointDescription {
  readonly name: string;
  readonly position: Vec3;
  /** Absent for a joint's origin (the joint's spec places it). */
  readonly placed?: PointPlacement;
}

export interface GeometryDescription {
  readonly ground: string;
  readonly frames: readonly FrameDescription[];
  readonly points: readonly PointDescription[];
  readonly bodies: readonly BodyDescription[];
  readonly rolling: readonly RollingDescription[];
  /** T of the bodies (dynamics.ts kineticEnergy): the model's T when nothing else adds to it. */
  readonly T?: Expr;
}
