import { defineModel } from '../src/model/index.js';
import type { ModelSpec } from '../src/model/spec.js';

// The paper's closed forms of the planar case (smirnov1981 §2) as printed,
// for the faces i, j that pairs 1 and 2 bear on: 1 the face whose normal is
// +y (at y = +w, reaction along −y), 2 the face at y = −w. Each pair's two
// points face each other (a_{i1}, a_{j2} where they are, below), b_{ps} is the
// y of face p, f_{ps} the friction of pair s on face p (the parameter fps),
// sgn = sgn ẋ, M the moment of the load.

/**
 * Where a pair's points are: on the prism (a⁰ along it), fixed on the guides (a⁰ − x along the advancing prism),
 * or either, by a 0/1 parameter g_s (a⁰ − g_s x).
 */
export type Place = 'prism' | 'guides' | 'flag';
/** a_{ps} of pair s in the model language. */
const along = (s: 1 | 2, place: Place): string => (place === 'prism' ? `a${s}` : place === 'guides' ? `(a${s} - x)` : `(a${s} - g${s}*x)`);
/** The same in LaTeX. */
const alongTex = (s: 1 | 2, place: Place): string => (place === 'prism' ? `a_${s}` : place === 'guides' ? `a_${s} - x` : `a_${s} - g_${s} x`);
const b = (p: 1 | 2): string => (p === 1 ? 'w' : '(-w)');
/**
 * The paper's a_{ps} of pair s on face p where the pair's points may be fixed on the guides: the rows type §2 in it and
 * bind it to the rule (a_s − g_s x, a_s − x), which the table prints beside them; a pair on the prism is at a_s.
 */
const paperA = (p: 1 | 2, s: 1 | 2, places: readonly [Place, Place]): string => (places[s - 1] === 'prism' ? `a${s}` : `a${p}${s}`);
/** Each a_{ps} of paperA bound to where its pair's points are. */
const aRule = (places: readonly [Place, Place]): Record<string, string> =>
  Object.fromEntries(
    ([1, 2] as const).flatMap((s) => (places[s - 1] === 'prism' ? [] : ([1, 2] as const).map((p) => [`a${p}${s}`, along(s, places[s - 1]!)]))),
  );
// §2's forms with i, j set in, a_{i1}, a_{j2} the model's places of pairs 1 and 2 (one each: a pair's two points face
// each other) and b_{ps} = ±w in place, so that the table prints the paper's Δ_ij, N_ij1, N_ij2, Φ_ij, the reading said
// once (general). In Δ_ij, f_{j2}b_{j2}(−1)^j − f_{i1}b_{i1}(−1)^i = w(f_{i1} − f_{j2}) for every i, j: typed so.
const delta = (i: 1 | 2, j: 1 | 2, places: readonly [Place, Place]): string => `${paperA(j, 2, places)} - ${paperA(i, 1, places)} + w*(f${i}1 - f${j}2)*sgn`;
const N1 = (M: string, i: 1 | 2, j: 1 | 2, places: readonly [Place, Place]): string =>
  `(-1)^${i}*(${M} - Py*(${paperA(j, 2, places)} + (-1)^${j}*f${j}2*${b(j)}*sgn))/Delta${i}${j}`;
const N2 = (M: string, i: 1 | 2, j: 1 | 2, places: readonly [Place, Place]): string =>
  `(-1)^${j}*(-(${M}) + Py*(${paperA(i, 1, places)} + (-1)^${i}*f${i}1*${b(i)}*sgn))/Delta${i}${j}`;
/**
 * §2's N_{ijk} as a formula of the parameters and the state alone: its Δ_ij, its a_{ps} and sgn ẋ set in, so that a
 * row binding the paper's N_{ijk} to it weighs the paper's own reactions, not the derived ones.
 */
