// The sections of a derivation report, one function each, in the order of
// the papers: the model, its energy, forces and constraints, then
// the equations of motion in each form, then contact phases and impact maps,
// then the conventions. A section function returns undefined where its part
// does not apply to the model.
import type { SupportLoads } from '../studies/support-loads.js';
import type { SupportStarts } from '../studies/support-starts.js';
import type { HingeRestStudy } from '../studies/hinge-rest.js';
import type { PatchHistory } from '../studies/patch-history.js';
import type { SupportHistory } from '../studies/support-history.js';
import { add, HALF, mul, ZERO, type Expr, type Sym } from '../core/expr.js';
import { diff } from '../core/diff.js';
import { subs } from '../core/subs.js';
import { together } from '../core/together.js';
import { simplify } from '../core/trig.js';
import type { DerivedSystem } from '../derive/system.js';
import type { BasinStudy } from '../studies/basin.js';
import type { LinearizationStudy } from '../studies/linearization.js';
import type { SteadyMotionStudy } from '../studies/steady-motion.js';
import type { ModeDirections } from '../studies/mode-directions.js';
import type { ModeShares } from '../studies/mode-shares.js';
import type { PassThrough } from '../studies/motion.js';
import type { Coordinate } from '../model/model.js';
import { momentumName } from '../model/names.js';
import { REFERENCES } from '../model/sources.js';
import type { MethodSource } from '../studies/motion.js';
import {
  countWord,
  equation,
  equations,
  list,
  m,
  paragraph,
  ref,
  textInlines,
  type Block,
  type EquationRow,
  type Figure,
  type Inline,
  type Section,
  matrixEquation,
} from './document.js';
import { kinematicsSection, koenigRows } from './kinematics.js';
import { shownIndices, tooLong } from './large.js';
import {
  declaredRange,
  energyLabel,
  fits,
  indexSum,
  math,
  mathLines,
  mechanicsSymbol,
  modelHeads,
  reportSymbols,
  symbolHead,
  unitLatex,
  upTo,
} from './notation.js';
import { keptEnergy, uniformRun } from './motion-plots.js';
import { compliantForceTerms, compliantSection, compliantZeros } from './compliant.js';
import { patchForceTerms, patchSection } from './patch.js';
import { frictionSection } from './friction.js';
import type { PaperCheck } from '../studies/paper-check.js';
import { lagrange1MeasureBlocks, lagrange1Section as lagrange1Report, retainingTerms } from './lagrange1.js';
import { limitSection, ordersShown, ratesShown, type ReportLimitStudy } from './limit.js';
import { linearizationSection } from './periodic.js';
import { steadyMotionSection } from './steady-motion.js';
import { sweepFigure } from './sweep.js';
import { EVENT_STYLE, seriesStyle, svgPlot, type PlotEventKind } from './plot.js';
import {
  contactPhaseMeasureBlocks,
  contactPhasesSection as contactPhasesReport,
  contactTerms,
  impactMapsSection as impactMapsReport,
  impactMeasureBlocks,
  measureConditions,
  unilateralConstraintBlocks,
  unilateralConventions,
} from './unilateral.js';

/** A simulated motion as the report needs it (structurally a subset of the runtime's Trajectory). */
export interface ReportTrajectory {
  readonly t: readonly number[];
  readonly q: readonly (readonly number[])[];
  readonly energy?: readonly number[];
  /** Each event, with q̇ at it where the run gives it (a rest that keeps sliding, kozlov1988 §3). */
  readonly events: readonly {
    readonly t: number;
    readonly type: PlotEventKind;
    readonly qd?: readonly number[];
    readonly contacts?: readonly number[];
    /** For an impact with friction: the law that resolved it (the runtime's impact-law.ts). */
    readonly law?: string;
  }[];
}

/** The simulation shown in the HTML report, or why there is none: it failed, or the model is not one the runtime integrates (skipped). */
export type ReportSimulation =
  | { readonly trajectory: ReportTrajectory; readonly method: string; readonly after?: MethodSource; readonly passes?: readonly PassThrough[] }
  | { readonly error: string }
  | { readonly skipped: string };

/** How a run was integrated, in parentheses ending the sentence: the method, and the paper whose law it follows, cited. */
export const methodInline = ({ method, after }: { readonly method: string; readonly after?: MethodSource }): Inline[] => [
  ` (${method}`,
  ...(after ? ['; the law of ', REFERENCES[after.source].short, ' ', ref(`cite:${after.source}`), ` ${after.section}`] : []),
  ').',
];

export interface SectionInput {
  readonly system: DerivedSystem;
  /** A basin over a grid of starts (studies/basin.ts reportBasin), drawn before the simulation. */
  readonly basin?: BasinStudy;
  readonly simulation?: ReportSimulation;
  /** A rigid-limit study of a model with compliant contacts (studies/limit.ts), printed in its own section (limit.ts). */
  readonly limitStudy?: ReportLimitStudy;
  /** A small model's linearization and equilibria (studies/linearization.ts), printed in its own section (periodic.ts). */
  readonly linearization?: LinearizationStudy;
  /** Steady motions over a swept rate and their boundaries (studies/steady-motion.ts), printed in their own section (steady-motion.ts). */
  readonly steadyMotion?: SteadyMotionStudy;
  /** Which mode an impact with two free pre-impact velocities takes, by their direction (studies/mode-directions.ts), printed with its impact map. */
  readonly modeDirections?: readonly ModeDirections[];
  /** Which mode an impact with more than two free pre-impact velocities takes, sampled (studies/mode-shares.ts), printed with its impact map. */
  readonly modeShares?: readonly ModeShares[];
  /** The sums of the normal reactions of Smirnov's full variants at the defaults (studies/support-loads.ts). */
  readonly supportLoads?: SupportLoads;
  /** The realized variant's reactions and friction along the simulated motion (studies/support-history.ts). */
  readonly supportHistory?: SupportHistory;
  /** The starts from rest on Smirnov's supports (studies/support-starts.ts). */
  readonly supportStarts?: SupportStarts;
  /** When and where a hinge's joint comes to rest along the simulated motion (studies/hinge-rest.ts). */
  readonly hingeRest?: HingeRestStudy;
  /** Each friction patch's slip and depth along the simulated motion (studies/patch-history.ts). */
  readonly patchHistory?: readonly PatchHistory[];
  /** The model's paper checked: the friction section leaves the closed forms the paper prints to the paper's results. */
  readonly paper?: PaperCheck;
  /** The model file's `sources` (bibliography.ts keys): a convention names only a paper the report cites anyway. */
  readonly sources?: readonly string[];
  /** The model file's `unplotted`: an energy left unplotted is not said to be plotted. */
  readonly unplotted?: { readonly names: readonly string[] };
}

