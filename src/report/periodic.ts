// Linearization and periodic orbits in the report, printed from their
// studies (src/studies/linearization.ts, src/studies/orbit.ts): the
// linearized equations about rest (M δq̈ + C δq̇ + K δq = 0, symbolic, for
// small models), the equilibria with their eigenvalues and verdicts, the
// periodic orbit a model declares (`orbit`: its fixed point on the section,
// period, impacts, shift, Floquet multipliers and verdict) and the figure of
// a continued branch of periodic orbits (largest Floquet multiplier against
// the parameter, stable and unstable stretches apart, bifurcations named in
// the caption and a table).
// Tests: test/studies/orbit.test.ts (periodicOrbitSection), test/report/periodic.test.ts (the linearization's letters), test/runtime/analysis/continuation.test.ts (branchFigure)
import { ZERO } from '../core/expr.js';
import { evaluate } from '../core/evaluate.js';
import type { DerivedSystem } from '../derive/system.js';
import type { Complex } from '../numeric/eigenvalues.js';
import type { Branch } from '../runtime/analysis/continuation.js';
import type { LinearizationStudy, StudiedEquilibrium } from '../studies/linearization.js';
import type { OrbitStudy, SweptOrbit } from '../studies/orbit.js';
import type { OrbitStep } from '../studies/orbit-step.js';
import type { HeldConditions } from '../studies/orbit-zeros.js';
import type { PaperCheck, PaperCheckRow } from '../studies/paper-check.js';
import { equation, equations, m, paragraph, matrixEquation, ref, series, type Block, type Figure, type Inline, type Section } from './document.js';
import { math, mechanicsSymbol, PERIOD_SYMBOLS, powerOfTen, proseName, reportSymbols } from './notation.js';
import { seriesStyle, svgPlot } from './plot.js';
import { slashed } from './inline-fractions.js';
import { sweptBoundBlocks } from './swept-bound.js';

