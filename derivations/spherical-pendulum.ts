import { defineModel } from '../src/model/index.js';

export default defineModel({
  name: 'spherical-pendulum',
  title: 'Spherical pendulum',
  description: 'A point mass on a massless rod free to move on a sphere; theta from the downward vertical, phi the azimuth.',
  coordinates: [
    { name: 'theta', description: 'polar angle from the downward vertical', unit: 'rad' },
    { name: 'phi', description: 'azimuth', unit: 'rad' },
  ],
  parameters: {
    m: { default: 1, description: 'bob mass', unit: 'kg' },
    l: { default: 1, description: 'rod length', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
  },
  particles: [{ mass: 'm', position: ['l*sin(theta)*cos(phi)', 'l*sin(theta)*sin(phi)', '-l*cos(theta)'] }],
  potential: '-m*g*l*cos(theta)',
  // Seen from the side: the bob's x and height.
  drawing: { points: { O: [0, 0], bob: ['l*sin(theta)*cos(phi)', '-l*cos(theta)'] }, segments: [['O', 'bob']] },
  initial: { q: { theta: 1 }, qd: { theta: 0, phi: 2 }, t1: 10 },
});
