import { defineModel } from '../src/model/index.js';

// Rubanovich & Formalsky 1981, §3: the compass with a free hinge at O (a
// two-link walker). Generalized coordinates (x, y, a1, a2): the hinge O and
// the leg angles from the downward vertical. Each leg is a uniform rod of
// mass m and length l. The feet arrive plastically and stick.
// The formulas of §3 as the paper writes them, each in the paper's own terms
// only: the scalar entries g_ij of G typed from (3.4) (the paper's G₁₁, G₁₂,
// G₂₁, G₂₂ are its 2×2 blocks, (3.6); (3.15)–(3.18) name the entries g_ij),
// and the arriving foot's velocities before the impact, ẋ₁ and ẏ₁. Where a
// formula uses the standing foot's velocities after the impact (x₂, y₂ in
// (3.12)) or the impulse E_{R₁} ((3.14)), the paper's own (3.13) and (3.12)
// stand for them, so no derived value is compared with itself.
/** (3.13): the standing foot's velocities after the impact when it leaves. */
const X2_LEAVES = '(g44*(g31*xdot1 + g32*ydot1) - g34*(g41*xdot1 + g42*ydot1))/(g33*g44 - g34*g43)';
const Y2_LEAVES = '(g33*(g41*xdot1 + g42*ydot1) - g43*(g31*xdot1 + g32*ydot1))/(g33*g44 - g34*g43)';
/** (3.12) with (3.13) for x₂, y₂: the arriving foot's impulse when the standing one leaves. */
const IMPULSE_1X_LEAVES = `-(g11*xdot1 + g12*ydot1) + g13*(${X2_LEAVES}) + g14*(${Y2_LEAVES})`;
const IMPULSE_1Y_LEAVES = `-(g21*xdot1 + g22*ydot1) + g23*(${X2_LEAVES}) + g24*(${Y2_LEAVES})`;

/** (3.15), (3.17): B's vertical impulse when it slides on a smooth line, its vertical velocity when free; [ż₁] = −ż₁⁻. */
const SLIDING_2Y = '((g41*g33 - g31*g43)*(-xdot1) + (g42*g33 - g32*g43)*(-ydot1))/g33';
const FREE_2Y = '-((g41*g33 - g31*g43)*(-xdot1) + (g42*g33 - g32*g43)*(-ydot1))/(g33*g44 - g34*g43)';
/** (3.16), (3.18): B's sliding velocity on a smooth line, its horizontal impulse when it stays. */
const SLIDING_2X = '-(g31*(-xdot1) + g32*(-ydot1))/g33';
const STAYING_2X = 'g31*(-xdot1) + g32*(-ydot1)';
/** The sign facts after (3.14) hold for every half-angle of a compass standing on the line. */
const OPEN_COMPASS = { beta: '(0, pi/2)' };

/**
 * (3.1): G′ and L typed from the paper, (x, y, α₁, α₂) its coordinates, α₁ of OD (our a1), α₂ of OB (our a2), the
 * model's own order; L's columns are E = (E_{R₁ₓ}, E_{R₁y}, E_{R₂ₓ}, E_{R₂y}), the rows of D (foot1) then B (foot2):
 * L = Jᵀ, J = ∂z/∂q of (3.2).
 */
const KINETIC_PRIME: readonly (readonly [string, string])[] = [
  ['11', '4'],
  ['12', '0'],
  ['13', 'l*cos(alpha)'],
  ['14', 'l*cos(alpha)'],
  ['22', '4'],
  ['23', 'l*sin(alpha)'],
  ['24', '-l*sin(alpha)'],
  ['33', '2/3*l^2'],
  ['34', '0'],
  ['44', '2/3*l^2'],
];
const PAPER_L: readonly (readonly [string, string, string])[] = [
  ['31', 'l*cos(alpha)', 'impact1.foot1.t.da1'],
  ['32', 'l*sin(alpha)', 'impact1.foot1.n.da1'],
  ['43', 'l*cos(alpha)', 'impact1.foot2.t.da2'],
  ['44', '-l*sin(alpha)', 'impact1.foot2.n.da2'],
];

/** The upper triangle's index pairs of an n×n matrix, the off-diagonal ones counted twice in a quadratic form. */
const pairs = (n: number): [number, number][] =>
  Array.from({ length: n * n }, (_, k): [number, number] => [Math.floor(k / n) + 1, (k % n) + 1]).filter(([i, j]) => i <= j);