/** The linearization section of a model whose linearization was studied (small models without retaining constraints). */
export function linearizationSection({
  system,
  linearization,
}: {
  readonly system: DerivedSystem;
  readonly linearization?: LinearizationStudy;
}): Section | undefined {
  if (!linearization) return undefined;
  const model = system.model;
  const cs = model.coordinates;
  // At the one rest found, where it has a closed form (kozlov1988 Th. 1's hanging pendulum), the forms there.
  const { equilibria: found, rest } = linearization;
  const forms = rest?.forms ?? linearization.forms;
  const printed = (rows: typeof forms.M): string[][] => rows.map((r) => r.map(math));
  const v = cs.length === 1 ? mechanicsSymbol(cs[0]!.name) : 'q';
  // The report's letters for the mass matrix and the forcing (G where a parameter is M, h where f names the gaps: notation.ts).
  const { mass: M, forcing: f } = reportSymbols(system);
  // The mass matrix of Lagrange's equations is not printed again, nor a zero C or K.
  const nonzero = (rows: typeof forms.M): boolean => rows.some((r) => r.some((e) => e !== ZERO));
  const same = forms.M.every((r, i) => r.every((e, k) => e === system.lagrange2.massMatrix[i]?.[k]));
  const shown = [
    ...(same ? [] : [matrixEquation(undefined, M, printed(forms.M))]),
    ...(nonzero(forms.C) ? [matrixEquation(undefined, 'C', printed(forms.C))] : []),
    ...(nonzero(forms.K) ? [matrixEquation(undefined, 'K', printed(forms.K))] : []),
  ];
  const zero = [...(nonzero(forms.C) ? [] : ['C']), ...(nonzero(forms.K) ? [] : ['K'])];
  const note: Inline[] = [
    ...(same ? [' Here ', m(M), ' is the mass matrix of Section ', ref('sec:lagrange2')] : []),
    ...(zero.length ? [same ? ', and ' : ' Here ', m(`${zero.join(' = ')} = 0`)] : []),
    // With no stiffness unconstrained, a nonzero eigenvalue below comes from the contacts a rest holds (their reactions' moment).
    ...(zero.includes('K') && found.some((eq) => eq.held.length && eq.eigenvalues.some((z) => Math.hypot(z.re, z.im) > 1e-9))
      ? [' in flight; the nonzero eigenvalues below come from the contacts a rest holds, whose reactions depend on the configuration']
      : []),
    ...(same || zero.length ? ['.'] : []),
  ];
  const blocks: Block[] = [
    paragraph(
      'Small motions about a state of rest ',
      m('(q, \\dot{q} = 0)'),
      ' obey ',
      m(`${M}\\,\\delta\\ddot{${v}} + C\\,\\delta\\dot{${v}} + K\\,\\delta ${v} = 0`),
      ' with ',
      m(`C = -\\partial ${f}/\\partial \\dot{q}`),
      ' and ',
      m(`K = -\\partial ${f}/\\partial q`),
      ' at ',
      m('\\dot{q} = 0'),
      ...(rest
        ? [', here at the equilibrium below, ', m(slashed(cs.map((c) => `${mechanicsSymbol(c.name)} = ${math(rest.at.get(c.name)!)}`).join(',\\ ')))]
        : []),
      ' (',
      m(f),
      ' the forcing of Lagrange’s equations; the term of ',
      m(`\\partial ${M}/\\partial q`),
      ' drops out because ',
      m('\\ddot{q} = 0'),
      ' at rest). The model declares no inputs, so there is no input matrix B.',
      ...forcesOmitted(system, M),
      ...note,
    ),
  ];
  if (shown.length) blocks.push(equations(...shown));
  if (found.length === 0) {
    blocks.push(paragraph('No equilibrium was found from the declared initial configuration or from ', m('q = 0'), ' at the default parameters.'));
    return { id: 'linearization', title: 'Linearization about equilibria', blocks };
  }
  blocks.push(
    paragraph(
      `At the default parameters, ${found.length === 1 ? 'one equilibrium was' : `${found.length} equilibria were`} found from the declared initial configuration and from `,
      m('q = 0'),
      ...(linearization.turnedAbout
        ? [
            ', the former also turned about ',
            m(mechanicsSymbol(linearization.turnedAbout)),
            ` by the angle that carries ${proseName(model.unilateral[0]!.name)} onto each other contact (the contacts are one another’s images under these turns), so that every contact’s rests are sought near its own image of it`,
          ]
        : []),
      '. Eigenvalues are those of the state matrix ',
      m('A = \\partial(\\dot{q}, \\ddot{q})/\\partial(q, \\dot{q})'),
      ' on the motions the resting contacts allow (two zeros per held constraint row removed).',
    ),
  );
  blocks.push({
    kind: 'table',
    id: 'equilibria',
    caption: 'Equilibria and their eigenvalues',
    columns: ['Configuration', 'Resting on', 'Eigenvalues', 'Verdict'],
    align: 'llll',
    rows: found.map((eq) => [
      [m(cs.map((c, i) => configurationLatex(mechanicsSymbol(c.name), i, eq)).join(',\\ '))],
      [restingOn(system, eq)],
      eq.eigenvalues.length
        ? [
            m(
              spectrumLatex(eq.eigenvalues)
                .map((z, k) => (eq.realization?.some((r) => r.index === k) ? `${z}^{*}` : z))
                .join(',\\ '),
            ),
          ]
        : eq.verdict === 'not linearizable'
          ? ['A undefined (', m(M), ' singular here)']
          : eq.verdict.startsWith('on a switching surface')
            ? ['none (the force switches here)']
            : ['none (every coordinate held)'],
      // Stable with eigenvalues on the imaginary axis: those modes are undamped (the realized pendulum's swing), not asymptotically.
      [eq.verdict === 'linearly stable' ? 'linearly stable, not asymptotically' : eq.verdict],
    ]),
  });
  const realized = found.flatMap((eq) => eq.realization ?? []);
  if (realized.length) blocks.push(realizationNote(realized));
  for (const eq of found.filter((e) => e.contact)) blocks.push(contactIncrements(cs, eq, M));
  if (found.some((eq) => eq.friction?.some((f) => f.mode === 'stick'))) {
    // In the letters of the friction section (friction.ts): the tangential density ν̇ⱼ, the normal σ̇ⱼ, the static coefficient.
    const coefficients = [...new Set((system.unilateral?.coulomb ?? []).map((c) => math(c.static)))];
    const mu = coefficients.length === 1 ? coefficients[0]! : '\\mu_{j}';
    // Where no rest has an end (each spans every value of its free coordinates), the interval rule has nothing to explain.
    const free = found.flatMap((eq) => cs.filter((_, i) => eq.sticking?.free[i]));
    const bounded = found.some((eq) => (eq.sticking?.ends ?? []).some((q) => q !== undefined));
    if (!bounded && free.length) {
      const names = [...new Set(free.map((c) => mechanicsSymbol(c.name)))].map((x) => m(x));
      blocks.push(
        paragraph(
          'The sticking rests hold at every ',
          ...series(names.map((x) => [x])),
          ' (“any”): the tangential force stays inside the static cone ',
          m(`|\\dot{\\nu}_{j}| \\le ${mu}\\,\\dot{\\sigma}_{j}`),
          ' along them; the eigenvalues are those with the sticking contacts held.',
        ),
      );
      return { id: 'linearization', title: 'Linearization about equilibria', blocks };
    }
    blocks.push(
      paragraph(
        'A contact with Coulomb friction sticks at rest wherever its tangential force lies inside the static cone ',
        m(`|\\dot{\\nu}_{j}| \\le ${mu}\\,\\dot{\\sigma}_{j}`),
        ', so its rest is a set: a coordinate along it is printed as the interval between the ends where ',
        m(`|\\dot{\\nu}_{j}| = ${mu}\\,\\dot{\\sigma}_{j}`),
        ' (a bound on one side where the set runs on past the other, “any” where it runs on both ways), and the eigenvalues are those with the sticking contact held.',
      ),
    );
  }
  return { id: 'linearization', title: 'Linearization about equilibria', blocks };
}

