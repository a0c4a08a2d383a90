import { defineModel } from '../src/model/index.js';

// Rubanovich & Formalsky 1981, §1: the rigid compass BOD. Two legs OB, OD of
// length l and mass m each, rigidly joined at O with half-angle alpha. C is
// the centre of mass on the bisector, OC = (l/2) cos(alpha); psi is the angle
// of the bisector from the downward vertical. I_C = m l^2 (sin^2 alpha + 1/3)/2.
// Foot B = O + l (sin(psi - alpha), -cos(psi - alpha)), foot D the other one;
// with psi' < 0 the compass rocks forward on B and D comes down. Both feet
// arrive plastically and stick (x_B, x_D pinned while closed).
const O_x = 'xc - l/2*cos(alpha)*sin(psi)';
const O_y = 'yc + l/2*cos(alpha)*cos(psi)';

/**
 * The state with foot B at rest on the line: psi, psi' given, yc and (xc', yc')
 * from B's pin, as expressions of l and alpha, so B stays on the line for
 * every alpha a run sets (D is then 2 l sin ψ sin α above it, for ψ > 0).
 */
function standingOnB(psi: number, psid: number) {
  // y_B = yc + (l/2) cos α cos ψ − l cos(ψ − α) = 0.
  const yc = `l*cos(${psi} - alpha) - l/2*cos(alpha)*cos(${psi})`;
  // x_B = xc − (l/2) cos α sin ψ + l sin(ψ − α) and y_B fixed: differentiate for (ẋc, ẏc).
  const xcd = `(l/2*cos(alpha)*cos(${psi}) - l*cos(${psi} - alpha))*(${psid})`;
  const ycd = `(l/2*cos(alpha)*sin(${psi}) - l*sin(${psi} - alpha))*(${psid})`;
  return { q: { yc, psi }, qd: { xc: xcd, yc: ycd, psi: psid }, t1: 3 };
}

export default defineModel({
  name: 'compass',
  title: 'Rigid compass (Rubanovich–Formalsky §1)',
  sources: ['rubanovich1981'],
  description: 'Two rigidly joined legs striking a line; the arriving foot sticks, the standing one stays or lifts off.',
  coordinates: [
    { name: 'xc', description: 'centre of mass, horizontal', unit: 'm' },
    { name: 'yc', description: 'centre of mass, height', unit: 'm' },
    { name: 'psi', description: 'bisector angle from the downward vertical', unit: 'rad' },
  ],
  parameters: {
    m: { default: 1, description: 'mass of one leg', unit: 'kg' },
    l: { default: 1, description: 'leg length', unit: 'm' },
    alpha: { default: 0.3, description: 'half-angle between the legs', unit: 'rad', range: [0, 'pi/2'] },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
  },
  kinetic: "m*(xc'^2 + yc'^2) + m*l^2*(sin(alpha)^2 + 1/3)/4*psi'^2",
  potential: '2*m*g*yc',
  unilateral: [
    {
      name: 'footB', description: 'foot of leg OB on the line',
      constraint: `${O_y} - l*cos(psi - alpha) >= 0`,
      law: { stick: `${O_x} + l*sin(psi - alpha)` },
    },
    {
      name: 'footD', description: 'foot of leg OD on the line',
      constraint: `${O_y} - l*cos(psi + alpha) >= 0`,
      law: { stick: `${O_x} + l*sin(psi + alpha)` },
    },
  ],
  impactScenarios: [
    {
      name: 'D strikes while B stands', arriving: 'footD', closed: ['footB'],
      at: { psi: '0', yc: 'l/2*cos(alpha)' }, independent: ['psi'], approach: { psi: 'negative' }, critical: 'alpha',
    },
  ],
  // Standing on foot B (at rest on the line) and rocking forward.
  initial: standingOnB(0.05, -1),
});
