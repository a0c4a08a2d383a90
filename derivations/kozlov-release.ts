import { defineModel } from '../src/model/index.js';
import type { DrawingSpec } from '../src/model/spec.js';

/**
 * kozlov1988 §2's point P on the line y = 0, the force's switch at x = 0 (a dashed guide) and the force
 * itself, g down left of it and up right of it; `below`, what realizes the line under the point
 * (a spring, a damper, an added mass), is drawn with it.
 */
export function releaseDrawing(below: { readonly points?: DrawingSpec['points'] } & Omit<DrawingSpec, 'points'> = {}): DrawingSpec {
  return {
    ...below,
    points: { P: ['x', 'y'], S0: [0, 0], S1: [0, 0.8], L0: [-0.5, 0.6], L1: [-0.5, 0.25], R0: [0.5, 0.25], R1: [0.5, 0.6], ...below.points },
    guides: [['S0', 'S1']],
    hidden: ['S0', 'S1', 'L0', 'R0', ...(below.hidden ?? [])],
    labels: true,
    ground: 'y = 0',
    annotations: {
      ...below.annotations,
      vectors: [
        { from: 'L0', to: 'L1', label: 'g' },
        { from: 'R0', to: 'R1', label: 'g' },
      ],
    },
  };
}

// Kozlov 1988, §2, (2.3)–(2.7): a unit mass point in the plane under the
// force (0, −g) for x ≤ 0 and (0, +g) for x > 0, with the constraint y ≥ 0.
// Starting on the line at x = −1 with ẋ = 1 it is pressed onto the line until
// x = 0 (t = 1), then leaves it: y = g(t − 1)²/2 for t ≥ 1 (2.4).
export default defineModel({
  name: 'kozlov-release',
  title: 'Release from a line (Kozlov §2)',
  sources: ['kozlov1988'],
  description: 'A point pressed onto a line by a force that changes sign at $x = 0$ leaves the line at $\\tau = 1$.',
  coordinates: [
    { name: 'x', description: 'position along the line', unit: 'm' },
    { name: 'y', description: 'height above the line', unit: 'm' },
  ],
  parameters: {
    g: { default: 1, range: [0, null], open: 'lower', description: 'force magnitude per unit mass', unit: 'm/s^2' },
  },
  kinetic: "(x'^2 + y'^2)/2",
  // (0, −g) for x ≤ 0 and (0, g) for x > 0, as §2 has it: sgn x alone would vanish at x = 0.
  forces: { y: 'g*(sign(x) + abs(sign(x)) - 1)' },
  unilateral: [{ name: 'line', constraint: 'y >= 0', law: { plastic: true }, description: 'the line y = 0' }],
  drawing: releaseDrawing(),
  // §2 asks when the point leaves the line: the energy, the phase portrait and the rests say nothing of it.
  leaveOut: ['equilibria'],
  unplotted: { names: ['energy', 'phase'], why: 'the paper asks when the point leaves the line, which the plots of the coordinates against time show' },
  initial: { q: { x: -1, y: 0 }, qd: { x: 1, y: 0 }, t1: 2.5 },
  // Kozlov (2.4) against the motion derived in closed form (pressed onto the line, then
  // released): the rigid line releases the point at τ = 1.
  paper: {
    source: 'kozlov1988',
    formulas: [
      { eq: '(2.4)', name: 'x(t)', formula: 't - 1', derived: 'trajectory1.x' },
      { eq: '(2.4)', name: 'y(t),\\ t \\le 1', formula: '0', derived: 'trajectory1.y' },
      {
        eq: '(2.4)',
        name: '\\tau',
        formula: '1',
        derived: 'trajectory1.end',
        note: 'the held phase ends where its multiplier, $g$ for $x \\le 0$ and $-g$ for $x > 0$, turns negative.',
      },
      { eq: '(2.4)', name: 'y(t),\\ t > 1', formula: 'g*(t - 1)^2/2', derived: 'trajectory2.y' },
    ],
    corrects:
      'Kozlov calls this force field ‘potential but discontinuous’. It has a potential on each side of $x = 0$ ($gy$ for $x < 0$, $-gy$ for $x > 0$) but none across it: its work around a closed path that crosses $x = 0$ is not zero, so the report corrects the wording and declares the field as a force, not through $V$.',
    notDerived: [
      {
        eq: 'Th. 2',
        name: 'V_N = V + Nf^2',
        reason:
          'Theorem 2, that the motions under $V_N$ tend to this model’s as $N \\to \\infty$, is checked on this example in kozlov-release-elastic, whose Fig. 3 reproduces Kozlov Fig. 1 with the realizations of kozlov-release-added-mass and kozlov-release-viscous.',
      },
    ],
  },
});