/** The eigenvalues marked * in the table: the slip's relaxation, which realizes rolling, not a mode of the rolling body (studies/linearization.ts). */
function realizationNote(realized: NonNullable<StudiedEquilibrium['realization']>): Block {
  const taus = [...new Set(realized.map((r) => mechanicsSymbol(r.parameter)))];
  const tau = taus.join(', ');
  const one = realized.length === 1;
  return paragraph(
    `The eigenvalue${one ? '' : 's'} marked `,
    m('^{*}'),
    ` ${one ? 'is' : 'are'} the realization’s, not a mode of the motion it realizes: a slip the friction can stop relaxes over `,
    m(tau),
    ', which stands for rolling without slip, and ',
    m(realized.map((r) => `\\lambda ${mechanicsSymbol(r.parameter)} = ${complexLatex(r.scaled)}`).join(',\\ ')),
    `: ${one ? 'it halves' : 'they halve'} where `,
    m(tau),
    ' is doubled, so that ',
    m('\\lambda \\to -\\infty'),
    ' as ',
    m(`${tau} \\to 0`),
    ', the rolling held exactly.',
  );
}

/** The contacts an equilibrium rests on: those held rigidly, then the compliant ones and patches it presses into ("floor (in its spring)"); — for none. */
function restingOn(system: DerivedSystem, eq: StudiedEquilibrium): string {
  const held = eq.held.map((j) => `${proseName(system.model.unilateral[j]!.name)}${frictionMode(eq, j)}`);
  const patches = new Set((system.patches?.terms ?? []).map((t) => t.name));
  const engaged = (eq.engaged ?? []).map((name) => `${proseName(name)} (${patches.has(name) ? 'in contact' : 'in its spring'})`);
  return [...held, ...engaged].join(', ') || '—';
}

