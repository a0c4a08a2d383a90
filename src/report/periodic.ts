// Linearization and periodic orbits in the report: the linearized equations
// about rest (M δq̈ + C δq̇ + K δq = 0, symbolic, for small models), the
// equilibria found from the declared initial configuration and from q = 0
// with their eigenvalues, and the figure of a continued branch of periodic
// orbits (largest Floquet multiplier against the parameter, bifurcations
// named in the caption).
// Tests: test/cli/linearize.test.ts (equilibriumSpectrum through the command), test/runtime/continuation.test.ts (branchFigure)
import { ZERO } from '../core/expr.js';
import { findEquilibria, linearForms, type Equilibrium } from '../derive/equilibria.js';
import type { DerivedSystem } from '../derive/system.js';
import { MechanicsError } from '../errors.js';
import { eigenvalues, type Complex } from '../numeric/eigenvalues.js';
import type { Branch } from '../runtime/continuation.js';
import { equation, equations, m, paragraph, type Block, type Figure, type Section } from './document.js';
import { latexMatrix } from './latex.js';
import { math, mechanicsSymbol } from './notation.js';
import { SERIES_COLORS, svgPlot } from './plot.js';

/** Models up to this many coordinates get their linearization printed. */
const SMALL = 3;

export type EquilibriumVerdict = 'asymptotically stable' | 'linearly stable' | 'unstable' | 'not linearizable';

/**
 * Eigenvalues of an equilibrium's A on the motions its resting contacts
 * allow, and the verdict. A held row keeps g̈ = 0, so its (δg, δġ) evolve
 * on their own with eigenvalues 0 (a Jordan block): the spectrum of A is
 * that of the constrained motion plus two zeros per held row, which are
 * removed (the smallest in modulus). Verdict: some Re λ > 0 unstable; all
 * < 0 asymptotically stable; else linearly stable (a conservative
 * minimum: λ = ±iω), to 1e-9 of the largest |λ|; not linearizable where
 * A is undefined (M singular at a coordinate singularity).
 */
export function equilibriumSpectrum(eq: Equilibrium): { eigenvalues: Complex[]; verdict: EquilibriumVerdict } {
  const n2 = eq.A.length;
  // A coordinate singularity (the spherical pendulum hanging at its pole: M singular) leaves A undefined.
  if (!eq.A.flat().every(Number.isFinite)) return { eigenvalues: [], verdict: 'not linearizable' };
  const all = eigenvalues(n2, eq.A.flat()).sort((a, b) => Math.hypot(a.re, a.im) - Math.hypot(b.re, b.im));
  const kept = all.slice(2 * eq.heldRank).sort((a, b) => b.re - a.re || b.im - a.im);
  const tol = 1e-9 * Math.max(1, ...kept.map((z) => Math.hypot(z.re, z.im)));
  // No eigenvalue left (contacts pin every coordinate): nothing moves, linearly stable.
  const verdict: EquilibriumVerdict = kept.some((z) => z.re > tol) ? 'unstable' : kept.length > 0 && kept.every((z) => z.re < -tol) ? 'asymptotically stable' : 'linearly stable';
  return { eigenvalues: kept, verdict };
}

/** Starts of the equilibrium search: the declared initial configuration, and q = 0. */
export function equilibriumStarts(system: DerivedSystem): number[][] {
  const q0 = [...system.model.initial.q0];
  const zero = q0.map(() => 0);
  return q0.every((v) => v === 0) ? [zero] : [q0, zero];
}