export type SectionBuilder = (input: SectionInput) => Section | undefined;

// ---------------------------------------------------------------- helpers
const q = (c: Coordinate): string => mechanicsSymbol(c.name);
const qd = (c: Coordinate): string => mechanicsSymbol(c.qd.name);
const vector = (xs: readonly string[]): string => (xs.length === 1 ? xs[0]! : `(${xs.join(', ')})^{\\top}`);

/**
 * Subscript naming coordinate i: its number when the coordinates are
 * q1, q2, … (M_{12}), else its symbol (M_{x\theta}).
 */
function indexer(system: DerivedSystem): (i: number) => string {
  const cs = system.model.coordinates;
  const numbered = numberedCoordinates(cs);
  return (i) => (numbered ? `${i + 1}` : q(cs[i]!));
}

const numberedCoordinates = (cs: readonly Coordinate[]): boolean => cs.every((c, i) => c.q.index === i + 1 && c.q.stem === cs[0]!.q.stem);

/**
 * Subscript naming entry (i, j) of a matrix over the coordinates: M_{12},
 * M_{x\theta}; with a comma once a number has two digits, M_{10,11}, where
 * M_{1011} could be entry (10, 11) or (101, 1).
 */
function pairIndexer(system: DerivedSystem): (i: number, j: number) => string {
  const idx = indexer(system);
  const cs = system.model.coordinates;
  const comma = numberedCoordinates(cs) && cs.length > 9;
  return (i, j) => `${idx(i)}${comma ? ',' : ''}${idx(j)}`;
}

/** A number as written in a model file: 9.81, 0.5, 1e-3. */
export function formatNumber(v: number): string {
  if (Number.isInteger(v)) return `${v}`;
  const s = `${v}`;
  return s.length <= 10 ? s : v.toPrecision(6).replace(/\.?0+$/, '');
}

const numberLatex = (v: number): string => {
  const s = formatNumber(v);
  const e = /^(-?[\d.]+)e([+-]?\d+)$/.exec(s);
  return e ? `${e[1]} \\cdot 10^{${Number(e[2])}}` : s;
};

const rows = (xs: readonly EquationRow[]): Block => equations(...xs);

/**
 * A family of `count` equations in one display, the right-hand side
 * printed only for the rows large.ts shows (shownIndices); a row it leaves
 * out is named by its label and left-hand side, which condense keeps for a
 * reference to it (the 60-link chain prints 4 of its 1830 mass entries).
 */
function family(count: number, row: (k: number) => { label: string; lhs: string; rhs: () => string[] }): EquationRow[] {
  const shown = new Set(shownIndices(count));
  return Array.from({ length: count }, (_, k) => {
    const { label, lhs, rhs } = row(k);
    return equation(label, lhs, shown.has(k) ? rhs() : '\\cdots');
  });
}

/**
 * A square matrix's printed entries if its pmatrix fits a line (fits),
 * printed a column at a time: a wide matrix (the 60-link chain's) stops at
 * its first columns instead of printing every entry.
 */
function matrixIfFits(entries: readonly (readonly Expr[])[]): string[][] | undefined {
  const printed: string[][] = entries.map(() => []);
  for (let j = 0; j < (entries[0]?.length ?? 0); j++) {
    entries.forEach((r, i) => printed[i]!.push(math(r[j]!)));
    if (!fits(printed)) return undefined;
  }
  return printed;
}

/** i = 1 / i = 1, 2 / i = 1, …, n. */
const indexRange = (n: number): string => (n === 1 ? 'i = 1' : n === 2 ? 'i = 1, 2' : n === 3 ? 'i = 1, 2, 3' : `i = 1, \\dots, ${n}`);

// ---------------------------------------------------------------- 1. model
/** Coordinates and parameters, with descriptions and units. */
export function modelSection({ system }: SectionInput): Section {
  const { model } = system;
  const n = model.coordinates.length;
  const blocks: Block[] = [];
  blocks.push(
    paragraph(
      `The configuration is given by ${n === 1 ? 'one generalized coordinate' : `${countWord(n)} generalized coordinates`} `,
      m(`q = ${vector(model.coordinates.map(q))}`),
      ...(model.parameters.length
        ? [
            ' (Table ',
            ref('tab:coordinates'),
            ') and the model has the parameters of Table ',
            ref('tab:parameters'),
            ', whose defaults are used for the simulation.',
          ]
        : [' (Table ', ref('tab:coordinates'), ').']),
    ),
    {
      kind: 'table',
      id: 'coordinates',
      caption: 'Generalized coordinates',
      columns: ['Symbol', 'Description', 'Unit'],
      align: 'lpl',
      rows: model.coordinates.map((c) => [[m(q(c))], textInlines(c.description ?? ''), c.unit ? [m(unitLatex(c.unit))] : []]),
    },
  );
  if (model.parameters.length) {
    // The declared ranges as the papers state them (α ∈ (0, π/2), I > m l²), in a column only where one is declared.
    const ranged = model.parameters.some((p) => p.range);
    blocks.push({
      kind: 'table',
      id: 'parameters',
      caption: 'Parameters',
      columns: ['Symbol', 'Description', 'Unit', 'Default', ...(ranged ? ['Range'] : [])],
      align: ranged ? 'lplrl' : 'lplr',
      rows: model.parameters.map((p) => [
        [m(mechanicsSymbol(p.name))],
        textInlines(p.description ?? ''),
        p.unit ? [m(unitLatex(p.unit))] : [],
        [m(numberLatex(p.default))],
        ...(ranged ? [p.range ? [m(declaredRange(p))] : []] : []),
      ]),
    });
  }
  return { id: 'model', title: 'Coordinates and parameters', blocks };
}

