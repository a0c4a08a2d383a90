import { defineModel } from '../src/model/index.js';

// kozlov1988 §4, (4.9): a heavy point bouncing vertically between two concave
// walls, circles of radii R₁ (below, touching y = 0) and R₂ (above, touching
// y = l), striking the lower one at the speed v₁ and the upper one at
// v₂ = √(v₁² − 2gl). The vertical 2-periodic orbit is linearly stable iff
// |1 − 2(v₁ − v₂)g⁻¹(v₁/R₁ + v₂/R₂) + 2(v₁ − v₂)²g⁻²v₁v₂/(R₁R₂)| < 1,
// the expression being cos θ of the multipliers exp(±iθ), derived in closed
// form (bouncing.y.halfTrace) and taken to the paper's two limits.
export default defineModel({
  name: 'kozlov-concave-walls',
  title: 'A heavy point bouncing between two concave walls (Kozlov §4)',
  sources: ['kozlov1988'],
  description: 'A heavy point bouncing vertically between two concave circular walls: the stability of the 2-periodic orbit, Kozlov (4.9).',
  coordinates: [
    { name: 'x', description: 'horizontal position', unit: 'm' },
    { name: 'y', description: 'height above the lower wall', unit: 'm' },
  ],
  parameters: {
    g: { default: 1, description: 'gravitational acceleration', unit: 'm/s^2' },
    l: { default: 1, description: 'distance between the walls along the orbit', unit: 'm' },
    R1: { default: 2, description: 'radius of curvature of the lower wall', unit: 'm' },
    R2: { default: 2, description: 'radius of curvature of the upper wall', unit: 'm' },
    e: { default: 1, description: 'coefficient of restitution (elastic)' },
  },
  kinetic: "(x'^2 + y'^2)/2",
  potential: 'g*y',
  unilateral: [
    { name: 'lower', constraint: 'R1^2 - x^2 - (y - R1)^2 >= 0', law: { newton: 'e' }, description: 'the circle of radius R₁ through the origin' },
    { name: 'upper', constraint: 'R2^2 - x^2 - (y - l + R2)^2 >= 0', law: { newton: 'e' }, description: 'the circle of radius R₂ through (0, l)' },
  ],
  drawing: { points: { P: ['x', 'y'] } },
  initial: { q: { x: 0.01, y: 0.00003 }, qd: { x: 0, y: 2 }, t1: 6 },
  // The vertical orbit leaving the lower wall at v₁ = 2, found from a start 1 cm off the axis, its
  // energy held, and followed as the lower wall flattens less, R₁ from 2 down to 1.
  orbit: {
    q0: { x: 0.01, y: 0.00003 },
    qd0: { x: 0, y: 2 },
    section: { contact: 'lower' },
    fix: ["y'"],
    continuation: { parameter: 'R1', from: 2, to: 1 },
  },
  paper: {
    source: 'kozlov1988',
    formulas: [
      {
        eq: '(4.9)',
        name: '\\cos\\theta',
        formula: '1 - 2*(v1 - sqrt(v1^2 - 2*g*l))/g*(v1/R1 + sqrt(v1^2 - 2*g*l)/R2) + 2*(v1 - sqrt(v1^2 - 2*g*l))^2/g^2*v1*sqrt(v1^2 - 2*g*l)/(R1*R2)',
        derived: 'orbit.multiplier2.re',
        where: { v1: "orbit.y'" },
        tolerance: 1e-6,
        note: 'the real part of the multipliers $\\exp(\\pm i\\theta)$ of the orbit measured at $v_1 = 2$, $g = l = 1$, $R_1 = R_2 = 2$ ($v_2 = \\sqrt{2}$): the expression inside (4.9)’s $|\\cdot| < 1$.',
      },
      {
        eq: 'from (4.9)',
        name: 'R_{1*}',
        formula: 'v1*(v1 - sqrt(v1^2 - 2*g*l))/g',
        derived: 'orbit.bifurcation1',
        where: { v1: "orbit.y'" },
        tolerance: 1e-5,
        note: 'where (4.9) fails as $R_1$ shrinks, a corollary the paper does not print: its expression is $-1$ where $(2(v_1 - v_2)v_1/(gR_1) - 2)(2(v_1 - v_2)v_2/(gR_2) - 2) = 0$, at $R_1 = v_1(v_1 - v_2)/g$, and the orbit doubles its period there.',
      },
      {
        eq: '(4.9)',
        name: '\\cos\\theta(v_1)',
        formula: '1 - 2*(v1 - sqrt(v1^2 - 2*g*l))/g*(v1/R1 + sqrt(v1^2 - 2*g*l)/R2) + 2*(v1 - sqrt(v1^2 - 2*g*l))^2/g^2*v1*sqrt(v1^2 - 2*g*l)/(R1*R2)',
        derived: 'bouncing.y.halfTrace',
        where: { v1: 'bouncing.y.speed' },
        note: 'the same in closed form, at every $v_1$ and every wall: half the trace of the derived period map of a transverse offset, the flights $2l/(v_1 + v_2)$ and the strikes’ kicks $-2v_i\\delta x/R_i$ at the walls of radii $R_1$, $R_2$ read off their equations ($v_2^2 = v_1^2 - 2gl$).',
      },
      {
        eq: '(4.9)',
        name: 'v_2 = 0 \\Rightarrow (4.1)',
        formula: '1 - 2*V^2/(g*R1)',
        derived: 'bouncing.y.halfTrace@v=(sqrt(2*g*l))',
        where: { V: 'sqrt(2*g*l)' },
        note: 'the derived expression where the point just reaches the upper wall, $v_1^2 = 2gl$: the upper wall’s terms vanish and $|1 - 2v_1^2/(gR_1)| < 1$ is $1/R_1 < g/v_1^2$, (4.1) with $f^{\\prime\\prime}(0) = 1/R_1$.',
      },
      {
        eq: '(4.9)',
        name: 'g \\to 0 \\Rightarrow (4.8)',
        formula: '1 - 2*l*(1/R1 + 1/R2) + 2*l^2/(R1*R2)',
        derived: 'bouncing.y.halfTrace@g=0',
        note: 'the derived expression at $g = 0$, continuous there (the flight $2l/(v_1 + v_2)$ tends to $l/v$): the speed drops out, and $|\\cdot| < 1$ is the Birkhoff criterion (4.8), as the paper prints it before (4.9).',
      },
    ],
  },
});