/** The nonzero entries that the forces left out of the printed matrices add to K and C at a rest (the study's eq.contact). */
function contactIncrements(cs: DerivedSystem['model']['coordinates'], eq: StudiedEquilibrium, M: string): Block {
  const entries = (letter: string, rows: readonly (readonly number[])[]): string[] =>
    rows.flatMap((row, i) =>
      row.flatMap((v, j) => (v === 0 ? [] : [`${letter}_{${mechanicsSymbol(cs[i]!.name)} ${mechanicsSymbol(cs[j]!.name)}} = ${numberText(v)}`])),
    );
  const stiffness = entries('K', eq.contact!.K),
    damping = entries('C', eq.contact!.C);
  const parts: Inline[][] = [
    ...(stiffness.length ? [['the stiffness ', m(stiffness.join(', '))]] : []),
    ...(damping.length ? [['the damping ', m(damping.join(', '))]] : []),
  ];
  return paragraph(
    'At the rest ',
    m(cs.map((c, i) => configurationLatex(mechanicsSymbol(c.name), i, eq)).join(', ')),
    ', what ',
    m(`${M}, C, K`),
    ' leave out adds ',
    ...parts.flatMap((p, k) => (k ? [' and ', ...p] : p)),
    '.',
  );
}

/**
 * The contact forces the printed matrices leave out: compliant contacts and
 * patches act only where engaged (a gap ≤ 0, a patch in contact), so they are
 * not part of the smooth forcing; a gap potential acts everywhere, but is
 * derived apart from it too; the equilibria and eigenvalues include them
 * (derive/linearization/equilibria.ts). A realized retaining constraint is
 * in the matrices (linearForms), not left out.
 */
function forcesOmitted(system: DerivedSystem, M: string): Inline[] {
  const terms = system.compliant?.terms ?? [];
  const engaged = [...terms.filter((t) => !t.everywhere).map((t) => t.name), ...(system.patches?.terms ?? []).map((t) => t.name)];
  // A realized retaining constraint is in the printed matrices (linearForms); a gap potential is not.
  const everywhere = terms.filter((t) => t.everywhere && t.source !== 'realization').map((t) => t.name);
  const realized = terms.filter((t) => t.everywhere && t.source === 'realization');
  // kozlov1988 Th. 1: the rod's spring, damper and added mass are in the matrices, its force in the forcing differentiated.
  const included: Inline[] = realized.length
    ? [' The forcing differentiated includes the force of ', realized.map((t) => t.name).join(', '), ' and the mass matrix its added mass.']
    : [];
  const count = engaged.length + everywhere.length;
  if (count === 0) return included;
  const one = count === 1;
  const acts = (names: readonly string[]): string => `${names.join(', ')}, which act${names.length === 1 ? 's' : ''}`;
  const where = [
    ...(engaged.length ? [`${acts(engaged)} only where engaged (a gap ≤ 0, a patch in contact)`] : []),
    ...(everywhere.length ? [`${acts(everywhere)} everywhere, but ${everywhere.length === 1 ? 'is' : 'are'} derived apart from the smooth forcing`] : []),
  ];
  return [
    ' ',
    m(`${M}, C, K`),
    ` leave out the force${one ? '' : 's'} of ${where.join('; and of ')}; the equilibria below include ${one ? 'it' : 'them'}: the force at the rest, an added mass, and the stiffness and damping there.`,
    ...included,
  ];
}

/** How a frictional contact rests: sticking inside its cone, or sliding because its slip moves by itself (a belt). */
function frictionMode(eq: StudiedEquilibrium, contact: number): string {
  const mode = eq.friction?.find((f) => f.contact === contact)?.mode;
  return mode === 'stick' ? ' (sticking)' : mode === 'slide' ? ' (sliding)' : '';
}

/** A coordinate at a rest: its value, or what it spans over a sticking set (an interval, one bound where only one end was found, any value where none was). */
function configurationLatex(symbol: string, i: number, eq: StudiedEquilibrium): string {
  const at = eq.q[i]!;
  if (!eq.sticking?.free[i]) return `${symbol} = ${numberText(at)}`;
  const ends = (eq.sticking.ends ?? []).flatMap((q) => (q ? [q[i]!] : []));
  if (ends.length === 2) return `${symbol} \\in [${numberText(Math.min(...ends))}, ${numberText(Math.max(...ends))}]`;
  if (ends.length === 1) return ends[0]! > at ? `${symbol} \\le ${numberText(ends[0]!)}` : `${symbol} \\ge ${numberText(ends[0]!)}`;
  return `\\text{any } ${symbol}`;
}

