// The section of a report on constraints realized by forces (Kozlov 1988):
// for each compliant contact its gap and penetration, the realized
// potential V_c, Rayleigh function D and added mass, the normal force F_n,
// and side by side the equations of each region (inside, penetrating,
// separating) and at each switching surface (f = 0 and, without adhesion,
// F_n = 0) with the rigid model they tend to; gap potentials and Theorem 1
// realizations of retaining constraints. Everything printed is derived data
// (DerivedSystem.compliant); a rigid-limit study has its own section
// (limit.ts).
// Tests: test/report/compliant.test.ts.
import { add, dependsOn, div, freeSymbols, MINUS_ONE, ONE, ZERO, type Expr } from '../core/expr.js';
import { subsRecord } from '../core/subs.js';
import { simplify } from '../core/trig.js';
import type { CompliantTerm, RigidLimit } from '../derive/compliant/compliant.js';
import type { DerivedSystem } from '../derive/system.js';
import type { LimitPiece } from '../derive/motion/limit-motion.js';
import { equation, equations, m, paragraph, ref, type Block, type Inline, type Section, type Table } from './document.js';
import { latexMatrix, texWidth } from './latex.js';
import { constraintLabel, math, mathLines, mechanicsSymbol, reportSymbols, type ReportSymbols } from './notation.js';

/**
 * Coordinate i's share of the forces realizing constraints where they act,
 * F_s ∂f_s/∂q_i per compliant term (not those realized everywhere, which are
 * in L_N already, nor an added mass alone, whose force is inertial), as
 * signed LaTeX terms for an equation that states only the applied forces
 * (Hamilton's ṗ).
 */
export function compliantForceTerms(system: DerivedSystem, i: number, coordinate: string): string[] {
  return (system.compliant?.terms ?? [])
    .filter((t) => !t.everywhere && t.generalizedForce[i] !== ZERO)
    .map((t) => {
      const g = t.row.row[i]!;
      const F = `F_{${constraintLabel(t.name)}}`;
      if (g === ONE) return `+ ${F}`;
      if (g === MINUS_ONE) return `- ${F}`;
      return `+ ${F}\\,\\partial f_{${constraintLabel(t.name)}}/\\partial ${coordinate}`;
    });
}

/** Where each compliant contact's force vanishes, outside its contact: F = 0 for f > 0 (kozlov1988 §2: F_line = 0 for y > 0). */
export function compliantZeros(system: DerivedSystem): Inline[] {
  const terms = (system.compliant?.terms ?? []).filter((t) => !t.everywhere);
  return terms.flatMap((t, i) => [...(i ? [', '] : []), m(`F_{${constraintLabel(t.name)}} = 0`), ' for ', m(`${math(t.gap)} > 0`)]);
}

/**
 * The section; `pieces`, the rigid-limit study's limit motion, gives each delayed release's multiplier piece by
 * piece (kozlov1988 (2.7)).
 */
export function compliantSection(system: DerivedSystem, pieces: readonly LimitPiece[] = []): Section | undefined {
  const terms = system.compliant?.terms ?? [];
  if (terms.length === 0) return undefined;
  const blocks: Block[] = [
    paragraph(
      'Some constraints are not held rigidly but realized by forces, after Kozlov ',
      ref('cite:kozlov1988'),
      ': their terms enter the Lagrangian and a Rayleigh function, and the rigid constraint is what they tend to as their coefficients grow.',
    ),
    ...terms.flatMap((t) => termBlocks(t, reportSymbols(system), heldPieces(pieces, t.name))),
    ...realizedMomenta(system),
  ];
  return { id: 'compliant', title: 'Constraints realized by forces', blocks };
}

