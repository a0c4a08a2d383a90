import { defineModel } from '../src/model/index.js';

// A particle sliding on a floor into a wall that leans over it: an impact
// into a "corner", both constraints active at once (kugushev2002 §9).
// Both are written in the paper's convention g ≤ 0: the floor g₂ = −y, the
// wall g₁ = x + k y − d, so G = ∂g/∂x has the rows (1, k) and (0, −1).

/** The impulses of the corner impact: Δμ₁ of the wall, Δμ₂ of the floor (f = −g ≥ 0, so the same sign as the paper's). */
const IMPULSES = { mu1: 'impact1.stays.wall.n', mu2: 'impact1.stays.floor.n' };

export default defineModel({
  name: 'particle-in-corner',
  title: 'Particle sliding into a leaning wall',
  sources: ['kugushev2002'],
  description: 'A point mass slides along a smooth floor into a wall that leans over it: an impact into a corner, where the floor keeps its contact or leaves.',
  coordinates: [
    { name: 'x', description: 'horizontal position', unit: 'm' },
    { name: 'y', description: 'height above the floor', unit: 'm' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    d: { default: 1, description: 'distance of the wall’s foot from the origin', unit: 'm' },
    k: { default: 0.5, description: 'lean of the wall, x + k y = d', range: [0, 2] },
    e: { default: 0.5, description: 'coefficient of restitution', range: [0, 1] },
  },
  kinetic: "m*(x'^2 + y'^2)/2",
  potential: 'm*g*y',
  unilateral: [
    { name: 'wall', constraint: 'x + k*y - d <= 0', law: { newton: 'e' }, description: 'the leaning wall x + k y = d' },
    { name: 'floor', constraint: '-y <= 0', law: { newton: 'e' }, description: 'the floor y = 0' },
  ],
  // The corner impact of §9: the wall arrives while the floor is closed (ẏ⁻ = 0).
  impactScenarios: [
    { name: 'the particle slides into the corner', arriving: 'wall', closed: ['floor'], at: { y: '0' }, independent: ['x'], approach: { x: 'positive' } },
  ],
  multipleImpacts: 'lcp',
  drawing: { points: { P: ['x', 'y + 0.05'] }, discs: [{ center: 'P', radius: 0.05 }], ground: ['y = 0', 'x + k*y = d'] },
  initial: { q: { x: 0, y: 0 }, qd: { x: 1 }, t1: 3 },
  // kugushev2002 against the derived corner impact, in its mode 'stays' (the floor keeps its contact).
  paper: {
    source: 'kugushev2002',
    formulas: [
      {
        eq: '(8.11)',
        name: '\\ddot{y},\\ f_2 = 0',
        formula: '(-m*g - (-1)*sigma)/m',
        derived: "phase.floor.y''",
        where: { sigma: 'phase.floor.floor.n' },
        note: 'sliding on the floor (regime 2 of §9), $M\\ddot{x} = F - G_2^{\\prime}\\dot{\\sigma}_2$ with $d\\mu_2 = \\dot{\\sigma}_2\\,dt$.',
      },
      {
        eq: '(9.5)',
        name: '\\partial g_2/\\partial x\\ \\ddot{x}',
        formula: '0',
        derived: "phase.floor.y''",
        note: '(9.5) differentiated once more along the floor, the equation that with (8.11) gives $\\dot{\\sigma}_2$.',
      },
      {
        eq: '(8.11)',
        name: '\\ddot{x},\\ f_1 = 0',
        formula: '(0 - 1*sigma)/m',
        derived: "phase.wall.x''",
        where: { sigma: 'phase.wall.wall.n' },
        note: 'held against the wall alone, $M\\ddot{x} = F - G_1^{\\prime}\\dot{\\sigma}_1$.',
      },
      { eq: '(8.11)', name: '\\ddot{y},\\ f_1 = 0', formula: '(-m*g - k*sigma)/m', derived: "phase.wall.y''", where: { sigma: 'phase.wall.wall.n' } },
      {
        eq: '(9.5)',
        name: '\\partial g_1/\\partial x\\ \\ddot{x}',
        formula: 'X + k*Y = 0',
        where: { X: "phase.wall.x''", Y: "phase.wall.y''" },
        note: '(9.5) differentiated once more along the wall.',
      },
      {
        eq: '(8.13)',
        name: '\\Delta\\dot{x}',
        formula: '-mu1*1/m - mu2*0/m',
        derived: "impact1.stays.[x']",
        where: IMPULSES,
        note: 'the jump of (8.11) at the impact, $M\\Delta\\dot{x} = -G^{\\prime}\\Delta\\mu$ with $M = m E$ and the rows $(1, k)$, $(0, -1)$ of $G$.',
      },
      { eq: '(8.13)', name: '\\Delta\\dot{y}', formula: '-mu1*k/m - mu2*(-1)/m', derived: "impact1.stays.[y']", where: IMPULSES },
      {
        eq: '(8.14)',
        name: '\\Delta\\eta',
        formula: 'eta = k*mu1',
        where: { eta: 'impact1.stays.floor.n', mu1: 'impact1.stays.wall.n' },
        note: 'the floor holding through the impact is a retaining constraint $A\\dot{x} = 0$, $A = (0, 1)$, with the impulse $\\Delta\\eta$: $AM^{-1}(A^{\\prime}\\Delta\\eta - G_1^{\\prime}\\Delta\\mu_1) = (\\Delta\\eta - k\\Delta\\mu_1)/m = 0$.',
      },
      {
        eq: '(10.15)',
        name: 'p_{x}^{+}',
        formula: 'P - mu1*1 - mu2*0',
        derived: 'impact1.stays.px+',
        where: { ...IMPULSES, P: 'impact1.px-' },
        note: 'the jump of (10.15) at the impact, (10.14) with $p = \\partial L/\\partial\\dot{q}$: $p^{+} - p^{-} = -\\sum_j \\Delta\\mu_j\\, \\partial g_j/\\partial q$ over both constraints of the corner.',
      },
      { eq: '(10.15)', name: 'p_{y}^{+}', formula: 'P - mu1*k - mu2*(-1)', derived: 'impact1.stays.py+', where: { ...IMPULSES, P: 'impact1.py-' } },
      {
        eq: '§9',
        name: '\\dot{x}^{+}',
        formula: '-e*v',
        derived: "impact1.stays.x'+",
        where: { v: "impact1.x'-" },
        note: 'the corner (multiple impact), which the paper leaves open, closed by the toolkit’s extra rule: Newton’s law on each contact in complementarity form. The floor stays ($\\Delta\\mu_2 \\ge 0$, $\\dot{y}^{+} = 0$), the wall’s normal velocity reverses with $e$.',
      },
      {
        eq: '(9.5)',
        name: '\\partial g_2/\\partial x\\ \\dot{x}^{+}',
        formula: '0',
        derived: 'impact1.stays.floor.n+',
        note: 'the floor, on which the particle moves before and after the impact, keeps (9.5).',
      },
      {
        eq: '(9.5)',
        name: '\\partial g_1/\\partial x\\ \\dot{x}^{+}',
        formula: '0',
        derived: 'impact1.stays.wall.n+',
        at: { e: 0 },
        note: 'after a plastic impact ($W = 0$) the velocity keeps (9.5) on the wall too: the particle stops in the corner.',
      },
      {
        eq: '§9',
        name: 'T^{-} - T^{+},\\ W = 0',
        formula: 'm*(X^2 + Y^2)/2',
        derived: 'impact1.stays.ΔT',
        where: { X: "impact1.stays.[x']", Y: "impact1.stays.[y']" },
        at: { e: 0 },
        note: 'Carnot’s theorem for the plastic impact ($W = 0$): the energy lost is the kinetic energy of the lost velocities, $\\frac{1}{2}(M\\Delta\\dot{x}, \\Delta\\dot{x})$.',
      },
    ],
    // Which mode the corner rule picks: the floor's impulse is non-negative, and leaving it the particle would sink into it.
    claims: [
      {
        eq: '§9',
        name: '\\dot{\\sigma}_2 \\ge 0',
        claim: 'sigma >= 0',
        where: { sigma: 'phase.floor.floor.n' },
        note: 'the floor holds the particle sliding on it.',
      },
      {
        eq: '§9',
        name: '\\dot{\\sigma}_1 \\le 0',
        claim: 'sigma <= 0',
        where: { sigma: 'phase.wall.wall.n' },
        note: 'the wall leaning over the particle cannot hold it: $\\dot{\\sigma}_1 < 0$ for $k > 0$, so the particle leaves it.',
      },
      { eq: '§9', name: '\\Delta\\mu_1 \\ge 0', claim: 'mu >= 0', where: { mu: 'impact1.stays.wall.n' } },
      {
        eq: '§9',
        name: '\\Delta\\mu_2 \\ge 0',
        claim: 'mu >= 0',
        where: { mu: 'impact1.stays.floor.n' },
        note: 'the floor stays: its impulse $k\\Delta\\mu_1$ is not negative for a wall leaning over it.',
      },
      {
        eq: '§9',
        name: '\\dot{y}^{+} \\le 0',
        claim: 'v <= 0',
        where: { v: 'impact1.leaves.floor.n+' },
        note: 'the other mode, the floor left: the wall alone would drive the particle into the floor, $\\dot{y}^{+} = -k(1 + e)\\dot{x}^{-}/(1 + k^2)$.',
      },
      { eq: '§9', name: 'T^{-} - T^{+} \\ge 0', claim: 'dT >= 0', where: { dT: 'impact1.stays.ΔT' }, note: 'Carnot’s loss for $W \\le 1$.' },
    ],
    notDerived: [
      {
        eq: '§9',
        name: '\\gamma \\equiv 0',
        reason:
          'a theorem on every motion of a $C^2$ system, proved on a solution’s times, not a relation between the model’s expressions: the times inside one regime ($g_j < 0$ or $g_j = 0$) are dense in $[t_0, t_1]$, so the continuous $\\gamma$, 0 there, is 0. What the proof takes from the model is derived above: $T$, $V$, $g_1$, $g_2$ polynomial; each regime’s $\\dot{\\sigma}$ from (8.11), (9.5), smooth in the state; the jumps $\\Delta\\mu$ of (8.13)–(8.14) only at the corner.',
      },
    ],
  },
});
