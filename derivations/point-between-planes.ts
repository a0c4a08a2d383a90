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
  drawing: { points: { P: ['x', 'z'] }, ground: ['y = -0.02', '0.02 = y'] },
  initial: { qd: { x: 1 }, t1: 2 },
  // Smirnov §1, example 1: each plane's friction force in the support variant that bears, and the counts of variants.
  paper: {
    source: 'smirnov1981',
    formulas: [
      { eq: '§1', name: '\\Phi^{(+)}', formula: '-f1*Fz', derived: 'supports.(+).Φ' },
      { eq: '§1', name: '\\Phi^{(-)}', formula: 'f2*Fz', derived: 'supports.(-).Φ' },
      { eq: '§1', name: '3^k', formula: '3', derived: 'supports.variants' },
      { eq: '§1', name: '2^k', formula: '2', derived: 'supports.full' },
    ],
  },
});