/** The momenta of L_N where terms act everywhere (kozlov1988 (1.2)): those of Hamilton's equations and of the energy. */
function realizedMomenta(system: DerivedSystem): Block[] {
  const { realized, model } = system;
  if (!realized) return [];
  return [
    paragraph(
      'With the terms acting everywhere the Lagrangian is ',
      m('L_N = T_N - V_N'),
      ' (Kozlov (1.2)), whose energy the plots show and whose Hamilton’s equations Section ',
      ref('sec:hamilton'),
      ' gives; its momenta are',
    ),
    equations(
      ...model.coordinates.map((c, i) =>
        equation(`realized-momentum-${i + 1}`, `\\partial L_N/\\partial ${mechanicsSymbol(c.qd.name)}`, mathLines(realized.momenta[i]!)),
      ),
    ),
  ];
}

/** A piece of the limit motion where a realized contact is held, with its multiplier there and whether it pulls (λ < 0 at the defaults). */
interface HeldPiece {
  readonly start: Expr;
  readonly end?: Expr;
  readonly reaction: Expr;
  readonly tensile: boolean;
}

/** The pieces of the limit motion where contact `name` is engaged, with their multipliers. */
function heldPieces(pieces: readonly LimitPiece[], name: string): HeldPiece[] {
  return pieces.flatMap((p) => {
    const r = p.reactions.find((x) => x.name === name);
    return r ? [{ start: p.start, ...(p.end ? { end: p.end } : {}), reaction: r.reaction, tensile: r.tensile }] : [];
  });
}

/** How each kind of realized term is printed, keyed by CompliantTerm['source'] (a new realized law does not compile without its entry). */
const TERM_BLOCKS: {
  readonly [K in CompliantTerm['source']]: (t: CompliantTerm, s: string, f: string, letters: ReportSymbols, held: readonly HeldPiece[]) => Block[];
} = {
  potential: (t, s, f) => [
    paragraph(`Contact ${t.name} is replaced by a potential of its gap acting everywhere (Kozlov, after Theorem 2: `, m('V + \\exp(-Nf)'), '), with'),
    equations(equation(`gap-${t.name}`, f, mathLines(t.gap)), equation(`potential-${t.name}`, `V_{${s}}`, mathLines(t.potential))),
    ...limitBlocks(
      t.limit,
      f,
      t.adhesion,
      ['added to V in every equation of motion; its force along ', m(`\\partial ${f}/\\partial q`), ' is ', m(`-\\mathrm{d}V_{${s}}/\\mathrm{d}${f}`), '. '],
      t.name,
    ),
  ],
  realization: (t, s) => [
    paragraph(
      `The retaining constraint ${t.name}, `,
      m(`\\varphi_{${s}} = 0`),
      ", is realized by the terms of Kozlov's Theorem 1 instead of being held: ",
      m(`T + \\alpha\\dot{\\varphi}^2/2`),
      ', ',
      m(`V + \\beta\\varphi^2/2`),
      ' and the Rayleigh function ',
      m(`\\gamma\\dot{\\varphi}^2/2`),
      ', here',
    ),
    equations(
      equation(`phi-${t.name}`, `\\varphi_{${s}}`, mathLines(t.gap)),
      // The added mass's kinetic energy and the stiffness's potential apart (kozlov1988 (1.2)'s T_N and V_N).
      ...(t.kinetic !== ZERO ? [equation(`realization-kinetic-${t.name}`, `T_{${s}}`, mathLines(t.kinetic))] : []),
      ...(t.potential !== ZERO ? [equation(`realization-potential-${t.name}`, `V_{${s}}`, mathLines(t.potential))] : []),
      ...(t.rayleigh !== ZERO ? [equation(`realization-rayleigh-${t.name}`, `D_{${s}}`, mathLines(t.rayleigh))] : []),
    ),
    paragraph('They add the force ', m(`F_{${s}}\\,\\partial\\varphi_{${s}}/\\partial q`), ' with'),
    equations(equation(`realization-force-${t.name}`, `F_{${s}}`, mathLines(t.force))),
    ...limitBlocks(t.limit, `\\varphi_{${s}}`, true, t.inertia ? ['and the added mass to M. '] : [], t.name),
  ],
  compliant: (t, s, f, letters, held) => contactBlocks(t, s, f, latexMatrix([t.row.row.map(math)]), letters, held),
};

