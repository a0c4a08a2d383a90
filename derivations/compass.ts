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

// Standing on foot B (at rest on the line) and rocking forward: the report's run and the paper's Fig. 1.
const standing = standingOnB(0.05, -1);

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
    alpha: { default: 0.3, description: 'half-angle between the legs', unit: 'rad', range: [0, 'pi/2'], open: true },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
  },
  kinetic: "m*(xc'^2 + yc'^2) + m*l^2*(sin(alpha)^2 + 1/3)/4*psi'^2",
  potential: '2*m*g*yc',
  unilateral: [
    // Numbered as in Rubanovich–Formalsky §1: R₁ acts at D, R₂ at B ((1.5), fig. 2).
    {
      name: 'footD',
      description: 'foot of leg OD on the line',
      constraint: `${O_y} - l*cos(psi + alpha) >= 0`,
      law: { stick: `${O_x} + l*sin(psi + alpha)` },
    },
    {
      name: 'footB',
      description: 'foot of leg OB on the line',
      constraint: `${O_y} - l*cos(psi - alpha) >= 0`,
      law: { stick: `${O_x} + l*sin(psi - alpha)` },
    },
  ],
  impactScenarios: [
    {
      name: 'D strikes while B stands',
      arriving: 'footD',
      closed: ['footB'],
      at: { psi: '0', yc: 'l/2*cos(alpha)' },
      independent: ['psi'],
      approach: { psi: 'negative' },
      critical: 'alpha',
    },
  ],
  drawing: {
    points: {
      O: [O_x, O_y],
      C: ['xc', 'yc'],
      B: [`${O_x} + l*sin(psi - alpha)`, `${O_y} - l*cos(psi - alpha)`],
      D: [`${O_x} + l*sin(psi + alpha)`, `${O_y} - l*cos(psi + alpha)`],
    },
    segments: [
      ['O', 'B'],
      ['O', 'D'],
    ],
    ground: 'y = 0',
    // Along the run one foot always stands, pinned: the centre turns with ψ about it.
    unplotted: {
      coordinates: ['xc', 'yc'],
      reason: 'one foot always stands on the line, sticking, and the centre $C$ turns with $\\psi$ about it, so that their plots would repeat those of $\\psi$',
    },
  },
  initial: standing,
  // Rubanovich–Formalsky §1 against the derived impact map: w = ψ̇(−0), wp = ψ̇(+0)
  // of the mode named, the impulses E_R1 at D (footD) and E_R2 at B (footB);
  // (1.7)–(1.10) in the paper's general form, once for each mode.
  paper: {
    source: 'rubanovich1981',
    formulas: [
      {
        eq: '(1.7)',
        name: '[\\dot{x}_c]\\ \\text{(B leaves)}',
        formula: '-(1/2)*(wp - w)*l*cos(alpha)',
        derived: "impact1.leaves.[xc']",
        where: { w: "impact1.psi'-", wp: "impact1.leaves.psi'+" },
      },
      {
        eq: '(1.7)',
        name: '[\\dot{y}_c]\\ \\text{(B leaves)}',
        formula: '-(w + wp)*l*sin(alpha)',
        derived: "impact1.leaves.[yc']",
        where: { w: "impact1.psi'-", wp: "impact1.leaves.psi'+" },
      },
      {
        eq: '(1.8)',
        name: 'E_{R_{1x}} + E_{R_{2x}}\\ \\text{(B leaves)}',
        formula: '-m*l*(wp - w)*cos(alpha)',
        derived: 'impact1.leaves.footD.t',
        where: { w: "impact1.psi'-", wp: "impact1.leaves.psi'+" },
      },
      {
        eq: '(1.9)',
        name: 'E_{R_{1y}} + E_{R_{2y}}\\ \\text{(B leaves)}',
        formula: '-2*m*l*(w + wp)*sin(alpha)',
        derived: 'impact1.leaves.footD.n',
        where: { w: "impact1.psi'-", wp: "impact1.leaves.psi'+" },
      },
      {
        eq: '(1.10)',
        name: '[\\dot{\\psi}]\\ \\text{(B leaves)}',
        formula: '((E_R1x_leaves + E_R2x_leaves)*cos(alpha) + 2*(E_R1y_leaves - E_R2y_leaves)*sin(alpha))/(m*l*(sin(alpha)^2 + 1/3))',
        derived: "impact1.leaves.[psi']",
        where: { E_R1x_leaves: 'impact1.leaves.footD.t', E_R1y_leaves: 'impact1.leaves.footD.n', E_R2x_leaves: '0', E_R2y_leaves: '0' },
        note: 'B leaves, so $E_{R_2} = 0$ (1.14).',
      },
      {
        eq: '(1.7)',
        name: '[\\dot{x}_c]\\ \\text{(B stays)}',
        formula: '-(1/2)*(wp - w)*l*cos(alpha)',
        derived: "impact1.stays.[xc']",
        where: { w: "impact1.psi'-", wp: "impact1.stays.psi'+" },
      },
      {
        eq: '(1.7)',
        name: '[\\dot{y}_c]\\ \\text{(B stays)}',
        formula: '-(w + wp)*l*sin(alpha)',
        derived: "impact1.stays.[yc']",
        where: { w: "impact1.psi'-", wp: "impact1.stays.psi'+" },
      },
      {
        eq: '(1.8)',
        name: 'E_{R_{1x}} + E_{R_{2x}}\\ \\text{(B stays)}',
        formula: '-m*l*(wp - w)*cos(alpha)',
        derived: 'impact1.stays.footD.t + impact1.stays.footB.t',
        where: { w: "impact1.psi'-", wp: "impact1.stays.psi'+" },
      },
      {
        eq: '(1.9)',
        name: 'E_{R_{1y}} + E_{R_{2y}}\\ \\text{(B stays)}',
        formula: '-2*m*l*(w + wp)*sin(alpha)',
        derived: 'impact1.stays.footD.n + impact1.stays.footB.n',
        where: { w: "impact1.psi'-", wp: "impact1.stays.psi'+" },
      },
      {
        eq: '(1.10)',
        name: '[\\dot{\\psi}]\\ \\text{(B stays)}',
        formula: '((E_R1x_stays + E_R2x_stays)*cos(alpha) + 2*(E_R1y_stays - E_R2y_stays)*sin(alpha))/(m*l*(sin(alpha)^2 + 1/3))',
        derived: "impact1.stays.[psi']",
        where: {
          E_R1x_stays: 'impact1.stays.footD.t',
          E_R1y_stays: 'impact1.stays.footD.n',
          E_R2x_stays: 'impact1.stays.footB.t',
          E_R2y_stays: 'impact1.stays.footB.n',
        },
        note: 'B stays: only the sum $E_{R_{1x}} + E_{R_{2x}}$ is determined, and only the sum enters.',
      },
      {
        eq: '(1.12)',
        name: 'E_{R_{1y}}',
        formula: '-m*l*w/(3*sin(alpha))*(1 + 3*sin(alpha)^2)',
        derived: 'impact1.stays.footD.n',
        where: { w: "impact1.psi'-" },
      },
      {
        eq: '(1.13)',
        name: 'E_{R_{2y}}',
        formula: 'm*l*w/(3*sin(alpha))*(1 - 3*sin(alpha)^2)',
        derived: 'impact1.stays.footB.n',
        where: { w: "impact1.psi'-" },
      },
      {
        eq: '(1.15)',
        name: 'E_{R_{1y}}',
        formula: '-m*l*w*4*sin(alpha)/(1 + 3*sin(alpha)^2)',
        derived: 'impact1.leaves.footD.n',
        where: { w: "impact1.psi'-" },
      },
      {
        eq: '(1.16)',
        name: '\\dot{\\psi}(+0)',
        formula: 'w*(1 - 3*sin(alpha)^2)/(1 + 3*sin(alpha)^2)',
        derived: "impact1.leaves.psi'+",
        where: { w: "impact1.psi'-" },
      },
      { eq: '(1.18)', name: '\\alpha_0', formula: 'asin(1/sqrt(3))', derived: 'impact1.critical' },
      { eq: '(1.19)', name: 'E_{R_{2y}}|_{\\alpha = \\alpha_0}', formula: '0', derived: 'impact1.stays.footB.n@critical' },
      { eq: '(1.19)', name: '\\dot{\\psi}(+0)|_{\\alpha = \\alpha_0}', formula: '0', derived: "impact1.leaves.psi'+@critical" },
      {
        eq: '(1.20)',
        name: 'T(-0) - T(+0)\\ \\text{(B leaves)}',
        formula: 'T*(1 - ((1 - 3*sin(alpha)^2)/(1 + 3*sin(alpha)^2))^2)',
        derived: 'impact1.leaves.ΔT',
        where: { T: 'impact1.T-' },
        note: 'the paper infers the loss from $|\\dot{\\psi}(+0)| < |\\dot{\\psi}(-0)|$ (1.20); the legs are alike, so $T(\\pm 0) = \\tfrac{1}{2} I_B \\dot{\\psi}(\\pm 0)^2$ with the same $I_B$ about either foot.',
      },
      {
        eq: '§1',
        name: 't_{\\infty}',
        derived: 'impact1.leaves.rest',
        note: 'the paper says in words that the rocking dies out in finite time; the time itself is this report’s.',
      },
    ],
    // Which mode occurs, (1.17)–(1.20) as the paper argues it: signs of the derived impulses and
    // velocities for ψ̇(−0) < 0 (1.6), on either side of α₀ = arcsin(1/√3).
    claims: [
      { eq: '(1.17)', name: 'E_{R_{1y}} > 0\\ \\text{(1.12)}', claim: 'E > 0', where: { E: 'impact1.stays.footD.n' } },
      { eq: '(1.17)', name: 'E_{R_{1y}} > 0\\ \\text{(1.15)}', claim: 'E > 0', where: { E: 'impact1.leaves.footD.n' } },
      { eq: '(1.18)', name: '\\dot{\\psi}(+0) < 0', claim: 'wp < 0', where: { wp: "impact1.leaves.psi'+" }, on: { alpha: '(0, asin(1/sqrt(3)))' } },
      { eq: '(1.18)', name: 'E_{R_{2y}} < 0\\ \\text{(1.13)}', claim: 'E < 0', where: { E: 'impact1.stays.footB.n' }, on: { alpha: '(0, asin(1/sqrt(3)))' } },
      { eq: '(1.19)', name: '\\dot{\\psi}(+0) > 0', claim: 'wp > 0', where: { wp: "impact1.leaves.psi'+" }, on: { alpha: '(asin(1/sqrt(3)), pi/2)' } },
      {
        eq: '(1.19)',
        name: 'E_{R_{2y}} > 0\\ \\text{(1.13)}',
        claim: 'E > 0',
        where: { E: 'impact1.stays.footB.n' },
        on: { alpha: '(asin(1/sqrt(3)), pi/2)' },
      },
      {
        eq: '(1.20)',
        name: '|\\dot{\\psi}(+0)| < |\\dot{\\psi}(-0)|',
        claim: 'wp^2 < w^2',
        where: { w: "impact1.psi'-", wp: "impact1.leaves.psi'+" },
        note: 'so $T(+0) < T(-0)$: the legs are alike, $T = \\tfrac{1}{2} I_B \\dot{\\psi}^2$ about either foot.',
      },
    ],
    notDerived: [
      {
        eq: '§1',
        name: '\\text{the mode on a line } AX \\text{ not horizontal}',
        reason:
          'the paper says its conclusions do not depend on gravity and hold when the line is not horizontal. This report’s line is horizontal. The argument is one line: the impact maps derived above contain no $g$, and tilting the line only rotates the frame it is written in, so $\\alpha_0$ and the modes are the same on a slope.',
      },
    ],
    // Fig. 1: standing on B, the run's initial configuration (the report draws it once); Fig. 2: the instant D touches
    // the line (the impact scenario's ψ = 0).
    sketches: [
      {
        eq: 'Fig. 1',
        at: standing.q,
        caption:
          'The compass $BOD$ standing on the leg $OB$ before $D$ strikes, its centre of mass $C$ on the bisector at the distance $(l/2)\\cos\\alpha$ from $O$',
      },
      {
        eq: 'Fig. 2',
        at: { psi: '0', yc: 'l/2*cos(alpha)' },
        caption: 'The instant the foot $D$ touches the line, $B$ standing: the impulsive reactions $R_1$ at $D$ and $R_2$ at $B$',
        reactions: { D: 'R_1', B: 'R_2' },
      },
    ],
  },
});