/** Four significant digits (a table of equilibria reads at a glance and fits the page with three coordinates), 0 below 1e-12. */
export const numberText = (v: number): string => `${Math.abs(v) < 1e-12 ? 0 : Number(v.toPrecision(4))}`;

/** A spectrum's values in LaTeX, each part below 1e-12 of its largest modulus printed 0. */
export const spectrumLatex = (zs: readonly Complex[]): string[] => {
  const largest = Math.max(0, ...zs.map((z) => Math.hypot(z.re, z.im)));
  return zs.map((z) => complexLatex(z, largest));
};

/**
 * z in LaTeX; a part below 1e-12 of the largest of 1, |z| and `spectrum` (the largest modulus of the spectrum z is
 * one of) is rounding of the eigensolver, printed 0.
 */
export function complexLatex(z: Complex, spectrum = 0): string {
  const scale = Math.max(1, Math.hypot(z.re, z.im), spectrum);
  if (Math.abs(z.im) < 1e-12 * scale) return Math.abs(z.re) < 1e-12 * scale ? '0' : numberText(z.re);
  const im = `${numberText(Math.abs(z.im))}\\,i`;
  if (Math.abs(z.re) < 1e-12 * scale) return `${z.im < 0 ? '-' : ''}${im}`;
  return `${numberText(z.re)} ${z.im < 0 ? '-' : '+'} ${im}`;
}

/**
 * A branch of periodic orbits: the largest multiplier modulus against the
 * parameter, one curve per stretch of constant stability and direction in
 * the parameter (the parameter runs back after a fold, and a bifurcation
 * changes the stability), the unit circle's |μ| = 1 as a reference line,
 * and the bifurcations with their parameter values in the caption.
 */
export function branchFigure(id: string, title: string, branch: Branch): Figure {
  const stretches: number[][] = [];
  branch.points.forEach((p, i) => {
    const last = stretches.at(-1);
    // A stretch of two points (one shared with the previous stretch) does not turn: the
    // stability changes at a fold, one point to either side of the turning point.
    const turns = (piece: number[]): boolean => {
      if (piece.length < 3) return false;
      const a = branch.points[piece.at(-2)!]!.parameter,
        b = branch.points[piece.at(-1)!]!.parameter;
      return Math.sign(b - a) !== Math.sign(p.parameter - b) && p.parameter !== b;
    };
    if (!last || branch.points[last.at(-1)!]!.stable !== p.stable || turns(last)) stretches.push(last ? [last.at(-1)!, i] : [i]);
    else last.push(i);
  });
  const order = branch.points.map((_, i) => i).sort((a, b) => branch.points[a]!.parameter - branch.points[b]!.parameter);
  const t = order.map((i) => branch.points[i]!.parameter);
  const biggest = (i: number): number => Math.max(0, ...branch.points[i]!.multipliers.map((z) => Math.hypot(z.re, z.im)));
  const kinds = stretches.map((piece) => (branch.points[piece.at(-1)!]!.stable ? 'stable' : 'unstable'));
  const series = stretches.map((piece, k) => {
    const same = kinds.filter((x) => x === kinds[k]).length;
    const label = `\\text{${kinds[k]}}${same > 1 ? `\\ (${kinds.slice(0, k + 1).filter((x) => x === kinds[k]).length})` : ''}`;
    return { label, values: order.map((i) => (piece.includes(i) ? biggest(i) : NaN)) };
  });
  series.push({ label: '|\\rho| = 1', values: order.map(() => 1) });
  const named = branch.bifurcations.map((b) => `${b.kind}${b.contact ? ` (${b.contact})` : ''} at ${branch.parameter} = ${b.parameter.toPrecision(8)}`);
  return {
    kind: 'figure',
    id,
    svg: svgPlot({ id, title, t, series, events: [], xLabel: branch.parameter, yLabel: '|ρ| max' }),
    legend: series.map((s, k) => ({ label: s.label, ...seriesStyle(k) })),
    caption: [`Largest Floquet multiplier along the branch (${branch.points.length} orbits)${named.length ? `; ${named.join('; ')}` : ''}.`],
  };
}

