import { defineModel } from '../src/model/index.js';
import { releaseDrawing } from './kozlov-release.js';

// Kozlov 1988, §2, Theorem 2 and the elastic realization of (2.3)–(2.4): the
// point of kozlov-release with the line y ≥ 0 replaced by the elastic force
// (0, −Ny) below it. While pressed (t ≤ 1) it oscillates in the strip
// −2g/N ≤ y ≤ 0, y = g(cos √N t − 1)/N; it leaves at τ = 1 + O(N^{−1/2})
// and tends to the classical motion (2.4) as N → ∞ (Theorem 2).
export default defineModel({
  name: 'kozlov-release-elastic',
  title: 'Release from a line realized by a stiff spring (Kozlov §2)',
  sources: ['kozlov1988'],
  description: 'The point of Kozlov §2 with the line realized by the elastic force $(0, -Ny)$ below it: the classical release at $t = 1$ in the limit.',
  coordinates: [
    { name: 'x', description: 'position along the line', unit: 'm' },
    { name: 'y', description: 'height above the line', unit: 'm' },
  ],
  parameters: {
    g: { default: 1, description: 'force magnitude per unit mass', unit: 'm/s^2' },
    N: { default: 100, description: 'stiffness below the line (per unit mass)', unit: '1/s^2' },
  },
  kinetic: "(x'^2 + y'^2)/2",
  // (0, −g) for x ≤ 0 and (0, g) for x > 0, as §2 has it: sgn x alone would vanish at x = 0.
  forces: { y: 'g*(sign(x) + abs(sign(x)) - 1)' },
  unilateral: [{ name: 'line', constraint: 'y >= 0', law: { compliant: { stiffness: 'N' } }, description: 'the line y = 0, realized by a spring' }],
  drawing: releaseDrawing({ points: { B: ['x', -0.3] }, springs: [['B', 'P']], hidden: ['B'] }),
  // §2 asks when the point leaves the line: the energy, the phase portrait and the rests say nothing of it.
  leaveOut: ['equilibria'],
  unplotted: { names: ['energy', 'phase'], why: 'the paper asks when the point leaves the line, which the plots of the coordinates against time show' },
  // τ = 1 + O(N^{−1/2}) is a bound: the lag goes with the phase of √N at x = 0, not a power of N; the motion after
  // it, leaving with ẏ(τ) = O(N^{−1/2}), is as far from (2.4).
  limitStudy: {
    parameter: 'N',
    values: [10, 100, 1000, 10000],
    rigid: { line: { plastic: true } },
    limits: { release: 1, duration: 1 },
    bounds: { release: 0.5, duration: 0.5, distance: 0.5 },
  },
  initial: { q: { x: -1, y: 0 }, qd: { x: 1, y: 0 }, t1: 2.5 },
  // Kozlov's Theorem 2 against the motion's limit derived in closed form (the classical motion
  // (2.4), the release tending to t = 1), against the release and its speed for every N in closed
  // form with §2's bounds O(N^{-1/2}) proved for them, and against the rigid-limit study (the
  // measured release tends to t = 1).
  paper: {
    source: 'kozlov1988',
    formulas: [
      {
        eq: '§2',
        name: 'y(t),\\ t \\le 1',
        formula: 'g*(cos(sqrt(N)*t) - 1)/N',
        derived: 'trajectory1.y',
        note: 'pressed into the spring: the oscillation of frequency $\\sqrt{N}$ in the strip $-2g/N \\le y \\le 0$. $N$ is the example’s constant, not that of (2.1): there $V_N = V + Nf^2$ gives the force $-2Ny$, and the example’s $(0, -Ny)$ is its potential $\\tfrac{1}{2}Ny^2$, (2.1) with $N/2$.',
      },
      {
        eq: '§2',
        name: '\\min_{t \\le 1} y',
        on: '\\sqrt{N} \\ge \\pi',
        formula: '-2*g/N',
        derived: 'trajectory1.y.min',
        note: 'the strip’s lower edge, reached first at $t = \\pi/\\sqrt{N}$, within the piece where $\\sqrt{N} \\ge \\pi$.',
      },
      { eq: '§2', name: '\\max_{t \\le 1} y', formula: '0', derived: 'trajectory1.y.max' },
      { eq: '(2.4)', name: 'x(t)', formula: 't - 1', derived: 'trajectory1.x' },
      {
        eq: '(2.4)',
        name: '\\lim_{N \\to \\infty} y(t),\\ t \\le 1',
        formula: '0',
        derived: 'trajectory1.y@N→∞',
        note: 'Theorem 2’s limit of the pressed piece: $g(\\cos\\sqrt{N}t - 1)/N$, its cosine at most 1 in size, tends to 0.',
      },
      {
        eq: '(2.4)',
        name: '\\lim_{N \\to \\infty} \\tau',
        formula: '1',
        derived: 'trajectory2.end@N→∞',
        note: 'the spring lifts the point back to $y = 0$ at a root of $g(1 - 2\\cos\\theta + \\cos(\\sqrt{N} + \\theta))/N$, $\\theta = \\sqrt{N}(t - 1)$, found for every $N$ among the results beyond the paper; its oscillation outweighs its constant term, $(2 - \\cos\\sqrt{N})^2 + \\sin^2\\sqrt{N} - 1 = 4(1 - \\cos\\sqrt{N}) \\ge 0$, so the root lies within $\\pi/(2\\sqrt{N})$ after $t = 1$ (the note on $\\tau$ below).',
      },
      { eq: '(2.4)', name: '\\lim_{N \\to \\infty} y(t),\\ t > 1', formula: 'g*(t - 1)^2/2', derived: 'trajectory3.y@N→∞' },
      {
        eq: '§2',
        name: '\\tau',
        formula: '1 + 2*N^(-1/2)*atan((sin(sqrt(N)) + 2*sqrt(1 - cos(sqrt(N))))/(3 - cos(sqrt(N))))',
        derived: 'trajectory2.end',
        origin: 'own',
        note: 'the release for every $N$, which the paper bounds as $O(N^{-1/2})$: the swing after $t = 1$ reaches $y = 0$ at $\\sqrt{N}(t - 1) = 2\\arctan u$, $u$ the positive root of $(3 - \\cos\\sqrt{N})u^2 - 2u\\sin\\sqrt{N} + \\cos\\sqrt{N} - 1 = 0$. As $3 - \\cos\\sqrt{N} - 2\\sqrt{1 - \\cos\\sqrt{N}} = (\\sqrt{1 - \\cos\\sqrt{N}} - 1)^2 + 1 \\ge \\sin\\sqrt{N}$, $0 \\le u \\le 1$: $0 \\le \\sqrt{N}(\\tau - 1) \\le \\pi/2$, attained where $\\sqrt{N} = \\pi/2 + 2k\\pi$. Kozlov’s $y(\\tau) = O(N^{-1})$ is trivial: $y(\\tau) = 0$.',
      },
      {
        eq: '§2',
        name: '\\dot{y}(\\tau)',
        formula: '2*g*N^(-1/2)*sqrt(1 - cos(sqrt(N)))',
        derived: "trajectory3.y'@t=trajectory3.start",
        origin: 'own',
        note: 'the speed at the release, which the paper bounds only as $\\dot{y}(\\tau) = O(N^{-1/2})$; typed from the energy $\\tfrac{1}{2}\\dot{y}^2 + \\tfrac{1}{2}Ny^2 - gy$ of the swing after $t = 1$, constant until $y = 0$. $\\sqrt{N}\\dot{y}(\\tau)/g = 2\\sqrt{1 - \\cos\\sqrt{N}} = 2\\sqrt{2}|\\sin(\\sqrt{N}/2)|$ is at most $2\\sqrt{2}$, attained where $\\sqrt{N} = (2k + 1)\\pi$; the claim below proves the weaker bound $3$, as interval arithmetic cannot reach one that is attained.',
      },
    ],
    // §2's bounds on the release: the paper's orders, with the constants of the closed forms above.
    claims: [
      {
        eq: '§2',
        name: '\\tau = 1 + O(N^{-1/2})',
        claim: 'sqrt(N)*(T - 1) < pi',
        where: { T: 'trajectory2.end' },
        note: 'with the next, $-\\pi/2 < \\sqrt{N}(\\tau - 1) < \\pi$, weaker than the sharp $0 \\le \\sqrt{N}(\\tau - 1) \\le \\pi/2$ shown by hand in the note on $\\tau$: interval arithmetic bounds $u$ by $(1 + 2\\sqrt{2})/2$, not 1, and cannot reach a bound that is attained.',
      },
      { eq: '§2', name: '\\tau = 1 + O(N^{-1/2})', claim: 'sqrt(N)*(T - 1) > -pi/2', where: { T: 'trajectory2.end' } },
      {
        eq: '§2',
        name: '\\dot{y}(\\tau) = O(N^{-1/2})',
        claim: 'sqrt(N)*V < 3*g',
        where: { V: '2*g*N^(-1/2)*sqrt(1 - cos(sqrt(N)))' },
        note: '$V$ the closed form of $\\dot{y}(\\tau)$ above, which the derived speed at the release equals symbolically (the derived one, unsimplified, is too wide for the prover).',
      },
    ],
    notDerived: [
      {
        eq: 'Th. 2',
        name: 'V_N^{*} = V + \\exp(-Nf)',
        reason:
          'the remark that Theorem 2 holds with $V_N^{*}$ for $V_N$ fails as printed from this start on the line (2.3). $\\exp(-Nf)$ is 1 at $y = 0$ for every $N$ and pushes with $N > g$ there, so the point is thrown off the line at once, with $\\tfrac{1}{2}\\dot{y}^2 + gy + \\exp(-Ny) = 1$: it rises to $y \\approx 1/g$ instead of staying on the line until $t = 1$ (2.4). From above the line, where $\\exp(-Nf) \\to 0$, Theorem 3 at $k = 0$ holds for it (kozlov-impact).',
      },
    ],
    // Fig. 1: the elastic realization (the paper's solid line) beside the added mass Nẏ²/2 of (2.5)
    // (its dashed line), the viscous friction of (2.7) ("qualitatively like the dashed one") and
    // the rigid line of (2.4), at N = 100 until the added mass has left at 2 + √2; the band
    // f ≤ 0.03 holds the elastic strip −2g/N ≤ y ≤ 0 and the sinking of the other two.
    studyFigures: [
      {
        kind: 'realizations',
        contact: 'line',
        label: 'elastic',
        laws: { 'added mass': { compliant: { addedMass: 'N' } }, viscous: { compliant: { damping: 'N', adhesion: true } } },
        params: { N: 100 },
        t1: 4,
        cut: 0.03,
      },
    ],
  },
});
