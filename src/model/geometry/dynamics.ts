// T, V and the generalized forces of particles and rigid bodies, springs,
// gravity, forces at points and torques on bodies, all vectors in ground
// components (kinematics.ts):
//   T = Σ ½m v_c·v_c + ½ ω_bᵀ I ω_b   (König: the centre's motion plus the rotation about it, ω_b in the body's frame;
//         a frame by a unit quaternion adds a term zero along the motion, gaugeEnergy);
//   V = −Σ m g·r_c + Σ ½k(|r_PQ| − l)²;
//   Q_i = Σ F·∂v_P/∂q̇_i + Σ τ·∂ω/∂q̇_i − Σ c ḋ ∂ḋ/∂q̇_i   (virtual power; v and ω are linear in q̇;
//         a damper's force −c ḋ along PQ, ḋ = r·ṙ/|r|, is the Rayleigh function ½cḋ²).
// Tests: test/model/geometry/dynamics.test.ts.
import { diff } from '../../core/diff.js';
import { add, addAll, div, HALF, mul, neg, num, pow, sqrt, sub, ZERO, type Expr } from '../../core/expr.js';
import type { Coordinate } from '../types.js';
import { ownAngularVelocity, velocityOf, type Frame } from './kinematics.js';
import { dot, mapVec, matVec, subVec, type Mat3, type Vec3 } from './vectors.js';

export interface Body {
  readonly mass: Expr;
  /** The centre's position. */
  readonly centre: Vec3;
  /** A rigid body's frame and inertia about the centre in that frame; a particle has neither. */
  readonly rotation?: { readonly frame: Frame; readonly inertia: Mat3 };
}

export interface Spring {
  readonly ends: readonly [Vec3, Vec3];
  readonly stiffness: Expr;
  readonly length?: Expr;
}

export interface Damper {
  readonly ends: readonly [Vec3, Vec3];
  readonly damping: Expr;
}

/** A force (ground components) at a point's position, or a torque (ground components) on a frame's body. */
export interface PointForce {
  readonly at: Vec3;
  readonly vector: Vec3;
}
export interface FrameTorque {
  readonly on: Frame;
  readonly vector: Vec3;
}

export function kineticEnergy(bodies: readonly Body[], rate: (e: Expr) => Expr): Expr {
  return addAll(
    bodies.map(({ mass, centre, rotation }) => {
      const v = velocityOf(centre, rate);
      const translation = mul(HALF, mass, dot(v, v));
      if (!rotation) return translation;
      const { frame, inertia } = rotation;
      const w = ownAngularVelocity(frame);
      return add(translation, mul(HALF, dot(w, matVec(inertia, w))), ...gaugeEnergy(frame, inertia));
    }),
  );
}

/**
 * ½J₀(d|q|²/dt)² per unit quaternion of the frame (quaternion.ts), J₀ the
 * mean principal moment tr(I)/3: it makes the mass matrix regular (on
 * |q| = 1 its eigenvalues are 4J₀ and four times the principal moments) and,
 * zero with its derivatives along the constrained motion, changes only the
 * constraint's multiplier (Betsch and Siebert's augmented inertia).
 */
function gaugeEnergy(frame: Frame, inertia: Mat3): Expr[] {
  const J0 = gaugeMoment(inertia);
  return (frame.normRates ?? []).map((r) => mul(HALF, J0, pow(r, 2)));
}

/** J₀ = tr(I)/3 of gaugeEnergy. */
export const gaugeMoment = (inertia: Mat3): Expr => div(add(inertia[0][0], inertia[1][1], inertia[2][2]), num(3));

export function potentialEnergy(bodies: readonly Body[], gravity: Vec3 | undefined, springs: readonly Spring[]): Expr {
  const weight = gravity ? bodies.map((b) => neg(mul(b.mass, dot(gravity, b.centre)))) : [];
  const elastic = springs.map(({ ends, stiffness, length }) => {
    const r = subVec(ends[1], ends[0]);
    const squared = dot(r, r);
    return mul(HALF, stiffness, length === undefined ? squared : pow(sub(sqrt(squared), length), 2));
  });
  return addAll([...weight, ...elastic]);
}

export interface Loads {
  readonly forces: readonly PointForce[];
  readonly torques: readonly FrameTorque[];
  readonly dampers: readonly Damper[];
}

export function generalizedForces(coordinates: readonly Coordinate[], { forces, torques, dampers }: Loads, rate: (e: Expr) => Expr): Expr[] {
  const velocities = forces.map((f) => velocityOf(f.at, rate));
  const stretching = dampers.map(({ ends }) => {
    const r = subVec(ends[1], ends[0]);
    return div(dot(r, velocityOf(r, rate)), sqrt(dot(r, r)));
  });
  return coordinates.map((c) => {
    const partial = (v: Vec3): Vec3 => mapVec(v, (e) => diff(e, c.qd.name));
    const power = [
      ...forces.map((f, k) => dot(f.vector, partial(velocities[k]!))),
      ...torques.map((t) => dot(t.vector, partial(t.on.omega))),
      ...dampers.map((d, k) => neg(mul(d.damping, stretching[k]!, diff(stretching[k]!, c.qd.name)))),
    ];
    return power.length ? addAll(power) : ZERO;
  });
}
