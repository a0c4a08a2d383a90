import { defineModel } from '../src/model/index.js';

// A double pendulum whose lower bob strikes a vertical wall at x = d.

/** The generalized momenta before and after the impact (kugushev2002 (1.2), (1.3)). */
const MOMENTA = { P1m: 'impact1.pq1-', P2m: 'impact1.pq2-', P1p: 'impact1.single.pq1+', P2p: 'impact1.single.pq2+' };
/** The accelerations and the wall's reaction density σ̇ while the bob slides along it (kugushev2002 §9, regime 2). */
const PHASE = { A1: "phase.wall.q1''", A2: "phase.wall.q2''", sigma: 'phase.wall.wall.n' };
/** The wall's row ∂f/∂q at the impact, f the gap (the paper's −g: g is gravity here). */
const ROW = { F1: 'impact1.wall.n.dq1', F2: 'impact1.wall.n.dq2' };

export default defineModel({
  name: 'pendulum-wall',
  title: 'Double pendulum striking a wall',
  sources: ['kugushev2002'],
  description: 'Two point masses on massless rods; the lower bob hits a vertical wall with Newton restitution.',
  coordinates: [
    { name: 'q1', description: 'angle of the upper rod', unit: 'rad' },
    { name: 'q2', description: 'angle of the lower rod', unit: 'rad' },
  ],
  parameters: {
    m1: { default: 1, description: 'upper mass', unit: 'kg' },
    m2: { default: 1, description: 'lower mass', unit: 'kg' },
    l1: { default: 1, description: 'upper rod length', unit: 'm' },
    l2: { default: 1, description: 'lower rod length', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    d: { default: 0.5, description: 'distance of the wall from the pivot', unit: 'm' },
    e: { default: 0.7, description: 'coefficient of restitution' },
  },
  particles: [
    { mass: 'm1', position: ['l1*sin(q1)', '-l1*cos(q1)'] },
    { mass: 'm2', position: ['l1*sin(q1) + l2*sin(q2)', '-l1*cos(q1) - l2*cos(q2)'] },
  ],
  potential: '-m1*g*l1*cos(q1) - m2*g*(l1*cos(q1) + l2*cos(q2))',
  unilateral: [{ name: 'wall', constraint: 'l1*sin(q1) + l2*sin(q2) - d <= 0', law: { newton: 'e' }, description: 'the wall x = d' }],
  drawing: {
    points: { O: [0, 0], m1: ['l1*sin(q1)', '-l1*cos(q1)'], m2: ['l1*sin(q1) + l2*sin(q2)', '-l1*cos(q1) - l2*cos(q2)'] },
    segments: [
      ['O', 'm1'],
      ['m1', 'm2'],
    ],
    ground: 'd = x',
  },
  // Kugushev–Sorokina's single impact (1.4) at any configuration on the wall, both velocities free.
  impactScenarios: [{ name: 'the lower bob strikes the wall', arriving: 'wall', closed: [], at: {}, independent: ['q1', 'q2'], approach: { q2: 'positive' } }],
  initial: { q: { q1: -0.6, q2: -0.9 }, t1: 6 },
  // kugushev2002 §1 against the derived impact map, in the gap f ≥ 0 (the paper's constraint g ≤ 0 is −f here, the
  // letter g being gravity): w = ḟ⁻ < 0 on arrival, so (q̇⁻, ∂f̃) = w with ∂f̃ = (F1, F2) the row ∂f/∂q at the impact;
  // k = ∂fᵀB⁻¹∂f with B the mass matrix there; p± = Bq̇± the generalized momenta; Δμ the impulse.
  paper: {
    source: 'kugushev2002',
    formulas: [
      {
        eq: '(1.2)',
        name: 'p^{+} \\cdot \\bar{v}',
        formula: 'P1p*F2 - P2p*F1 = P1m*F2 - P2m*F1',
        where: { ...MOMENTA, ...ROW },
        note: 'Appell’s theorem: the momentum’s projection on $\\bar{v} = (\\partial_2 f, -\\partial_1 f)$, tangent to the impact surface, is kept (the paper’s constraint is $-f$, its $\\bar{v}$ the opposite vector: the same relation).',
      },
      { eq: '(1.3)', name: 'p_{1}^{+}', formula: 'P1m - mu*(-F1)', derived: 'impact1.single.pq1+', where: { ...MOMENTA, ...ROW, mu: 'impact1.single.wall.n' } },
      { eq: '(1.3)', name: 'p_{2}^{+}', formula: 'P2m - mu*(-F2)', derived: 'impact1.single.pq2+', where: { ...MOMENTA, ...ROW, mu: 'impact1.single.wall.n' } },
      {
        eq: '(1.4)',
        name: '\\Delta\\mu^2 (B^{-1}\\partial\\tilde{f}, \\partial\\tilde{f}),\\ e = 1',
        formula: 'mu^2*k = mu*((-w) + (-w))',
        where: { mu: 'impact1.single.wall.n', k: 'impact1.wall.n.inverseMass', w: 'impact1.wall.n-' },
        at: { e: 1 },
        note: 'the energy-conserving impact of §1 is $e = 1$; the paper’s constraint is $-f$, so its $(B\\dot{q}^-, B^{-1}\\partial\\tilde{g})$ is $-(\\dot{q}^-, \\partial\\tilde{f}) = -w$ and $(B^{-1}\\partial\\tilde{g}, \\partial\\tilde{g}) = (B^{-1}\\partial\\tilde{f}, \\partial\\tilde{f}) = k$.',
      },
      {
        eq: '(1.4)',
        name: '\\Delta\\mu,\\ e = 1',
        formula: '((-w) + (-w))/k',
        derived: 'impact1.single.wall.n',
        where: { w: 'impact1.wall.n-', k: 'impact1.wall.n.inverseMass' },
        at: { e: 1 },
      },
      {
        eq: '§1',
        name: 'T^{-} - T^{+},\\ e = 1',
        formula: '0',
        derived: 'impact1.single.ΔT',
        at: { e: 1 },
        note: 'the energy conservation $(B\\dot{q}^+, \\dot{q}^+) = (B\\dot{q}^-, \\dot{q}^-)$ that (1.4) comes from.',
      },
      {
        eq: '§9',
        name: '(B\\dot{q}^{+} + W^2 B\\dot{q}^{-}, \\dot{q}^{+} - \\dot{q}^{-})',
        formula: '(P1p + e*P1m)*(Q1p - Q1m) + (P2p + e*P2m)*(Q2p - Q2m) = 0',
        where: { ...MOMENTA, Q1m: "impact1.q1'-", Q2m: "impact1.q2'-", Q1p: "impact1.single.q1'+", Q2p: "impact1.single.q2'+" },
        note: 'the closing relation in its consistent form, with $W^2 = e$: as printed, $(MV^{+}, V^{+} - V^{-}) - W^2(MV^{-}, V^{+} - V^{-}) = 0$, it would send the bob back into the wall.',
      },
      {
        eq: '§9',
        name: '\\Delta\\mu',
        formula: '-(1 + e)*w/k',
        derived: 'impact1.single.wall.n',
        where: { w: 'impact1.wall.n-', k: 'impact1.wall.n.inverseMass' },
        note: 'solved from the closing relation with $W^2 = e$, the impact equation (1.3) and (1.4)’s notation.',
      },
      {
        eq: '§9',
        name: '\\dot{f}_{1}^{+}',
        formula: '-e*w',
        derived: 'impact1.single.wall.n+',
        where: { w: 'impact1.wall.n-' },
        note: 'with $W^2 = e$ the normal velocity reverses with the factor $e$; $f_1$ the gap.',
      },
      {
        eq: '§9',
        name: 'T^{-} - T^{+}',
        formula: '(1 - e^2)*w^2/(2*k)',
        derived: 'impact1.single.ΔT',
        where: { w: 'impact1.wall.n-', k: 'impact1.wall.n.inverseMass' },
        note: 'Carnot: for $W \\le 1$ the kinetic energy never increases, the loss $(1 - e^2) w^2/(2k) \\ge 0$.',
      },
      {
        eq: '§9',
        name: 'T^{-} - T^{+},\\ W = 0',
        formula: '(B11*J1^2 + 2*B12*J1*J2 + B22*J2^2)/2',
        derived: 'impact1.single.ΔT',
        where: { J1: "impact1.single.[q1']", J2: "impact1.single.[q2']", B11: '(m1 + m2)*l1^2', B12: 'm2*l1*l2*cos(q1 - q2)', B22: 'm2*l2^2' },
        at: { e: 0 },
        note: 'Carnot’s theorem for the plastic impact ($W = 0$): the energy lost is the kinetic energy of the lost velocities, $\\frac{1}{2}(B\\Delta\\dot{q}, \\Delta\\dot{q})$, with $B$ the mass matrix of the two rods.',
      },
      {
        eq: '(9.5)',
        name: '\\dot{f}_{1}^{+},\\ W = 0',
        formula: '0',
        derived: 'impact1.single.wall.n+',
        at: { e: 0 },
        note: 'after a plastic impact ($W = 0$) the velocity keeps (9.5), $(\\partial f/\\partial q)\\dot{q}^{+} = 0$: the bob moves on along the wall.',
      },
      {
        eq: '(10.15)',
        name: '\\frac{d}{dt}\\frac{\\partial L}{\\partial \\dot{q}_1} - \\frac{\\partial L}{\\partial q_1}',
        formula: '(m1 + m2)*l1^2*A1 + m2*l1*l2*C*A2 + m2*l1*l2*S*V2^2 + (m1 + m2)*g*l1*S1 = -l1*C1*sigma',
        where: { ...PHASE, C: 'cos(q1 - q2)', S: 'sin(q1 - q2)', S1: 'sin(q1)', C1: 'cos(q1)', V2: "q2'" },
        note: 'the bob sliding along the wall (regime 2 of §9), $d\\mu = \\dot{\\sigma}\\,dt$: the equations of the two rods typed by hand, the right-hand side $(\\partial f/\\partial q)\\dot{\\sigma}$.',
      },
      {
        eq: '(10.15)',
        name: '\\frac{d}{dt}\\frac{\\partial L}{\\partial \\dot{q}_2} - \\frac{\\partial L}{\\partial q_2}',
        formula: 'm2*l2^2*A2 + m2*l1*l2*C*A1 - m2*l1*l2*S*V1^2 + m2*g*l2*S2 = -l2*C2*sigma',
        where: { ...PHASE, C: 'cos(q1 - q2)', S: 'sin(q1 - q2)', S2: 'sin(q2)', C2: 'cos(q2)', V1: "q1'" },
      },
      {
        eq: '(9.5)',
        name: '\\ddot{f}',
        formula: 'l1*cos(q)*A1 + l2*cos(r)*A2 - l1*sin(q)*V1^2 - l2*sin(r)*V2^2 = 0',
        where: { ...PHASE, q: 'q1', r: 'q2', V1: "q1'", V2: "q2'" },
        note: '(9.5) differentiated once more along the wall, the equation that with (10.15) gives $\\dot{\\sigma}$.',
      },
    ],
    // Non-strict: the impulse vanishes where w = 0, the loss also at e = 1.
    claims: [
      { eq: '§9', name: '\\Delta\\mu \\ge 0', claim: 'mu >= 0', where: { mu: 'impact1.single.wall.n' }, on: { e: '[0, 1]' } },
      {
        eq: '§9',
        name: 'T^{-} - T^{+} \\ge 0',
        claim: 'dT >= 0',
        where: { dT: 'impact1.single.ΔT' },
        on: { e: '[0, 1]' },
        note: 'Carnot’s loss for $W \\le 1$, for every velocity before the impact.',
      },
    ],
  },
});
