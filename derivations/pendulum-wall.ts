import { defineModel } from '../src/model/index.js';

// A double pendulum whose lower bob strikes a vertical wall at x = d.
export default defineModel({
  name: 'pendulum-wall',
  title: 'Double pendulum striking a wall',
  sources: ['kugushev2002'],
  description: 'Two point masses on massless rods; the lower bob hits a vertical wall with Newton restitution.',
  coordinates: [
    { name: 'q1', description: 'angle of the upper rod', unit: 'rad' },
    { name: 'q2', description: 'angle of the lower rod', unit: 'rad' },
  ],
  parameters: {
    m1: { default: 1, description: 'upper mass', unit: 'kg' },
    m2: { default: 1, description: 'lower mass', unit: 'kg' },
    l1: { default: 1, description: 'upper rod length', unit: 'm' },
    l2: { default: 1, description: 'lower rod length', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    d: { default: 0.5, description: 'distance of the wall from the pivot', unit: 'm' },
    e: { default: 0.7, description: 'coefficient of restitution' },
  },
  particles: [
    { mass: 'm1', position: ['l1*sin(q1)', '-l1*cos(q1)'] },
    { mass: 'm2', position: ['l1*sin(q1) + l2*sin(q2)', '-l1*cos(q1) - l2*cos(q2)'] },
  ],
  potential: '-m1*g*l1*cos(q1) - m2*g*(l1*cos(q1) + l2*cos(q2))',
  unilateral: [{ name: 'wall', constraint: 'l1*sin(q1) + l2*sin(q2) - d <= 0', law: { newton: 'e' }, description: 'the wall x = d' }],
  drawing: {
    points: { O: [0, 0], m1: ['l1*sin(q1)', '-l1*cos(q1)'], m2: ['l1*sin(q1) + l2*sin(q2)', '-l1*cos(q1) - l2*cos(q2)'] },
    segments: [
      ['O', 'm1'],
      ['m1', 'm2'],
    ],
    ground: 'd = x',
  },
  // Kugushev–Sorokina's single impact (1.4) at any configuration on the wall, both velocities free.
  impactScenarios: [{ name: 'the lower bob strikes the wall', arriving: 'wall', closed: [], at: {}, independent: ['q1', 'q2'], approach: { q2: 'positive' } }],
  initial: { q: { q1: -0.6, q2: -0.9 }, t1: 6 },
  // Kugushev–Sorokina (1.4) against the derived impact map. The facts are in the gap f = −g ≥ 0:
  // w = ḟ⁻ = −ġ⁻ < 0 on arrival, k = ∂gᵀB⁻¹∂g with B the mass matrix at the impact.
  paper: {
    source: 'kugushev2002',
    formulas: [
      {
        eq: '(1.4)',
        name: '\\Delta\\mu',
        formula: '-(1 + e)*w/k',
        derived: 'impact1.single.wall.n',
        where: { w: 'impact1.wall.n-', k: 'impact1.wall.n.inverseMass' },
      },
      {
        eq: '(1.4)',
        name: '\\dot{f}_{1}^{+}',
        formula: '-e*w',
        derived: 'impact1.single.wall.n+',
        where: { w: 'impact1.wall.n-' },
        note: 'with $W^2 = e$ the normal velocity reverses with the factor $e$ (the closing relation of §9 in its consistent form); $f_1 = -g_1$.',
      },
      {
        eq: '§1',
        name: 'T^{-} - T^{+}',
        formula: '(1 - e^2)*w^2/(2*k)',
        derived: 'impact1.single.ΔT',
        where: { w: 'impact1.wall.n-', k: 'impact1.wall.n.inverseMass' },
        note: 'the kinetic energy never increases for $W \\le 1$ (Carnot): the loss $(1 - e^2) w^2/(2k)$ is positive.',
      },
    ],
  },
});
