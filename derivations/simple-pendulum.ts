import { defineModel } from '../src/model/index.js';

export default defineModel({
  name: 'simple-pendulum',
  title: 'Simple pendulum',
  description: 'A point mass on a massless rod swinging in a vertical plane; theta measured from the downward vertical.',
  coordinates: [{ name: 'theta', description: 'angle from the downward vertical', unit: 'rad' }],
  parameters: {
    m: { default: 1, description: 'bob mass', unit: 'kg' },
    l: { default: 1, description: 'rod length', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
  },
  kinetic: "m*l^2*theta'^2/2",
  potential: '-m*g*l*cos(theta)',
  drawing: { points: { O: [0, 0], bob: ['l*sin(theta)', '-l*cos(theta)'] }, segments: [['O', 'bob']] },
  initial: { q: { theta: 1 }, t1: 10 },
});