// ---------------------------------------------------------------- 2. energy
/**
 * ½ Σ M_ii q̇_i² + Σ_{i<j} M_ij q̇_i q̇_j + Σ b_i q̇_i + rest: a quadratic
 * form in the velocities printed term by term, as in the papers.
 */
function quadraticForm(system: DerivedSystem, rest: Expr): Expr[] {
  const { massMatrix: M, b } = system.lagrange2;
  const cs = system.model.coordinates;
  const terms: Expr[] = [];
  for (let i = 0; i < cs.length; i++) {
    terms.push(mul(HALF, M[i]![i]!, cs[i]!.qd, cs[i]!.qd));
    for (let j = i + 1; j < cs.length; j++) terms.push(mul(M[i]![j]!, cs[i]!.qd, cs[j]!.qd));
  }
  cs.forEach((c, i) => terms.push(mul(b[i]!, c.qd)));
  terms.push(rest);
  return terms.filter((t) => t !== ZERO);
}

/**
 * H as the papers write it, T + V in the momenta: ½ Σ W_ii p_i² + Σ_{i<j} W_ij p_i p_j
 * + Σ w_i p_i term by term (W = ∂²H/∂p², each term with its own factors, not
 * one fraction over det M), then the part free of the momenta.
 */
function momentumForm(H: Expr, ps: readonly Sym[]): Expr[] {
  const atRest = new Map(ps.map((p) => [p.name, ZERO] as const));
  const at0 = (e: Expr): Expr => simplify(subs(e, atRest));
  const terms: Expr[] = [];
  ps.forEach((pi, i) => {
    const dHi = diff(H, pi.name);
    terms.push(mul(HALF, at0(diff(dHi, pi.name)), pi, pi));
    for (let j = i + 1; j < ps.length; j++) terms.push(mul(at0(diff(dHi, ps[j]!.name)), pi, ps[j]!));
  });
  ps.forEach((p) => terms.push(mul(at0(diff(H, p.name)), p)));
  terms.push(at0(H));
  return terms.filter((t) => t !== ZERO);
}

/** Kinetic and potential energy and the Lagrangian (or the Lagrangian alone, as given). */
export function energySection({ system }: SectionInput): Section {
  const { model, lagrange2 } = system;
  const blocks: Block[] = [];
  if (model.V !== undefined && system.kineticAtRest !== undefined) {
    const T0 = system.kineticAtRest;
    const quadratic = equation('kinetic', 'T', mathLines(quadraticForm(system, T0)));
    // A quadratic form too long to print (the free body's, in a quaternion's rates) is given in König's form instead.
    const koenig = tooLong(quadratic) ? koenigRows(system) : undefined;
    const potential = equation('potential', 'V', mathLines(simplify(model.V)));
    blocks.push(
      ...(koenig
        ? [
            paragraph('The kinetic energy, the translation of the centres and the rotation about them (König), and the potential energy are'),
            rows([equation('kinetic', 'T', koenig.T), potential]),
            paragraph(
              'with the angular velocities of Section ',
              ref('sec:kinematics'),
              ...(koenig.speeds.length ? [', the speeds of the centres'] : []),
              ...(koenig.rates.length
                ? [' and the rate of each unit quaternion’s squared norm (zero along every motion; its term makes the mass matrix regular)']
                : []),
            ),
            ...(koenig.speeds.length + koenig.rates.length ? [rows([...koenig.speeds, ...koenig.rates])] : []),
          ]
        : [paragraph('The kinetic energy, a quadratic form in the velocities, and the potential energy are'), rows([quadratic, potential])]),
      paragraph('and the Lagrangian is ', m('L = T - V'), '.'),
    );
  } else {
    blocks.push(paragraph('The Lagrangian is given directly:'), rows([equation('lagrangian', 'L', mathLines(quadraticForm(system, lagrange2.L0)))]));
  }
  return { id: 'energy', title: model.T !== undefined ? 'Kinetic and potential energy' : 'Lagrangian', blocks };
}

// ---------------------------------------------------------------- 3. forces
/** Non-potential generalized forces, where any act. */
export function forcesSection({ system }: SectionInput): Section | undefined {
  const { model } = system;
  if (model.Q.every((x) => x === ZERO)) return undefined;
  const idx = indexer(system);
  const acting = model.coordinates.map((c, i) => ({ c, i, Q: model.Q[i]! })).filter((x) => x.Q !== ZERO);
  const silent = model.coordinates.filter((_, i) => model.Q[i] === ZERO);
  return {
    id: 'forces',
    title: 'Generalized forces',
    blocks: [
      paragraph('The generalized forces the model declares as forces, not through the potential ', m('V'), ', are'),
      rows(family(acting.length, (k) => ({ label: `force-${acting[k]!.i + 1}`, lhs: `Q_{${idx(acting[k]!.i)}}`, rhs: () => mathLines(acting[k]!.Q) }))),
      ...(silent.length
        ? [
            paragraph(
              silent.length === 1 ? 'The other one vanishes: ' : 'The others vanish: ',
              m(`${silent.map((c) => `Q_{${idx(model.coordinates.indexOf(c))}}`).join(' = ')} = 0`),
              '.',
            ),
          ]
        : []),
    ],
  };
}

