import { defineModel } from '../src/model/index.js';

// Rubanovich & Formalsky 1981, §3: the compass with a free hinge at O (a
// two-link walker). Generalized coordinates (x, y, a1, a2): the hinge O and
// the leg angles from the downward vertical. Each leg is a uniform rod of
// mass m and length l. The feet arrive plastically and stick.
export default defineModel({
  name: 'hinged-compass',
  title: 'Hinged two-link compass (Rubanovich–Formalsky §3)',
  sources: ['rubanovich1981'],
  description: 'Two legs joined by a free hinge; the arriving foot sticks, the standing one stays or lifts off.',
  coordinates: [
    { name: 'x', description: 'hinge, horizontal', unit: 'm' },
    { name: 'y', description: 'hinge, height', unit: 'm' },
    { name: 'a1', description: 'angle of leg 1 from the downward vertical', unit: 'rad' },
    { name: 'a2', description: 'angle of leg 2 from the downward vertical', unit: 'rad' },
  ],
  parameters: {
    m: { default: 1, description: 'mass of one leg', unit: 'kg' },
    l: { default: 1, description: 'leg length', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    beta: { default: 0.3, description: 'half-angle between the legs at the impact', unit: 'rad' },
  },
  particles: [],
  kinetic: "m*((x' + l/2*cos(a1)*a1')^2 + (y' + l/2*sin(a1)*a1')^2)/2 + m*l^2*a1'^2/24 + m*((x' + l/2*cos(a2)*a2')^2 + (y' + l/2*sin(a2)*a2')^2)/2 + m*l^2*a2'^2/24",
  potential: 'm*g*(2*y - l/2*cos(a1) - l/2*cos(a2))',
  unilateral: [
    { name: 'foot1', constraint: 'y - l*cos(a1) >= 0', law: { stick: 'x + l*sin(a1)' } },
    { name: 'foot2', constraint: 'y - l*cos(a2) >= 0', law: { stick: 'x + l*sin(a2)' } },
  ],
  impactScenarios: [
    { name: 'foot 2 strikes while foot 1 stands', arriving: 'foot2', closed: ['foot1'], at: { a1: '-beta', a2: 'beta', y: 'l*cos(beta)' }, independent: ['a1', 'a2'] },
  ],
  // Standing on foot 1 (at rest on the line, for every l) with leg 2 ahead:
  // y = l cos a1, and the foot's velocity ẋ + l cos a1 ȧ1 = ẏ + l sin a1 ȧ1 = 0
  // at ȧ1 = −1.2. A knee-less walker scuffs when its legs cross (both feet on
  // one point, where the contact rows coincide): the default run ends before that.
  initial: { q: { y: 'l*cos(0.15)', a1: 0.15, a2: 0.35 }, qd: { x: '1.2*l*cos(0.15)', y: '1.2*l*sin(0.15)', a1: -1.2, a2: -0.3 }, t1: 0.7 },
});
