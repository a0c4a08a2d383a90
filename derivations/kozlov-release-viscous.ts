import { defineModel } from '../src/model/index.js';
import { releaseDrawing } from './kozlov-release.js';

// Kozlov 1988, §2, (2.7): the point of kozlov-release with the line y ≥ 0
// realized by viscous friction (0, −Nẏ) below it, a force that may pull
// (adhesion). It sinks at the speed g/N while pressed, rises after x = 0 and
// leaves at τ = 2 + 1/N + O(e^{−N}/N): in the limit the release is delayed
// from t = 1 to t = 2 (2.7). Without adhesion (the force set to zero when
// ẏ > 0) the point regains the line at 1 + √(2/N) + O(1/N) and the limit is
// the classical motion (2.4): the report compares both at N = 1000. With
// adhesion the largest distance to (2.4) over the run (t ≤ 3) is
// g(3 + 1/N²)/2 up to O(e^{−N}/N), derived from the motion in closed form.
export default defineModel({
  name: 'kozlov-release-viscous',
  title: 'Release from a line realized by viscous friction (Kozlov (2.7))',
  sources: ['kozlov1988'],
  description: 'The point of Kozlov §2 with the line realized by viscous friction $(0, -N\\dot{y})$ below it: it leaves at $\\tau = 2 + 1/N + O(e^{-N}/N)$.',
  coordinates: [
    { name: 'x', description: 'position along the line', unit: 'm' },
    { name: 'y', description: 'height above the line', unit: 'm' },
  ],
  parameters: {
    g: { default: 1, description: 'force magnitude per unit mass', unit: 'm/s^2' },
    N: { default: 100, description: 'viscosity below the line (per unit mass)', unit: '1/s' },
  },
  kinetic: "(x'^2 + y'^2)/2",
  // (0, −g) for x ≤ 0 and (0, g) for x > 0, as §2 has it: sgn x alone would vanish at x = 0.
  forces: { y: 'g*(sign(x) + abs(sign(x)) - 1)' },
  unilateral: [
    { name: 'line', constraint: 'y >= 0', law: { compliant: { damping: 'N', adhesion: true } }, description: 'the line y = 0, realized by viscous friction' },
  ],
  drawing: releaseDrawing({ points: { B: ['x', -0.3] }, dampers: [['B', 'P']], hidden: ['B'] }),
  // §2 asks when the point leaves the line: the energy, the phase portrait and the rests say nothing of it.
  leaveOut: ['equilibria'],
  unplotted: { names: ['energy', 'phase'], why: 'the paper asks when the point leaves the line, which the plots of the coordinates against time show' },
  limitStudy: { parameter: 'N', values: [10, 100, 1000, 10000], rigid: { line: { plastic: true } }, limits: { release: 2 } },
  initial: { q: { x: -1, y: 0 }, qd: { x: 1, y: 0 }, t1: 3 },
  // Kozlov (2.7) against the motion's limit derived in closed form (the release, transcendental for
  // finite N, found as the root of the leading term of y(t) in 1/N; for large N up to O(e^{−N}) as
  // the root without the exponentials) and against the rigid-limit study.
  paper: {
    source: 'kozlov1988',
    formulas: [
      { eq: '(2.7)', name: 'x(t)', formula: 't - 1', derived: 'trajectory1.x' },
      // The paper's one statement y = 0 for t ≤ 2 spans two pieces of the motion, pressed (x ≤ 0) and pulled (x > 0): both
      // limits vanish where the sum of their squares does.
      {
        eq: '(2.7)',
        name: '\\lim_{N \\to \\infty} y(t),\\ t \\le 2',
        formula: '0',
        derived: 'trajectory1.y@N→∞^2 + trajectory2.y@N→∞^2',
        note: 'the limits on the two pieces of the motion, $t \\le 1$ (pressed, $x \\le 0$) and $1 \\le t \\le 2$ (pulled back, $x > 0$), each 0: the sum of their squares is 0.',
      },
      {
        eq: '(2.7)',
        name: '\\lim_{N \\to \\infty} \\tau',
        formula: '2',
        derived: 'trajectory2.end@N→∞',
        note: 'for finite $N$ the point regains $y = 0$ at a root of $g(t - 2)/N + g(2e^{-N(t - 1)} - e^{-Nt} - 1)/N^2$, transcendental; the limit is the root of its leading term $g(t - 2)$, the exponentials vanishing inside the piece.',
      },
      { eq: '(2.7)', name: '\\lim_{N \\to \\infty} y(t),\\ t > 2', formula: 'g*(t - 2)^2/2', derived: 'trajectory3.y@N→∞' },
      {
        eq: '(2.7)',
        name: '\\tau',
        formula: '2 + 1/N',
        derived: 'trajectory2.end@N≫1',
        remainder: 'O(e^(-N)/N)',
        origin: 'own',
        note: 'Kozlov gives $\\tau = 2 + O(1/N)$. Near $t = 2$ the exponentials of the root’s equation are $2e^{-N(t - 1)} - e^{-Nt} = O(e^{-N})$; without them it is linear, $g(t - 2)/N - g/N^2 = 0$, and with them the root moves by $-2e^{-N - 1}/N$: the delay is $1/N$ up to $O(e^{-N}/N)$, its order exactly 1.',
      },
      {
        eq: '(2.4)',
        name: '\\lim_{N \\to \\infty} \\max_{t \\le 3} |y_N^{\\mathrm{na}} - y_{(2.4)}|',
        formula: '0',
        derived: 'realizations.no-adhesion.distance',
        tolerance: 1e-4,
        note: 'without adhesion (the motion $y_N^{\\mathrm{na}}$) the limit is the classical motion (2.4), $y_{(2.4)} = \\tfrac{1}{2} g (t - 1)_{+}^{2}$, $y = 0$ up to $t = 1$ and $g(t - 1)^2/2$ after ($(t - 1)_+ = \\max(0, t - 1)$; $x = t - 1$ in every motion): the rigid model’s. Measured as the largest distance of the no-adhesion runs to it as $N$ grows (the realizations compared), Aitken’s extrapolation on its last three values.',
      },
      {
        eq: '(2.4)',
        name: '\\lim_{N \\to \\infty} N \\max_{t \\le 3} |y_N^{\\mathrm{na}} - y_{(2.4)}|',
        formula: 'g*(1 + 2*log(2))',
        derived: 'realizations.no-adhesion.distance.leading',
        tolerance: 1e-3,
        origin: 'own',
        note: 'the rate is the toolkit’s: without adhesion the damper lets go at $1 + \\ln(2 - e^{-N})/N$ from $y = -g/N + O(N^{-2})$, and from there the point flies the classical parabola shifted by $O(1/N)$: $y_N - y = -g(1 + (t - 1)\\ln 2)/N + O(N^{-2})$, though it regains $y = 0$ only $\\sqrt{2/N}$ late. Over the runs’ $t \\le 3$ the distance is then $g(1 + 2\\ln 2)/N + O(N^{-2})$; $N$ times the runs’ distances, extrapolated (Aitken on its last three values of $N$), is the check.',
      },
      {
        eq: '(2.4)',
        name: '\\tau_{0}(N)',
        formula: '1 + (log(2 - exp(-N)) + sqrt(2*N - 2*log(2 - exp(-N))))/N',
        derived: 'realizations.no-adhesion.leaves',
        tolerance: 1e-6,
        origin: 'own',
        note: 'Kozlov: without adhesion (the force zero where $\\dot{y} > 0$) the limit is classical (2.4). $\\tau_0(N)$, when the point then leaves the line for good, is the toolkit’s: after $t = 1$, $\\ddot{y} = g - N\\dot{y}$ brings $\\dot{y}$ to 0 at $1 + \\ln(2 - e^{-N})/N$, where the damper switches off at $y = -g/N + g\\ln(2 - e^{-N})/N^2$; the point then rises freely and regains $y = 0$ at $\\tau_0(N)$, exactly, $1 + \\sqrt{2/N} + O(1/N) \\to 1$. Beside it, the run (the realizations compared).',
      },
      // The model's own distance to (2.4) for large N, derived from the motion in closed form, its limit, and two runs.
      {
        eq: '(2.7)',
        name: 'd_N,\\ t_1 = 3',
        formula: 'g*(3 + 1/N^2)/2',
        derived: 'rigid.distance',
        remainder: 'O(e^(-N)/N)',
        origin: 'own',
        note: 'the toolkit’s: $d_N = \\max_{t \\le t_1} |y_N(t) - y_{(2.4)}(t)|$, from the motion in closed form and (2.4). The release is $\\tau = 2 + 1/N$ up to $O(e^{-N}/N)$ (above), where the speed without its terms $O(e^{-N}/N)$ is $g/N$; the point flies from there, $y_{(2.4)} - y_N$ grows to the runs’ end $t_1$ (found there at each $N$ of the study), and there $2g - g(1 - 1/N)/N - g(1 - 1/N)^2/2$: no power of $1/N$ beyond the second (at $N = 100$, $g/(2N^2) = 5 \\cdot 10^{-5}$), the rest exponentially small.',
      },
      {
        eq: '(2.7)',
        name: '\\lim_{N \\to \\infty} d_N',
        formula: 'g*3/2',
        derived: 'rigid.distance@N→∞',
        origin: 'own',
        note: 'the limit of $d_N$: the heights of (2.7) and (2.4) at $t_1 = 3$, $g(t_1 - 1)^2/2 - g(t_1 - 2)^2/2$.',
      },
      { eq: '(2.7)', name: 'd_{100}', formula: 'g*(3 + 1/N^2)/2', derived: 'limit.distance@N=100', tolerance: 1e-8, origin: 'own' },
      { eq: '(2.7)', name: 'd_{1000}', formula: 'g*(3 + 1/N^2)/2', derived: 'limit.distance@N=1000', tolerance: 1e-8, origin: 'own' },
    ],
    // The viscous line with adhesion (the model's) beside the one switched off where ẏ > 0 and the rigid line, at N = 1000.
    studyFigures: [
      {
        kind: 'realizations',
        contact: 'line',
        label: 'adhesion',
        laws: { 'no-adhesion': { compliant: { damping: 'N' } } },
        params: { N: 1000 },
        t1: 3,
        cut: 0.002,
        // Without adhesion the limit is classical (2.4): run as N grows against the rigid line.
        limits: ['no-adhesion'],
      },
    ],
  },
});