// ---------------------------------------------------------------- 4. constraints
/** A constraint as "expr = 0", or where expr overfills the line (a bicycle's front contact) "0 = expr" broken into lines like any right-hand side. */
function constraintRow(label: string, expr: Expr): EquationRow {
  const lines = mathLines(expr);
  return lines.length === 1 ? equation(label, lines[0]!, '0') : equation(label, '0', lines);
}

/** Retaining (holonomic and non-holonomic) constraints as written, and in velocity form A q̇ + b = 0. */
export function constraintsSection(input: SectionInput): Section | undefined {
  const { system } = input;
  const { model, constraints } = system;
  const { rate } = reportSymbols(system);
  const blocks: Block[] = [];
  if (constraints) {
    const named = [
      ...model.holonomic.map((h) => ({ name: h.name, kind: 'holonomic', expr: h.phi })),
      ...model.nonholonomic.map((h) => ({ name: h.name, kind: 'non-holonomic', expr: h.expr })),
    ];
    blocks.push(
      paragraph(
        `The system is subject to ${named.length === 1 ? 'one retaining constraint' : `${countWord(named.length)} retaining constraints`} (`,
        named.map((c) => `${c.name}, ${c.kind}`).join('; '),
        '):',
      ),
      rows(named.map((c) => constraintRow(`constraint-${c.name}`, c.expr))),
      paragraph('Holonomic constraints are used at the velocity level. All of them together read ', m(`A(q,t)\\,\\dot{q} + ${rate}(q,t) = 0`), ' with'),
      rows([
        matrixEquation(
          'constraint-matrix',
          'A',
          constraints.A.map((r) => r.map(math)),
        ),
        ...(constraints.b.every((x) => x === ZERO)
          ? []
          : [
              matrixEquation(
                'constraint-rate',
                rate,
                constraints.b.map((x) => [math(x)]),
              ),
            ]),
      ]),
      ...(constraints.b.every((x) => x === ZERO) ? [paragraph('and ', m(`${rate} = 0`), '.')] : []),
    );
  }
  const unilateral = unilateralConstraintBlocks(system);
  if (unilateral) blocks.push(...unilateral);
  if (blocks.length === 0) return undefined;
  return { id: 'constraints', title: 'Constraints', blocks };
}

// ---------------------------------------------------------------- 5. Lagrange II
/** The retaining reactions of M q̈ = f …: −Aᵀλ of ideal constraints, the support pairs' N_k with their friction (lagrange1.ts). */
function reactionForce(system: DerivedSystem): string {
  if (!system.constraints) return '';
  return system.supports || system.hinges.length ? ` ${retainingTerms(system, false, undefined)}` : ' - A^{\\top}\\lambda';
}

/** d(∂L/∂q̇) − ∂L/∂q dt = Q dt, and its reduction M q̈ = f with M and f written out. */
export function lagrange2Section({ system }: SectionInput): Section {
  const { model, lagrange2, constraints } = system;
  const cs = model.coordinates;
  const n = cs.length;
  const idx = indexer(system);
  const entry = pairIndexer(system);
  const { mass: M, forcing: f } = reportSymbols(system);
  // One coordinate: the forcing for i = 1, without a sum over k.
  const i = n === 1 ? '1' : 'i';
  const blocks: Block[] = [
    paragraph('The generalized momenta are ', m(`p = \\partial L/\\partial \\dot{q} = ${M}(q,t)\\,\\dot{q} + p_0(q,t)`), ':'),
    rows(family(n, (i) => ({ label: `momentum-${i + 1}`, lhs: mechanicsSymbol(momentumName(cs[i]!.name)), rhs: () => mathLines(lagrange2.momenta[i]!) }))),
    paragraph(
      // A constraint realized by forces (kozlov1988 (2.5)) acts, but none is held rigidly with a measure.
      system.unilateral
        ? 'While no contact is closed the contact measures vanish'
        : system.compliant
          ? 'No constraint is held rigidly'
          : 'No unilateral constraint acts',
      ', so the velocities are absolutely continuous and Lagrange’s equations in measure form ',
      ref('lagrange2-measure'),
      ...(constraints ? [' (with the reactions of the retaining constraints, Section ', ref('sec:lagrange1'), ')'] : []),
      system.unilateral ? ' reduce to' : ' are equivalent to',
    ),
    rows([
      equation('lagrange2', `${M}(q,t)\\,\\ddot{q}`, `${f}(q,\\dot{q},t)${reactionForce(system)}`),
      equation(
        undefined,
        `${f}_${i}`,
        `\\frac{\\partial L}{\\partial q_${i}} - ${indexSum('k', upTo(n), (k) => `\\frac{\\partial p_${i}}{\\partial q_${k}}\\,\\dot{q}_${k}`)} - \\frac{\\partial p_${i}}{\\partial t} + Q_${i}`,
      ),
    ]),
  ];
  const mEntries = matrixIfFits(lagrange2.massMatrix);
  if (mEntries) {
    blocks.push(paragraph('with the mass matrix'), rows([matrixEquation('mass-matrix', M, mEntries)]));
  } else {
    blocks.push(paragraph('with the mass matrix ', m(`${M} = ${M}^{\\top}`), ', entries on and above the diagonal:'));
    const upper = cs.flatMap((_, i) => cs.slice(i).map((_, d) => [i, i + d] as const));
    blocks.push(
      rows(
        family(upper.length, (k) => {
          const [i, j] = upper[k]!;
          return { label: `mass-${i + 1}-${j + 1}`, lhs: `${M}_{${entry(i, j)}}`, rhs: () => mathLines(lagrange2.massMatrix[i]![j]!) };
        }),
      ),
    );
  }
  // Where the forcing is the declared forces alone (no inertial or potential terms), it is referred to, not printed again.
  // One force in two canonical forms (kozlov1988 §2's switched −g, +g) is the same printed.
  const same = (x: Expr, k: number): boolean => x === model.Q[k] || mathLines(x).join() === mathLines(model.Q[k]!).join();
  const declared = lagrange2.forcing.every(same) && model.Q.some((x) => x !== ZERO);
  blocks.push(
    ...(declared
      ? [paragraph('and ', m(`${f} = Q`), ', the generalized forces of Section ', ref('sec:forces'), ': no forces of inertia or of a potential enter.')]
      : [
          paragraph('and the generalized forces of inertia, gravity and the applied forces'),
          rows(family(n, (i) => ({ label: `forcing-${i + 1}`, lhs: `${f}_{${idx(i)}}`, rhs: () => mathLines(lagrange2.forcing[i]!) }))),
        ]),
  );
  const e = system.supportEquations;
  if (e) {
    blocks.push(
      paragraph(
        'With the support reactions ',
        m('N_k \\ge 0'),
        ' on the bearing sides ',
        m('\\varepsilon_k'),
        ' and the friction moduli ',
        m('\\Phi_k = \\kappa_k^{\\varepsilon_k} N_k'),
        ' of the realized variant (Section ',
        ref('sec:friction'),
        '; ',
        m('\\Phi = \\sum_k \\Phi_k'),
        ' where the pairs’ friction enters alike, Smirnov (2.2)), the equations are, coordinate by coordinate,',
      ),
      rows(family(n, (i) => ({ label: `lagrange2-row-${i + 1}`, lhs: math(e.lagrange2.lhs[i]!), rhs: () => mathLines(e.lagrange2.rhs[i]!) }))),
    );
  }
  return { id: 'lagrange2', title: 'Lagrange’s equations of the second kind', blocks };
}

