import { defineModel } from '../src/model/index.js';

// Smirnov's example 1 (smirnov1981 §2) under a normal load that changes sign,
// F_z = F cos ωt: the bearing plane, and with it the friction, switches
// whenever cos ωt does — the upper plane (f2, Φ = f2 F_z) while F_z > 0, the
// lower one (f1, Φ = −f1 F_z) while F_z < 0 — and the point keeps sliding
// with m ẍ = F_x − Φ sgn ẋ. point-between-planes.ts is the constant load the
// paper's closed forms are checked at.
export default defineModel({
  name: 'point-between-planes-switching',
  title: 'Point between two rough planes, alternating load',
  sources: ['smirnov1981'],
  description:
    'The point between two planes of different roughness (Smirnov, example 1) under a normal load F cos ωt: the bearing plane and the friction coefficient switch with the sign of the load.',
  coordinates: [
    { name: 'x', description: 'position along the planes', unit: 'm' },
    { name: 'z', description: 'position across the gap', unit: 'm' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    Fx: { default: 3, description: 'applied force along the planes', unit: 'N' },
    F: { default: 2, range: [0, null], open: 'lower', description: 'amplitude of the force across the planes', unit: 'N' },
    omega: { default: 1, description: 'angular frequency of the force across the planes', unit: '1/s' },
    f1: { default: 0.2, range: [0, 2], description: 'friction coefficient of the lower plane' },
    f2: { default: 0.5, range: [0, 2], description: 'friction coefficient of the upper plane' },
  },
  kinetic: "m*(x'^2 + z'^2)/2",
  forces: { x: 'Fx', z: 'F*cos(omega*t)' },
  // The reaction is positive when the lower plane pushes up (it bears, f1), negative when the upper one pushes down (f2).
  holonomic: [{ name: 'gap', expr: 'z', slip: 'x', friction: { positive: 'f1', negative: 'f2' } }],
  // In the point's frame along the planes (the run slides 46 m; framed to hold it, the loads would be a few points
  // long): the two planes 2.4 m apart, the clearance, which vanishes, exaggerated to show which is which, the lower
  // f1 and the upper f2; at the point P the loads F_x and F_z = F cos ωt at t = 0 (0.4 m per N) and the friction
  // Φ = f2 F_z of the upper plane, which that load presses.
  drawing: {
    points: {
      P: [0, 'z'],
      X: ['0.4*Fx', 'z'],
      N: [0, 'z + 0.4*F'],
      S: ['-0.4*f2*F', 'z'],
      L: [2, -1],
      U: [2, 0.9],
    },
    ground: ['y = -1.2', '1.2 = y'],
    unscaled: 'the clearance between the planes, which vanishes',
    annotations: {
      // The loads F_x and F_z show the directions of x and z.
      axes: false,
      vectors: [
        { from: 'P', to: 'X', label: 'Fx' },
        { from: 'P', to: 'N', label: 'Fz' },
        { from: 'P', to: 'S', label: 'Phi' },
      ],
      notes: [
        { at: 'L', label: 'f1' },
        { at: 'U', label: 'f2' },
      ],
    },
  },
  // Past two switches of the bearing plane, at ωt = π/2 and 3π/2.
  initial: { qd: { x: 1 }, t1: 6 },
  unplotted: {
    names: ['energy', 'phase'],
    why: 'the energy is the kinetic $T$ the loads feed, and $\\dot{x}$ against $x$ repeats the plot of $\\dot{x}$ against time, whose slope changes where the bearing plane switches',
  },
  // smirnov1981 §2's one result for the example, Φ in sgn F_z, typed in F_z as the paper prints it, here F_z = F cos ωt:
  // f2 F cos ωt while cos ωt > 0, −f1 F cos ωt while cos ωt < 0.
  paper: {
    source: 'smirnov1981',
    formulas: [
      {
        eq: '§2',
        name: '\\Phi',
        formula: '(f2*(1 + sign(Fz))/2 - f1*(1 - sign(Fz))/2)*Fz',
        where: { Fz: 'F*cos(omega*t)' },
        order: 'typed',
        derived: 'supports.Φ',
        note: 'the paper’s $\\Phi = [f_2(1 + \\operatorname{sgn} F_z)/2 - f_1(1 - \\operatorname{sgn} F_z)/2]F_z$ at the load $F_z = F\\cos\\omega t$: $f_2 F\\cos\\omega t$ while $\\cos\\omega t > 0$ (the upper plane bears), $-f_1 F\\cos\\omega t$ while $\\cos\\omega t < 0$ (the lower one), against the derivation’s switched sum $\\sum_\\varepsilon \\chi(\\varepsilon)\\Phi^{\\varepsilon}$ of the variants (Smirnov’s (1.2))',
      },
    ],
  },
});
