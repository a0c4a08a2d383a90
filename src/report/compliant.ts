// The section of a report on constraints realized by forces (Kozlov 1988):
// for each compliant contact its gap and penetration, the realized
// potential V_c, Rayleigh function D and added mass, the normal force F_n,
// the equations of each region (inside, penetrating, separating), the
// switching surfaces, and the rigid model it tends to; gap potentials and
// Theorem 1 realizations of retaining constraints; and, when given, a table
// of a rigid-limit study with its fitted orders. Everything printed is
// derived data (DerivedSystem.compliant) or the study's numbers.
// Tests: test/report/compliant.test.ts.
import { ZERO } from '../core/expr.js';
import type { CompliantTerm, RigidLimit } from '../derive/compliant.js';
import type { DerivedSystem } from '../derive/system.js';
import { equation, equations, list, m, paragraph, type Block, type Inline, type Section, type Table } from './document.js';
import { latexMatrix } from './latex.js';
import { math, mathLines } from './notation.js';

/** A rigid-limit study as the report needs it (structurally the runtime's LimitStudy). */
export interface ReportLimitStudy {
  readonly parameter: string;
  readonly rows: readonly { readonly value: number; readonly release: number; readonly duration: number; readonly restitution: number; readonly distance: number }[];
  readonly orders: { readonly release: number; readonly duration: number; readonly restitution: number; readonly distance: number };
}

const label = (name: string): string => `\\mathrm{${name.replace(/_/g, '\\_')}}`;

export function compliantSection(system: DerivedSystem, study?: ReportLimitStudy): Section | undefined {
  const terms = system.compliant?.terms ?? [];
  if (terms.length === 0) return undefined;
  const blocks: Block[] = [
    paragraph(
      'Some constraints are not held rigidly but realized by forces, after Kozlov (A constructive method of founding the theory of systems with unilateral constraints, PMM 1988): ',
      'their terms enter the Lagrangian and a Rayleigh function, and the rigid constraint is what they tend to as their coefficients grow.',
    ),
    ...terms.flatMap((t) => termBlocks(system, t)),
  ];
  if (study) blocks.push(...studyBlocks(study));
  return { id: 'compliant', title: 'Constraints realized by forces', blocks };
}

function termBlocks(system: DerivedSystem, t: CompliantTerm): Block[] {
  const s = label(t.name);
  const f = `f_{${s}}`;
  const G = latexMatrix([t.row.row.map(math)]);
  switch (t.source) {
    case 'potential':
      return [
        paragraph(`Contact ${t.name} is replaced by a potential of its gap acting everywhere (Kozlov, after Theorem 2: `, m('V + e^{-Nf}'), '), with'),
        equations(equation(`gap-${t.name}`, f, mathLines(t.gap)), equation(`potential-${t.name}`, `V_{${s}}`, mathLines(t.potential))),
        paragraph('added to V in every equation of motion; its force along ', m(`\\partial ${f}/\\partial q`), ' is ', m(`-\\mathrm{d}V_{${s}}/\\mathrm{d}${f}`), '. ', ...limitSentence(t.limit, f, t.adhesion)),
      ];
    case 'realization':
      return [
        paragraph(`The retaining constraint ${t.name}, `, m(`\\varphi_{${s}} = 0`), ', is realized by the terms of Kozlov\'s Theorem 1 instead of being held: ', m(`T + \\alpha\\dot{\\varphi}^2/2`), ', ', m(`V + \\beta\\varphi^2/2`), ' and the Rayleigh function ', m(`\\gamma\\dot{\\varphi}^2/2`), ', here'),
        equations(
          equation(`phi-${t.name}`, `\\varphi_{${s}}`, mathLines(t.gap)),
          equation(`realization-energy-${t.name}`, `T_{${s}} + V_{${s}}`, mathLines(t.energy)),
          ...(t.rayleigh !== t.potential ? [equation(`realization-rayleigh-${t.name}`, `D_{${s}}`, mathLines(t.rayleigh))] : []),
        ),
        paragraph('They add the force ', m(`F_{${s}}\\,\\partial\\varphi_{${s}}/\\partial q`), ' with'),
        equations(equation(`realization-force-${t.name}`, `F_{${s}}`, mathLines(t.force))),
        paragraph(t.inertia ? 'and the added mass to M. ' : '', ...limitSentence(t.limit, `\\varphi_{${s}}`, true)),
      ];
    case 'compliant':
      return contactBlocks(system, t, s, f, G);
    default:
      return t.source satisfies never;
  }
}