// ---------------------------------------------------------------- 6. Lagrange I
/** Multiplier form with every reaction, the constraint matrix, the multipliers solved (lagrange1.ts). */
export const lagrange1Section = ({ system }: SectionInput): Section | undefined => lagrange1Report(system);

// ---------------------------------------------------------------- 7. Hamilton
/** Canonical equations in measure form, explicit where hamilton.explicit exists, else through M⁻¹. */
export function hamiltonSection({ system }: SectionInput): Section {
  const { model, hamilton, lagrange2, constraints } = system;
  const cs = model.coordinates;
  const idx = indexer(system);
  const blocks: Block[] = [];
  const ex = hamilton.explicit;
  const { mass: M, hamiltonian: H } = reportSymbols(system);
  // Printed without the contacts' reactions, the canonical equations hold in flight only: a contact phase adds its
  // densities (the support pairs' reactions, where the model has them, are printed in the equations themselves).
  const inFlight: Inline[] = [
    'in flight, every contact open (the measure form ',
    ref('hamilton-q'),
    ', ',
    ref('hamilton-p'),
    '; on a contact phase ',
    m('\\dot{p}_i'),
    ' gains the reaction densities of the closed contacts, ',
    m('(\\partial f_j/\\partial q_i)\\,\\dot{\\sigma}_j'),
    ' for a smooth one, as in ',
    ref('contact-phase'),
    ')',
  ];
  // Of L_N where constraints are realized everywhere (Section compliant): its momenta there.
  const of = system.realized
    ? (['L_N', [', ', m('L_N'), ' the Lagrangian with the realized terms (Section ', ref('sec:compliant'), ')']] as const)
    : (['L', []] as const);
  if (ex) {
    blocks.push(
      paragraph(
        'With ',
        m(`${H}(q,p,t) = p^{\\top}\\dot{q} - ${of[0]}`),
        ...of[1],
        ', the Hamiltonian, the kinetic energy in the momenta and then the rest, is',
      ),
      rows([equation('hamiltonian', H, mathLines(momentumForm(ex.H, hamilton.p)))]),
      system.unilateral && !system.supportEquations?.canonical
        ? paragraph('and the canonical equations ', ...inFlight, ', are')
        : paragraph('and the canonical equations between impacts (the measure form ', ref('hamilton-q'), ', ', ref('hamilton-p'), ' with densities) are'),
      rows([
        ...family(cs.length, (i) => ({ label: `hamilton-q-${i + 1}`, lhs: qd(cs[i]!), rhs: () => mathLines(together(ex.qdot[i]!)) })),
        ...family(cs.length, (i) => ({
          label: `hamilton-p-${i + 1}`,
          lhs: `\\dot{p}_{${q(cs[i]!)}}`,
          rhs: () => {
            // The support pairs' reactions with their friction, derived (support-equations.ts).
            const supports = system.supportEquations?.canonical;
            if (supports) return mathLines(add(together(ex.pdot[i]!), supports[i]!));
            // −(Aᵀλ)ᵢ only where a constraint's gradient has a q_i component, and the journal's friction moment where the joint angle moves with q_i.
            const reactions = [
              ...(constraints?.A.some((row) => row[i] !== ZERO) ? [`- (A^{\\top}\\lambda)_{${idx(i)}}`] : []),
              ...(system.hinges.some((h) => h.moment[i] !== ZERO) ? [`+ Q^{\\mathrm{fr}}_{${idx(i)}}`] : []),
              // The forces realizing contacts (compliant terms, patches' resultants), zero where the contact is open.
              ...compliantForceTerms(system, i, q(cs[i]!)),
              ...patchForceTerms(system, i),
            ].join(' ');
            // A zero forcing leaves the reactions alone: −(Aᵀλ)ᵢ, not 0 − (Aᵀλ)ᵢ.
            if (reactions && ex.pdot[i] === ZERO) return [reactions.replace(/^\+ /, '').replace(/^- /, '-')];
            const lines = mathLines(together(ex.pdot[i]!));
            if (reactions) lines[lines.length - 1] += ` ${reactions}`;
            return lines;
          },
        })),
      ]),
      ...contactForceNote(system),
    );
  } else {
    const bZero = lagrange2.b.every((x) => x === ZERO);
    const w = bZero ? 'p' : '(p - p_0)';
    const react =
      constraints && (system.supports || system.hinges.length) ? ` ${retainingTerms(system, false, 'i')}` : constraints ? ' - (A^{\\top}\\lambda)_i' : '';
    // Where L is the kinetic energy alone (L₀ = 0, no ∂L/∂q), H is said in a line, not as a column of zeros.
    const free = bZero && lagrange2.L0 === ZERO && lagrange2.dLdq.every((x) => x === ZERO);
    blocks.push(
      hamilton.diagonal
        ? paragraph('With ', m(M), ' of Section ', ref('sec:lagrange2'), ' diagonal, its inverse is read off its diagonal:')
        : paragraph(
            `For ${cs.length} coordinates the inverse mass matrix is not written out; with `,
            m(M),
            ' of Section ',
            ref('sec:lagrange2'),
            // Without reaction terms of their own (react empty), the contacts' densities are said as above.
            ...(system.unilateral && !react ? [', the canonical equations ', ...inFlight, ', are'] : [',']),
          ),
      rows([
        hamilton.diagonal
          ? equation('hamiltonian', H, mathLines(momentumForm(hamilton.diagonal, hamilton.p)))
          : equation('hamiltonian', H, `\\tfrac{1}{2}\\,${w}^{\\top} ${M}^{-1} ${w} - L_0(q,t)`),
        equation('hamilton-qdot', '\\dot{q}', `${M}^{-1}${w}`),
        equation('hamilton-pdot', '\\dot{p}_i', `\\frac{\\partial L}{\\partial q_i}\\bigg|_{\\dot{q} = ${M}^{-1}${w}} + Q_i${react}`),
      ]),
      ...(free
        ? [paragraph('where ', m('L_0 = L|_{\\dot{q} = 0} = 0'), ' and ', m('\\partial L/\\partial q = 0'), ': the Lagrangian is the kinetic energy alone.')]
        : [
            paragraph(
              'where ',
              m('L_0 = L|_{\\dot{q} = 0}'),
              ...(bZero ? [] : [' and ', m('p_0 = p|_{\\dot{q} = 0}'), ' is the velocity-free part of the momentum']),
              ':',
            ),
            rows([
              equation('hamilton-L0', 'L_0', mathLines(lagrange2.L0)),
              ...(bZero ? [] : family(cs.length, (i) => ({ label: `hamilton-b-${i + 1}`, lhs: `p_{0,${idx(i)}}`, rhs: () => mathLines(lagrange2.b[i]!) }))),
              ...family(cs.length, (i) => ({
                label: `hamilton-dLdq-${i + 1}`,
                lhs: `\\frac{\\partial L}{\\partial ${q(cs[i]!)}}`,
                rhs: () => mathLines(lagrange2.dLdq[i]!),
              })),
            ]),
          ]),
    );
  }
  return { id: 'hamilton', title: 'Hamilton’s equations', blocks };
}

