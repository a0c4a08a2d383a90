import { defineModel } from '../src/model/index.js';

// kozlov1988 §4, (4.6)–(4.8): Birkhoff's billiard, a point moving by inertia
// between two concave walls of radii of curvature R₁ ≤ R₂ at y = 0 and
// y = l, along the 2-periodic orbit x = 0 of length l. Its multipliers are
// exp(±iθ) with cos θ = 1 − 2l(R₁⁻¹ + R₂⁻¹) + 2R₁⁻¹R₂⁻¹l², Lyapunov's
// constant a = 2cos θ in the limit N → ∞: linearly stable iff l < R₁ or
// R₂ < l < R₁ + R₂ (4.8). Here l < R₁, and l grows past R₁ and R₂, where
// cos θ = −1, (l − R₁)(l − R₂) = 0: the orbit doubles its period; and past
// R₁ + R₂, where cos θ = +1: a pitchfork of the symmetric orbit. The walls
// are the parabolas osculating those circles at the orbit's ends: the
// linearization sees only the curvatures, and whole circles would meet the
// orbit again at y = 2R₁ < R₁ + R₂. The walls realized by stiff springs,
// the variational equation (4.6) and Lyapunov's condition (4.7):
// kozlov-birkhoff-stiff.
export default defineModel({
  name: 'kozlov-birkhoff-orbit',
  title: 'The 2-periodic orbit of Birkhoff’s billiard (Kozlov §4)',
  sources: ['kozlov1988'],
  description: 'A point bouncing by inertia between two concave circular walls: the stability of the 2-periodic orbit, Kozlov (4.8).',
  coordinates: [
    { name: 'x', description: 'position across the orbit', unit: 'm' },
    { name: 'y', description: 'position along the orbit from the lower wall', unit: 'm' },
  ],
  parameters: {
    l: { default: 0.5, description: 'length of the orbit', unit: 'm' },
    R1: { default: 0.7, description: 'radius of curvature of the lower wall', unit: 'm' },
    R2: { default: 0.9, description: 'radius of curvature of the upper wall', unit: 'm' },
    e: { default: 1, description: 'coefficient of restitution (elastic)' },
  },
  kinetic: "(x'^2 + y'^2)/2",
  unilateral: [
    { name: 'lower', constraint: 'y - x^2/(2*R1) >= 0', law: { newton: 'e' }, description: 'the parabola of radius of curvature R₁ at the origin' },
    { name: 'upper', constraint: 'l - x^2/(2*R2) - y >= 0', law: { newton: 'e' }, description: 'the parabola of radius of curvature R₂ at (0, l)' },
  ],
  drawing: { points: { P: ['x', 'y'] } },
  initial: { q: { x: 0.01, y: 0.0001 }, qd: { x: 0, y: 1 }, t1: 10 },
  // The orbit at the speed 1, found from a start 1 cm off the axis, its speed held, and followed
  // as l grows to 1.8: it loses stability at l = R₁ = 0.7, regains it at l = R₂ = 0.9 and loses
  // it again at l = R₁ + R₂ = 1.6.
  orbit: {
    q0: { x: 0.01, y: 0.0001 },
    qd0: { x: 0, y: 1 },
    section: { contact: 'lower' },
    fix: ["y'"],
    continuation: { parameter: 'l', from: 0.5, to: 1.8 },
  },
  paper: {
    source: 'kozlov1988',
    formulas: [
      {
        eq: '(4.8)',
        name: '1 + \\rho_1 + \\rho_2',
        formula: '1 + 2*(1 - 2*l*(R1^(-1) + R2^(-1)) + 2*R1^(-1)*R2^(-1)*l^2)',
        derived: 'orbit.multiplier1.re + orbit.multiplier2.re + orbit.multiplier3.re',
        tolerance: 1e-6,
        note: 'the trace of the orbit’s linearized return map in $(x, \\dot{x})$ beside the energy’s multiplier 1 (the sum of the three), Lyapunov’s constant $a = 2 - I_1 + I_2$ with $I_1 \\to 4l(R_1^{-1} + R_2^{-1})$, $I_2 \\to 4R_1^{-1}R_2^{-1}l^2$; stable while $|a| < 2$, i.e. $|1 - 2l(R_1^{-1} + R_2^{-1}) + 2R_1^{-1}R_2^{-1}l^2| < 1$, which is (4.8).',
      },
      {
        eq: '(4.8)',
        name: 'l_{*,1}',
        formula: 'R1',
        derived: 'orbit.bifurcation1',
        tolerance: 1e-5,
        note: 'followed as $l$ grows from 0.5, the orbit leaves $l < R_1$ by doubling its period ($\\cos\\theta = -1$)…',
      },
      {
        eq: '(4.8)',
        name: 'l_{*,2}',
        formula: 'R2',
        derived: 'orbit.bifurcation2',
        tolerance: 1e-5,
        note: '…and enters $R_2 < l < R_1 + R_2$ the same way…',
      },
      {
        eq: '(4.8)',
        name: 'l_{*,3}',
        formula: 'R1 + R2',
        derived: 'orbit.bifurcation3',
        tolerance: 1e-6,
        note: '…and leaves it at $l = R_1 + R_2$, where $\\cos\\theta = +1$: the multipliers meet at $+1$ and the branch goes on (a pitchfork of the symmetric orbit, $2 - \\operatorname{tr}$ changing sign), unstable beyond.',
      },
      {
        eq: '(4.8)',
        name: 'a/2 = \\cos\\theta',
        formula: '1 - 2*l*(R1^(-1) + R2^(-1)) + 2*R1^(-1)*R2^(-1)*l^2',
        derived: 'bouncing.y.halfTrace',
        note: 'the same in closed form, for every $l$, $R_1$, $R_2$: half the trace of the derived period map of a transverse offset, the flights $l/v$ and the strikes’ kicks $-2v\\,\\delta x/R_i$ at the walls of radii $R_i$ read off their equations; the speed drops out. It is half Lyapunov’s constant $a$, and $|a| < 2$ is (4.8).',
      },
      {
        eq: '(4.8)',
        name: '1 + \\cos\\theta',
        formula: '1 + C = 2*(l - R1)*(l - R2)/(R1*R2)',
        where: { C: 'bouncing.y.halfTrace' },
        origin: 'reduction',
        note: 'the half-trace above plus 1, factored: it vanishes at $l = R_1$ and $l = R_2$, where $\\cos\\theta = -1$.',
      },
      {
        eq: '(4.8)',
        name: '1 - \\cos\\theta',
        formula: '1 - C = 2*l*(R1 + R2 - l)/(R1*R2)',
        where: { C: 'bouncing.y.halfTrace' },
        origin: 'reduction',
        note: 'and minus it, factored: it vanishes at $l = R_1 + R_2$, where $\\cos\\theta = +1$. So $|\\cos\\theta| < 1$, both positive, iff $(l - R_1)(l - R_2) > 0$ and $l < R_1 + R_2$: $l < R_1$ or $R_2 < l < R_1 + R_2$ (4.8), its thresholds $R_1$, $R_2$, $R_1 + R_2$ in closed form.',
      },
    ],
    // Fig. 2: the orbit between the two walls, drawn as arcs of radii R₁, R₂ at the distance l.
    studyFigures: [{ kind: 'periodic-orbit-walls' }],
  },
});
