import { defineModel } from '../src/model/index.js';

// A block (a point mass) on a rough incline: it sticks while tan α ≤ μs and
// slides with acceleration g(sin α − μk cos α) otherwise (Coulomb's law).
// Coordinates along the slope (x, downhill) and normal to it (y).
export default defineModel({
  name: 'block-on-incline',
  title: 'Block on a rough incline',
  description: 'A point mass on an inclined plane with Coulomb friction (static and kinetic coefficients): stick–slip and a plastic landing.',
  coordinates: [
    { name: 'x', description: 'position down the slope', unit: 'm' },
    { name: 'y', description: 'height above the slope', unit: 'm' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    alpha: { default: 0.5, range: [0, 'pi/2'], description: 'inclination of the plane', unit: 'rad' },
    muk: { default: 0.4, range: [0, 2], description: 'kinetic friction coefficient' },
    mus: { default: 0.6, range: [0, 2], description: 'static friction coefficient' },
  },
  kinetic: "m*(x'^2 + y'^2)/2",
  potential: 'm*g*(y*cos(alpha) - x*sin(alpha))',
  unilateral: [
    { name: 'slope', constraint: 'y >= 0', slip: 'x', law: { plastic: true, coulomb: { static: 'mus', kinetic: 'muk' } }, description: 'the inclined plane' },
  ],
  // In the plane of the figure: x down the slope, y along its normal.
  drawing: {
    points: Object.fromEntries(
      [
        ['A', -0.1, 0],
        ['B', 0.1, 0],
        ['C', 0.1, 0.2],
        ['D', -0.1, 0.2],
      ].map(([n, u, v]) => [n, [`(x + ${u})*cos(alpha) + (y + ${v})*sin(alpha)`, `-(x + ${u})*sin(alpha) + (y + ${v})*cos(alpha)`] as const]),
    ),
    segments: [
      ['A', 'B'],
      ['B', 'C'],
      ['C', 'D'],
      ['D', 'A'],
    ],
    labels: false,
    ground: 'y = -x*tan(alpha)',
  },
  initial: { q: { y: 0.2 }, qd: { x: 1 }, t1: 3 },
});