/** G of (3.4) typed from the paper, its upper triangle (the paper's α is the model's β): rows (3.4) and (3.3) use it. */
const PAPER_G: Readonly<Record<string, string>> = {
  '11': 'm/2*(1 + 3*cos(alpha)^2)/(3*cos(alpha)^2)',
  '12': '-m/2/sin(2*alpha)',
  '13': 'm/2*(3*cos(alpha)^2 - 1)/(3*cos(alpha)^2)',
  '14': 'm/2*cos(2*alpha)/sin(2*alpha)',
  '22': 'm/2*(3*sin(alpha)^2 + 1)/(3*sin(alpha)^2)',
  '23': '-m/2*cos(2*alpha)/sin(2*alpha)',
  '24': 'm/2*(3*sin(alpha)^2 - 1)/(3*sin(alpha)^2)',
  '33': 'm/2*(3*cos(alpha)^2 + 1)/(3*cos(alpha)^2)',
  '34': 'm/2/sin(2*alpha)',
  '44': 'm/2*(3*sin(alpha)^2 + 1)/(3*sin(alpha)^2)',
};
/** The entry g_ij of G typed from (3.4) in the model's β. */
const paperG = (i: number, j: number): string => PAPER_G[i <= j ? `${i}${j}` : `${j}${i}`]!.replaceAll('alpha', 'beta');
/** The entries g_ij of G typed from (3.4), G symmetric, and ẋ₁, ẏ₁ before the impact: the terms of (3.10)–(3.18). */
const G_AND_PRE_IMPACT = {
  ...Object.fromEntries([1, 2, 3, 4].flatMap((i) => [1, 2, 3, 4].map((j) => [`g${i}${j}`, paperG(i, j)]))),
  xdot1: 'impact1.foot1.t-',
  ydot1: 'impact1.foot1.n-',
};

/**
 * (3.14)'s last equality in one mode, the loss equal to the work of R₁ (Carnot): the derived loss set beside the
 * derived impulse at D on the lost velocity [z₁] = −ż₁(−0) (3.7); E₂ does no work, [z₂] = 0 or E₂ = 0.
 */
const workOfR1 = (mode: 'stays' | 'leaves') => ({
  eq: '(3.14)',
  name: `\\tfrac{1}{2}[z_1]^{\\top} E_1|_{${mode === 'stays' ? 'z_2(+0) = 0' : 'E_2 = 0'}}`,
  formula: '(1/2)*(-xdot1*E_R1x - ydot1*E_R1y)',
  derived: `impact1.${mode}.ΔT`,
  where: {
    xdot1: 'impact1.foot1.t-',
    ydot1: 'impact1.foot1.n-',
    E_R1x: `impact1.${mode}.foot1.t`,
    E_R1y: `impact1.${mode}.foot1.n`,
  },
});

/**
 * (3.3) G = L⁻¹G′L⁻ᵀ, as G′ = L G Lᵀ: for every generalized velocity u (the paper's order: ẋ, ẏ, α̇₁, α̇₂),
 * uᵀG′u = żᵀGż with ż = Lᵀu, L typed from (3.1) and G from (3.4); G′ the derived one.
 */
const PAPER_ORDER = ["x'", "y'", "a1'", "a2'"];
const quadratic = (M: string, v: string): string =>
  pairs(4)
    .map(([i, j]) => (i === j ? `${M}${i}${j}*${v}${i}^2` : `2*${M}${i}${j}*${v}${i}*${v}${j}`))
    .join(' + ');
const TRANSFORMED = {
  formula: `${quadratic('gprime', 'u')} = ${quadratic('g', 'z')}`,
  where: {
    // The entries as the rows of (3.1) and (3.4) name them, g′_ij and g_kl.
    ...Object.fromEntries(pairs(4).map(([i, j]) => [`gprime${i}${j}`, `impact1.M${i}${j}`])),
    ...Object.fromEntries(pairs(4).map(([k, l]) => [`g${k}${l}`, paperG(k, l)])),
    ...Object.fromEntries(PAPER_ORDER.map((v, i) => [`u${i + 1}`, v])),
    z1: "x' + l*cos(beta)*a1'",
    z2: "y' + l*sin(beta)*a1'",
    z3: "x' + l*cos(beta)*a2'",
    z4: "y' - l*sin(beta)*a2'",
  },
};

