import planar from './prism-in-guides-planar.js';
import { defineModel } from '../src/model/index.js';

// The planar prism of smirnov1981 §2 with the points of support pair 2 fixed
// on the guides (g2 = 1): they stay where they are as the prism advances, at
// a2 − x along it (a_ps = a⁰_ps ∓ x, §2), while pair 1 rides on the prism.
// Δᵢⱼ and Nᵢⱼ₁, Nᵢⱼ₂ then vary with x: at the defaults N₁₁₁ =
// (P_y(a2 − x − f12 w) − M_z)/Δ₁₁ reaches 0 at x = a2 − f12 w − M_z/P_y =
// 0.21, where the variant 11 (both pairs on the faces y = +w) gives way to
// 21 (pair 1 on y = −w). prism-in-guides-planar.ts checks the paper's closed
// forms, g_s among their parameters; this model is the run.
export default defineModel({
  ...planar,
  name: 'prism-in-guides-planar-fixed',
  title: 'Prism in rough guides (planar), pair 2 fixed on the guides',
  description:
    'The planar prism in guides (Smirnov, example 2) with one pair of support points fixed on the guides: its place along the prism, and with it the support variant and the friction, change as the prism advances.',
  parameters: { ...planar.parameters, g2: { default: 1, range: [0, 1], description: '1: pair 2’s points are fixed on the guides, at a2 − x along the prism' } },
  // Past the switch at x = 0.21 (t ≈ 0.2), and short of x = 1, where pair 2 would pass pair 1 and Δ vanish.
  initial: { qd: { x: 1 }, t1: 0.5 },
  paper: undefined,
});