const typedN = (k: 1 | 2, M: string, i: 1 | 2, j: 1 | 2, places: readonly [Place, Place]): string => {
  const rule = aRule(places);
  const a = (e: string): string => e.replace(/\ba[12][12]\b/g, (name) => rule[name] ?? name);
  const N = (k === 1 ? N1 : N2)(M, i, j, places).replace(`Delta${i}${j}`, `(${delta(i, j, places)})`);
  return a(N).replaceAll('sgn', "sign(x')");
};
/** The engine names a variant by the side that bears: + (reaction +y) is the paper's face 2. */
const sides = (i: 1 | 2, j: 1 | 2): string => `(${i === 2 ? '+' : '-'},${j === 2 ? '+' : '-'})`;
/** How the rows below read §2's general form, typed from the paper once (delta, N1, N2 above) and set in for each of the four variants. */
const general = (places: readonly [Place, Place], M: string): string =>
  `each variant is §2’s general form $\\Delta_{ij} = a_{j2} - a_{i1} + [f_{j2}b_{j2}(-1)^j - f_{i1}b_{i1}(-1)^i]\\operatorname{sgn}\\dot{x}$, $N_{ij1} = (-1)^i\\{M_z - P_y[a_{j2} + (-1)^j f_{j2}b_{j2}\\operatorname{sgn}\\dot{x}]\\}/\\Delta_{ij}$, $N_{ij2} = (-1)^j\\{-M_z + P_y[a_{i1} + (-1)^i f_{i1}b_{i1}\\operatorname{sgn}\\dot{x}]\\}/\\Delta_{ij}$ with $a_{i1} = ${alongTex(1, places[0])}$, $a_{j2} = ${alongTex(2, places[1])}$, $b_{1s} = w$, $b_{2s} = -w$, $f_{ps}$ the parameter $f_{ps}$${M === 'Mz' ? '' : `, and the moment $M_z$ of the load grown to $${M === 'Mz + k*t' ? 'M_z + kt' : M}$`}.`;
/**
 * smirnov1981 §2 on support points fixed on the guides, as the rows read it: the paper's a_{ps} = a⁰_{ps} + x
 * corrected (the one statement of it, for every model of the planar prism that has a pair fixed or a flag for it).
 */
function fixedNote(places: readonly [Place, Place]): string | undefined {
  const why =
    'the paper prints $a_{ps} = a^0_{ps} + x$, but a point at $a^0_{ps}$ along the prism when $x = 0$ is at $a^0_{ps} - x$ once the prism has advanced by $x$';
  if (places.includes('flag'))
    return `corrected: where a pair’s points are fixed on the guides ($g_s = 1$) ${why}; so $\\Delta_{ij}$ and $N_{ij1}$, $N_{ij2}$ vary with $x$ where one pair is fixed and the other is not. The run here has $g_1 = g_2 = 0$; the report prism-in-guides-planar-fixed runs $g_2 = 1$, pair 2 fixed on the guides: its variant changes as it advances, and it locks.`;
  const fixed = ([1, 2] as const).filter((s) => places[s - 1] === 'guides');
  if (!fixed.length) return undefined;
  return `corrected: pair ${fixed.join(' and ')}’s points are fixed on the guides, where ${why}; so here ${fixed.map((s) => `$a_{p${s}} = a_${s} - x$`).join(', ')}, and $\\Delta_{ij}$, $N_{ij1}$, $N_{ij2}$ vary with $x$.`;
}
/**
 * smirnov1981 §2's place of a pair s fixed on the guides, read off variant 11's Δ₁₁ = a₁₂ − a₁₁ + (f₁₁ − f₁₂)w sgn ẋ:
 * as printed, a_{1s} = a_s + x, which disagrees, and corrected, a_s − x, counted apart (as rough-hinge-pendulum's Δᵢ).
 */
