// The geometry's description (description.ts) gathered from the frames and
// bodies as they are read (validate/geometry.ts): ω in own components,
// the quaternion's rate matrix G, a centre's velocity and the gauge term.
// Tests: test/report/kinematics.test.ts.
import type { Expr } from '../../core/expr.js';
import type { BodyDescription, FrameDescription, FrameTurn } from './description.js';
import { gaugeMoment, type Body } from './dynamics.js';
import { ownAngularVelocity, velocityOf, type Frame } from './kinematics.js';
import { quaternionRates, type Quaternion } from './quaternion.js';

/** A declared frame as the report prints it. */
export function describeFrame(frame: Frame, parent: string, turn?: FrameTurn): FrameDescription {
  return { name: frame.name, parent, ...(turn ? { turn } : {}), R: frame.R, omega: ownAngularVelocity(frame) };
}

/** The turn of a frame by the unit quaternion q. */
export const quaternionTurn = (q: Quaternion): FrameTurn => ({ kind: 'quaternion', q, rates: quaternionRates(q) });

/** A body as the report prints it; its frame holds a quaternion when it has norm rates. */
export function describeBody(name: string, centre: string, body: Body, rate: (e: Expr) => Expr): BodyDescription {
  const r = body.rotation;
  const own = { name, mass: body.mass, centre, velocity: velocityOf(body.centre, rate) };
  if (!r) return own;
  const rates = r.frame.normRates ?? [];
  const gauge = rates.length ? { gauge: { moment: gaugeMoment(r.inertia), rates } } : {};
  return { ...own, rotation: { frame: r.frame.name, inertia: r.inertia, ...gauge } };
}