/** Six significant digits, 0 below 1e-9 (Newton's tolerance: the digits below it are the integrator's). */
const orbitNumber = (v: number): string => `${Math.abs(v) < 1e-9 ? 0 : Number(v.toPrecision(6))}`;

function orbitComplex(z: { re: number; im: number }): string {
  const re = orbitNumber(z.re),
    im = orbitNumber(Math.abs(z.im));
  if (im === '0') return re;
  return `${re === '0' ? '' : `${re} `}${z.im < 0 ? '-' : '+'} ${im}\\,i`;
}

/**
 * The orbit's period as printed: the name of the paper's row that derives it (its value at the orbit's
 * parameters the period found), else the report's letter for a period that no paper row names otherwise
 * (kozlov1988 (4.2): τ is the swing in the spring, P the period).
 */
function periodSymbol(system: DerivedSystem, study: OrbitStudy, paper?: PaperCheck): string {
  const rows = paper?.rows ?? [];
  const found = study.orbit?.period;
  // A measured row's number (parabolic-billiard's τ, orbit.period), a derived one's value at the orbit's parameters.
  const value = (r: PaperCheckRow): number => {
    if (r.measured) return r.measured.value;
    try {
      return evaluate(r.derived, study.params);
    } catch {
      return Number.NaN;
    }
  };
  const own = rows.find((r) => PERIOD_SYMBOLS.includes(r.formula.name) && found !== undefined && Math.abs(value(r) - found) <= 1e-6 * found);
  if (own) return own.formula.name;
  const named = new Set(rows.map((r) => r.formula.name));
  const { period } = reportSymbols(system);
  return [period, ...PERIOD_SYMBOLS].find((c) => !named.has(c)) ?? period;
}

