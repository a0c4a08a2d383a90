import { defineModel } from '../src/model/index.js';

// Smirnov's example 2 (smirnov1981 §2): a rectangular prism moving along x in
// rigid guides with vanishing clearance, five pairs of support points: pairs
// 1, 2 on the faces normal to y (at (aₛ, ±w, cₛ)), pairs 3, 4, 5 on the
// faces normal to z (at (aₛ, bₛ, ±h)). Each pair has a friction coefficient
// per face. Small rotations φ, θ, ψ about x, y, z (the clearance vanishes): a
// point (a, b, c) of the prism is at (x − bψ + cθ, y + aψ − cφ, z − aθ + bφ).
// Loads reduced to the centre of mass: P and M. 3⁵ = 243 variants of
// support, 2⁵ = 32 full ones.
const pairs = [
  { name: 'pair1', normal: 'y + a1*psi - c1*phi', plus: 'x + w*psi + c1*theta', minus: 'x - w*psi + c1*theta', s: 1 },
  { name: 'pair2', normal: 'y + a2*psi - c2*phi', plus: 'x + w*psi + c2*theta', minus: 'x - w*psi + c2*theta', s: 2 },
  { name: 'pair3', normal: 'z - a3*theta + b3*phi', plus: 'x - b3*psi - h*theta', minus: 'x - b3*psi + h*theta', s: 3 },
  { name: 'pair4', normal: 'z - a4*theta + b4*phi', plus: 'x - b4*psi - h*theta', minus: 'x - b4*psi + h*theta', s: 4 },
  { name: 'pair5', normal: 'z - a5*theta + b5*phi', plus: 'x - b5*psi - h*theta', minus: 'x - b5*psi + h*theta', s: 5 },
];

export default defineModel({
  name: 'prism-in-guides',
  title: 'Prism in rough guides',
  sources: ['smirnov1981'],
  description:
    'A rectangular prism sliding in guides with vanishing clearance on five pairs of support points with friction (Smirnov, example 2): 243 variants of support, 32 full ones.',
  coordinates: [
    { name: 'x', description: 'position along the guides', unit: 'm' },
    { name: 'y', description: 'lateral position', unit: 'm' },
    { name: 'z', description: 'vertical position', unit: 'm' },
    { name: 'phi', description: 'roll (about x)', unit: 'rad' },
    { name: 'theta', description: 'pitch (about y)', unit: 'rad' },
    { name: 'psi', description: 'yaw (about z)', unit: 'rad' },
  ],
  parameters: {
    m: { default: 2, description: 'mass', unit: 'kg' },
    Jx: { default: 0.05, description: 'moment of inertia about x', unit: 'kg m^2' },
    Jy: { default: 0.2, description: 'moment of inertia about y', unit: 'kg m^2' },
    Jz: { default: 0.2, description: 'moment of inertia about z', unit: 'kg m^2' },
    Px: { default: 5, description: 'load along the guides', unit: 'N' },
    Py: { default: 1, description: 'lateral load', unit: 'N' },
    Pz: { default: -19.6, description: 'vertical load', unit: 'N' },
    Mx: { default: 0.1, description: 'moment of the load about x', unit: 'N m' },
    My: { default: 0.2, description: 'moment of the load about y', unit: 'N m' },
    Mz: { default: -0.1, description: 'moment of the load about z', unit: 'N m' },
    w: { default: 0.1, description: 'half width (faces normal to y at y = ±w)', unit: 'm' },
    h: { default: 0.08, description: 'half height (faces normal to z at z = ±h)', unit: 'm' },
    a1: { default: -0.3, description: 'pair 1: position along the prism', unit: 'm' },
    c1: { default: 0, description: 'pair 1: height', unit: 'm' },
    a2: { default: 0.3, description: 'pair 2: position along the prism', unit: 'm' },
    c2: { default: 0, description: 'pair 2: height', unit: 'm' },
    a3: { default: -0.3, description: 'pair 3: position along the prism', unit: 'm' },
    b3: { default: -0.06, description: 'pair 3: lateral position', unit: 'm' },
    a4: { default: -0.3, description: 'pair 4: position along the prism', unit: 'm' },
    b4: { default: 0.06, description: 'pair 4: lateral position', unit: 'm' },
    a5: { default: 0.3, description: 'pair 5: position along the prism', unit: 'm' },
    b5: { default: 0, description: 'pair 5: lateral position', unit: 'm' },
    ...Object.fromEntries(
      pairs.flatMap((p) => [
        [`fp${p.s}`, { default: 0.15 + 0.01 * p.s, range: [0, 2], description: `friction at pair ${p.s}, the face whose reaction is positive` }],
        [`fm${p.s}`, { default: 0.2 + 0.01 * p.s, range: [0, 2], description: `friction at pair ${p.s}, the face whose reaction is negative` }],
      ]),
    ),
  },
  kinetic: "m*(x'^2 + y'^2 + z'^2)/2 + (Jx*phi'^2 + Jy*theta'^2 + Jz*psi'^2)/2",
  forces: { x: 'Px', y: 'Py', z: 'Pz', phi: 'Mx', theta: 'My', psi: 'Mz' },
  holonomic: pairs.map((p) => ({
    name: p.name,
    expr: p.normal,
    slip: { positive: p.plus, negative: p.minus },
    friction: { positive: `fp${p.s}`, negative: `fm${p.s}` },
  })),
  // Seen from above: the prism (half length 0.4, half width w) between its guides, turned by its
  // yaw, with its support points: pairs 1, 2 on the side faces (at (aₛ, ±w)), pairs 3, 4, 5 on the
  // top and bottom faces (at (aₛ, bₛ), one above the other).
  drawing: {
    points: Object.fromEntries(
      [
        ['A', '-0.4', '-w'],
        ['B', '0.4', '-w'],
        ['C', '0.4', 'w'],
        ['D', '-0.4', 'w'],
        ['1', 'a1', '-w'],
        ["1'", 'a1', 'w'],
        ['2', 'a2', '-w'],
        ["2'", 'a2', 'w'],
        ['3', 'a3', 'b3'],
        ['4', 'a4', 'b4'],
        ['5', 'a5', 'b5'],
      ].map(([n, u, v]) => [n, [`x + ${u}*cos(psi) - ${v}*sin(psi)`, `y + ${u}*sin(psi) + ${v}*cos(psi)`] as const]),
    ),
    segments: [
      ['A', 'B'],
      ['B', 'C'],
      ['C', 'D'],
      ['D', 'A'],
    ],
    labels: false,
    ground: ['y = -w', 'w = y'],
    annotations: { supports: ['1', "1'", '2', "2'", '3', '4', '5'] },
  },
  initial: { qd: { x: 0.5 }, t1: 1 },
  // Smirnov §1, example 2: five pairs of support points give 3⁵ variants of support, 2⁵ of them full.
  paper: {
    source: 'smirnov1981',
    formulas: [
      { eq: '§1', name: '3^5', formula: '243', derived: 'supports.variants' },
      { eq: '§1', name: '2^5', formula: '32', derived: 'supports.full' },
    ],
  },
});
