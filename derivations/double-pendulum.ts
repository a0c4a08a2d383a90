import { defineModel } from '../src/model/index.js';

export default defineModel({
  name: 'double-pendulum',
  title: 'Double pendulum',
  description: 'Two point masses on massless rods; absolute angles from the downward vertical.',
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
  },
  particles: [
    { mass: 'm1', position: ['l1*sin(q1)', '-l1*cos(q1)'] },
    { mass: 'm2', position: ['l1*sin(q1) + l2*sin(q2)', '-l1*cos(q1) - l2*cos(q2)'] },
  ],
  potential: '-m1*g*l1*cos(q1) - m2*g*(l1*cos(q1) + l2*cos(q2))',
  drawing: {
    points: { O: [0, 0], m1: ['l1*sin(q1)', '-l1*cos(q1)'], m2: ['l1*sin(q1) + l2*sin(q2)', '-l1*cos(q1) - l2*cos(q2)'] },
    segments: [
      ['O', 'm1'],
      ['m1', 'm2'],
    ],
  },
  initial: { q: { q1: 1, q2: 0.5 }, t1: 10 },
});