// ---------------------------------------------------------------- appendix
/**
 * The general equations every report rests on, once, in the appendix:
 * Lagrange’s second kind (Kugushev–Sorokina (10.13)) and Hamilton’s
 * equations (11.3), (11.6) in measure form, with this model’s reaction and
 * contact terms, and where contacts act the first kind (8.10), a contact
 * phase (§9) and the impulses at an impact (8.13); the body cites them
 * where it reduces them.
 */
export function measureFormSection({ system }: SectionInput): Section {
  const { model, constraints } = system;
  // The support pairs' and journals' reactions as the first kind writes them (one name, N_k, per support reaction).
  const smirnov = system.supports || system.hinges.length;
  const retaining = !constraints
    ? ''
    : smirnov
      ? ` ${retainingTerms(system, true, 'i')}`
      : ` - ${indexSum('k', upTo(constraints.names.length), (k) => `A_{${k}i}\\,\\lambda_${k}`)}\\,\\mathrm{d}t`;
  const react = !constraints ? '' : smirnov ? ` ${retainingTerms(system, false, 'i')}` : ' - (A^{\\top}\\lambda)_i';
  const { hamiltonian: H } = reportSymbols(system);
  const blocks: Block[] = [
    paragraph(
      'Lagrange’s equations of the second kind in measure form (Kugushev–Sorokina (10.13)), with ',
      m(indexRange(model.coordinates.length)),
      ', and Hamilton’s equations in measure form (Kugushev–Sorokina (11.3), (11.6)), with ',
      m(`${H}(q,p,t) = p^{\\top}\\dot{q} - L`),
      ', are',
    ),
    rows([
      equation(
        'lagrange2-measure',
        '\\mathrm{d}\\biggl(\\frac{\\partial L}{\\partial \\dot{q}_i}\\biggr) - \\frac{\\partial L}{\\partial q_i}\\,\\mathrm{d}t',
        `Q_i\\,\\mathrm{d}t${retaining}${contactTerms(system, 'i')}`,
      ),
      equation('hamilton-q', '\\mathrm{d}q_i', `\\frac{\\partial ${H}}{\\partial p_i}\\,\\mathrm{d}t`),
      equation('hamilton-p', '\\mathrm{d}p_i', `\\biggl(-\\frac{\\partial ${H}}{\\partial q_i} + Q_i${react}\\biggr)\\mathrm{d}t${contactTerms(system, 'i')}`),
    ]),
    ...(system.unilateral ? [paragraph(...measureConditions(system))] : []),
    paragraph(
      'Here ',
      m('q'),
      ' is absolutely continuous and ',
      m('p'),
      system.unilateral ? ' has bounded variation: it jumps at impacts by the impulses of ' : ' would jump only at impacts, of which there are none here.',
      ...(system.unilateral ? [ref('impact'), ' below.'] : []),
    ),
    ...lagrange1MeasureBlocks(system),
    ...contactPhaseMeasureBlocks(system),
    ...impactMeasureBlocks(system),
    // kugushev2002 §3–§7 found the measure form; the report uses it and derives none of them.
    paragraph(
      'The foundations of the measure form, Kugushev–Sorokina §3–§7 (the Stieltjes integral, the Leibniz formula for functions of bounded variation, impulsive differential equations, the annihilator lemma and the d’Alembert–Lagrange principle in integral form), are taken as proved there and are not derived in this report.',
    ),
  ];
  return { id: 'measure-form', title: 'Equations in measure form', blocks };
}

