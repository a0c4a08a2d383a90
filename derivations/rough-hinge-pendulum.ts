import { defineModel } from '../src/model/index.js';

// Smirnov's examples 3 and 4 (smirnov1981 §2): a physical pendulum on a
// journal of radius r with sliding friction f and reduced coefficient f_r.
// The centre of mass (x down, y across) is pinned at distance l from the
// hinge by two holonomic constraints, the Cartesian components of the pin;
// the journal turns with the body (joint angle φ). Moment of inertia about
// the hinge I = Jc + m l².
export default defineModel({
  name: 'rough-hinge-pendulum',
  title: 'Pendulum with friction in the hinge',
  sources: ['smirnov1981'],
  description:
    'A physical pendulum whose journal has friction (Smirnov, examples 3 and 4): the journal as an n-gon (2.4) against the iteration (2.6), and the self-locking condition.',
  coordinates: [
    { name: 'x', description: 'centre of mass, downwards', unit: 'm' },
    { name: 'y', description: 'centre of mass, across', unit: 'm' },
    { name: 'phi', description: 'angle from the downward vertical', unit: 'rad' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    l: { default: 0.5, description: 'hinge to centre of mass', unit: 'm' },
    Jc: { default: 0.05, description: 'moment of inertia about the centre of mass', unit: 'kg m^2' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    r: { default: 0.05, description: 'journal radius', unit: 'm' },
    f: { default: 0.3, range: [0, 2], description: 'sliding friction coefficient of the journal' },
    fr: { default: 0.35, range: [0, 10], description: 'reduced friction coefficient of the moment' },
  },
  kinetic: "m*(x'^2 + y'^2)/2 + Jc*phi'^2/2",
  potential: '-m*g*x',
  holonomic: [
    { name: 'pinx', expr: 'x - l*cos(phi)' },
    { name: 'piny', expr: 'y - l*sin(phi)' },
  ],
  hinges: [{ name: 'journal', constraints: ['pinx', 'piny'], angle: 'phi', radius: 'r', friction: 'f', reduced: 'fr' }],
  // x points down (V = −m g x): drawn with the vertical up the page.
  drawing: { points: { O: [0, 0], C: ['y', '-x'] }, segments: [['O', 'C']] },
  initial: { q: { x: 'l*cos(1)', y: 'l*sin(1)', phi: 1 }, qd: { x: '-l*sin(1)*2', y: 'l*cos(1)*2', phi: 2 }, t1: 3 },
});