/**
 * V_c as the spring's law in the gap where that prints narrower than V_c in
 * the coordinates (kozlov1988 §4's walls: N f²/2, not N(2R₂l − x²)²/(8R₂²) + …):
 * ½k f² for a linear spring, k δ^(p+1)/(p+1) in the penetration otherwise.
 */
function potentialLines(t: CompliantTerm, f: string, s: string): string | string[] {
  const lines = mathLines(t.potential);
  if (!t.spring) return lines;
  const { stiffness, exponent } = t.spring;
  const power = add(exponent, ONE);
  const law = exponent === ONE ? `\\tfrac{1}{2}\\,${math(stiffness)}\\,${f}^{2}` : `${math(div(stiffness, power))}\\,\\delta_{${s}}^{${math(power)}}`;
  return texWidth(law) < texWidth(lines.join(' ')) ? law : lines;
}

function termBlocks(t: CompliantTerm, letters: ReportSymbols, held: readonly HeldPiece[]): Block[] {
  const s = constraintLabel(t.name);
  return TERM_BLOCKS[t.source](t, s, `f_{${s}}`, letters, held);
}

/** A compliant contact's gap, force and regions; `letters` the report's mass matrix and forcing (h beside the gap f: notation.ts). */
function contactBlocks(t: CompliantTerm, s: string, f: string, G: string, letters: ReportSymbols, limitPieces: readonly HeldPiece[]): Block[] {
  const { mass, forcing } = letters;
  const rate = `\\dot{f}_{${s}}`;
  const blocks: Block[] = [
    paragraph(`Contact ${t.name} is compliant: where its gap `, m(`${f} \\le 0`), ' (penetration ', m(`\\delta_{${s}} = -${f}`), ') it adds'),
    equations(
      equation(`gap-${t.name}`, f, mathLines(t.gap)),
      equation(`gap-row-${t.name}`, `\\partial ${f}/\\partial q`, G),
      ...(t.potential !== ZERO ? [equation(`compliant-potential-${t.name}`, `V_{${s}}`, potentialLines(t, f, s))] : []),
      ...(t.rayleigh !== ZERO ? [equation(`compliant-rayleigh-${t.name}`, `D_{${s}}`, mathLines(t.rayleigh))] : []),
      ...(t.inertia ? [equation(`compliant-kinetic-${t.name}`, `T_{${s}}`, `\\tfrac{1}{2}\\,${math(t.addedMass)}\\,${rate}^{2}`)] : []),
    ),
    paragraph(
      'and the normal force along ',
      m(`\\partial ${f}/\\partial q`),
      ', ',
      m(`F_{${s}} = -\\mathrm{d}V_{${s}}/\\mathrm{d}${f} - \\partial D_{${s}}/\\partial ${rate}`),
      ':',
    ),
    equations(equation(`compliant-force-${t.name}`, `F_{${s}}`, mathLines(t.force))),
    // kozlov1988 (3.3) lets the medium hold the point: at the exit the spring is slack and the damper pulls.
    ...(t.adhesion && t.rayleigh !== ZERO
      ? [
          paragraph(
            'With adhesion the force is tensile at the exit: where the gap reopens, ',
            m(`${f} = 0`),
            ' with ',
            m(`${rate} > 0`),
            ', only the damping term of ',
            { ref: `compliant-force-${t.name}` },
            ' is left, and it is negative: the medium pulls the point back until it leaves.',
          ),
        ]
      : []),
  ];
  const addedMass = t.inertia ? math(t.addedMass) : '';
  const M = t.inertia ? `(${mass} + ${addedMass}\\,G^{\\top}G)` : mass;
  const bias = t.inertia ? ` - ${addedMass}\\,\\beta_{${s}}\\,G^{\\top}` : '';
  // A contact whose force vanishes (an added mass alone, kozlov1988 (2.5)) has no sign of it to switch on: its
  // regions are the gap's, as with adhesion.
  const held = t.adhesion || t.force === ZERO;
  const pressed = t.force === ZERO ? '' : ` + F_{${s}}\\,G^{\\top}`;
  // Two paragraph columns (the region opens its realized cell): a third would overflow the page.
  const rows: Inline[][][] = [
    [['inside, ', m(`${f} > 0`), ': the equations of Section ', { ref: 'sec:lagrange2' }, ' unchanged'], ['the same']],
    [
      [
        held ? 'in contact, ' : 'penetrating, ',
        m(held ? `${f} \\le 0` : `${f} \\le 0,\\ F_{${s}} > 0`),
        ': ',
        m(`${M}\\,\\ddot{q} = ${forcing}${pressed}${bias}`),
      ],
      heldLimit(t.limit, s, letters, limitPieces),
    ],
  ];
  // Without damping the force, a positive stiffness times the depth, presses wherever f < 0 (kozlov1988 §2's spring,
  // F = −Ny ≥ 0): no region where it would pull, and it vanishes only as the gap reopens.
  const pulls = !held && t.rayleigh !== ZERO;
  if (pulls) {
    rows.push([
      [
        'separating, ',
        m(`${f} \\le 0,\\ F_{${s}} \\le 0`),
        ': the force clamped at zero (no adhesion)',
        ...(t.inertia ? [', the added mass stays: ', m(`${M}\\,\\ddot{q} = ${forcing}${bias}`)] : [': ', m(`${mass}\\,\\ddot{q} = ${forcing}`)]),
      ],
      ['released: ', m(`\\lambda_{${s}} = 0`)],
    ]);
  }
  rows.push(
    [
      ['switching surface ', m(`${f} = 0`), ' as the gap closes (', m(`${rate} < 0`), '): the terms switch on; q and ', m('\\dot{q}'), ' are continuous'],
      impactLimit(t.limit, rate, t.adhesion),
    ],
    [
      [
        'switching surface ',
        ...(held || !pulls
          ? [m(`${f} = 0`), ' as it opens (', m(`${rate} > 0`), '): the terms switch off']
          : [m(`F_{${s}} = 0`), ': the terms switch off before the gap reopens']),
      ],
      ['release, ', m(`\\lambda_{${s}} = 0`)],
    ],
  );
  const table: Table = {
    kind: 'table',
    id: `regions-${t.name}`,
    caption: `Contact ${t.name}: each region and switching surface, realized by forces and in the rigid limit`,
    columns: ['realized by forces', 'rigid limit'],
    align: 'pp',
    rows,
  };
  blocks.push(
    paragraph(
      `The regions and their equations (${forcing}, ${mass} of Section `,
      { ref: 'sec:lagrange2' },
      ', G the row above',
      ...(t.inertia ? [', ', m(`\\beta_{${s}}`), ' the bias of ', m(`\\ddot{f}_{${s}} = G\\ddot{q} + \\beta_{${s}}`)] : []),
      '), beside the rigid constraint ',
      m(`${f} \\ge 0`),
      ' they tend to, held with the multiplier ',
      // A delayed release is held bilaterally: its multiplier pulls too (kozlov1988 (2.7)).
      m(t.limit.kind === 'delayed-release' ? `\\lambda_{${s}}` : `\\lambda_{${s}} \\ge 0`),
      ' (Table ',
      { ref: `tab:regions-${t.name}` },
      '). ',
      'The simulation restarts its steps at the switching surfaces and records a contact or a release.',
    ),
    table,
    ...limitBlocks(t.limit, f, t.adhesion, [], t.name),
  );
  if (t.inertia) {
    blocks.push(
      paragraph(
        'The state is taken continuous across ',
        m(`${f} = 0`),
        ', a choice of the toolkit: Kozlov’s (2.5) enters the added mass at ',
        m(`${rate} = 0`),
        ', and the paper does not say how the state matches where the motion leaves it. Crossing with ',
        m(`${rate} \\ne 0`),
        ' changes the energy by ',
        m(`\\tfrac{1}{2}${math(t.addedMass)}\\,${rate}^{2}`),
        ', gained on entering and lost on leaving.',
      ),
    );
  }
  return blocks;
}

