import { planarPrism } from './prism-in-guides-planar.js';
import { defineModel } from '../src/model/index.js';

// The planar prism of smirnov1981 §2 with the points of support pair 2 fixed
// on the guides: they stay where they are as the prism advances, at a2 − x
// along it (§2 prints a⁰ + x: the note of its rows says why − x), while
// pair 1 rides on the prism. Δᵢⱼ and Nᵢⱼ₁, Nᵢⱼ₂ then vary with x: at the
// defaults N₁₁₁ = (P_y(a2 − x − f12 w) − M_z)/Δ₁₁ reaches 0 at
// x = a2 − f12 w − M_z/P_y = 0.21, where the variant 11 (both pairs on the
// faces y = +w) gives way to 21 (pair 1 on y = −w), whose
// Δ₂₁ = a2 − a1 − x + w(f21 − f12) vanishes at x = 1.01: its reactions, and
// the friction, grow as 1/Δ₂₁ (Smirnov's self-locking, §1) and stop the prism
// short of it, for good (|P_x| ≤ Φ at rest).
const planar = planarPrism(['prism', 'guides']);
export default defineModel({
  ...planar,
  name: 'prism-in-guides-planar-fixed',
  title: 'Prism in rough guides (planar), pair 2 fixed on the guides',
  description:
    'The planar prism in guides (Smirnov, example 2) with one pair of support points fixed on the guides: its place along the prism, and with it the support variant and the friction, change as the prism advances, until the prism locks.',
  // Past the switch at x = 0.21 (t ≈ 0.2) and the stop short of x = 1.01, where Δ₂₁ would vanish (t ≈ 0.91).
  initial: { qd: { x: 1 }, t1: 1.5 },
});
