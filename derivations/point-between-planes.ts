import { defineModel } from '../src/model/index.js';

// Smirnov's example 1 (smirnov1981 §2): a point driven along two parallel
// planes z = 0 with vanishing clearance and different roughness, f1 below,
// f2 above. The plane that bears depends on the sign of the normal load F_z:
// |Φ| = f2 F_z for F_z > 0 (pressed up), −f1 F_z for F_z < 0.
export default defineModel({
  name: 'point-between-planes',
  title: 'Point between two rough planes',
  sources: ['smirnov1981'],
  description:
    'A point sliding between two parallel planes of different roughness (Smirnov, example 1): the support variant, and with it the friction, follows the sign of the normal load.',
  coordinates: [
    { name: 'x', description: 'position along the planes', unit: 'm' },
    { name: 'z', description: 'position across the gap', unit: 'm' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    Fx: { default: 3, description: 'applied force along the planes', unit: 'N' },
    Fz: { default: 2, description: 'applied force across the planes', unit: 'N' },
    f1: { default: 0.2, range: [0, 2], description: 'friction coefficient of the lower plane' },
    f2: { default: 0.5, range: [0, 2], description: 'friction coefficient of the upper plane' },
  },
  kinetic: "m*(x'^2 + z'^2)/2",
  forces: { x: 'Fx', z: 'Fz' },
  // The reaction is positive when the lower plane pushes up (it bears, f1), negative when the upper one pushes down (f2).
  holonomic: [{ name: 'gap', expr: 'z', slip: 'x', friction: { positive: 'f1', negative: 'f2' } }],
  // The two planes drawn 2.4 m apart (the clearance vanishes; the gap only shows which is which),
  // the lower f1 and the upper f2; at P the load F, its normal part F_z, and the friction Φ
  // against the sliding, of the plane the sign of F_z presses (0.4 m per N).
  drawing: {
    points: {
      P: ['x', 'z'],
      F: ['x + 0.4*Fx', 'z + 0.4*Fz'],
      N: ['x', 'z + 0.4*Fz'],
      S: ['x - 0.4*(f2*(1 + sign(Fz)) - f1*(1 - sign(Fz)))*Fz/2', 'z'],
      L: [3, -1],
      U: [3, 0.9],
    },
    ground: ['y = -1.2', '1.2 = y'],
    unscaled: 'the clearance between the planes, which vanishes',
    annotations: {
      vectors: [
        { from: 'P', to: 'F', label: 'F' },
        { from: 'P', to: 'N', label: 'Fz' },
        { from: 'P', to: 'S', label: 'Phi' },
      ],
      notes: [
        { at: 'L', label: 'f1' },
        { at: 'U', label: 'f2' },
      ],
    },
  },
  initial: { qd: { x: 1 }, t1: 2 },
  // smirnov1981 §2, example 1 prints one formula, Φ = (f2 (1 + sgn F_z)/2 − f1 (1 − sgn F_z)/2) F_z: the lower plane bears
  // (+) where F_z < 0, the upper one (−) where F_z > 0.
  paper: {
    source: 'smirnov1981',
    formulas: [
      {
        eq: '§2',
        name: '\\Phi',
        formula: '(f2*(1 + sign(Fz))/2 - f1*(1 - sign(Fz))/2)*Fz',
        order: 'typed',
        derived: 'supports.Φ',
        note: 'the paper’s $\\Phi$ as it stands, $\\operatorname{sgn} F_z$ choosing the variant, against the friction bound of the variant the load realizes: the switched sum $\\sum_\\varepsilon \\chi(\\varepsilon)\\Phi^{\\varepsilon}$ of (1.2). The constant $F_z$ here realizes one variant; the companion report on the point between two rough planes under an alternating load runs $F_z = F \\cos \\omega t$, which changes sign, and plots the switches of the bearing plane, of $N$ and of $\\Phi$.',
      },
    ],
  },
});
