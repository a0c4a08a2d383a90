import { defineModel } from '../src/model/index.js';

// Smirnov's example 2, planar symmetric case (smirnov1981 §2): a prism moving
// along x in guides with vanishing clearance, two pairs of support points on
// the faces normal to y, at a1 and a2 along the prism; the point of a pair
// that bears is on the face at y = −w (reaction +y) or y = +w (reaction −y).
// Small rotations θ (the clearance vanishes): a point (a, b) of the prism is
// at (x − bθ, y + aθ). Applied and inertial loads reduced to the centre of
// mass: Px, Py and the moment Mz. 3² = 9 variants of support, 4 full ones.
export default defineModel({
  name: 'prism-in-guides-planar',
  title: 'Prism in rough guides (planar)',
  sources: ['smirnov1981'],
  description:
    'A prism sliding in guides with vanishing clearance (Smirnov, example 2, planar symmetric case): the support variant decides which faces bear and so the friction force.',
  coordinates: [
    { name: 'x', description: 'position along the guides', unit: 'm' },
    { name: 'y', description: 'lateral position', unit: 'm' },
    { name: 'theta', description: 'yaw angle', unit: 'rad' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    J: { default: 0.1, description: 'moment of inertia about the centre of mass', unit: 'kg m^2' },
    Px: { default: 1, description: 'load along the guides', unit: 'N' },
    Py: { default: 2, description: 'lateral load', unit: 'N' },
    Mz: { default: 0.5, description: 'moment of the load', unit: 'N m' },
    a1: { default: -0.5, description: 'position of support pair 1 along the prism', unit: 'm' },
    a2: { default: 0.5, description: 'position of support pair 2 along the prism', unit: 'm' },
    w: { default: 0.2, description: 'half width of the prism', unit: 'm' },
    f11: { default: 0.3, range: [0, 2], description: 'friction at pair 1, face y = +w' },
    f21: { default: 0.25, range: [0, 2], description: 'friction at pair 1, face y = −w' },
    f12: { default: 0.2, range: [0, 2], description: 'friction at pair 2, face y = +w' },
    f22: { default: 0.35, range: [0, 2], description: 'friction at pair 2, face y = −w' },
  },
  kinetic: "m*(x'^2 + y'^2)/2 + J*theta'^2/2",
  forces: { x: 'Px', y: 'Py', theta: 'Mz' },
  holonomic: [
    { name: 'pair1', expr: 'y + a1*theta', slip: { positive: 'x + w*theta', negative: 'x - w*theta' }, friction: { positive: 'f21', negative: 'f11' } },
    { name: 'pair2', expr: 'y + a2*theta', slip: { positive: 'x + w*theta', negative: 'x - w*theta' }, friction: { positive: 'f22', negative: 'f12' } },
  ],
  // Seen from above: the prism (half length 0.6, half width w) between its guides, its
  // support pairs 1 and 2 at a1, a2 on both faces (a point (a, b) of the prism at (x − bθ, y + aθ), drawn turned by θ).
  drawing: {
    points: Object.fromEntries(
      [
        ['A', '-0.6', '-w'],
        ['B', '0.6', '-w'],
        ['C', '0.6', 'w'],
        ['D', '-0.6', 'w'],
        ['1', 'a1', '-w'],
        ["1'", 'a1', 'w'],
        ['2', 'a2', '-w'],
        ["2'", 'a2', 'w'],
      ].map(([n, u, v]) => [n, [`x + ${u}*cos(theta) - ${v}*sin(theta)`, `y + ${u}*sin(theta) + ${v}*cos(theta)`] as const]),
    ),
    segments: [
      ['A', 'B'],
      ['B', 'C'],
      ['C', 'D'],
      ['D', 'A'],
    ],
    labels: false,
    ground: ['y = -w', 'w = y'],
    annotations: { supports: ['1', "1'", '2', "2'"] },
  },
  initial: { qd: { x: 1 }, t1: 2 },
});