function fixedRows(places: readonly [Place, Place], note: string | undefined) {
  return ([1, 2] as const)
    .filter((s) => places[s - 1] === 'guides')
    .flatMap((s) => {
      const other = s === 1 ? `a12 - Delta11 + (f11 - f12)*w*sgn` : `Delta11 + a11 - (f11 - f12)*w*sgn`;
      const where = { Delta11: `supports.${sides(1, 1)}.Δ`, sgn: "sign(x')", x: 'x', [s === 1 ? 'a12' : 'a11']: along(s === 1 ? 2 : 1, places[2 - s]!) };
      const row = (rule: string) => ({ eq: '§2', name: `a_{1${s}}`, formula: `${other} = a${s} ${rule} x`, where });
      return [
        { ...row('+'), note: `as printed, $a_{ps} = a^0_{ps} + x$ for pair ${s}, its points fixed on the guides, read off $\\Delta_{11}$` },
        { ...row('-'), origin: 'correction' as const, ...(note ? { note } : {}) },
      ];
    });
}
/** §2's subscripts of pair 1, as the rows read them. */
const AII = 'the paper prints pair 1’s $a_{i1}$ and $f_{i1}$ as $a_{ii}$ and $f_{ii}$; the rows read them as $a_{i1}$, $f_{i1}$ (pair 1 on face $i$).';
const faces = [
  [1, 1],
  [1, 2],
  [2, 1],
  [2, 2],
] as const;

