import { defineModel } from '../src/model/index.js';

// A disk thrown onto a rough floor with spin: it bounces (Newton e with
// Coulomb friction at each impact), slides with the contact point's velocity
// ẋ + rθ̇ ≠ 0, and rolls once friction has brought that velocity to zero.
// θ counter-clockwise, so rolling to the right is ẋ = −rθ̇. Sliding on the
// floor, ẍ = −μ g sgn(ṡ) and θ̈ = −2μ g sgn(ṡ)/r (I = m r²/2): the slip
// velocity decays at 3μ g and rolling starts at ẋ = (2ẋ₀ − rθ̇₀)/3.
export default defineModel({
  name: 'rough-disk',
  title: 'Disk bouncing and rolling on a rough floor',
  description:
    'A uniform disk with spin dropped on a floor with restitution and Coulomb friction: frictional impacts, sliding, and rolling once the contact point comes to rest.',
  coordinates: [
    { name: 'x', description: 'horizontal position of the centre', unit: 'm' },
    { name: 'y', description: 'height of the centre', unit: 'm' },
    { name: 'theta', description: 'rotation angle (counter-clockwise)', unit: 'rad' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    r: { default: 0.1, description: 'radius', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    e: { default: 0.5, description: 'coefficient of restitution' },
    mu: { default: 0.3, range: [0, 2], description: 'friction coefficient' },
  },
  kinetic: "m*(x'^2 + y'^2)/2 + m*r^2*theta'^2/4",
  potential: 'm*g*y',
  unilateral: [{ name: 'floor', constraint: 'y - r >= 0', slip: 'x + r*theta', law: { newton: 'e', coulomb: 'mu' }, description: 'the floor under the disk' }],
  drawing: {
    points: { C: ['x', 'y'], rim: ['x + r*cos(theta)', 'y + r*sin(theta)'] },
    discs: [{ center: 'C', radius: 'r' }],
    segments: [['C', 'rim']],
    ground: 'y = 0',
  },
  initial: { q: { y: 0.5 }, qd: { x: 1, theta: 20 }, t1: 2 },
});
