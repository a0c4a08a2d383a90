import { defineModel } from '../src/model/index.js';

// Smirnov's example 2 (smirnov1981 §2): a rectangular prism moving along x in
// rigid guides with vanishing clearance, five pairs of support points: pairs
// 1, 2 on the faces normal to y (at (aₛ, ±w, cₛ)), pairs 3, 4, 5 on the
// faces normal to z (at (aₛ, bₛ, ±h)). Each pair has a friction coefficient
// per face. Small rotations φ, θ, ψ about x, y, z (the clearance vanishes): a
// point (a, b, c) of the prism is at (x − bψ + cθ, y + aψ − cφ, z − aθ + bφ).
// Loads reduced to the centre of mass: P and M. 3⁵ = 243 variants of
// support, 2⁵ = 32 full ones.
const pairs = [
  { name: 'pair1', normal: 'y + a1*psi - c1*phi', plus: 'x + w*psi + c1*theta', minus: 'x - w*psi + c1*theta', s: 1 },
  { name: 'pair2', normal: 'y + a2*psi - c2*phi', plus: 'x + w*psi + c2*theta', minus: 'x - w*psi + c2*theta', s: 2 },
  { name: 'pair3', normal: 'z - a3*theta + b3*phi', plus: 'x - b3*psi - h*theta', minus: 'x - b3*psi + h*theta', s: 3 },
  { name: 'pair4', normal: 'z - a4*theta + b4*phi', plus: 'x - b4*psi - h*theta', minus: 'x - b4*psi + h*theta', s: 4 },
  { name: 'pair5', normal: 'z - a5*theta + b5*phi', plus: 'x - b5*psi - h*theta', minus: 'x - b5*psi + h*theta', s: 5 },
];

// The paper's equilibrium (2.1) for one full variant (i, j, k, l, m): p = 1
// the face whose normal is +y or +z (reaction along −), 2 the opposite one,
// so the engine's side + is p = 2. A pair's two points face each other:
// a_{ps} = aₛ; across the faces b_{p1}, b_{p2} = ±w and c_{p3…p5} = ±h,
// along them b_{ps} = bₛ (s ≥ 3), c_{ps} = cₛ (s ≤ 2); f_{ps} the parameter
// fps; sgn = sgn ẋ. Each row is solved for its load.
type Face = 1 | 2;
const across = (p: Face, half: string): string => (p === 1 ? half : `(-${half})`);
const at = (faces: readonly Face[], s: number) => {
  const p = faces[s - 1]!;
  return {
    sign: `(-1)^${p}`,
    N: `N${s}`,
    a: `a${s}`,
    b: s <= 2 ? across(p, 'w') : `b${s}`,
    c: s <= 2 ? `c${s}` : across(p, 'h'),
    f: `f${p}${s}`,
  };
};
const sum = (terms: readonly string[]): string => `(${terms.join(' + ')})`;
const equilibrium = (faces: readonly Face[]) => {
  const y = [1, 2].map((s) => at(faces, s));
  const z = [3, 4, 5].map((s) => at(faces, s));
  const all = [...y, ...z];
  return {
    Py: `-${sum(y.map((q) => `${q.sign}*${q.N}`))}`,
    Pz: `-${sum(z.map((q) => `${q.sign}*${q.N}`))}`,
    Mx: `${sum(y.map((q) => `${q.sign}*${q.c}*${q.N}`))} - ${sum(z.map((q) => `${q.sign}*${q.b}*${q.N}`))}`,
    My: `sgn*${sum(all.map((q) => `${q.f}*${q.c}*${q.N}`))} + ${sum(z.map((q) => `${q.sign}*${q.a}*${q.N}`))}`,
    // As printed: the a terms over s = 1…5.
    MyPrinted: `sgn*${sum(all.map((q) => `${q.f}*${q.c}*${q.N}`))} + ${sum(all.map((q) => `${q.sign}*${q.a}*${q.N}`))}`,
    Mz: `-(${sum(y.map((q) => `${q.sign}*${q.a}*${q.N}`))} + sgn*${sum(all.map((q) => `${q.f}*${q.b}*${q.N}`))})`,
  };
};
/**
 * M_y from the forces themselves, not from (2.1) nor from the constraints: pair s bears at r = (aₛ, b_{ps}, c_{ps})
 * with F = (−f_{ps}Nₛ sgn ẋ, F_y, F_z), its normal force (−1)^p Nₛ along y (s ≤ 2) or z (s ≥ 3), face p = 1 pushing
 * along −; the load balances the moment of the reactions, M_y = −Σ (r × F)_y = −Σ (c F_x − a F_z).
 */