// Smirnov's example 2, planar symmetric case (smirnov1981 §2): a prism moving
// along x in guides with vanishing clearance, two pairs of support points on
// the faces normal to y, at a1 and a2 along the prism; the point of a pair
// that bears is on the face at y = −w (reaction +y) or y = +w (reaction −y).
// Small rotations θ (the clearance vanishes): a point (a, b) of the prism is
// at (x − bθ, y + aθ). Applied and inertial loads reduced to the centre of
// mass: Px, Py and the moment Mz. 3² = 9 variants of support, 4 full ones.
// planarPrism builds it for where the pairs' points are and for the moment M
// of the load ('Mz', or one that grows with t), so that a model that fixes a
// pair prints a_s − x, and not a flag; the variants below override the rest.
export function planarPrism(places: readonly [Place, Place], M = 'Mz'): ModelSpec {
  const flags = Object.fromEntries(
    ([1, 2] as const)
      .filter((s) => places[s - 1] === 'flag')
      .map((s) => [
        `g${s}`,
        {
          default: 0,
          range: [0, 1],
          description: `1 where pair ${s}’s points are fixed on the guides (at $a_${s} - x$ along the prism), 0 where on the prism`,
        },
      ]),
  );
  const fixed = fixedNote(places);
  return {
    name: 'prism-in-guides-planar',
    title: 'Prism in rough guides (planar)',
    sources: ['smirnov1981'],
    description:
      'A prism sliding in guides with vanishing clearance (Smirnov, example 2, planar symmetric case): the support variant decides which faces bear and so the friction force.',
    coordinates: [
      { name: 'x', description: 'position along the guides', unit: 'm' },
      { name: 'y', description: 'lateral position', unit: 'm' },
      { name: 'theta', description: 'yaw angle', unit: 'rad' },
    ],
    parameters: {
      m: { default: 1, description: 'mass', unit: 'kg' },
      J: { default: 0.1, description: 'moment of inertia about the centre of mass', unit: 'kg m^2' },
      Px: { default: 1, description: 'load along the guides', unit: 'N' },
      Py: { default: 2, description: 'lateral load', unit: 'N' },
      Mz: { default: 0.5, description: 'moment of the load', unit: 'N m' },
      a1: { default: -0.5, description: 'position of support pair 1 along the prism', unit: 'm' },
      a2: { default: 0.5, description: 'position of support pair 2 along the prism', unit: 'm' },
      ...flags,
      w: { default: 0.2, description: 'half width of the prism', unit: 'm' },
      f11: { default: 0.3, range: [0, 2], description: 'friction at pair 1, face $y = +w$' },
      f21: { default: 0.25, range: [0, 2], description: 'friction at pair 1, face $y = -w$' },
      f12: { default: 0.2, range: [0, 2], description: 'friction at pair 2, face $y = +w$' },
      f22: { default: 0.35, range: [0, 2], description: 'friction at pair 2, face $y = -w$' },
    },
    kinetic: "m*(x'^2 + y'^2)/2 + J*theta'^2/2",
    forces: { x: 'Px', y: 'Py', theta: M },
    holonomic: [
      {
        name: 'pair1',
        expr: `y + ${along(1, places[0])}*theta`,
        slip: { positive: 'x + w*theta', negative: 'x - w*theta' },
        friction: { positive: 'f21', negative: 'f11' },
      },
      {
        name: 'pair2',
        expr: `y + ${along(2, places[1])}*theta`,
        slip: { positive: 'x + w*theta', negative: 'x - w*theta' },
        friction: { positive: 'f22', negative: 'f12' },
      },
    ],
    // Seen from above: the prism (half length 0.6, half width w) between its guides, its
    // support pairs 1 and 2 at a1, a2 on both faces, each point named ps as in the paper's f_ps: face p (1 at y = +w,
    // 2 at y = −w) of pair s, at a_{ps} along the prism (a point (a, b) of the prism at (x − bθ, y + aθ), drawn turned by θ).
    drawing: {
      points: Object.fromEntries(
        [
          ['A', '-0.6', '-w'],
          ['B', '0.6', '-w'],
          ['C', '0.6', 'w'],
          ['D', '-0.6', 'w'],
          ['21', along(1, places[0]), '-w'],
          ['11', along(1, places[0]), 'w'],
          ['22', along(2, places[1]), '-w'],
          ['12', along(2, places[1]), 'w'],
          ['O', '0', '0'],
          ['E', '0.6', '0'],
          ['Pxtip', '(0.6 + 0.5*Px)', '0'],
          ['Pytip', '0', '(0.09*Py)'],
          // Marks of the still sketch: the friction on the bearing points of face 1, against ẋ > 0 (a push ending at
          // the point, as the reactions are drawn), the pairs' places along the prism measured below its axis, and w.
          ['F1', `(${along(1, places[0])} + 0.1)`, '(w - 0.045)'],
          ['F1h', along(1, places[0]), '(w - 0.045)'],
          ['F2', `(${along(2, places[1])} + 0.1)`, '(w - 0.045)'],
          ['F2h', along(2, places[1]), '(w - 0.045)'],
          ['G', '0', '(-0.12)'],
          ['A1', along(1, places[0]), '(-0.12)'],
          ['A2', along(2, places[1]), '(-0.12)'],
          ['W0', '0.25', '0'],
          ['W1', '0.25', 'w'],
        ].map(([n, u, v]) => [n, [`x + ${u}*cos(theta) - ${v}*sin(theta)`, `y + ${u}*sin(theta) + ${v}*cos(theta)`] as const]),
      ),
      segments: [
        ['A', 'B'],
        ['B', 'C'],
        ['C', 'D'],
        ['D', 'A'],
      ],
      hidden: ['F1', 'F1h', 'F2', 'F2h', 'G', 'A1', 'A2', 'W0', 'W1'],
      labels: false,
      ground: ['y = -w', 'w = y'],
      // The applied loads: P_x drawn from the front face (0.5 m per N), P_y from the centre of mass (0.09 m per N, inside
      // the 0.4 m wide prism), M_z about it.
      // No yaw arc: θ = 0 at the initial state, where its mark would be a bare label on a support point. No axes: in the
      // view's corner they would cross the reaction at pair 11; a₁, a₂ and w are drawn along x and y.
      annotations: {
        supports: ['11', '21', '12', '22'],
        angles: [],
        axes: false,
        vectors: [
          { from: 'E', to: 'Pxtip', label: 'Px' },
          { from: 'O', to: 'Pytip', label: 'Py' },
          { from: 'F1', to: 'F1h', label: 'Phi1' },
          { from: 'F2', to: 'F2h', label: 'Phi2' },
          { from: 'G', to: 'A1', label: 'a1' },
          { from: 'G', to: 'A2', label: 'a2' },
          { from: 'W0', to: 'W1', label: 'w' },
        ],
        moments: [{ at: 'O', label: 'Mz' }],
      },
    },
    initial: { qd: { x: 1 }, t1: 2 },
    // smirnov1981 §2, the planar symmetric case: Δᵢⱼ, Nᵢⱼ₁, Nᵢⱼ₂ of each of the four full variants, its term fᵢ₁Nᵢⱼ₁ + fⱼ₂Nᵢⱼ₂
    // of Φ, and the switched Φ. Its rule from rest is the friction section's (supports-rest); its count of variants is no result.
    paper: {
      source: 'smirnov1981',
      formulas: [
        ...faces.flatMap(([i, j]) => {
          const v = `supports.${sides(i, j)}`;
          const where = { sgn: "sign(x')", x: 'x', ...aRule(places) };
          // N_ij1, N_ij2 over the Δ_ij of the row above, Φ_ij in the N_ij1, N_ij2 of theirs: as the paper prints them.
          const over = { ...where, [`Delta${i}${j}`]: `${v}.Δ` };
          return [
            {
              eq: '§2',
              name: `\\Delta_{${i}${j}}`,
              formula: delta(i, j, places),
              // a_{j2} − a_{i1} first, as the paper prints it.
              order: 'typed' as const,
              derived: `${v}.Δ`,
              where,
              ...(i === 1 && j === 1 ? { note: general(places, M) } : {}),
            },
            {
              eq: '§2',
              name: `N_{${i}${j}1}`,
              formula: N1(M, i, j, places),
              derived: `${v}.N1`,
              where: over,
              ...(i === 1 && j === 1 && fixed && places.includes('flag') ? { note: fixed } : {}),
            },
            {
              eq: '§2',
              name: `N_{${i}${j}2}`,
              formula: N2(M, i, j, places),
              derived: `${v}.N2`,
              where: over,
              ...(i === 1 && j === 1 ? { note: AII } : {}),
            },
            {
              eq: '§2',
              name: `\\Phi_{${i}${j}}`,
              formula: `f${i}1*N${i}${j}1 + f${j}2*N${i}${j}2`,
              // A factor of the paper's Φ, not printed on its own: the toolkit's reduction, counted apart. Its N_ij1,
              // N_ij2 are the paper's of the rows above, against the derived variant's Σ κ N.
              origin: 'reduction' as const,
              derived: `${v}.Φ`,
              // Printed in the names of the rows above, which its note says it sets in.
              display: `f_{${i}1} N_{${i}${j}1} + f_{${j}2} N_{${i}${j}2}`,
              where: { [`N${i}${j}1`]: typedN(1, M, i, j, places), [`N${i}${j}2`]: typedN(2, M, i, j, places) },
              ...(i === 1 && j === 1
                ? {
                    note: 'variant $ij$’s term $f_{i1}N_{ij1} + f_{j2}N_{ij2}$ of the paper’s $\\Phi$ below, which it does not print on its own, with the paper’s $N_{ij1}$, $N_{ij2}$ of the rows above, against the derived $\\Phi^{\\varepsilon} = \\kappa_1^{\\varepsilon_1} N_1^{\\varepsilon} + \\kappa_2^{\\varepsilon_2} N_2^{\\varepsilon}$: it holds with $\\kappa_s^{+} = f_{2s}$, $\\kappa_s^{-} = f_{1s}$, the side $+$ of pair $s$ (its reaction along $+y$) being the paper’s face 2.',
                  }
                : {}),
            },
          ];
        }),
        // §2's switched Φ over the four full variants, each weighed by (1 + sgn Nᵢⱼ₁)(1 + sgn Nᵢⱼ₂)/4: the friction bound of the realized one.
        // In the paper's one line, its Nᵢⱼ₁, Nᵢⱼ₂ §2's own forms (typedN), each checked against the derived variant in its own row above.
        {
          eq: '§2',
          name: '\\Phi',
          formula: `(${faces.map(([i, j]) => `(1 + sign(N${i}${j}1))*(1 + sign(N${i}${j}2))*(f${i}1*N${i}${j}1 + f${j}2*N${i}${j}2)`).join(' + ')})/4`,
          display:
            '\\frac{1}{4}\\sum_{i=1}^{2}\\sum_{j=1}^{2}(1 + \\operatorname{sgn} N_{ij1})(1 + \\operatorname{sgn} N_{ij2})(f_{i1}N_{ij1} + f_{j2}N_{ij2})',
          derived: 'supports.Φ',
          where: Object.fromEntries(faces.flatMap(([i, j]) => ([1, 2] as const).map((k) => [`N${i}${j}${k}`, typedN(k, M, i, j, places)]))),
          note: `the paper’s $\\Phi$, typed term by term in the paper’s $N_{ij1}$, $N_{ij2}$ of the rows above, against the switched sum $\\sum_\\varepsilon \\chi(\\varepsilon)\\Phi^{\\varepsilon}$ of the derived variants.${
            M === 'Mz' && places.includes('flag')
              ? ' The constant loads here realize one variant along the whole run; the companion report prism-in-guides-planar-sweep, under a growing moment $M_z + kt$, passes from variant 11 to 21 where $N_{111}$ reaches 0, and plots the switch of the reactions and of $\\Phi$.'
              : ''
          }`,
        },
        ...fixedRows(places, fixed),
      ],
      // smirnov1981 §3's statements about every system of its kind, which the derivation does not prove.
      notDerived: [
        {
          eq: '§3',
          name: '\\text{a full variant in at most two tries}',
          reason:
            'Smirnov’s rule: take any full variant, move the pairs whose reactions come out negative to their other faces, and the second try is the realized variant. The report finds the realized variant by solving all four full variants and keeping the one with both reactions non-negative; the rule is neither used nor proved here, and with friction a pair moved to its other face changes the other pair’s reaction through its friction terms, so that the second try need not be admissible.',
        },
        {
          eq: '§3',
          name: '\\text{the friction force continuous across a switch}',
          reason: `with continuous loads, unchanged signs of the sliding velocities and no self-locking, the friction force changes continuously when the variant of support changes, though the faces’ coefficients differ. The derivation gives each variant’s $\\Phi_{ij}$ and the switched $\\Phi$; the continuity is not proved. ${
            M === 'Mz' ? 'The report prism-in-guides-planar-sweep passes' : 'The run here passes'
          } from variant 11 to 21 and plots $\\Phi$ across the switch, at one set of parameters.`,
        },
        {
          eq: '§3',
          name: '\\max \\sum_s N_s',
          reason:
            'Smirnov’s observation, from numerical examples and without proof, that the realized variant has the largest algebraic sum of the normal reactions. The friction section gives the sum of every full variant, and says whether the realized one’s is the largest, at the default parameters only; over the parameters’ ranges it is neither proved nor checked.',
        },
      ],
      // The planar case seen from above at the initial state, with the reactions of the variant the default loads realize
      // (11: both pairs bear on face 1, y = +w), the paper's N_{ij1} at pair 1 and N_{ij2} at pair 2, each along its face's normal.
      sketches: [
        {
          eq: '§2',
          at: {},
          caption:
            'The prism between its guides’ faces $y = \\pm w$ seen from above ($x$ to the right, along the guides; $y$ up), the pairs 1, 2 of support points at $a_1$, $a_2$ on both faces, the loads $P_x$, $P_y$, $M_z$, and the reactions $N_{111}$, $N_{112}$ of variant 11, the one the default loads realize (both pairs bearing on face 1, $y = +w$), with their friction $\\Phi_1$, $\\Phi_2$ against $\\dot{x} > 0$; open circles are the support points, filled dots the prism’s corners, centre and front face’s midpoint',
          reactions: { '11': 'N_{111}', '12': 'N_{112}' },
        },
      ],
    },
  };
}

export default defineModel(planarPrism(['flag', 'flag']));