// ---------------------------------------------------------------- 8.–9. contacts
/** Contact phases: active sets, multipliers, release conditions (unilateral.ts). */
export const contactPhasesSection = ({ system }: SectionInput): Section | undefined => contactPhasesReport(system);

/**
 * Impact maps with their mode conditions (unilateral.ts); the outcome by direction with them, unless the paper leaves it
 * to later work: then it is among the results beyond the paper (paper-check.ts).
 */
export const impactMapsSection = ({ system, modeDirections, modeShares, paper }: SectionInput): Section | undefined =>
  impactMapsReport(system, paper?.defers ? [] : modeDirections, modeShares);

// ---------------------------------------------------------------- 10. conventions
/** Notation and sign conventions used in the report. */
export function conventionsSection({ system, simulation, sources, unplotted }: SectionInput): Section {
  const symbols = reportSymbols(system);
  const { mass: M, rate } = symbols;
  const items: Inline[][] = [
    [
      m('\\dot{q} = \\mathrm{d}q/\\mathrm{d}t'),
      ' and ',
      m('\\ddot{q}'),
      ' are generalized velocities and accelerations; in the measure form ',
      m('\\mathrm{d}(\\cdot)'),
      ' is the differential (a Lebesgue–Stieltjes measure) of a function of bounded variation, and ',
      m('\\mathrm{d}t'),
      ' is Lebesgue measure. Without impacts every such measure is absolutely continuous and the equations become differential equations.',
    ],
    [
      m(`${M}(q,t) = \\partial^2 L/\\partial \\dot{q}\\,\\partial \\dot{q}`),
      ' is the symmetric positive definite mass matrix and ',
      m(`p = \\partial L/\\partial \\dot{q} = ${M}\\dot{q} + p_0`),
      ' the generalized momentum.',
    ],
    [
      m('Q'),
      ' are the generalized forces declared as forces (non-potential ones, or potential ones not written in ',
      m('V'),
      '); the others enter through ',
      m('V'),
      '.',
    ],
  ];
  // The letters notation.ts gave this report where the usual ones name something else.
  const renamed = (
    [
      ['mass', 'the mass matrix', 'M'],
      ['forcing', 'the right-hand side of the second-kind equations', 'f'],
      ['rate', 'the constraints’ rate term', 'b'],
      ['measure', 'the contact measures’ letter', '\\mu'],
      ['constraint', 'the retaining constraints’ letter in the first-kind equations', '\\varphi'],
      ['hamiltonian', 'the Hamiltonian', 'H'],
    ] as const
  ).filter(([k, , usual]) => symbols[k] !== usual && (k !== 'measure' || system.unilateral) && ((k !== 'constraint' && k !== 'rate') || system.constraints));
  if (renamed.length) {
    const parts = renamed.flatMap(([k, what, usual], i): Inline[] => [
      i ? '; ' : '',
      i ? what : what.replace(/^t/, 'T'),
      ' is written ',
      m(symbols[k]),
      ', not ',
      m(usual),
    ]);
    // What the usual letters name here: a parameter or coordinate, the gaps f_j, friction coefficients μ, a patch's resultant.
    const heads = modelHeads(system.model);
    // Each kind said for what it is: the prism's M_x a parameter, its roll φ a coordinate.
    const names = (xs: readonly { readonly name: string }[]): boolean => renamed.some(([, , usual]) => xs.some((x) => symbolHead(x.name) === usual));
    const what: Inline[][] = [
      ...(names(system.model.parameters) ? [['a parameter']] : []),
      ...(names(system.model.coordinates) ? [['a coordinate']] : []),
      ...(renamed.some(([k]) => k === 'forcing') && system.unilateral ? [['the gaps ', m('f_j')]] : []),
      ...(renamed.some(([k]) => k === 'measure') && (system.unilateral?.coulomb.length || system.supports) && !heads.includes('\\mu')
        ? [['friction coefficients']]
        : []),
      ...(system.patches ? [['a contact patch’s resultant or its restitution law']] : []),
    ];
    items.push([
      ...parts,
      renamed.length === 1 ? ': in this report that letter names another quantity' : ': in this report those letters name other quantities',
      ...(what.length ? [' (', ...what.flatMap((w, i) => [i ? ', ' : '', ...w]), ')'] : []),
      '.',
    ]);
  }
  if (system.constraints)
    items.push([
      'Retaining constraints are written ',
      m(`A(q,t)\\,\\dot{q} + ${rate}(q,t) = 0`),
      ' (holonomic ones differentiated once); ',
      ...(system.supports
        ? [
            'the reaction of support pair k is ',
            m('N_k'),
            ' on its bearing side ',
            m('\\varepsilon_k'),
            ', with its friction (Section ',
            ref('sec:lagrange1'),
            ').',
          ]
        : ['their reaction is ', m('-A^{\\top}\\lambda'), ', the same form as the reaction of a unilateral constraint.']),
    ]);
  if (system.energy)
    // With a realized contact's potential V_c, the energy plotted holds it (notation.ts energyLabel).
    items.push([
      m(energyLabel(system.model)),
      ' is the total energy',
      simulation &&
      'trajectory' in simulation &&
      !uniformRun(simulation.trajectory) &&
      !keptEnergy(system.model, simulation.trajectory) &&
      !unplotted?.names.includes('energy')
        ? ', plotted against time with the motion.'
        : '.',
    ]);
  const unilateral = unilateralConventions(system, sources ?? []);
  if (unilateral) items.push(...unilateral);
  items.push(['Equation numbers in parentheses refer to this report; “Kugushev–Sorokina (10.13)” refers to equation (10.13) of that paper in the References.']);
  return { id: 'conventions', title: 'Conventions', blocks: [list(...items)] };
}