function contactBlocks(system: DerivedSystem, t: CompliantTerm, s: string, f: string, G: string): Block[] {
  const rate = `\\dot{f}_{${s}}`;
  const blocks: Block[] = [
    paragraph(`Contact ${t.name} is compliant: where its gap `, m(`${f} \\le 0`), ' (penetration ', m(`\\delta_{${s}} = -${f}`), ') it adds'),
    equations(
      equation(`gap-${t.name}`, f, mathLines(t.gap)),
      equation(`gap-row-${t.name}`, `\\partial ${f}/\\partial q`, G),
      ...(t.potential !== ZERO ? [equation(`compliant-potential-${t.name}`, `V_{${s}}`, mathLines(t.potential))] : []),
      ...(t.rayleigh !== ZERO ? [equation(`compliant-rayleigh-${t.name}`, `D_{${s}}`, mathLines(t.rayleigh))] : []),
      ...(t.inertia ? [equation(`compliant-kinetic-${t.name}`, `T_{${s}}`, `\\tfrac{1}{2}\\,${math(t.addedMass)}\\,${rate}^{2}`)] : []),
    ),
    paragraph('and the normal force along ', m(`\\partial ${f}/\\partial q`), ', ', m(`F_{${s}} = -\\mathrm{d}V_{${s}}/\\mathrm{d}${f} - \\partial D_{${s}}/\\partial ${rate}`), ':'),
    equations(equation(`compliant-force-${t.name}`, `F_{${s}}`, mathLines(t.force))),
  ];
  const addedMass = t.inertia ? math(t.addedMass) : '';
  const M = t.inertia ? `(M + ${addedMass}\\,G^{\\top}G)` : 'M';
  const bias = t.inertia ? ` - ${addedMass}\\,\\beta_{${s}}\\,G^{\\top}` : '';
  const regions: Inline[][] = [
    ['inside, ', m(`${f} > 0`), ': the equations of Section ', { ref: 'sec:lagrange2' }, ' unchanged;'],
    [
      t.adhesion ? 'in contact, ' : 'penetrating, ',
      m(t.adhesion ? `${f} \\le 0` : `${f} \\le 0,\\ F_{${s}} > 0`),
      ': ',
      m(`${M}\\,\\ddot{q} = f + F_{${s}}\\,G^{\\top}${bias}`),
      ', G the row above',
      ...(t.inertia ? [' and ', m(`\\beta_{${s}}`), ' the bias of ', m(`\\ddot{f}_{${s}} = G\\ddot{q} + \\beta_{${s}}`)] : []),
      ';',
    ],
  ];
  if (!t.adhesion) {
    regions.push([
      'separating, ',
      m(`${f} \\le 0,\\ F_{${s}} \\le 0`),
      ': the force is clamped at zero (no adhesion)',
      ...(t.inertia ? [', the added mass stays: ', m(`${M}\\,\\ddot{q} = f${bias}`)] : ['']),
      '.',
    ]);
  }
  blocks.push(
    paragraph('The regions and their equations (f, M of Section ', { ref: 'sec:lagrange2' }, '):'),
    list(...regions),
    paragraph(
      'The switching surfaces are ',
      m(`${f} = 0`),
      t.adhesion ? '' : ' and ',
      ...(t.adhesion ? [] : [m(`F_{${s}} = 0`)]),
      '; the simulation restarts its steps there and records a contact or a release. ',
      ...limitSentence(t.limit, f, t.adhesion),
    ),
  );
  if (t.inertia) {
    blocks.push(paragraph('The state is continuous across ', m(`${f} = 0`), ' (Kozlov (2.5)): entering the added mass with ', m(`${rate} \\ne 0`), ' raises the energy by ', m(`\\tfrac{1}{2}${math(t.addedMass)}\\,${rate}^{2}`), '.'));
  }
  return blocks;
}