const momentY = (faces: readonly Face[]): string =>
  `-${sum(
    [1, 2, 3, 4, 5].map((s) => {
      const q = at(faces, s);
      const Fz = s <= 2 ? '0' : `${q.sign}*${q.N}`;
      return `(${q.c}*(-${q.f}*${q.N}*sgn) - ${q.a}*${Fz})`;
    }),
  )}`;
/** The variant the default loads realize: y pairs on the faces at +w (Py > 0), z pairs on the bottom faces (the weight). */
const REALIZED: readonly Face[] = [1, 1, 2, 2, 2];
const sides = (faces: readonly Face[]): string => `(${faces.map((p) => (p === 2 ? '+' : '-')).join(',')})`;
/** Which of the 32 variants the (2.1) rows are checked in: the reactions substituted are that variant's. */
const variant = `all five rows, with the reactions $N_s$ derived for the variant $${sides(REALIZED).replaceAll(',', ', ')}$ the default loads realize; face $p = 1$ is the one at $y = +w$ or $z = +h$, $p = 2$ the opposite one, and the paper’s $f_{ps}$ is the friction section’s $\\kappa_s^{+} = f_{2s}$, $\\kappa_s^{-} = f_{1s}$ (the side $+$, reaction along $+y$ or $+z$, is face 2), as the rows $M_y$, $M_z$, in $f_{ps}$, check against the loads derived in $\\kappa_s^{\\varepsilon_s}$`;
/** The 32 full variants (i, j, k, l, m) of §2, each face index 1 or 2, in the paper's order. */
const VARIANTS: readonly (readonly Face[])[] = Array.from({ length: 32 }, (_, k) => [4, 3, 2, 1, 0].map((b) => (((k >> b) & 1) + 1) as Face));
/** N_{ijklms}: the paper's reaction of pair s in variant (i, j, k, l, m). */
const reaction = (faces: readonly Face[], s: number): string => `N${faces.join('')}${s}`;
/** smirnov1981 (2.2): Φ = Σ Π_s (1 + sgn N_{ijklms})/2 Σ_s f_{ps} N_{ijklms}, over the 32 full variants. */
const switchedFriction = `(${VARIANTS.map(
  (v) => `${[1, 2, 3, 4, 5].map((s) => `(1 + sign(${reaction(v, s)}))`).join('*')}*${sum([1, 2, 3, 4, 5].map((s) => `${at(v, s).f}*${reaction(v, s)}`))}`,
).join(' + ')})/32`;
const rows = [
  ['Py', 'y', 'P_y'],
  ['Pz', 'z', 'P_z'],
  ['Mx', 'phi', 'M_x'],
  ['My', 'theta', 'M_y'],
  ['Mz', 'psi', 'M_z'],
] as const;