// ---------------------------------------------------------------- simulation (HTML only)
/** The motion from the model's declared initial state: coordinates and energy against time, events marked. */
export function simulationSection({ system, simulation }: SectionInput): Section | undefined {
  if (!simulation) return undefined;
  const { model } = system;
  const cs = model.coordinates;
  const init: Block = paragraph(
    'The motion from the model’s default initial state ',
    m(`q(0) = ${vector(model.initial.q0.map(numberLatex))}`),
    ', ',
    m(`\\dot{q}(0) = ${vector(model.initial.qd0.map(numberLatex))}`),
    ...(model.parameters.length ? [', with the default parameters of Table ', ref('tab:parameters')] : []),
    ...(!('trajectory' in simulation) ? ['.'] : [', integrated to ', m(`t = ${numberLatex(model.initial.t1)}`), ...methodInline(simulation)]),
  );
  if ('error' in simulation) {
    return { id: 'simulation', title: 'Simulated motion', htmlOnly: true, blocks: [init, paragraph(`The simulation failed: ${simulation.error}`)] };
  }
  if ('skipped' in simulation) {
    return { id: 'simulation', title: 'Simulated motion', htmlOnly: true, blocks: [init, paragraph(`Not simulated: ${simulation.skipped}.`)] };
  }
  const tr = simulation.trajectory;
  const events = tr.events.map((e) => ({ t: e.t, kind: e.type }));
  const kinds = [...new Set(events.map((e) => e.kind))];
  const eventLegend = kinds.map((k) => ({ label: `\\text{${k}}`, color: EVENT_STYLE[k].color, dash: EVENT_STYLE[k].dash }));
  const figures: Figure[] = [
    {
      kind: 'figure',
      id: 'plot-coordinates',
      svg: svgPlot({
        id: 'plot-coordinates',
        title: `${model.title}: coordinates against time`,
        t: tr.t,
        events,
        series: cs.map((c, i) => ({ label: q(c), values: tr.q.map((row) => row[i]!) })),
        xLabel: 't',
        yLabel: 'q',
      }),
      legend: [...cs.map((c, i) => ({ label: `${q(c)}${c.unit ? `\\ [${unitLatex(c.unit)}]` : ''}`, ...seriesStyle(i) })), ...eventLegend],
      caption: ['Generalized coordinates against time', ...(events.length ? ['; vertical lines mark events.'] : ['.'])],
    },
  ];
  if (tr.energy) {
    figures.push({
      kind: 'figure',
      id: 'plot-energy',
      svg: svgPlot({
        id: 'plot-energy',
        title: `${model.title}: energy against time`,
        t: tr.t,
        events,
        series: [{ label: 'E', values: tr.energy }],
        xLabel: 't',
        yLabel: 'E',
      }),
      legend: [{ label: energyLabel(model), ...seriesStyle(0) }, ...eventLegend],
      caption: ['Total energy against time', model.Q.some((x) => x !== ZERO) ? ' (not conserved: the applied forces Q are not in V).' : '.'],
    });
  }
  const summary: Block = events.length
    ? paragraph(`${events.length} event${events.length === 1 ? '' : 's'}: ${kinds.map((k) => `${events.filter((e) => e.kind === k).length} ${k}`).join(', ')}.`)
    : paragraph('No impacts or releases occur on this interval.');
  return { id: 'simulation', title: 'Simulated motion', htmlOnly: true, blocks: [init, ...figures, summary] };
}

/** Every section in report order. */
export const SECTIONS: readonly SectionBuilder[] = [
  modelSection,
  ({ system }) => kinematicsSection(system),
  energySection,
  forcesSection,
  constraintsSection,
  lagrange2Section,
  lagrange1Section,
  hamiltonSection,
  measureFormSection,
  contactPhasesSection,
  impactMapsSection,
  ({ system, paper, supportLoads, supportHistory, supportStarts, hingeRest }) =>
    frictionSection(system, paper, supportLoads, supportHistory, hingeRest, supportStarts),
  ({ system, limitStudy }) => compliantSection(system, limitStudy?.pieces),
  ({ system, patchHistory }) => patchSection(system, patchHistory),
  ({ limitStudy, paper }) => limitStudy && limitSection(limitStudy, ordersShown(paper), ratesShown(paper)),
  linearizationSection,
  steadyMotionSection,
  conventionsSection,
  ({ basin }) => basin && { id: 'basin', title: 'Basin of rolling', htmlOnly: true, blocks: [sweepFigure(basin, basin.caption)] },
  simulationSection,
];

/** Where Hamilton's rows carry the forces realizing contacts: which sections define them and where they vanish. */
function contactForceNote(system: DerivedSystem): Block[] {
  const terms = (system.compliant?.terms ?? []).filter((t) => !t.everywhere);
  const compliant = terms.length > 0;
  const patches = (system.patches?.terms.length ?? 0) > 0;
  if (!compliant && !patches) return [];
  return [
    paragraph(
      'The contact forces in these rows act only where their contact is engaged and are zero elsewhere: ',
      ...(compliant ? ['the normal forces of Section ', ref('sec:compliant'), ' (', ...compliantZeros(system), ')'] : []),
      ...(compliant && patches ? [', '] : []),
      ...(patches ? ['the resultants of the active regime of Section ', ref('sec:patch')] : []),
      ...(terms.some((t) => t.inertia) ? ['; where an added mass is engaged, the momenta are those of its kinetic energy (the same section)'] : []),
      '.',
    ),
  ];
}
