import { defineModel } from '../src/model/index.js';

// A homogeneous sphere rolling without slipping on a horizontal plane, from
// its geometry: the centre (x, y, z), the body frame turned by Euler's angles
// (zxz). The centre's height is kept as a coordinate, so the rolling adds
// z = a (its multiplier the normal force) beside the two no-slip
// constraints (their multipliers the friction force). It starts with the
// body's z axis horizontal, away from the Euler angles' singularity at
// theta = 0, pi, which a roll about that axis never nears.
export default defineModel({
  name: 'rolling-sphere',
  title: 'Rolling sphere',
  description:
    'A homogeneous sphere rolling without slipping on a horizontal plane; the centre (x, y, z) and Euler angles psi, theta, phi. The contact constraints are formed from the geometry; their multipliers are the contact force on the sphere.',
  coordinates: [
    { name: 'x', description: 'centre, x', unit: 'm' },
    { name: 'y', description: 'centre, y', unit: 'm' },
    { name: 'z', description: 'centre, height', unit: 'm' },
    { name: 'psi', description: 'precession', unit: 'rad' },
    { name: 'theta', description: 'nutation', unit: 'rad' },
    { name: 'phi', description: 'spin', unit: 'rad' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    a: { default: 0.2, description: 'radius', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
  },
  geometry: {
    frames: [{ name: 'B', axes: 'zxz', angles: ['psi', 'theta', 'phi'] }],
    points: [{ name: 'G', position: ['x', 'y', 'z'] }],
    // A homogeneous ball: 2 m a²/5 about every axis through the centre.
    bodies: [{ name: 'ball', mass: 'm', centre: 'G', frame: 'B', inertia: ['2*m*a^2/5', '2*m*a^2/5', '2*m*a^2/5'] }],
    gravity: [0, 0, '-g'],
    rolling: [{ name: 'contact', body: 'ball', shape: 'sphere', radius: 'a' }],
  },
  // Seen from the side: the ball on the plane.
  drawing: { points: { G: ['x', 'z'] }, discs: [{ center: 'G', radius: 'a' }], ground: ['y = 0'] },
  initial: { q: { z: 'a', theta: 'pi/2' }, qd: { x: '2*a', phi: -2, psi: 0.6 }, t1: 5 },
});
