import { defineModel } from '../src/model/index.js';

// kozlov1988 §1, Theorem 1: a pendulum whose rod f = u = 0 (u the stretch of
// the rod of length l, θ the angle from the downward vertical) is not held
// rigidly but realized: T_N = T + αu̇²/2, V_N = V + βu²/2, F_N = γu̇²/2 with
// α = α₀N, β = β₀N, γ = γ₀N (1.2). Started on the rod with u̇ = 0 (1.4), its
// motion (1.3) tends as N → ∞ to the pendulum (1.1) with the multiplier λ,
// the tension. u and θ are semi-geodesic coordinates: f ≡ u, T = ½u̇² + ½(l + u)²θ̇².
export default defineModel({
  name: 'kozlov-realized-pendulum',
  title: 'A pendulum with its rod realized by forces (Kozlov §1, Theorem 1)',
  sources: ['kozlov1988'],
  description:
    'A pendulum whose rod is realized by an added mass, a stiffness and a viscosity of order N: Lagrange’s equations with the multiplier in the limit.',
  coordinates: [
    { name: 'u', description: 'stretch of the rod: the constraint f = u', unit: 'm' },
    { name: 'theta', description: 'angle from the downward vertical', unit: 'rad' },
  ],
  parameters: {
    l: { default: 1, description: 'length of the rod', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    alpha0: { default: 1, description: 'added mass per N, α = α₀N' },
    beta0: { default: 100, description: 'stiffness per N, β = β₀N', unit: '1/s^2' },
    gamma0: { default: 10, description: 'viscosity per N, γ = γ₀N', unit: '1/s' },
    N: { default: 100, description: 'strength of the realization' },
  },
  kinetic: "(u'^2 + (l + u)^2*theta'^2)/2",
  potential: '-g*(l + u)*cos(theta)',
  holonomic: [{ name: 'rod', expr: 'u', realization: { addedMass: 'alpha0*N', stiffness: 'beta0*N', viscosity: 'gamma0*N' } }],
  drawing: { points: { O: [0, 0], P: ['(l + u)*sin(theta)', '-(l + u)*cos(theta)'] }, segments: [['O', 'P']] },
  // Theorem 1 along runs: the distance to the rigid pendulum (1.1) from the same start, as N grows.
  limitStudy: { parameter: 'N', values: [10, 100, 1000, 10000] },
  initial: { q: { u: 0, theta: 1 }, qd: { u: 0, theta: 0 }, t1: 3 },
  // kozlov1988 §1 against the realized equations derived from T_N, V_N, F_N, their limit as
  // N → ∞ on the constraint, and the limit study.
  paper: {
    source: 'kozlov1988',
    formulas: [
      { eq: '(1.4)', name: 'f(x_0)', formula: '0', derived: 'initial.u' },
      {
        eq: '(1.4)',
        name: 'f_x^{\\prime}(x_0)\\dot{x}_0',
        formula: '0',
        derived: "initial.u'",
        note: 'the start on the rod, at rest along it: $f = u$, $f_x\\dot{x} = \\dot{u}$.',
      },
      {
        eq: '(1.3)',
        name: '\\ddot{u}',
        formula: '((l + U)*W^2 + g*cos(TH) - beta0*N*U - gamma0*N*UD)/(1 + alpha0*N)',
        derived: "compliant.rod.u''",
        where: { U: 'u', UD: "u'", TH: 'theta', W: "theta'" },
        note: 'Lagrange’s equation of $L_N = T_N - V_N$ with the Rayleigh function $F_N$, $(1 + \\alpha)\\ddot{u} = (l + u)\\dot{\\theta}^2 + g\\cos\\theta - \\beta u - \\gamma\\dot{u}$, with (1.2)’s $\\alpha = \\alpha_0 N$, $\\beta = \\beta_0 N$, $\\gamma = \\gamma_0 N$.',
      },
      {
        eq: '(1.3)',
        name: '\\ddot{\\theta}',
        formula: '-(g*sin(TH) + 2*UD*W)/(l + U)',
        derived: "compliant.rod.theta''",
        where: { U: 'u', UD: "u'", TH: 'theta', W: "theta'" },
      },
      {
        eq: '(1.1)',
        name: '\\lim_{N \\to \\infty} \\ddot{f}',
        formula: '0',
        derived: "compliant.rod.u''@u=0@u'=0@N→∞",
        note: 'the realized acceleration along $\\partial f$ on the constraint ($f = \\dot{f} = 0$), as $N \\to \\infty$: the motion stays on $f = 0$. Taken pointwise, which needs the added mass $\\alpha_0 > 0$; for $\\alpha_0 = 0$ the limit is singular (Tikhonov) and is the study’s below.',
      },
      {
        eq: '(1.1)',
        name: '\\lim_{N \\to \\infty} \\ddot{\\theta}',
        formula: '-g*sin(TH)/l',
        derived: "compliant.rod.theta''@u=0@u'=0@N→∞",
        where: { TH: 'theta' },
        note: 'Lagrange’s equation of the pendulum with the rod held, along the constraint.',
      },
      {
        eq: '(1.1)',
        name: '\\lambda',
        formula: '-(l*W^2 + g*cos(TH))',
        derived: "compliant.rod.reaction@u=0@u'=0@N→∞",
        where: { TH: 'theta', W: "theta'" },
        note: 'the multiplier of $(L_{\\dot{x}})^{\\cdot} - L_x = \\lambda f_x$ (the scan garbles the order), $\\lambda = \\ddot{u} - (l + u)\\dot{\\theta}^2 - g\\cos\\theta$ at $\\ddot{u} = u = 0$: minus the tension. Derived as the limit of all the realization exerts along $\\partial f$, $-\\beta f - \\gamma\\dot{f} - \\alpha\\ddot{f}$.',
      },
      {
        eq: 'Th. 1',
        name: '\\lim_{N \\to \\infty} \\max_t |x_N(t) - x(t)|',
        formula: '0',
        derived: 'limit.distance',
        tolerance: 1e-3,
        note: 'the theorem itself, measured: the distance of the realized motion from (1.4) to the motion of (1.1) from the same start, over $0 \\le t \\le 3$, in the limit of the study: a largest distance that vanishes has its limit between 0 and its last value (Section on the rigid limit), where Aitken’s extrapolation on its last three values of $N$ is taken.',
      },
    ],
  },
});