/** The "Periodic orbit" section of a model that declares one (its paper's rows name its period, periodSymbol). */
export function periodicOrbitSection(system: DerivedSystem, study: OrbitStudy, paper?: PaperCheck): Section {
  const model = system.model;
  const cs = model.coordinates;
  const { declaration: d, orbit, branch } = study;
  const given = Object.entries(d.params ?? {}).concat(d.continuation ? [[d.continuation.parameter, d.continuation.from]] : []);
  const where = given.length
    ? [
        ' at ',
        m(given.map(([k, v]) => `${mechanicsSymbol(k as string)} = ${orbitNumber(v as number)}`).join(',\\ ')),
        ' (the other parameters at their defaults)',
      ]
    : [' at the default parameters'];
  const section: Inline[] =
    'contact' in d.section
      ? [`just after each impact of ${proseName(d.section.contact)}`]
      : ['where ', m(mechanicsSymbol(d.section.coordinate)), ' crosses ', m(`${d.section.value}`), d.section.direction === 'down' ? ' downwards' : ' upwards'];
  const blocks: Block[] = [
    paragraph(
      'The model declares a periodic orbit. It is sought by Newton’s method on the return map to the section ',
      ...section,
      ...where,
      ', from the declared start; the return map’s derivative comes from the variational equations and the saltation matrices at the impacts, and its eigenvalues on the periodic components, less the flow direction’s zero, are the Floquet multipliers.',
      ...(d.fix?.length
        ? [
            ' Held at their start values (a conservative model’s orbits form families): ',
            ...d.fix.flatMap((x, i) => [...(i ? [', '] : []), m(mechanicsSymbol(x))]),
            '.',
          ]
        : []),
    ),
  ];
  if (!orbit) {
    blocks.push(paragraph(`No orbit was found: ${study.error}`));
    return { id: 'periodic-orbit', title: 'Periodic orbit', blocks };
  }
  const vector = (xs: readonly number[]): string => `(${xs.map(orbitNumber).join(',\\ ')})`;
  const symbols = cs.map((c) => mechanicsSymbol(c.name)).join(',\\ ');
  const velocities = cs.map((c) => mechanicsSymbol(c.qd.name)).join(',\\ ');
  const shifted = Object.entries(orbit.shift);
  const period = periodSymbol(system, study, paper);
  const verdict = orbit.asymptotic
    ? 'asymptotically stable (every multiplier inside the unit circle)'
    : orbit.stable
      ? 'linearly stable (no multiplier outside the unit circle; some on it)'
      : 'unstable (a multiplier outside the unit circle)';
  blocks.push(
    equations(
      equation(undefined, `(${symbols})`, vector(orbit.q)),
      equation(undefined, `(${velocities})`, vector(orbit.qd)),
      equation(undefined, period, orbitNumber(orbit.period)),
    ),
  );
  const impacts = orbit.impacts.map((i) => i.contacts.map((j) => proseName(model.unilateral[j]!.name)).join(' and '));
  blocks.push(
    paragraph(
      'On the section the orbit passes through the state above; its period is ',
      m(period),
      `, with ${countImpacts(impacts.length)}`,
      ...(impacts.length
        ? [` per period (${impacts.join(', ')}, at `, m(orbit.impacts.map((i) => `t = ${orbitNumber(i.t)}`).join(',\\ ')), ' from the section)']
        : []),
      '.',
      ...(shifted.length
        ? [
            ' Outside the periodicity, each period advances ',
            ...shifted.flatMap(([k, v], i): Inline[] => [i ? ', ' : '', m(`${mechanicsSymbol(k)}\\ \\text{by}\\ ${orbitNumber(v)}`)]),
            '.',
          ]
        : []),
      ` Newton converged in ${orbit.iterations} iteration${orbit.iterations === 1 ? '' : 's'} (residual ${orbit.residual.toExponential(1)}).`,
    ),
  );
  blocks.push(
    paragraph(
      'Floquet multipliers: ',
      m(orbit.multipliers.length ? orbit.multipliers.map(orbitComplex).join(',\\ ') : '\\text{none}'),
      `; the orbit is ${verdict}.`,
      ...(study.held ? heldSentence(system, study.held, orbit.multipliers.length) : []),
      ...derivativeSentence(
        orbit.phaseJacobians,
        orbit.impacts.map((i) => i.jacobian),
      ),
    ),
  );
  if (study.step) blocks.push(stepParagraph(study.step, d.step!.section, period));
  if (study.sweep) blocks.push(sweepTable(study.sweep, d.sweep!.parameter), ...sweptBoundBlocks(study, paper));
  if (branch) {
    const c = d.continuation!;
    blocks.push(
      paragraph(
        `Continued by pseudo-arclength in ${c.parameter} from ${orbitNumber(c.from)} towards ${orbitNumber(c.to)}: ${branch.points.length} orbits, `,
        branch.status === 'range'
          ? 'to the end of the range.'
          : branch.status === 'grazing'
            ? 'ended where the orbit grazes a contact it does not strike.'
            : branch.status === 'failed'
              ? 'stopped where the corrector failed at the smallest step.'
              : 'stopped at the most points.',
      ),
    );
    blocks.push(branchFigure('orbit-branch', `${model.title}: branch in ${c.parameter}`, branch));
    if (branch.bifurcations.length) {
      blocks.push({
        kind: 'table',
        id: 'orbit-bifurcations',
        caption: 'Bifurcations along the branch',
        columns: ['Kind', c.parameter, 'Multipliers there'],
        align: 'lll',
        rows: branch.bifurcations.map((b) => [
          [`${b.kind}${b.contact ? ` (${b.contact})` : ''}`],
          [m(orbitNumber(b.parameter))],
          [m(b.point.multipliers.map(orbitComplex).join(',\\ '))],
        ]),
      });
    }
  }
  return { id: 'periodic-orbit', title: 'Periodic orbit', blocks };
}

