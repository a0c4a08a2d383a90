import { defineModel } from '../src/model/index.js';

export default defineModel({
  name: 'bouncing-ball',
  title: 'Bouncing ball',
  description: 'A point mass falling on a horizontal floor with Newton restitution; the impacts accumulate and the ball comes to rest.',
  coordinates: [{ name: 'y', description: 'height above the floor', unit: 'm' }],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    e: { default: 0.8, description: 'coefficient of restitution' },
  },
  kinetic: "m*y'^2/2",
  potential: 'm*g*y',
  unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { newton: 'e' }, description: 'the floor' }],
  drawing: { points: { ball: [0, 'y + 0.05'] }, discs: [{ center: 'ball', radius: 0.05 }], ground: 'y = 0' },
  initial: { q: { y: 1 }, t1: 5 },
});
