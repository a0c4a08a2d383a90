import { defineModel } from '../src/model/index.js';
import { releaseDrawing } from './kozlov-release.js';

// Kozlov 1988, §2, (2.5)–(2.6): the point of kozlov-release with the line
// y ≥ 0 realized by an added mass — below the line its kinetic energy gains
// Nẏ²/2. From (2.3) it sinks as y = −gt²/(2(N + 1)) while pressed (t ≤ 1),
// rises as y = g(t² − 4t + 2)/(2(N + 1)) after x = 0, and leaves the line at
// t = 2 + √2 for every N: in the limit N → ∞ the release is delayed from
// t = 1 to 2 + √2 (2.6), the extra inertia holding the point down. Over the
// run (t ≤ 4) its largest distance to the classical motion (2.4) is, for
// every N, g((3 + 4√2)/2 − 2(√2 − 1)/(N + 1)), derived from both in closed form.
export default defineModel({
  name: 'kozlov-release-added-mass',
  title: 'Release from a line realized by an added mass (Kozlov (2.5))',
  sources: ['kozlov1988'],
  description: 'The point of Kozlov §2 with the line realized by an added mass $N\\dot{y}^2/2$ below it: it leaves at $\\tau = 2 + \\sqrt{2}$ for every $N$.',
  coordinates: [
    { name: 'x', description: 'position along the line', unit: 'm' },
    { name: 'y', description: 'height above the line', unit: 'm' },
  ],
  parameters: {
    g: { default: 1, description: 'force magnitude per unit mass', unit: 'm/s^2' },
    N: { default: 100, description: 'added mass below the line (per unit mass)' },
  },
  kinetic: "(x'^2 + y'^2)/2",
  // (0, −g) for x ≤ 0 and (0, g) for x > 0, as §2 has it: sgn x alone would vanish at x = 0.
  forces: { y: 'g*(sign(x) + abs(sign(x)) - 1)' },
  unilateral: [{ name: 'line', constraint: 'y >= 0', law: { compliant: { addedMass: 'N' } }, description: 'the line y = 0, realized by an added mass' }],
  drawing: releaseDrawing({ points: { B: ['x', -0.2] }, discs: [{ center: 'B', radius: 0.12 }], annotations: { notes: [{ at: 'B', label: 'N' }] } }),
  // §2 asks when the point leaves the line: the energy, the phase portrait and the rests say nothing of it.
  leaveOut: ['equilibria'],
  unplotted: { names: ['energy', 'phase'], why: 'the paper asks when the point leaves the line, which the plots of the coordinates against time show' },
  // Fig. 2 in the band about the line where the runs differ: sunk by at most g/(N + 1), released at 2 + √2.
  limitStudy: { parameter: 'N', values: [10, 100, 1000, 10000], rigid: { line: { plastic: true } }, limits: { release: 2 + Math.SQRT2 }, cut: 0.03 },
  initial: { q: { x: -1, y: 0 }, qd: { x: 1, y: 0 }, t1: 4 },
  // Kozlov (2.5) against the motion derived in closed form, (2.6) against its limit N → ∞: the release at
  // 2 + √2 is the same for every N, no limit of the study's runs.
  paper: {
    source: 'kozlov1988',
    formulas: [
      { eq: '(2.5)', name: 'x(t)', formula: 't - 1', derived: 'trajectory1.x' },
      { eq: '(2.5)', name: 'y(t),\\ t \\le 1', formula: '-g*t^2/(2*(N + 1))', order: 'typed', derived: 'trajectory1.y' },
      { eq: '(2.5)', name: 'y(t),\\ 1 \\le t \\le \\tau', formula: 'g*(t^2 - 4*t + 2)/(2*(N + 1))', order: 'typed', derived: 'trajectory2.y' },
      { eq: '(2.5)', name: '\\tau', formula: '2 + sqrt(2)', derived: 'trajectory2.end', note: 'the root of $t^2 - 4t + 2$ after $t = 1$: free of $N$.' },
      // The paper's one statement y = 0 for t ≤ 2 + √2 spans two pieces of the motion, pressed (x ≤ 0) and lifted (x > 0):
      // both limits vanish where the sum of their squares does.
      {
        eq: '(2.6)',
        name: '\\lim_{N \\to \\infty} y(t),\\ t \\le \\tau',
        formula: '0',
        derived: 'trajectory1.y@N→∞^2 + trajectory2.y@N→∞^2',
        note: 'the limits on the two pieces of the motion, $t \\le 1$ (pressed, $x \\le 0$) and $1 \\le t \\le \\tau$ (lifted, $x > 0$), each 0: the sum of their squares is 0.',
      },
      {
        eq: '(2.6)',
        name: '\\lim_{N \\to \\infty} y(t),\\ t > \\tau',
        formula: 'g*(t - 2 - sqrt(2))^2/2',
        order: 'typed',
        derived: 'trajectory3.y@N→∞',
        note: 'the flight after the release, whose initial speed $\\sqrt{2}g/(N + 1)$ vanishes in the limit.',
      },
      // The distance for every N, derived from the motions (2.5) and (2.4) in closed form, its limit the runs are
      // extrapolated to, and two runs against it.
      {
        eq: '(2.5)',
        name: 'd_N,\\ t_1 = 4',
        formula: 'g*((3 + 4*sqrt(2))/2 - 2*(sqrt(2) - 1)/(N + 1))',
        order: 'typed',
        derived: 'rigid.distance',
        origin: 'own',
        note: 'the toolkit’s: $d_N = \\max_{t \\le t_1} |y_N(t) - y_{(2.4)}(t)|$, from the motions (2.5) and (2.4) in closed form. After the release at $2 + \\sqrt{2}$ the point flies from $y = 0$ at the speed $\\sqrt{2}g/(N + 1)$, and $y_{(2.4)} - y_N$ grows at the rate $g(1 + \\sqrt{2} - \\sqrt{2}/(N + 1)) > 0$: the largest gap is at the runs’ end $t_1$ (found there at each $N$ of the study), where it is $g(t_1 - 1)^2/2 - \\sqrt{2}g(t_1 - 2 - \\sqrt{2})/(N + 1) - g(t_1 - 2 - \\sqrt{2})^2/2$.',
      },
      {
        eq: '(2.6)',
        name: '\\lim_{N \\to \\infty} d_N',
        formula: 'g*(3 + 4*sqrt(2))/2',
        derived: 'limit.distance',
        tolerance: 1e-4,
        origin: 'own',
        note: 'the limit of $d_N$, a check of the study, not a number of the paper: the limit motion (2.6) is not the classical one (2.4), and their heights differ most at the runs’ end $t_1 = 4$, by $g(1 + \\sqrt{2})(2t_1 - 3 - \\sqrt{2})/2 = g(3 + 4\\sqrt{2})/2$; the study’s distance tends to it, not to 0 (Aitken on its last three values of $N$).',
      },
      {
        eq: '(2.5)',
        name: 'd_{10}',
        formula: 'g*((3 + 4*sqrt(2))/2 - 2*(sqrt(2) - 1)/(N + 1))',
        derived: 'limit.distance@N=10',
        tolerance: 1e-7,
        origin: 'own',
      },
      {
        eq: '(2.5)',
        name: 'd_{1000}',
        formula: 'g*((3 + 4*sqrt(2))/2 - 2*(sqrt(2) - 1)/(N + 1))',
        derived: 'limit.distance@N=1000',
        tolerance: 1e-7,
        origin: 'own',
      },
    ],
    // Fig. 1: the added mass (the paper's dashed line) beside the elastic realization (its solid line), the viscous one
    // of (2.7) ("qualitatively like the dashed one") and the rigid line of (2.4), at N = 100 until the added mass has
    // left at 2 + √2, in the band f ≤ 0.03 about the line.
    studyFigures: [
      {
        kind: 'realizations',
        contact: 'line',
        label: 'added mass',
        laws: { elastic: { compliant: { stiffness: 'N' } }, viscous: { compliant: { damping: 'N', adhesion: true } } },
        params: { N: 100 },
        t1: 4,
        cut: 0.03,
      },
    ],
  },
});