/**
 * The rigid model's contact phase, where the realization penetrates. A delayed release is held bilaterally: its
 * multiplier on each piece of the limit motion, tensile where negative, and when it is free (kozlov1988 (2.7):
 * λ = g, then λ = −g until τ = 2, whose impulse −N Δy → 0 fixes τ).
 */
function heldLimit(limit: RigidLimit, s: string, { mass, forcing }: ReportSymbols, pieces: readonly HeldPiece[]): Inline[] {
  const equations = [m(`${mass}\\,\\ddot{q} = ${forcing} + \\lambda_{${s}}\\,G^{\\top}`), ', ', m(`G\\ddot{q} + \\beta_{${s}} = 0`)];
  if (limit.kind !== 'delayed-release') return ['held: ', ...equations, ', ', m(`\\lambda_{${s}} \\ge 0`)];
  if (pieces.length === 0)
    return ['held: ', ...equations, ', ', m(`\\lambda_{${s}} \\ge 0`), ', and beyond ', m(`\\lambda_{${s}} = 0`), ' (the delayed release)'];
  const during = (p: HeldPiece): string => (p.end ? `${math(p.start)} < t < ${math(p.end)}` : `t > ${math(p.start)}`);
  const each = pieces.map((p): Inline[] => [m(`\\lambda_{${s}} = ${math(p.reaction)}`), p.tensile ? ', tensile' : '', ' (', m(during(p)), ')']);
  const free = pieces.at(-1)!.end;
  return [
    'held bilaterally: ',
    ...equations,
    ', with ',
    ...each.flatMap((x, i) => [...(i ? [i === each.length - 1 ? ' and ' : ', '] : []), ...x]),
    ...(free ? ['; free after ', m(`\\tau = ${math(free)}`)] : []),
  ];
}

