import { defineModel } from '../src/model/index.js';

// Kozlov 1988, §5: a heavy point above the parabola y = x²/(2a), striking it
// elastically. The vertical bouncing is stable while its apex stays below the
// focus (0, a/2) — (4.1) with f″(0) = 1/a — and doubles its period there; the
// orbits born there run to and fro along the confocal parabolas (5.7),
// striking the wall at right angles, all with the period 4√(a/g).
export default defineModel({
  name: 'parabolic-billiard',
  title: 'Parabolic billiard under gravity (Kozlov §5)',
  description: 'A heavy point bouncing elastically above the parabola y = x²/(2a).',
  coordinates: [
    { name: 'x', description: 'horizontal position', unit: 'm' },
    { name: 'y', description: 'height above the vertex', unit: 'm' },
  ],
  parameters: {
    a: { default: 1, description: 'twice the focal distance of the parabola (f″(0) = 1/a)', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    e: { default: 1, description: 'coefficient of restitution' },
  },
  kinetic: "(x'^2 + y'^2)/2",
  potential: 'g*y',
  unilateral: [{ name: 'wall', description: 'the parabola y = x²/(2a)', constraint: 'y - x^2/(2*a) >= 0', law: { newton: 'e' } }],
  // Leaving the vertex straight up at 2.5 m/s: the apex at 0.32 m, below the focus at 0.5 m.
  initial: { q: { x: 0, y: 0 }, qd: { x: 0, y: 2.5 }, t1: 3 },
  // The vertical bouncing at v = 2.5, found from a start 1 cm off the axis (its energy held:
  // the orbits form a family along it), and followed as a shrinks to 0.5: it doubles its
  // period where the focus a/2 comes down to the apex v²/(2g), at a = v²/g = 0.637.
  orbit: {
    q0: { x: 0.01, y: 0.00005 }, qd0: { x: 0.01, y: 2.5 }, section: { contact: 'wall' }, fix: ["y'"],
    continuation: { parameter: 'a', from: 1, to: 0.5 },
  },
});
