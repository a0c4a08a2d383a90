import { defineModel } from '../src/model/index.js';

// The stick–slip oscillator: a block on a belt moving at speed v, held by a
// spring k to a wall. It sticks to the belt (the slip s = x − v t at rest
// relative to it) until the spring's pull exceeds μs m g, slides back with
// kinetic friction μk < μs, and sticks again: a self-sustained stick–slip
// cycle, the mechanism of a squeaking hinge or a violin string. The slip
// depends on t, so its rate ṡ = ẋ − v carries ∂s/∂t = −v.
export default defineModel({
  name: 'belt-oscillator',
  title: 'Stick–slip oscillator on a moving belt',
  description: 'A spring-held block on a belt moving at constant speed, with static friction above kinetic: periodic stick–slip.',
  coordinates: [
    { name: 'x', description: 'position of the block (spring unstretched at 0)', unit: 'm' },
    { name: 'y', description: 'height above the belt', unit: 'm' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    k: { default: 10, description: 'spring stiffness', unit: 'N/m' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    v: { default: 0.2, description: 'belt speed', unit: 'm/s' },
    muk: { default: 0.3, range: [0, 2], description: 'kinetic friction coefficient' },
    mus: { default: 0.5, range: [0, 2], description: 'static friction coefficient' },
  },
  kinetic: "m*(x'^2 + y'^2)/2",
  potential: 'k*x^2/2 + m*g*y',
  unilateral: [
    { name: 'belt', constraint: 'y >= 0', slip: 'x - v*t', law: { plastic: true, coulomb: { static: 'mus', kinetic: 'muk' } }, description: 'the moving belt' },
  ],
  drawing: {
    points: { wall: [-0.5, 0.1], block: ['x', 'y + 0.1'] },
    segments: [['wall', 'block']],
    discs: [{ center: 'block', radius: 0.1 }],
    ground: ['y = 0', 'x = -0.5'],
  },
  initial: { qd: { x: 'v' }, t1: 10 },
});