/** The rigid model's impact law where the realization is entered with ḟ < 0. */
function impactLimit(limit: RigidLimit, rate: string, adhesion: boolean): Inline[] {
  const newton = (e: string): Inline[] => ['impact: ', m(`${rate}^{+} = -e\\,${rate}^{-}`), ' with ', m(e), ', tangential velocities unchanged'];
  switch (limit.kind) {
    case 'elastic':
      return newton('e = 1');
    case 'kelvin-voigt':
      return newton(adhesion ? 'e = \\exp(-\\pi r)' : 'e = \\exp(-r(\\pi - 2\\arctan r))');
    case 'velocity-dependent':
      return ['impact with a restitution that depends on ', m(`${rate}^{-}`)];
    case 'delayed-release':
      return ['no rebound: no stiffness restores ', m(rate)];
    case 'retaining':
      return ['—'];
    default:
      return limit satisfies never;
  }
}

/** "γ/ω_d = …": a definition, then the derived value in print lines. */
function after(definition: string, value: Expr): string[] {
  const [first, ...rest] = mathLines(value);
  return [`${definition} = ${first}`, ...rest];
}

/** What the realization tends to as its coefficients grow (derived: RigidLimit): a sentence, and the Kelvin–Voigt limit's numbered equations after it. */
function limitBlocks(limit: RigidLimit, f: string, adhesion: boolean, lead: Inline[], name: string): Block[] {
  if (limit.kind !== 'kelvin-voigt') return [paragraph(...lead, ...limitSentence(limit, f))];
  // The ratio, restitution and duration displayed and numbered like the other results (Kozlov's Theorem 3).
  const rows = [
    ...(limit.normalMass ? [equation(`normal-mass-${name}`, 'm_n', `1/(G M^{-1} G^{\\top}) = ${math(limit.normalMass)}`)] : []),
    equation(`rigid-ratio-${name}`, 'r', after('\\gamma/\\omega_d', limit.ratio)),
    equation(`rigid-restitution-${name}`, 'e', adhesion ? '\\exp(-\\pi r)' : '\\exp(-r(\\pi - 2\\arctan r))'),
    equation(`rigid-duration-${name}`, '\\tau', after(adhesion ? '\\pi/\\omega_d' : '(\\pi - 2\\arctan r)/\\omega_d', limit.duration)),
  ];
  // The ratio is fixed as N grows only where the parameters that scale the damping faster than √N vanish (kozlov1988 §2's ν).
  const pinned = dependsOn(limit.ratio, 'N')
    ? [...freeSymbols(limit.ratio)].filter((p) => p !== 'N' && !dependsOn(simplify(subsRecord(limit.ratio, { [p]: ZERO })), 'N'))
    : [];
  return [
    paragraph(
      ...lead,
      'Linear Kelvin–Voigt (Kozlov’s Theorem 3): with the mass along the normal ',
      m(limit.normalMass ? 'm_n' : 'm_n = 1/(G M^{-1} G^{\\top})'),
      ' and the ratio ',
      m('r'),
      ' of the decay rate ',
      m('\\gamma'),
      ' to the damped frequency ',
      m('\\omega_d'),
      ' held fixed as the coefficients grow (stiffness like N, damping like ',
      m('\\sqrt{N}'),
      ...(pinned.length ? [': at ', m(pinned.map((p) => `${mechanicsSymbol(p)} = 0`).join(',\\ ')), ', where ', m('r'), ' is free of N'] : []),
      '), the contact tends to Newton’s law with tangential velocities unchanged, the restitution ',
      m('e'),
      ' after a contact of duration ',
      m('\\tau'),
      ':',
    ),
    equations(...rows),
    ...(adhesion ? [] : [paragraph('Without adhesion the force vanishes at ', m('\\omega_d t = \\pi - 2\\arctan r'), ', before the gap closes.')]),
    regimeParagraph(limit, adhesion),
  ];
}

