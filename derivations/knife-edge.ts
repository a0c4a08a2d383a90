import { defineModel } from '../src/model/index.js';

// The classical non-holonomic example: a knife edge (or skate) on a plane
// inclined at angle alpha, x pointing down the slope. The blade cannot move
// sideways: its velocity is along (cos theta, sin theta).
export default defineModel({
  name: 'knife-edge',
  title: 'Knife edge on an inclined plane',
  description: 'A sliding knife edge: the contact point cannot move across the blade (a non-holonomic constraint).',
  coordinates: [
    { name: 'x', description: 'contact point, down the slope', unit: 'm' },
    { name: 'y', description: 'contact point, across the slope', unit: 'm' },
    { name: 'theta', description: 'blade heading from the x axis', unit: 'rad' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    J: { default: 0.1, description: 'moment of inertia about the vertical through the contact', unit: 'kg m^2' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    alpha: { default: 0.3, description: 'slope angle', unit: 'rad' },
  },
  kinetic: "m*(x'^2 + y'^2)/2 + J*theta'^2/2",
  potential: '-m*g*sin(alpha)*x',
  nonholonomic: [{ name: 'blade', expr: "x'*sin(theta) - y'*cos(theta)" }],
  // Seen from above the inclined plane: the blade through its contact point.
  drawing: {
    points: { back: ['x - 0.2*cos(theta)', 'y - 0.2*sin(theta)'], P: ['x', 'y'], front: ['x + 0.2*cos(theta)', 'y + 0.2*sin(theta)'] },
    segments: [['back', 'front']],
  },
  initial: { qd: { theta: 1 }, t1: 10 },
});
