import { defineModel } from '../src/model/index.js';

// The symmetric top described by its geometry, not its energies: the body
// frame turned by Euler's angles (zxz), the centre on the symmetry axis, the
// inertia about the centre; the toolkit forms T and V from them.
export default defineModel({
  name: 'heavy-top',
  title: 'Heavy symmetric top',
  description:
    'A symmetric top on a fixed point; Euler angles psi (precession), theta (nutation, from the upward vertical) and phi (spin); T and V formed from its frame, centre and inertia.',
  coordinates: [
    { name: 'psi', description: 'precession angle', unit: 'rad' },
    { name: 'theta', description: 'nutation: the axis from the upward vertical', unit: 'rad' },
    { name: 'phi', description: 'spin angle', unit: 'rad' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    l: { default: 0.5, description: 'distance from the fixed point to the centre', unit: 'm' },
    A: { default: 0.5, description: 'transverse moment of inertia about the centre', unit: 'kg m^2' },
    C: { default: 0.3, description: 'axial moment of inertia', unit: 'kg m^2' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
  },
  geometry: {
    frames: [{ name: 'B', axes: 'zxz', angles: ['psi', 'theta', 'phi'] }],
    points: [{ name: 'G', frame: 'B', position: [0, 0, 'l'] }],
    bodies: [{ name: 'top', mass: 'm', centre: 'G', frame: 'B', inertia: ['A', 'A', 'C'] }],
    gravity: [0, 0, '-g'],
  },
  // Seen from the side: the centre's x and height.
  drawing: { points: { O: [0, 0], G: ['l*sin(theta)*sin(psi)', 'l*cos(theta)'] }, segments: [['O', 'G']] },
  initial: { q: { theta: 0.5 }, qd: { phi: 30 }, t1: 5 },
});