export default defineModel({
  name: 'prism-in-guides',
  title: 'Prism in rough guides',
  sources: ['smirnov1981'],
  description:
    'A rectangular prism sliding in guides with vanishing clearance on five pairs of support points with friction (Smirnov, example 2): 243 variants of support, 32 full ones.',
  coordinates: [
    { name: 'x', description: 'position along the guides', unit: 'm' },
    { name: 'y', description: 'lateral position', unit: 'm' },
    { name: 'z', description: 'vertical position', unit: 'm' },
    { name: 'phi', description: 'roll (about $x$)', unit: 'rad' },
    { name: 'theta', description: 'pitch (about $y$)', unit: 'rad' },
    { name: 'psi', description: 'yaw (about $z$)', unit: 'rad' },
  ],
  parameters: {
    m: { default: 2, description: 'mass', unit: 'kg' },
    Jx: { default: 0.05, description: 'moment of inertia about $x$', unit: 'kg m^2' },
    Jy: { default: 0.2, description: 'moment of inertia about $y$', unit: 'kg m^2' },
    Jz: { default: 0.2, description: 'moment of inertia about $z$', unit: 'kg m^2' },
    Px: { default: 5, description: 'load along the guides', unit: 'N' },
    Py: { default: 1, description: 'lateral load', unit: 'N' },
    Pz: { default: -19.6, description: 'vertical load', unit: 'N' },
    Mx: { default: 0.1, description: 'moment of the load about $x$', unit: 'N m' },
    My: { default: 0.2, description: 'moment of the load about $y$', unit: 'N m' },
    Mz: { default: -0.1, description: 'moment of the load about $z$', unit: 'N m' },
    w: { default: 0.1, description: 'half width (faces normal to $y$ at $y = \\pm w$)', unit: 'm' },
    h: { default: 0.08, description: 'half height (faces normal to $z$ at $z = \\pm h$)', unit: 'm' },
    a1: { default: -0.3, description: 'pair 1: position along the prism', unit: 'm' },
    c1: { default: 0, description: 'pair 1: height', unit: 'm' },
    a2: { default: 0.3, description: 'pair 2: position along the prism', unit: 'm' },
    c2: { default: 0, description: 'pair 2: height', unit: 'm' },
    a3: { default: -0.3, description: 'pair 3: position along the prism', unit: 'm' },
    b3: { default: -0.06, description: 'pair 3: lateral position', unit: 'm' },
    a4: { default: -0.3, description: 'pair 4: position along the prism', unit: 'm' },
    b4: { default: 0.06, description: 'pair 4: lateral position', unit: 'm' },
    a5: { default: 0.3, description: 'pair 5: position along the prism', unit: 'm' },
    b5: { default: 0, description: 'pair 5: lateral position', unit: 'm' },
    ...Object.fromEntries(
      pairs.flatMap((p) => [
        [`f1${p.s}`, { default: 0.2 + 0.01 * p.s, range: [0, 2], description: `friction at pair ${p.s}, face ${p.s <= 2 ? '$y = +w$' : '$z = +h$'}` }],
        [`f2${p.s}`, { default: 0.15 + 0.01 * p.s, range: [0, 2], description: `friction at pair ${p.s}, face ${p.s <= 2 ? '$y = -w$' : '$z = -h$'}` }],
      ]),
    ),
  },
  kinetic: "m*(x'^2 + y'^2 + z'^2)/2 + (Jx*phi'^2 + Jy*theta'^2 + Jz*psi'^2)/2",
  forces: { x: 'Px', y: 'Py', z: 'Pz', phi: 'Mx', theta: 'My', psi: 'Mz' },
  holonomic: pairs.map((p) => ({
    name: p.name,
    expr: p.normal,
    slip: { positive: p.plus, negative: p.minus },
    friction: { positive: `f2${p.s}`, negative: `f1${p.s}` },
  })),
  // Seen from above: the prism (half length 0.4, half width w) between its guides, turned by its
  // yaw, with its support points: pairs 1, 2 on the side faces (at (aₛ, ±w)), pairs 3, 4, 5 on the
  // top and bottom faces (at (aₛ, bₛ), one above the other).
  drawing: {
    points: Object.fromEntries(
      [
        ['A', '-0.4', '-w'],
        ['B', '0.4', '-w'],
        ['C', '0.4', 'w'],
        ['D', '-0.4', 'w'],
        ['1', 'a1', '-w'],
        ["1'", 'a1', 'w'],
        ['2', 'a2', '-w'],
        ["2'", 'a2', 'w'],
        ['3', 'a3', 'b3'],
        ['4', 'a4', 'b4'],
        ['5', 'a5', 'b5'],
        ['O', '0', '0'],
        ['E', '0.4', '0'],
        ['Pxtip', '(0.4 + 0.04*Px)', '0'],
        ['Pytip', '0', '(0.08*Py)'],
        ['C0', '0.1', '0'],
      ].map(([n, u, v]) => [n, [`x + ${u}*cos(psi) - ${v}*sin(psi)`, `y + ${u}*sin(psi) + ${v}*cos(psi)`] as const]),
    ),
    segments: [
      ['A', 'B'],
      ['B', 'C'],
      ['C', 'D'],
      ['D', 'A'],
    ],
    hidden: ['E', 'Pxtip', 'Pytip', 'C0'],
    labels: false,
    shows:
      'The prism seen from above ($x$ to the right, along the guides; $y$ up) between the guides’ faces $y = \\pm w$: the pairs 1, 2 of support points on those faces at $(a_s, \\pm w)$, primed on $y = +w$; the pairs 3, 4, 5, on the faces $z = \\pm h$, projected to $(a_s, b_s)$; the loads $P_x$, $P_y$ and the moment $M_z$ at the centre of mass',
    ground: ['y = -w', 'w = y'],
    // No yaw arc: ψ = 0 at the initial state, where its mark would be a bare label on a support point. The loads at the
    // centre of mass: P_x from the front face (0.04 m per N), P_y inside the 0.2 m wide prism (0.08 m per N); M_z, a
    // couple, drawn beside them, clear of P_y's arrow.
    annotations: {
      supports: ['1', "1'", '2', "2'", '3', '4', '5'],
      angles: [],
      vectors: [
        { from: 'E', to: 'Pxtip', label: 'Px' },
        { from: 'O', to: 'Pytip', label: 'Py' },
      ],
      moments: [{ at: 'C0', label: 'Mz' }],
    },
  },
  initial: { qd: { x: 0.5 }, t1: 1 },
  // smirnov1981 (2.1), each row solved for its load, with the derived reactions of the variant the defaults realize.
  paper: {
    source: 'smirnov1981',
    formulas: [
      ...rows.map(([load, q, name]) => ({
        eq: '(2.1)',
        name,
        formula: equilibrium(REALIZED)[load],
        derived: `supports.load.${q}`,
        where: { sgn: "sign(x')", ...Object.fromEntries([1, 2, 3, 4, 5].map((s) => [`N${s}`, `supports.${sides(REALIZED)}.N${s}`])) },
        ...(load === 'Py' ? { note: variant } : {}),
        // The a-terms of M_y as printed run over s = 1…5, a misprint: pairs 1, 2 push along y and have no moment about
        // y. The row below derives the moment from the forces, apart from (2.1) and from the constraints.
        ...(load === 'My'
          ? {
              origin: 'correction' as const,
              printed: equilibrium(REALIZED).MyPrinted,
              note: 'a misprint: the paper sums the $a$ terms of $M_y$ over $s = 1 \\dots 5$, but a force $\\mathbf{F}$ at $\\mathbf{r} = (a, b, c)$ has the moment $c F_x - a F_z$ about $y$, and the normal forces of pairs 1, 2 lie along $y$ ($F_z = 0$): the sum runs over $s = 3 \\dots 5$, as (2.1)’s $M_x$ splits its sums at $s = 2$ and its $M_z$ runs its $a$ terms over $s = 1, 2$. The moment of the reactions, in the next row, agrees with this reading',
              reading:
                'the print sums the $a$ terms over $s = 1 \\dots 5$, a misprint: the normal forces of pairs 1, 2 lie along $y$ and have no moment about it, and the moment of the reactions, derived from their points and directions, agrees with the sum over $s = 3 \\dots 5$',
              consequence:
                'the reactions $N_s$ and the friction bound $\\Phi$ of this report solve (2.1) with $M_y$ so corrected; solved as printed, (2.1) would let the lateral reactions $N_1$, $N_2$ carry a moment about $y$ that they do not have',
            }
          : {}),
      })),
      // M_y derived a second way, as the moment of the reactions about the centre's y axis from their points and directions.
      {
        eq: '(2.1)',
        name: 'M_y\\ (\\text{moment of the reactions})',
        formula: momentY(REALIZED),
        display: '-\\sum_{s=1}^{5} \\bigl(c_{ps} F_{x,s} - a_{ps} F_{z,s}\\bigr)',
        origin: 'reduction' as const,
        derived: 'supports.load.theta',
        where: { sgn: "sign(x')", ...Object.fromEntries([1, 2, 3, 4, 5].map((s) => [`N${s}`, `supports.${sides(REALIZED)}.N${s}`])) },
        note: 'the load $M_y$ that balances the moment of the reactions, $M_y + \\sum_s (\\mathbf{r}_s \\times \\mathbf{F}_s)_y = 0$, at their points $(a_{ps}, b_{ps}, c_{ps})$, $F_{x,s} = -f_{ps} N_s \\operatorname{sgn}\\dot{x}$, the normal force $(-1)^p N_s$ along $y$ for $s = 1, 2$ ($F_{z,s} = 0$), along $z$ for $s = 3 \\dots 5$: derived apart from (2.1) and the constraints, it agrees with the corrected $M_y$, not the print',
      },
      // (2.2): the switched sum in the 32 variants' reactions, each the derived one of its variant.
      {
        eq: '(2.2)',
        name: '\\Phi',
        formula: switchedFriction,
        display: '\\sum_{i,j,k,l,m=1}^{2} \\prod_{s=1}^{5} \\tfrac{1 + \\operatorname{sgn} N_{ijklms}}{2} \\sum_{s=1}^{5} f_{ps} N_{ijklms}',
        derived: 'supports.Φ',
        where: Object.fromEntries(VARIANTS.flatMap((v) => [1, 2, 3, 4, 5].map((s) => [reaction(v, s), `supports.${sides(v)}.N${s}`]))),
        note: 'the paper’s switched $\\Phi$, typed term by term over the 32 full variants $(i, j, k, l, m)$ ($p = i, j, k, l, m$ for $s = 1 \\dots 5$, face 1 the one whose normal is along the axis), its $N_{ijklms}$ the derived reactions of each, against the switched sum $\\sum_\\varepsilon \\chi(\\varepsilon)\\Phi^{\\varepsilon}$ of (1.2): the friction bound of the variant the load realizes',
      },
      // §2's count as the paper prints it, C_5^r 2^r variants on r supports summed to 243, against the enumeration.
      {
        eq: '§2',
        name: '\\sum_{r=0}^{5} C_5^r 2^r',
        formula: '1 + 5*2 + 10*2^2 + 10*2^3 + 5*2^4 + 2^5',
        derived: 'supports.count.all',
        note: 'the paper’s $C_5^r 2^r$ variants on $r$ bearing pairs (its $n$), summed over $r = 0 \\dots 5$, against the variants the derivation enumerates.',
      },
      // §3's counts in closed form, ν (the paper's t: moving links, t being time here) the one prism and n its degrees of
      // freedom, typed from the model's pairs (six of a free body less one per pair of vanishing clearance), not the
      // derived n: against the variants the derivation enumerates, a sign choice or none for each pair.
      ...(
        [
          ['S', '3', 'all', 'the variants of support in all'],
          ['s_0', '2', 'full', 'the full-support variants, every pair bearing on one of its two faces,'],
        ] as const
      ).map(([name, base, count, what], k) => ({
        eq: '§3',
        // The closed form in the name, so that the results print it beside the count, each under its own symbol.
        name: `${name} = ${base}^{6\\nu - n}`,
        formula: `${base}^(6*nu - n)`,
        derived: `supports.count.${count}`,
        where: { nu: '1', n: String(6 - pairs.length) },
        note: `${
          k === 0
            ? 'the paper prints $S = 3^{6t - n}$ and $s_0 = 2^{6t - n}$, its $t$ the number of moving links, written $\\nu$ here (the report’s $t$ is time): here $\\nu = 1$, the prism, and $n = 6 - 5 = 1$, a free body’s six degrees of freedom less one for each of the model’s five pairs, typed from the pairs it declares and not taken from the derivation; '
            : ''
        }${what} against those the derivation enumerates.`,
      })),
    ],
    notDerived: [
      {
        eq: '(2.3)',
        name: '\\sum_{i,j,k,l,m=1}^{2} \\prod_{s=1}^{5} \\tfrac{1 + \\operatorname{sgn} N_{ijklms}}{2} = 1',
        reason:
          '(1.2) for the prism: exactly one full variant has all its reactions non-negative. The friction section checks it at the default parameters, beside the sums of the variants’ reactions; it holds only without self-locking (§1), which the derivation decides at the defaults alone, so over the parameters’ ranges it is not proved here.',
      },
      {
        eq: '§3',
        name: '\\Delta^{\\varepsilon} = 0',
        reason:
          'self-locking with skew: Smirnov remarks that at real friction coefficients the prism locks when its longitudinal size is much smaller than its transverse size. The derivation gives each variant’s $\\Delta^{\\varepsilon}$ in closed form and its least ratio to $\\Delta_0$ at the defaults (the friction section), not the region of the $a_s$, $b_s$, $c_s$, $w$, $h$, $f_{ps}$ where one vanishes; the planar case, one inequality, is derived in the report prism-in-guides-planar.',
      },
      {
        eq: '§2',
        name: '2^{5 - r} \\text{ components of } 2^{r - 5}',
        reason:
          'the incomplete support, a prism held by $r < 5$ bearing pairs: the switching function then has $2^{5 - r}$ non-zero components, each $2^{r - 5}$, so that (2.3), $\\sum F = 1$, still holds, and $\\Phi$ is made of $2^{5 - r}$ groups of $r$ terms. The model declares all five pairs, and its variants are enumerated for them only.',
      },
      {
        eq: '§3',
        name: '\\text{a full variant in at most two tries}',
        reason:
          'Smirnov’s rule: take any full variant, move the pairs whose reactions come out negative to their other faces, and the second try is the realized variant. The report finds the realized variant by solving all 32 full variants and keeping the one with every reaction non-negative; the rule is neither used nor proved here, and with friction a pair moved to its other face changes the other pairs’ reactions through its friction terms, so that the second try need not be admissible.',
      },
      {
        eq: '§3',
        name: '\\text{the friction force continuous across a switch}',
        reason:
          'with continuous loads, unchanged signs of the sliding velocities and no self-locking, the friction force changes continuously when the variant of support changes, though the faces’ coefficients differ. The derivation gives each variant’s $\\Phi$ and the switched sum, and the run here stays in one variant; the continuity is not proved. The planar case passes through a switch in the report prism-in-guides-planar-sweep, at one set of parameters.',
      },
      {
        eq: '§3',
        name: '\\max \\sum_s N_s',
        reason:
          'Smirnov’s observation, from numerical examples and without proof, that the realized variant has the largest algebraic sum of the normal reactions. The friction section tabulates the sum of every full variant, and says whether the realized one’s is the largest, at the default parameters only; over the parameters’ ranges it is neither proved nor checked.',
      },
      {
        eq: '§2',
        name: 'a = a^0 + x',
        reason:
          'support points fixed on the guides, which move along the prism as it slides. The model’s support points $a_s$, $b_s$, $c_s$ are fixed in the prism (its constraints place them by the small rotations about its centre), so they travel with it. The planar case of §2, and this rule, are derived in the reports prism-in-guides-planar and prism-in-guides-planar-fixed.',
      },
    ],
    // Fig. 1 seen from the side (x along, z up) at the initial state, beside the top view of the model's own sketch:
    // pairs 3, 4, 5 on the faces normal to z, one point above the other at (aₛ, ±h); pairs 1, 2 on the faces normal
    // to y at their heights cₛ (both points of a pair, at ±w, one behind the other). The small rotations' linear terms
    // place a point (a, b, c) at (x − bψ + cθ, z − aθ + bφ).
    sketches: [
      {
        eq: 'Fig. 1',
        at: {},
        caption:
          'The prism seen from the side ($x$ to the right, $z$ up), between the guides’ faces $z = \\pm h$: the pairs 3, 4, 5 of support points at $(a_s, \\pm h)$, the pairs 1, 2 on the faces normal to $y$ at $(a_s, c_s)$; the reactions $N_3$, $N_4$, $N_5$ of the variant $(-,-,+,+,+)$ the default loads realize, pairs 3–5 bearing on the lower face $z = -h$ (pairs 1, 2 bear on $y = +w$, normal to the view); the loads $P_x$, $P_z$ ($M_y$, clockwise here, and $M_x$ not drawn)',
        drawing: {
          points: Object.fromEntries(
            [
              ['A', '-0.4', '0', '-h'],
              ['B', '0.4', '0', '-h'],
              ['C', '0.4', '0', 'h'],
              ['D', '-0.4', '0', 'h'],
              ['1', 'a1', 'w', 'c1'],
              ['2', 'a2', 'w', 'c2'],
              ['3', 'a3', 'b3', '-h'],
              ["3'", 'a3', 'b3', 'h'],
              ['4', 'a4', 'b4', '-h'],
              ["4'", 'a4', 'b4', 'h'],
              ['5', 'a5', 'b5', '-h'],
              ["5'", 'a5', 'b5', 'h'],
              ['O', '0', '0', '0'],
              ['E', '0.4', '0', '0'],
              ['Pxtip', '(0.4 + 0.04*Px)', '0', '0'],
              ['Pztip', '0', '0', '(0.003*Pz)'],
            ].map(([n, a, b, c]) => [n, [`x + ${a} - ${b}*psi + ${c}*theta`, `z - ${a}*theta + ${b}*phi + ${c}`] as const]),
          ),
          segments: [
            ['A', 'B'],
            ['B', 'C'],
            ['C', 'D'],
            ['D', 'A'],
          ],
          hidden: ['E', 'Pxtip', 'Pztip'],
          labels: false,
          ground: ['y = -h', 'h = y'],
          // No axes: between faces 2h apart the z arrow would run into the upper guide; the caption names them. P_x as in
          // the top view, P_z (0.003 m per N) inside the 0.16 m high prism; M_y is clockwise here (y into the view), and
          // the sketch's moment arcs are counter-clockwise: the caption names it.
          annotations: {
            axes: false,
            supports: ['1', '2', '3', "3'", '4', "4'", '5', "5'"],
            vectors: [
              { from: 'E', to: 'Pxtip', label: 'Px' },
              { from: 'O', to: 'Pztip', label: 'Pz' },
            ],
          },
        },
        // Pairs 3 and 4 one behind the other in this view: one arrow for both.
        reactions: { '3': 'N_{3}, N_{4}', '5': 'N_{5}' },
      },
    ],
  },
});
