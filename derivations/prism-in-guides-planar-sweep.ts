import { planarPrism } from './prism-in-guides-planar.js';
import { defineModel } from '../src/model/index.js';

// The planar prism of smirnov1981 §2 under a moment that grows, M_z + kt
// (the load swept through the variants): N₁₁₁ = (P_y(a2 − f12 w) − M_z − kt)/Δ₁₁
// (sgn ẋ = 1) reaches 0 at t* = (P_y(a2 − f12 w) − M_z)/k = 0.84 with the
// defaults, and the variant 11 (both pairs on the faces y = +w) gives way to
// 21 (pair 1 on y = −w): §2's variants on one support are passed through
// "under a load that changes continuously".
const planar = planarPrism(['prism', 'prism'], 'Mz + k*t');
export default defineModel({
  ...planar,
  name: 'prism-in-guides-planar-sweep',
  title: 'Prism in rough guides (planar), growing moment',
  description:
    'The planar prism in guides (Smirnov, example 2) under a moment that grows with time (a sweep of the load): the support variant, and with it the friction, switch where a reaction of the realized variant reaches 0.',
  parameters: { ...planar.parameters, k: { default: 0.5, description: 'rate of growth of the moment', unit: 'N m/s' } },
});
