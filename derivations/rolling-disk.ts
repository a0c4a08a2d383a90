import { defineModel } from '../src/model/index.js';

// A thin uniform disk rolling without slipping on a horizontal plane, from
// its geometry: the lean frame L turned from the ground by the heading psi
// (about the vertical) and the lean theta (about the heading, 0 upright),
// the disk's frame B turned from L by the spin phi about the disk's axis
// (L's and B's y). The centre stands a above the contact point (x, y, 0)
// along L's z, so the disk stays on the plane by its coordinates and the
// rolling adds the two no-slip constraints, x' = a phi' cos psi and
// y' = a phi' sin psi.
export default defineModel({
  name: 'rolling-disk',
  title: 'Rolling disk',
  description:
    'A thin uniform disk rolling without slipping on a horizontal plane; heading psi, lean theta from the vertical, spin phi and the contact point (x, y). The no-slip constraints are formed from the geometry; their multipliers are the friction force on the disk.',
  coordinates: [
    { name: 'x', description: 'contact point, x', unit: 'm' },
    { name: 'y', description: 'contact point, y', unit: 'm' },
    { name: 'psi', description: 'heading: the disk plane from the x axis', unit: 'rad' },
    { name: 'theta', description: 'lean: the disk plane from the vertical', unit: 'rad' },
    { name: 'phi', description: 'spin about the disk axis', unit: 'rad' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    a: { default: 0.3, description: 'radius', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
  },
  geometry: {
    frames: [
      { name: 'L', axes: 'zx', angles: ['psi', 'theta'] },
      { name: 'B', parent: 'L', axes: 'y', angles: ['phi'] },
    ],
    points: [
      { name: 'P0', position: ['x', 'y', 0] },
      { name: 'G', from: 'P0', frame: 'L', position: [0, 0, 'a'] },
    ],
    // A thin uniform disk: m a²/4 about a diameter, m a²/2 about its axis y.
    bodies: [{ name: 'disk', mass: 'm', centre: 'G', frame: 'B', inertia: ['m*a^2/4', 'm*a^2/2', 'm*a^2/4'] }],
    gravity: [0, 0, '-g'],
    rolling: [{ name: 'rim', body: 'disk', shape: 'disk', radius: 'a', axis: 'y' }],
  },
  // Seen from the side (x, z): the disk's diameter through the contact point, leaning with theta.
  drawing: {
    points: { P: ['x', 0], G: ['x + a*sin(psi)*sin(theta)', 'a*cos(theta)'], top: ['x + 2*a*sin(psi)*sin(theta)', '2*a*cos(theta)'] },
    segments: [['P', 'top']],
    ground: ['y = 0'],
    annotations: { axes: ['x', 'z'] },
  },
  initial: { q: { theta: 0.1 }, qd: { phi: 4, psi: 0.5, x: '4*a' }, t1: 5 },
});
