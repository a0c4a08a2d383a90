import { defineModel } from '../src/model/index.js';

// A rigid box tumbling onto a rough floor: its centre (x, y, z) and its
// frame turned by Tait–Bryan angles (yaw psi about the vertical, pitch theta,
// roll phi; 'zyx'), singular only at theta = ±π/2, which the runs here stay
// away from. Each of its eight corners is a contact against the floor z = 0
// with Newton's restitution and Coulomb friction on its two slip rows (the
// corner's x and y): a spatial contact, the exact cone.
const corners = [-1, 1].flatMap((i) => [-1, 1].flatMap((j) => [-1, 1].map((k) => [i, j, k] as const)));
const label = (s: number): string => (s < 0 ? 'm' : 'p');
const name = ([i, j, k]: readonly [number, number, number]): string => `C${label(i)}${label(j)}${label(k)}`;

export default defineModel({
  name: 'tumbling-box',
  title: 'Box tumbling onto a rough floor',
  description:
    'A rigid box (half sides a, b, c) falling, spinning and tumbling onto a rough floor: centre x, y, z and Tait–Bryan angles psi, theta, phi; its eight corners are spatial contacts with restitution e and Coulomb friction mu.',
  coordinates: [
    { name: 'x', description: 'centre, horizontal', unit: 'm' },
    { name: 'y', description: 'centre, horizontal', unit: 'm' },
    { name: 'z', description: 'centre, height above the floor', unit: 'm' },
    { name: 'psi', description: 'yaw, about the vertical', unit: 'rad' },
    { name: 'theta', description: 'pitch (singular at ±π/2)', unit: 'rad' },
    { name: 'phi', description: 'roll', unit: 'rad' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    a: { default: 0.2, description: 'half side along the body x axis', unit: 'm' },
    b: { default: 0.15, description: 'half side along the body y axis', unit: 'm' },
    c: { default: 0.1, description: 'half side along the body z axis', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    e: { default: 0.3, range: [0, 1], description: 'restitution', unit: '1' },
    mu: { default: 0.4, range: [0, 2], description: 'Coulomb friction', unit: '1' },
  },
  geometry: {
    frames: [{ name: 'B', axes: 'zyx', angles: ['psi', 'theta', 'phi'] }],
    points: [
      { name: 'G', position: ['x', 'y', 'z'] },
      ...corners.map((s) => ({ name: name(s), from: 'G', frame: 'B', position: [`${s[0]}*a`, `${s[1]}*b`, `${s[2]}*c`] as const })),
    ],
    bodies: [
      {
        name: 'box',
        mass: 'm',
        centre: 'G',
        frame: 'B',
        inertia: ['m*(b^2 + c^2)/3', 'm*(a^2 + c^2)/3', 'm*(a^2 + b^2)/3'],
      },
    ],
    gravity: [0, 0, '-g'],
    contacts: corners.map((s) => ({ name: name(s), point: name(s), plane: { normal: [0, 0, 1] as const }, law: { newton: 'e', coulomb: 'mu' } })),
  },
  // Seen from the side: the centre's x and height.
  drawing: { points: { G: ['x', 'z'] } },
  initial: { q: { z: 0.6, theta: 0.3, phi: 0.4 }, qd: { x: 0.5, psi: 4, phi: 3 }, t1: 3 },
});