export default defineModel({
  name: 'hinged-compass',
  title: 'Hinged two-link compass (Rubanovich–Formalsky §3)',
  sources: ['rubanovich1981'],
  description:
    'Two uniform legs $OD$ and $OB$, each of mass $m$ and length $l$, joined by a free hinge at $O$. Foot 1 (the paper’s $D$) strikes the line plastically and sticks while foot 2 (its $B$) stands on it; foot 2 then stays or leaves. The impact is derived in $(x, y, a_1, a_2)$ and set beside the paper’s form of it in the feet’s coordinates: $G$ (3.4), the impulses (3.10)–(3.13), the loss (3.14), foot 2 on a smooth line (3.15)–(3.18). The half-angle $\\beta$ at the impact is the paper’s $\\alpha$.',
  coordinates: [
    { name: 'x', description: 'hinge O, horizontal', unit: 'm' },
    { name: 'y', description: 'hinge O, height', unit: 'm' },
    { name: 'a1', description: 'angle of leg 1 (OD, to foot 1) from the downward vertical, the paper’s $\\alpha_1$', unit: 'rad' },
    { name: 'a2', description: 'angle of leg 2 (OB, to foot 2) from the downward vertical, the paper’s $\\alpha_2$', unit: 'rad' },
  ],
  parameters: {
    m: { default: 1, description: 'mass of one leg', unit: 'kg' },
    l: { default: 1, description: 'leg length', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    // rubanovich1981 §1: 0 < α < π/2.
    beta: { default: 0.3, range: [0, 'pi/2'], open: true, description: 'half-angle between the legs at the impact (the paper’s α)', unit: 'rad' },
  },
  particles: [],
  kinetic:
    "m*((x' + l/2*cos(a1)*a1')^2 + (y' + l/2*sin(a1)*a1')^2)/2 + m*l^2*a1'^2/24 + m*((x' + l/2*cos(a2)*a2')^2 + (y' + l/2*sin(a2)*a2')^2)/2 + m*l^2*a2'^2/24",
  potential: 'm*g*(2*y - l/2*cos(a1) - l/2*cos(a2))',
  unilateral: [
    { name: 'foot1', constraint: 'y - l*cos(a1) >= 0', law: { stick: 'x + l*sin(a1)' }, description: 'striking foot (the paper’s D, its index 1)' },
    { name: 'foot2', constraint: 'y - l*cos(a2) >= 0', law: { stick: 'x + l*sin(a2)' }, description: 'standing foot (the paper’s B, its index 2)' },
  ],
  impactScenarios: [
    {
      name: 'foot 1 strikes while foot 2 stands',
      arriving: 'foot1',
      closed: ['foot2'],
      at: { a1: 'beta', a2: '-beta', y: 'l*cos(beta)' },
      // Foot 2's leg first: θ is the direction of (ȧ2⁻, ȧ1⁻), the standing leg's rate its cosine.
      independent: ['a2', 'a1'],
    },
  ],
  // Standing on foot 2 (at rest on the line, for every l) with leg 1 ahead:
  // y = l cos a2, and the foot's velocity ẋ + l cos a2 ȧ2 = ẏ + l sin a2 ȧ2 = 0
  // at ȧ2 = −1.2. After foot 1's strike (t ≈ 0.21) the trailing foot 2 meets the
  // floor again when the legs are parallel (a1 = a2 ≈ −0.21, t ≈ 0.55): both feet
  // on one point, the contact rows f1 − f2 and ξ1 − ξ2 dependent (rank 3), a scuff
  // and not a heel strike. The compass-gait rule (a foot held only while it leads,
  // compass-walker.ts) does not help: once the legs pass, foot 2 leads below the
  // floor (a1 + a2 < 0). So the run ends at t = 0.5, before mid-stance.
  drawing: {
    // The points as the paper names them (Fig. 5): the hinge O, foot 1 its D, foot 2 its B.
    points: { O: ['x', 'y'], D: ['x + l*sin(a1)', 'y - l*cos(a1)'], B: ['x + l*sin(a2)', 'y - l*cos(a2)'] },
    segments: [
      ['O', 'B'],
      ['O', 'D'],
    ],
    ground: 'y = 0',
    shows:
      'The hinged compass: the hinge $O$ at $(x, y)$, the legs $OD$ (to foot 1) and $OB$ (to foot 2), each of length $l$, at the angles $a_1$ and $a_2$ from the downward vertical (the paper’s $\\alpha_1$, $\\alpha_2$)',
  },
  // Rubanovich–Formalsky §3 in the feet's coordinates z = (x₁, y₁, x₂, y₂): D (foot1, arriving,
  // the paper's 1) and B (foot2, standing, the paper's 2); the paper's α is β here.
  paper: {
    source: 'rubanovich1981',
    // The end of §3: the motion of B after the impact is the second part's question, so the outcome by direction is the report's own.
    defers: 'leave the possible motion of $B$ (foot 2) after the impact to the second part of the paper (the end of its §3)',
    formulas: [
      ...KINETIC_PRIME.map(([ij, entry]) => ({
        eq: '(3.1)',
        name: `g'_{${ij}}`,
        formula: `m/2*(${entry})`,
        derived: `impact1.M${ij}`,
        where: { alpha: 'beta' },
      })),
      ...PAPER_L.map(([ij, entry, derived]) => ({
        eq: '(3.1)',
        name: `l_{${ij}}`,
        formula: entry,
        derived,
        where: { alpha: 'beta' },
      })),
      {
        eq: '(3.3)',
        name: "u^{\\top} G' u = \\dot{z}^{\\top} G \\dot{z}",
        ...TRANSFORMED,
        // Both quadratic forms term by term as the paper's matrices read, row by row: g′₁₁ẋ² + 2g′₁₂ẋẏ + …
        order: 'typed' as const,
        note: "$G = L^{-1} G' L^{-\\top}$ as $G' = L G L^{\\top}$, for every $u = (\\dot{x}, \\dot{y}, \\dot{\\alpha}_1, \\dot{\\alpha}_2)$ with $\\dot{z} = L^{\\top} u$ (3.2), $L$ typed from (3.1) and $G$ from (3.4); $G'$ the derived matrix.",
      },
      { eq: '(3.4)', name: 'g_{11}', formula: PAPER_G['11']!, derived: 'impact1.G11', where: { alpha: 'beta' } },
      {
        eq: '(3.4)',
        name: 'g_{12}',
        formula: PAPER_G['12']!,
        derived: 'impact1.G12',
        where: { alpha: 'beta' },
        note: "the OCR prints $+1/\\sin 2\\alpha$ at (1, 2) and $-1/\\sin 2\\alpha$ at (2, 1); $G = L^{-1} G' L^{-\\top}$ is symmetric, so (1, 2) is read as $-1/\\sin 2\\alpha$.",
      },
      { eq: '(3.4)', name: 'g_{13}', formula: PAPER_G['13']!, derived: 'impact1.G13', where: { alpha: 'beta' } },
      { eq: '(3.4)', name: 'g_{14}', formula: PAPER_G['14']!, derived: 'impact1.G14', where: { alpha: 'beta' } },
      { eq: '(3.4)', name: 'g_{22}', formula: PAPER_G['22']!, derived: 'impact1.G22', where: { alpha: 'beta' } },
      { eq: '(3.4)', name: 'g_{23}', formula: PAPER_G['23']!, derived: 'impact1.G23', where: { alpha: 'beta' } },
      { eq: '(3.4)', name: 'g_{24}', formula: PAPER_G['24']!, derived: 'impact1.G24', where: { alpha: 'beta' } },
      { eq: '(3.4)', name: 'g_{33}', formula: PAPER_G['33']!, derived: 'impact1.G33', where: { alpha: 'beta' } },
      { eq: '(3.4)', name: 'g_{34}', formula: PAPER_G['34']!, derived: 'impact1.G34', where: { alpha: 'beta' } },
      { eq: '(3.4)', name: 'g_{44}', formula: PAPER_G['44']!, derived: 'impact1.G44', where: { alpha: 'beta' } },
      // (3.10), (3.11), the impulses when foot 2 stays, E₁ = −G₁₁ż₁(−0) and E₂ = −G₂₁ż₁(−0), typed in the paper's order:
      // the Results print each as derived in the velocities before the impact and in this form, the two shown equal.
      {
        eq: '(3.10)',
        name: 'E_{R_{1x}}\\ \\text{(foot 2 stays)}',
        formula: '-(g11*xdot1 + g12*ydot1)',
        derived: 'impact1.stays.foot1.t',
        where: G_AND_PRE_IMPACT,
        order: 'typed' as const,
      },
      {
        eq: '(3.10)',
        name: 'E_{R_{1y}}\\ \\text{(foot 2 stays)}',
        formula: '-(g21*xdot1 + g22*ydot1)',
        derived: 'impact1.stays.foot1.n',
        where: G_AND_PRE_IMPACT,
        order: 'typed' as const,
      },
      // A letter two modes give says its mode; E_{R₂ₓ} only foot 2 staying gives ((3.11), (3.18), one display).
      {
        eq: '(3.11)',
        name: 'E_{R_{2x}}',
        formula: '-(g31*xdot1 + g32*ydot1)',
        derived: 'impact1.stays.foot2.t',
        where: G_AND_PRE_IMPACT,
        order: 'typed' as const,
      },
      {
        eq: '(3.11)',
        name: 'E_{R_{2y}}\\ \\text{(foot 2 stays)}',
        formula: '-(g41*xdot1 + g42*ydot1)',
        derived: 'impact1.stays.foot2.n',
        where: G_AND_PRE_IMPACT,
        order: 'typed' as const,
      },
      {
        eq: '(3.12)',
        name: 'E_{R_{1x}}\\ \\text{(foot 2 leaves)}',
        formula: IMPULSE_1X_LEAVES,
        derived: 'impact1.leaves.foot1.t',
        where: G_AND_PRE_IMPACT,
      },
      {
        eq: '(3.12)',
        name: 'E_{R_{1y}}\\ \\text{(foot 2 leaves)}',
        formula: IMPULSE_1Y_LEAVES,
        derived: 'impact1.leaves.foot1.n',
        where: G_AND_PRE_IMPACT,
      },
      { eq: '(3.13)', name: '\\dot{x}_2(+0)', formula: X2_LEAVES, derived: 'impact1.leaves.foot2.t+', where: G_AND_PRE_IMPACT },
      { eq: '(3.13)', name: '\\dot{y}_2(+0)', formula: Y2_LEAVES, derived: 'impact1.leaves.foot2.n+', where: G_AND_PRE_IMPACT },
      // (3.14) in each mode: the loss typed in G, then its last equality, the loss as the work of R₁ (one display each).
      {
        eq: '(3.14)',
        name: '\\Delta T|_{z_2(+0) = 0}',
        formula: '(1/2)*(xdot1*(g11*xdot1 + g12*ydot1) + ydot1*(g21*xdot1 + g22*ydot1))',
        derived: 'impact1.stays.ΔT',
        where: G_AND_PRE_IMPACT,
      },
      workOfR1('stays'),
      {
        eq: '(3.14)',
        name: '\\Delta T|_{E_2 = 0}',
        formula: `-(1/2)*(xdot1*(${IMPULSE_1X_LEAVES}) + ydot1*(${IMPULSE_1Y_LEAVES}))`,
        derived: 'impact1.leaves.ΔT',
        where: G_AND_PRE_IMPACT,
      },
      workOfR1('leaves'),
      {
        eq: '(3.15)',
        name: 'E_{R_{2y}}\\ \\text{(foot 2 slides)}',
        formula: SLIDING_2Y,
        derived: 'impact1.smooth.foot2.n',
        where: G_AND_PRE_IMPACT,
        note: 'the line smooth at foot 2 (the paper’s B) from the impact on, foot 2 kept on it: $E_{R_{2x}} = 0$, $[y_2] = 0$. The source prints $E_{R_{2y}} = 0$ before (3.15), a misprint or the OCR’s: a smooth line takes no tangential impulse, and (3.15) is $E_{R_{2y}}$ itself.',
      },
      { eq: '(3.16)', name: '\\dot{x}_2(+0)\\ \\text{(foot 2 slides)}', formula: SLIDING_2X, derived: 'impact1.smooth.foot2.t+', where: G_AND_PRE_IMPACT },
      { eq: '(3.17)', name: '\\dot{y}_2(+0)', formula: FREE_2Y, derived: 'impact1.leaves.foot2.n+', where: G_AND_PRE_IMPACT },
      { eq: '(3.18)', name: 'E_{R_{2x}}', formula: STAYING_2X, derived: 'impact1.stays.foot2.t', where: G_AND_PRE_IMPACT },
    ],
    // (3.17), (3.18) against the derived lift-off and stay modes; (3.15), (3.16), B sliding on a smooth
    // line, against the derived impact with foot2's line smooth (its tangent free, its normal kept).
    // The sign facts after (3.14), typed from the paper in G and ż₁⁻ = (ẋ₁, ẏ₁) alone; those after
    // (3.18) on the derived impulses and velocities the rows above check against (3.15)–(3.18).
    claims: [
      {
        eq: '(3.14)',
        name: '\\Delta T|_{z_2(+0) = 0} > 0',
        claim: '(1/2)*(xdot1*(g11*xdot1 + g12*ydot1) + ydot1*(g21*xdot1 + g22*ydot1)) > 0',
        where: G_AND_PRE_IMPACT,
        on: OPEN_COMPASS,
      },
      {
        eq: '(3.14)',
        name: '\\Delta T|_{E_2 = 0} > 0',
        claim: `-(1/2)*(xdot1*(${IMPULSE_1X_LEAVES}) + ydot1*(${IMPULSE_1Y_LEAVES})) > 0`,
        where: G_AND_PRE_IMPACT,
        on: OPEN_COMPASS,
      },
      {
        eq: '(3.14)',
        name: '\\dot{z}_1(-0) \\cdot E_1|_{z_2(+0) = 0} < 0',
        claim: '-(xdot1*(g11*xdot1 + g12*ydot1) + ydot1*(g21*xdot1 + g22*ydot1)) < 0',
        where: G_AND_PRE_IMPACT,
        on: OPEN_COMPASS,
        note: 'Foot 1’s velocity before the impact and its impulse make an obtuse angle.',
      },
      {
        eq: '(3.14)',
        name: '\\dot{z}_1(-0) \\cdot E_1|_{E_2 = 0} < 0',
        claim: `xdot1*(${IMPULSE_1X_LEAVES}) + ydot1*(${IMPULSE_1Y_LEAVES}) < 0`,
        where: G_AND_PRE_IMPACT,
        on: OPEN_COMPASS,
      },
      {
        eq: '(3.11), (3.13)',
        name: 'E_2 \\cdot \\dot{z}_2(+0) < 0',
        claim: `-(g31*xdot1 + g32*ydot1)*(${X2_LEAVES}) - (g41*xdot1 + g42*ydot1)*(${Y2_LEAVES}) < 0`,
        where: G_AND_PRE_IMPACT,
        on: OPEN_COMPASS,
        note: 'Foot 2’s impulse when it stays and its velocity when it is free make an obtuse angle.',
      },
      {
        eq: '(3.15), (3.17)',
        name: 'E_{R_{2y}}/\\dot{y}_2(+0) < 0',
        claim: 'E/v < 0',
        where: { E: 'impact1.smooth.foot2.n', v: 'impact1.leaves.foot2.n+' },
        on: OPEN_COMPASS,
        note: 'Foot 2’s vertical impulse when it slides on a smooth line and its vertical velocity when free point to opposite sides of the line.',
      },
      {
        eq: '(3.16), (3.18)',
        name: '\\dot{x}_2(+0)/E_{R_{2x}} < 0',
        claim: 'v/E < 0',
        where: { v: 'impact1.smooth.foot2.t+', E: 'impact1.stays.foot2.t' },
        on: OPEN_COMPASS,
        note: 'Foot 2’s sliding velocity on a smooth line and its horizontal impulse when it stays point opposite ways.',
      },
    ],
    // Fig. 5 at the impact scenario's configuration: the legs at a1 = β, a2 = −β from the downward vertical, both feet on the line.
    sketches: [
      {
        eq: 'Fig. 5',
        at: { a1: 'beta', a2: '-beta', y: 'l*cos(beta)' },
        caption:
          'The hinged compass at the impact: the hinge $O$ at $(x, y)$, the legs at the angles $a_1 = \\beta$ and $a_2 = -\\beta$ from the downward vertical (the paper’s $\\alpha_1$, $\\alpha_2$), foot 1 (the paper’s $D$) arriving, with its reaction $R_1$, while foot 2 ($B$, $R_2$) stands',
        reactions: { D: 'R_1', B: 'R_2' },
      },
    ],
  },
  initial: { q: { y: 'l*cos(0.15)', a1: 0.35, a2: 0.15 }, qd: { x: '1.2*l*cos(0.15)', y: '1.2*l*sin(0.15)', a1: -0.3, a2: -1.2 }, t1: 0.5 },
});