/** What the realization tends to as its coefficients grow (derived: RigidLimit). */
function limitSentence(limit: RigidLimit, f: string, adhesion: boolean): Inline[] {
  switch (limit.kind) {
    case 'elastic':
      return ['As its stiffness grows it tends to the rigid contact with elastic reflection (Newton’s law with ', m('e = 1'), '; Kozlov’s Theorems 2 and 3 with ', m('k = 0'), ').'];
    case 'kelvin-voigt': {
      const r = math(limit.ratio);
      return [
        'Linear Kelvin–Voigt (Kozlov’s Theorem 3): with the mass along the normal ',
        m(`m_n = 1/(G M^{-1} G^{\\top})${limit.normalMass ? ` = ${math(limit.normalMass)}` : ''}`),
        ' and ',
        m(`r = \\gamma/\\omega_d = ${r}`),
        ' held fixed as the coefficients grow (stiffness like N, damping like ',
        m('\\sqrt{N}'),
        '), the contact tends to Newton’s law with tangential velocities unchanged and ',
        ...(adhesion
          ? [m(`e = e^{-\\pi r}`), ' after a contact of duration ', m(`\\pi/\\omega_d = ${math(limit.duration)}`), '.']
          : [m('e = e^{-r(\\pi - 2\\arctan r)}'), ': without adhesion the force vanishes at ', m('\\omega_d t = \\pi - 2\\arctan r'), ', before the gap closes.']),
      ];
    }
    case 'velocity-dependent':
      return ['Its restitution depends on the approach speed (Hertz or Hunt–Crossley), so its limit is not one Newton coefficient.'];
    case 'delayed-release':
      return ['Without stiffness, or with an added mass, the limit holds the point on ', m(`${f} = 0`), ' longer than the rigid constraint: the release is delayed (Kozlov (2.6), (2.7)).'];
    case 'retaining':
      return ['As the coefficients grow like N, the motion tends to the one with the constraint held, with its Lagrange multiplier (Kozlov’s Theorem 1).'];
    default:
      return limit satisfies never;
  }
}

/** A table cell: the number in math, or a dash in text where there is none (no release, no reference). */
const cell = (x: number): Inline[] => {
  if (!Number.isFinite(x)) return ['—'];
  if (x === 0 || (Math.abs(x) >= 1e-3 && Math.abs(x) < 1e4)) return [m(x.toPrecision(6).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''))];
  const [mant, exp] = x.toExponential(3).split('e');
  return [m(`${mant} \\cdot 10^{${Number(exp)}}`)];
};

function studyBlocks(study: ReportLimitStudy): Block[] {
  const p = study.parameter;
  const table: Table = {
    kind: 'table',
    id: 'rigid-limit',
    caption: `The rigid limit: the contact as ${p} grows`,
    columns: [p, 'release', 'duration', 'restitution', 'distance to the rigid motion'],
    align: 'rrrrr',
    rows: [
      ...study.rows.map((r) => [cell(r.value), cell(r.release), cell(r.duration), cell(r.restitution), cell(r.distance)]),
      [['fitted order'], cell(study.orders.release), cell(study.orders.duration), cell(study.orders.restitution), cell(study.orders.distance)],
    ],
  };
  return [
    paragraph(`A study over ${p}: the last release, the first contact’s duration and restitution (the normal velocity after over before), and the largest distance of the coordinates to the rigid model’s motion from the same state; the last row fits |x − x∞| ≈ C ${p}^{−r}.`),
    table,
  ];
}