/**
 * Where the Kelvin–Voigt formulas hold: the damping ratio ζ (derived) below 1, where ω_d is real; beyond it
 * the contact is overdamped (with adhesion the penetration returns to 0 only asymptotically: no rebound).
 */
function regimeParagraph(limit: Extract<RigidLimit, { kind: 'kelvin-voigt' }>, adhesion: boolean): Block {
  return paragraph(
    'These hold where the contact is underdamped, the damping ratio ',
    m(`\\zeta = \\gamma/\\sqrt{\\gamma^{2} + \\omega_d^{2}} = ${math(limit.dampingRatio)} < 1`),
    ', where ',
    m('\\omega_d'),
    ' is real. Where ',
    m('\\zeta \\ge 1'),
    ' the contact is overdamped and ',
    m('r'),
    ', ',
    m('e'),
    ', ',
    m('\\tau'),
    ' above are not real: ',
    ...(adhesion
      ? ['the penetration returns to 0 only as ', m('t \\to \\infty'), ', so the body does not rebound (', m('e = 0'), ').']
      : ['the force vanishes while the gap is still closed, at a time these formulas do not give.']),
  );
}

/** The rigid limit in words, for the limits other than Kelvin–Voigt's. */
function limitSentence(limit: Exclude<RigidLimit, { kind: 'kelvin-voigt' }>, f: string): Inline[] {
  switch (limit.kind) {
    case 'elastic':
      return [
        'As its stiffness grows it tends to the rigid contact with elastic reflection (Newton’s law with ',
        m('e = 1'),
        '; Kozlov’s Theorems 2 and 3 with ',
        m('k = 0'),
        ').',
      ];
    case 'velocity-dependent':
      return ['Its restitution depends on the approach speed (Hertz or Hunt–Crossley), so its limit is not one Newton coefficient.'];
    case 'delayed-release':
      return [
        'Without stiffness, or with an added mass, the limit holds the point on ',
        m(`${f} = 0`),
        ' longer than the rigid constraint: the release is delayed (Kozlov (2.6), (2.7)).',
      ];
    case 'retaining':
      return ['As the coefficients grow like N, the motion tends to the one with the constraint held, with its Lagrange multiplier (Kozlov’s Theorem 1).'];
    default:
      return limit satisfies never;
  }
}