/** The orbit at each value of the declared sweep: its period, multipliers and verdict (studies/orbit.ts). */
function sweepTable(sweep: readonly SweptOrbit[], parameter: string): Block {
  return {
    kind: 'table',
    id: 'orbit-sweep',
    caption: `The orbit sought again at other values of ${parameter}, the rest held`,
    columns: [parameter, 'Period', 'Floquet multipliers', 'Their sum (the trace)', 'Orbit'],
    align: 'lllll',
    rows: sweep.map(({ value, orbit, error }) => [
      [m(powerOfTen(value) ?? orbitNumber(value))],
      ...(orbit
        ? [
            [m(orbitNumber(orbit.period))],
            [m(orbit.multipliers.map(orbitComplex).join(',\\ '))],
            [m(orbitNumber(orbit.multipliers.reduce((s, z) => s + z.re, 0)))],
            [orbit.stable ? 'stable' : 'unstable'],
          ]
        : [['—'], [`not found: ${error}`], ['—'], ['—']]),
    ]),
  };
}

/** Why some multipliers are 0: the held contacts' conditions on the section, counted by studies/orbit-zeros.ts. */
function heldSentence(system: DerivedSystem, held: HeldConditions, count: number): Inline[] {
  const names = held.contacts.map((j) => proseName(system.model.unilateral[j]!.name)).join(' and ');
  const zeros = held.velocity + held.position;
  const others = held.velocity - held.position;
  const advancing: Inline[] = held.advancing.flatMap((x, i): Inline[] => [i ? ', ' : '', m(mechanicsSymbol(x))]);
  return [
    ` Of the ${count}, ${zeros} are 0: just after each impact ${names} is held, so the state satisfies its ${held.velocity} row${held.velocity === 1 ? '' : 's'} at the velocity level and ${held.position} at the position level`,
    ...(others ? [` (the other${others === 1 ? ' involves' : 's involve'} `, ...advancing, `, which advance${held.advancing.length === 1 ? 's' : ''})`] : []),
    `, ${zeros} conditions the return map keeps whatever the start.`,
  ];
}

/** The orbit as two mirror steps (studies/orbit-step.ts): one step's period and multipliers, the period's being their squares. */
function stepParagraph(step: OrbitStep, section: NonNullable<OrbitStudy['declaration']['step']>['section'], period: string): Block {
  const to = 'contact' in section ? `the next impact of ${proseName(section.contact)}` : `the next crossing of ${section.coordinate}`;
  const exchanged = step.pairs.flatMap(([a, b], i): Inline[] => [i ? ', ' : '', m(`${mechanicsSymbol(a)} \\leftrightarrow ${mechanicsSymbol(b)}`)]);
  return paragraph(
    `One step. From the section to ${to} the orbit takes `,
    m(`${period}_1 = ${orbitNumber(step.period)}`),
    '; there, with ',
    ...exchanged,
    ` exchanged (and their rates), its state is the state on the section again, to ${step.mismatch.toExponential(0)}: the orbit is two mirror steps. `,
    'The one-step map, from the section to that impact with the coordinates exchanged, has the multipliers ',
    m(step.multipliers.map(orbitComplex).join(',\\ ')),
    ' (modulus at most ',
    m(orbitNumber(Math.max(0, ...step.multipliers.map((z) => Math.hypot(z.re, z.im))))),
    '); the period’s multipliers above are their squares.',
  );
}

const countImpacts = (n: number): string => (n === 0 ? 'no impacts' : n === 1 ? 'one impact' : `${n} impacts`);

/** How the return map's derivative was formed (runtime/analysis/periodic.ts), in words. */
function derivativeSentence(phases: readonly ('generated' | 'difference')[], impacts: readonly ('symbolic' | 'difference')[]): string[] {
  const how = { generated: 'the generated module’s Jacobian of the vector field', symbolic: 'their derived Jacobians', difference: 'finite differences' };
  const words = (xs: readonly (keyof typeof how)[]): string => [...new Set(xs)].map((x) => how[x]).join(' and ');
  return [
    ` The return map’s derivative integrates the variational equations of the phases with ${words(phases)}`,
    impacts.length ? ` and differentiates the impact maps by ${words(impacts)}.` : '.',
  ];
}