/** The linearization section: small models without retaining constraints. */
export function linearizationSection({ system }: { readonly system: DerivedSystem }): Section | undefined {
  const model = system.model;
  const cs = model.coordinates;
  if (cs.length > SMALL || system.constraints) return undefined;
  const forms = linearForms(system);
  const matrix = (rows: typeof forms.M): string => latexMatrix(rows.map((r) => r.map(math)));
  const v = cs.length === 1 ? mechanicsSymbol(cs[0]!.name) : 'q';
  const blocks: Block[] = [
    paragraph(
      'Small motions about a state of rest ', m('(q, \\dot{q} = 0)'), ' obey ', m(`M\\,\\delta\\ddot{${v}} + C\\,\\delta\\dot{${v}} + K\\,\\delta ${v} = 0`),
      ' with ', m('C = -\\partial f/\\partial \\dot{q}'), ' and ', m('K = -\\partial f/\\partial q'), ' at ', m('\\dot{q} = 0'),
      ' (f the forcing of Lagrange’s equations; the term of ', m('\\partial M/\\partial q'), ' drops out because ', m('\\ddot{q} = 0'), ' at rest). The model declares no inputs, so there is no input matrix B.',
    ),
    equations(
      equation(undefined, 'M', matrix(forms.M)),
      ...(forms.C.some((r) => r.some((e) => e !== ZERO)) ? [equation(undefined, 'C', matrix(forms.C))] : []),
      equation(undefined, 'K', matrix(forms.K)),
    ),
  ];
  const params = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  let found: Equilibrium[] = [];
  try {
    found = findEquilibria(system, params, equilibriumStarts(system));
  } catch (err) {
    if (!(err instanceof MechanicsError)) throw err;
  }
  if (found.length === 0) {
    blocks.push(paragraph('No equilibrium was found from the declared initial configuration or from ', m('q = 0'), ' at the default parameters.'));
    return { id: 'linearization', title: 'Linearization about equilibria', blocks };
  }
  blocks.push(paragraph(
    `At the default parameters, ${found.length === 1 ? 'one equilibrium was' : `${found.length} equilibria were`} found from the declared initial configuration and from `, m('q = 0'),
    '. Eigenvalues are those of the state matrix ', m('A = \\partial(\\dot{q}, \\ddot{q})/\\partial(q, \\dot{q})'),
    ' on the motions the resting contacts allow (two zeros per held constraint row removed).',
  ));
  blocks.push({
    kind: 'table',
    id: 'equilibria',
    caption: 'Equilibria and their eigenvalues',
    columns: ['Configuration', 'Resting on', 'Eigenvalues', 'Verdict'],
    align: 'llll',
    rows: found.map((eq) => {
      const spectrum = equilibriumSpectrum(eq);
      return [
        [m(cs.map((c, i) => `${mechanicsSymbol(c.name)} = ${numberText(eq.q[i]!)}`).join(',\\ '))],
        [eq.held.length ? eq.held.map((j) => model.unilateral[j]!.name).join(', ') : '—'],
        spectrum.eigenvalues.length ? [m(spectrum.eigenvalues.map(complexLatex).join(',\\ '))] : [spectrum.verdict === 'not linearizable' ? 'A undefined (M singular here)' : 'none (every coordinate held)'],
        [spectrum.verdict],
      ];
    }),
  });
  return { id: 'linearization', title: 'Linearization about equilibria', blocks };
}

/** Four significant digits (a table of equilibria reads at a glance and fits the page with three coordinates), 0 below 1e-12. */
const numberText = (v: number): string => `${Math.abs(v) < 1e-12 ? 0 : Number(v.toPrecision(4))}`;

function complexLatex(z: Complex): string {
  const scale = Math.max(1, Math.hypot(z.re, z.im));
  if (Math.abs(z.im) < 1e-12 * scale) return numberText(z.re);
  const im = `${numberText(Math.abs(z.im))}\\,i`;
  if (Math.abs(z.re) < 1e-12 * scale) return `${z.im < 0 ? '-' : ''}${im}`;
  return `${numberText(z.re)} ${z.im < 0 ? '-' : '+'} ${im}`;
}

/**
 * A branch of periodic orbits: the largest multiplier modulus against the
 * parameter, one curve per piece between folds (the parameter runs back
 * after a fold), the unit circle's |μ| = 1 as a reference line, and the
 * bifurcations with their parameter values in the caption.
 */
export function branchFigure(id: string, title: string, branch: Branch): Figure {
  const pieces: number[][] = [[]];
  branch.points.forEach((p, i) => {
    const piece = pieces.at(-1)!;
    if (piece.length >= 2) {
      const a = branch.points[piece.at(-2)!]!.parameter, b = branch.points[piece.at(-1)!]!.parameter;
      if (Math.sign(b - a) !== Math.sign(p.parameter - b) && p.parameter !== b) pieces.push([piece.at(-1)!]);
    }
    pieces.at(-1)!.push(i);
  });
  const order = branch.points.map((_, i) => i).sort((a, b) => branch.points[a]!.parameter - branch.points[b]!.parameter);
  const t = order.map((i) => branch.points[i]!.parameter);
  const biggest = (i: number): number => Math.max(0, ...branch.points[i]!.multipliers.map((z) => Math.hypot(z.re, z.im)));
  const series = pieces.map((piece, k) => ({ label: `|\\mu|_{\\max}${pieces.length > 1 ? `\\ (${k + 1})` : ''}`, values: order.map((i) => (piece.includes(i) ? biggest(i) : NaN)) }));
  series.push({ label: '|\\mu| = 1', values: order.map(() => 1) });
  const named = branch.bifurcations.map((b) => `${b.kind}${b.contact ? ` (${b.contact})` : ''} at ${branch.parameter} = ${b.parameter.toPrecision(8)}`);
  return {
    kind: 'figure',
    id,
    svg: svgPlot({ id, title, t, series, events: [], xLabel: branch.parameter, yLabel: '|μ| max' }),
    legend: series.map((s, k) => ({ label: s.label, color: SERIES_COLORS[k % SERIES_COLORS.length]! })),
    caption: [`Largest Floquet multiplier along the branch (${branch.points.length} orbits)${named.length ? `; ${named.join('; ')}` : ''}.`],
  };
}
