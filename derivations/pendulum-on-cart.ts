import { defineModel } from '../src/model/index.js';

export default defineModel({
  name: 'pendulum-on-cart',
  title: 'Pendulum on a cart',
  description: 'A cart sliding on a horizontal line carries a pendulum; a horizontal force F(t) may push the cart.',
  coordinates: [
    { name: 'x', description: 'cart position', unit: 'm' },
    { name: 'theta', description: 'pendulum angle from the downward vertical', unit: 'rad' },
  ],
  parameters: {
    M: { default: 2, description: 'cart mass', unit: 'kg' },
    m: { default: 1, description: 'bob mass', unit: 'kg' },
    l: { default: 1, description: 'rod length', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    F: { default: 0, description: 'force amplitude on the cart', unit: 'N' },
    w: { default: 1, description: 'force frequency', unit: 'rad/s' },
  },
  particles: [
    { mass: 'M', position: ['x', '0'] },
    { mass: 'm', position: ['x + l*sin(theta)', '-l*cos(theta)'] },
  ],
  potential: '-m*g*l*cos(theta)',
  forces: { x: 'F*cos(w*t)' },
  drawing: { points: { cart: ['x', 0], bob: ['x + l*sin(theta)', '-l*cos(theta)'] }, segments: [['cart', 'bob']], ground: 'y = -0.1' },
  initial: { q: { theta: 0.8 }, qd: { x: 0.2 }, t1: 10 },
});
