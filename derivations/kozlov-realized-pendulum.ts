import { defineModel } from '../src/model/index.js';

// kozlov1988 §1, Theorem 1: a pendulum whose rod f = u = 0 (u the stretch of
// the rod of length l, θ the angle from the downward vertical) is not held
// rigidly but realized: T_N = T + αu̇²/2, V_N = V + βu²/2, D_N = γu̇²/2 (his F_N) with
// α = α₀N, β = β₀N, γ = γ₀N (1.2). Started on the rod with u̇ = 0 (1.4), its
// motion (1.3) tends as N → ∞ to the pendulum (1.1) with the multiplier λ,
// the tension. u and θ are semi-geodesic coordinates: f ≡ u, T = ½u̇² + ½(l + u)²θ̇².
export default defineModel({
  name: 'kozlov-realized-pendulum',
  title: 'A pendulum with its rod realized by forces (Kozlov §1, Theorem 1)',
  sources: ['kozlov1988'],
  description:
    'A pendulum whose rod is realized by an added mass, a stiffness and a viscosity of order $N$: Lagrange’s equations with the multiplier in the limit.',
  coordinates: [
    { name: 'u', description: 'stretch of the rod: the constraint φ = u', unit: 'm' },
    { name: 'theta', description: 'angle from the downward vertical', unit: 'rad' },
  ],
  parameters: {
    l: { default: 1, description: 'length of the rod', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    alpha0: { default: 1, description: 'added mass per $N$, $\\alpha = \\alpha_0 N$' },
    beta0: { default: 100, description: 'stiffness per $N$, $\\beta = \\beta_0 N$', unit: '1/s^2' },
    gamma0: { default: 10, description: 'viscosity per $N$, $\\gamma = \\gamma_0 N$', unit: '1/s' },
    N: { default: 100, description: 'strength of the realization' },
    theta0: { default: 1, description: 'initial angle, $\\theta(0)$', unit: 'rad' },
  },
  kinetic: "(u'^2 + (l + u)^2*theta'^2)/2",
  potential: '-g*(l + u)*cos(theta)',
  holonomic: [{ name: 'rod', expr: 'u', realization: { addedMass: 'alpha0*N', stiffness: 'beta0*N', viscosity: 'gamma0*N' } }],
  // The rod from O to M, realized from M to the bob P by a spring (Ms–Ps) beside a damper (Md–Pd), its stretch u
  // marked there; l from O along the rod, drawn beside it.
  drawing: {
    points: {
      O: [0, 0],
      P: ['(l + u)*sin(theta)', '-(l + u)*cos(theta)'],
      M: ['0.5*l*sin(theta)', '-0.5*l*cos(theta)'],
      Ms: ['0.5*l*sin(theta) + 0.07*l*cos(theta)', '-0.5*l*cos(theta) + 0.07*l*sin(theta)'],
      Md: ['0.5*l*sin(theta) - 0.07*l*cos(theta)', '-0.5*l*cos(theta) - 0.07*l*sin(theta)'],
      Ps: ['(l + u)*sin(theta) + 0.07*l*cos(theta)', '-(l + u)*cos(theta) + 0.07*l*sin(theta)'],
      Pd: ['(l + u)*sin(theta) - 0.07*l*cos(theta)', '-(l + u)*cos(theta) - 0.07*l*sin(theta)'],
      U: ['0.75*l*sin(theta) + 0.2*l*cos(theta)', '-0.75*l*cos(theta) + 0.2*l*sin(theta)'],
      D0: ['-0.22*l*cos(theta)', '-0.22*l*sin(theta)'],
      D1: ['l*sin(theta) - 0.22*l*cos(theta)', '-l*cos(theta) - 0.22*l*sin(theta)'],
    },
    segments: [
      ['O', 'M'],
      ['Ms', 'Md'],
      ['Ps', 'Pd'],
    ],
    springs: [['Ms', 'Ps']],
    dampers: [['Md', 'Pd']],
    hidden: ['M', 'Ms', 'Md', 'Ps', 'Pd', 'D0'],
    labels: true,
    annotations: { vectors: [{ from: 'D0', to: 'D1', label: 'l' }], notes: [{ at: 'U', label: 'u' }] },
  },
  // Theorem 1 is about the motion's distance to the pendulum's and the rod's force: the rigid limit's and the rod's figures show them.
  unplotted: {
    names: ['u', 'theta', 'energy', 'phase'],
    why: 'Theorem 1 compares the motion and the rod’s force with the pendulum’s, which the rigid limit’s figure ($N|q_N - q|$) and the rod’s figures ($R_{\\mathrm{rod}}$, $F_{\\mathrm{rod}}$ and $\\lambda$ against time) show; $u$, $\\theta$, their velocities and the energy against time add nothing to them',
  },
  // Theorem 1 along runs: the distance to the rigid pendulum (1.1) from the same start, as N grows.
  limitStudy: { parameter: 'N', values: [10, 100, 1000, 10000] },
  initial: { q: { u: 0, theta: 'theta0' }, qd: { u: 0, theta: 0 }, t1: 3 },
  // kozlov1988 §1 against the realized equations derived from T_N, V_N, D_N, their limit as
  // N → ∞ on the constraint, and the limit study.
  paper: {
    source: 'kozlov1988',
    formulas: [
      {
        eq: '(1.3)',
        name: '\\ddot{u}',
        formula: '(g*cos(TH) - N*(beta0*U + gamma0*UD) + (l + U)*W^2)/(1 + alpha0*N)',
        derived: "compliant.rod.u''",
        where: { U: 'u', UD: "u'", TH: 'theta', W: "theta'" },
        origin: 'reduction',
        note: 'the paper prints only the general (1.3); written out by hand for the pendulum ($\\ddot{u}$ here, $\\ddot{\\theta}$ alike), it is Lagrange’s equation of $L_N = T_N - V_N$ with the Rayleigh function $D_N = \\gamma\\dot{u}^2/2$ (Kozlov’s $F_N$), $(1 + \\alpha)\\ddot{u} = (l + u)\\dot{\\theta}^2 + g\\cos\\theta - \\beta u - \\gamma\\dot{u}$, with (1.2)’s $\\alpha = \\alpha_0 N$, $\\beta = \\beta_0 N$, $\\gamma = \\gamma_0 N$.',
      },
      {
        eq: '(1.3)',
        name: '\\ddot{\\theta}',
        formula: '-(g*sin(TH) + 2*UD*W)/(l + U)',
        derived: "compliant.rod.theta''",
        where: { U: 'u', UD: "u'", TH: 'theta', W: "theta'" },
        origin: 'reduction',
      },
      {
        eq: '(1.1)',
        name: '\\lim_{N \\to \\infty} \\max_t |u|',
        formula: '0',
        derived: 'limit.distance.u',
        tolerance: 1e-5,
        note: 'the constraint of (1.1), $f = \\varphi = u = 0$: the rod’s stretch vanishes as $N$ grows. Shown by the rate the study’s runs approach it at: $N$ times the largest $|u_N|$ of each run over $0 \\le t \\le 3$ (the rigid pendulum’s $u$ being 0).',
      },
      {
        eq: '(1.1)',
        name: '\\lim_{N \\to \\infty} \\ddot{\\varphi}',
        formula: '0',
        derived: "compliant.rod.u''@u=0@u'=0@N→∞",
        origin: 'own',
        note: 'the realized acceleration along $\\partial\\varphi$ on the constraint ($\\varphi = \\dot{\\varphi} = 0$; Kozlov’s $f$), as $N \\to \\infty$: the motion stays on $\\varphi = 0$. Taken pointwise, which needs the added mass $\\alpha_0 > 0$: every run here has $\\alpha_0 = 1$, and its rod mode keeps the frequency $\\sqrt{\\beta_0/\\alpha_0}$ for every $N$, so the motion tends to the pendulum’s in amplitude, $u = O(1/N)$, not in frequency.',
      },
      {
        eq: '(1.1)',
        name: '\\lim_{N \\to \\infty} \\ddot{\\theta}',
        formula: '-g*sin(TH)/l',
        derived: "compliant.rod.theta''@u=0@u'=0@N→∞",
        where: { TH: 'theta' },
        origin: 'reduction',
        note: 'the general (1.1) written out by hand for the pendulum, not a formula of the paper: Lagrange’s equation of the pendulum with the rod held, along the constraint.',
      },
      {
        eq: '(1.1)',
        name: '\\lambda',
        formula: '-(l*W^2 + g*cos(TH))',
        derived: "compliant.rod.reaction@u=0@u'=0@N→∞",
        where: { TH: 'theta', W: "theta'" },
        origin: 'reduction',
        note: '(1.1)’s multiplier written out by hand for the pendulum, for $\\alpha_0 > 0$ (the limit taken pointwise, as for $\\ddot{\\varphi}$ below), the same for every realization: the multiplier of $(L_{\\dot{x}})^{\\cdot} - L_x = \\lambda\\varphi_x$ $\\lambda = \\ddot{u} - (l + u)\\dot{\\theta}^2 - g\\cos\\theta$ at $\\ddot{u} = u = 0$: minus the tension. Derived as the limit of all the realization exerts along $\\partial\\varphi$, $-\\beta\\varphi - \\gamma\\dot{\\varphi} - \\alpha\\ddot{\\varphi}$.',
      },
      {
        eq: 'Th. 1',
        name: '\\lim_{N \\to \\infty} \\max_t |q_N(t) - q(t)|',
        formula: '0',
        derived: 'limit.distance',
        tolerance: 1e-5,
        note: 'the theorem itself, measured: the distance of the realized motion from (1.4) to the motion of (1.1) from the same start, over $0 \\le t \\le 3$, shown by its rate, $N$ times it in each run. The rate $1/N$ is the toolkit’s: along the rod $(1 + \\alpha_0 N)\\ddot{u} + \\gamma_0 N\\dot{u} + \\beta_0 N u = (l + u)\\dot{\\theta}^2 + g\\cos\\theta = O(1)$ from $u = \\dot{u} = 0$, so $u = O(1/N)$ and, through $\\ddot{\\theta}$, the angle’s distance too.',
      },
      {
        eq: '(1.1)',
        name: '\\max_t |R_{\\mathrm{rod}}(t) - \\lambda(t)|',
        formula: 'g*cos(theta0)/(1 + alpha0*N)',
        derived: "motion.max|compliant.rod.reaction−compliant.rod.reaction@u=0@u'=0@N→∞|",
        tolerance: 1e-5,
        origin: 'own',
        note: 'along the run at $N = 100$, $R_{\\mathrm{rod}} = -N(\\beta_0 u + \\gamma_0\\dot{u}) - \\alpha_0 N\\ddot{u}$, the realization’s whole force, beside $\\lambda$ at each sample: $R_{\\mathrm{rod}} - \\lambda = \\ddot{u} - u\\dot{\\theta}^2 = O(1/N)$; at the start, $u = \\dot{u} = 0$, it is $\\ddot{u}(0)$, the closed form. The check is that the run’s largest gap is that at $t = 0$: nowhere later, at the bottom where the rod pulls hardest included, is it larger (Fig. 4 draws $N(R_{\\mathrm{rod}} - \\lambda)$).',
      },
    ],
    notDerived: [
      {
        eq: 'Th. 1',
        name: '\\alpha_0 = 0,\\ \\beta_0 > 0',
        reason:
          'without the added mass the limit is singular (Tikhonov): the rod mode’s frequency $\\sqrt{\\beta_0 N}$ grows with $N$. The pointwise limit of $\\ddot{\\varphi}$ above does not apply, and the study runs only $\\alpha_0 = 1$.',
      },
      {
        eq: 'Th. 1',
        name: '\\alpha_0 = \\beta_0 = 0,\\ \\gamma_0 > 0',
        reason: 'the viscous realization alone (Courant) is neither derived nor run: the study runs only $\\alpha_0 = 1$, $\\beta_0 = 100$, $\\gamma_0 = 10$.',
      },
    ],
  },
});
