import { defineModel } from '../src/model/index.js';

// The torque-free rigid body about its centre, turned by a unit quaternion
// (no Euler angles, so no attitude is singular): the tennis racket, or
// Dzhanibekov's wing nut. Spun about its intermediate principal axis with a
// slight wobble, it turns over again and again; spun about its major or
// minor axis it keeps its axis (Euler's equations: rotation about the middle
// axis is unstable). The quaternion's norm is held by the constraint B_unit.
export default defineModel({
  name: 'free-body',
  title: 'Free rigid body (quaternion)',
  description:
    'A torque-free rigid body with principal moments I1 < I2 < I3 about its fixed centre, its orientation a unit quaternion (e0, e1, e2, e3); spun about the intermediate axis it flips over periodically (the tennis-racket or Dzhanibekov effect).',
  coordinates: [
    { name: 'e0', description: 'quaternion, scalar part cos(angle/2)' },
    { name: 'e1', description: 'quaternion, x part: axis x times sin(angle/2)' },
    { name: 'e2', description: 'quaternion, y part' },
    { name: 'e3', description: 'quaternion, z part' },
  ],
  parameters: {
    I1: { default: 1, description: 'minor principal moment of inertia', unit: 'kg m^2' },
    I2: { default: 2, description: 'intermediate principal moment of inertia', unit: 'kg m^2' },
    I3: { default: 3, description: 'major principal moment of inertia', unit: 'kg m^2' },
  },
  geometry: {
    frames: [{ name: 'B', quaternion: ['e0', 'e1', 'e2', 'e3'] }],
    points: [{ name: 'G', position: [0, 0, 0] }],
    bodies: [{ name: 'body', mass: 1, centre: 'G', frame: 'B', inertia: ['I1', 'I2', 'I3'] }],
  },
  // Body rates ω = (0.01, 2, 0.01) rad/s at the identity: q̇ = ½ q ⊗ (0, ω).
  initial: { q: { e0: 1 }, qd: { e1: 0.005, e2: 1, e3: 0.005 }, t1: 20 },
});
