// The section on Lagrange's equations of the first kind: every reaction as
// a multiplier times the gradient of its constraint — retaining rows (λ, or
// Smirnov's support reactions N with their friction), unilateral normals
// (dμ), sticking tangents (dν) and Coulomb friction — the constraint matrix
// of all rows, and where each multiplier is solved. Every expression comes
// from DerivedSystem (lagrange1.ts, unilateral.ts, supports.ts, hinges.ts).
// Tests: test/report/lagrange1.test.ts.
import { ZERO, type Expr } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import { multiplierName } from '../model/names.js';
import { equation, equations, m, paragraph, ref, type Block, type Inline, type Section, matrixEquation } from './document.js';
import { gapLetter, gapRow } from './unilateral.js';
import { fits, indexSum, math, upTo, mathLines, mechanicsSymbol, reportSymbols } from './notation.js';

/** One row of the constraint matrix: its name (a gradient in LaTeX), the row, the multiplier it carries. */
interface ReactionRow {
  readonly gradient: string;
  readonly row: readonly Expr[];
  readonly multiplier: string;
}

/**
 * The rows in report order: retaining constraints (A, holonomic first),
 * then per contact its normal (in the author's sign) and its tangent.
 */
function reactionRows(system: DerivedSystem, measure: boolean): ReactionRow[] {
  const out: ReactionRow[] = [];
  const rc = system.constraints;
  const support = new Set(system.supports?.pairs.map((p) => p.constraint) ?? []);
  rc?.A.forEach((row, k) => {
    const phi = `${reportSymbols(system).constraint}_{${k + 1}}`;
    out.push({ gradient: `\\partial ${phi}/\\partial q`, row, multiplier: support.has(k) ? `N_{${k + 1}}` : mechanicsSymbol(multiplierName(k + 1)) });
  });
  const d = (s: string): string => (measure ? `\\mathrm{d}${s}` : `\\dot{${s}}`);
  system.unilateral?.contacts.forEach((c, j) => {
    out.push({
      gradient: `\\partial ${gapLetter(system.model, c)}_{${j + 1}}/\\partial q`,
      row: gapRow(system.model, c),
      multiplier: d(`${reportSymbols(system).measure}_{${j + 1}}`),
    });
    if (c.tangent) out.push({ gradient: `\\partial \\xi_{${j + 1}}/\\partial q`, row: c.tangent.row, multiplier: d(`\\nu_{${j + 1}}`) });
  });
  return out;
}

/**
 * The retaining reactions of coordinate i's equation (of the vector equation
 * where i is undefined): −Σ A_ki λ_k for ideal retaining constraints,
 * Smirnov's (ε_k ∂φ_k/∂q_i − κ_k sgn ṡ_k ∂s_k/∂q_i) N_k for support pairs and
 * the journal's friction; '' without retaining constraints.
 */
export function retainingTerms(system: DerivedSystem, measure: boolean, i: string | undefined): string {
  const parts: string[] = [];
  const dt = measure ? '\\,\\mathrm{d}t' : '';
  const q = i === undefined ? 'q' : `q_${i}`;
  const rc = system.constraints;
  const pairs = system.supports?.pairs ?? [];
  if (rc) {
    const phi = reportSymbols(system).constraint;
    const support = new Set(pairs.map((p) => p.constraint));
    const ideal = upTo(rc.names.length).filter((k) => !support.has(k - 1));
    if (ideal.length > 0) parts.push(`- ${indexSum('k', ideal, (k) => `\\frac{\\partial ${phi}_${k}}{\\partial ${q}}\\,\\lambda_${k}`)}${dt}`);
    if (pairs.length)
      parts.push(
        `+ ${indexSum(
          'k',
          pairs.map((p) => p.constraint + 1),
          (k) =>
            `\\Bigl(\\varepsilon_${k} \\frac{\\partial ${phi}_${k}}{\\partial ${q}} - \\kappa_${k}^{\\varepsilon_${k}} \\operatorname{sgn}\\dot{s}_${k} \\frac{\\partial s_${k}^{\\varepsilon_${k}}}{\\partial ${q}}\\Bigr) N_${k}`,
        )}${dt}`,
      );
    if (system.hinges.length) parts.push(`+ Q^{\\mathrm{fr}}${i === undefined ? '' : `_${i}`}${dt}`);
  }
  return parts.join(' ');
}

/**
 * The reaction terms of coordinate i's equation: the retaining ones
 * (retainingTerms), ± ∂f_j/∂q_i dμ_j, ∂ξ_j/∂q_i dν_j and Coulomb's
 * −μ_j sgn ṡ_j ∂s_j/∂q_i dμ_j.
 */
function reactionTerms(system: DerivedSystem, measure: boolean, i: string): string {
  const retaining = retainingTerms(system, measure, i);
  const parts: string[] = retaining ? [retaining] : [];
  const u = system.unilateral;
  if (u) {
    const mu = reportSymbols(system).measure;
    const senses = new Set(u.contacts.map((c) => gapLetter(system.model, c)));
    const sign = senses.size === 1 && senses.has('g') ? '-' : '+';
    const g = senses.size === 1 ? [...senses][0]! : 'f';
    parts.push(`${sign} ${indexSum('j', upTo(u.contacts.length), (j) => `\\frac{\\partial ${g}_${j}}{\\partial q_${i}}\\,\\mathrm{d}${mu}_${j}`)}`);
    const tangents = u.contacts.flatMap((c, j) => (c.tangent ? [j + 1] : []));
    if (tangents.length) parts.push(`+ ${indexSum('j', tangents, (j) => `\\frac{\\partial \\xi_${j}}{\\partial q_${i}}\\,\\mathrm{d}\\nu_${j}`)}`);
    const kinetic = new Set(u.coulomb.map((c) => c.kinetic));
    const friction = kinetic.size === 1 ? math([...kinetic][0]!) : undefined;
    if (u.coulomb.length)
      parts.push(
        `- ${indexSum(
          'j',
          u.coulomb.map((c) => c.contact + 1),
          // One coefficient shared by every contact is written as it is (the rod's μ), not μ_j.
          (j) => `${friction ?? `\\mu_${j}`} \\operatorname{sgn}\\dot{s}_${j}\\, \\frac{\\partial s_${j}}{\\partial q_${i}}\\,\\mathrm{d}${mu}_${j}`,
        )}`,
      );
  }
  return parts.join(' ');
}

/**
 * What the multipliers of a rolling contact are: its constraints are signed
 * so that each is a component of the force of the plane on the body at the
 * contact point (src/model/geometry/rolling.ts).
 */
function rollingReactions(system: DerivedSystem): Block[] {
  const names = system.constraints?.names ?? [];
  const lambda = (constraint: string): Inline => m(mechanicsSymbol(multiplierName(names.indexOf(constraint) + 1)));
  return (system.model.rolling ?? []).map((c) =>
    paragraph(
      `The reactions of ${c.name}, where ${c.body} rolls on its plane: `,
      lambda(c.tangents[0]),
      ' and ',
      lambda(c.tangents[1]),
      " are the components along the plane's x and y axes of the friction force the plane exerts on the body at the contact point",
      ...(c.normal ? ['; ', lambda(c.normal), ' is the normal force, positive while the plane pushes'] : []),
      '.',
    ),
  );
}

/** Where each multiplier is found: solved here (λ), or in the sections that solve it. */
function solvedBlocks(system: DerivedSystem): Block[] {
  const blocks: Block[] = [];
  const rc = system.constraints;
  const { mass: M, forcing: f, rate: b } = reportSymbols(system);
  if (rc?.multipliers) {
    blocks.push(
      paragraph(
        'Eliminating ',
        m(`\\ddot{q} = ${M}^{-1}(${f} - A^{\\top}\\lambda)`),
        ' from the constraints at acceleration level, ',
        m(`A\\ddot{q} + \\dot{A}\\dot{q} + \\dot{${b}} = 0`),
        ', gives ',
        m(`(A ${M}^{-1} A^{\\top})\\,\\lambda = A ${M}^{-1} ${f} + \\dot{A}\\dot{q} + \\dot{${b}}`),
        ' (Kugushev–Sorokina (9.3)–(9.4)), solved by',
      ),
      equations(...rc.multipliers.map((x, k) => equation(`multiplier-${k + 1}`, mechanicsSymbol(multiplierName(k + 1)), mathLines(x)))),
    );
  } else if (rc && !system.supports && !system.hinges.length) {
    blocks.push(
      paragraph(
        'The multipliers solve the linear system ',
        ref('lagrange1-system'),
        ' together with the accelerations (the generated code solves it numerically at every step).',
      ),
    );
  }
  if (system.supports) {
    blocks.push(
      paragraph(
        'Here ',
        m(`${reportSymbols(system).constraint}_k`),
        ' is the ',
        m('k'),
        'th retaining constraint (',
        ...system.supports.pairs.flatMap((p, j) => [j ? '; ' : '', m(`${reportSymbols(system).constraint}_{${p.constraint + 1}}`), ` is ${p.name}`]),
        '), ',
        m('\\varepsilon_k = \\pm 1'),
        ' the side of pair k that bears, ',
        m('\\kappa_k^{\\varepsilon_k}'),
        // Which parameter each side's κ is, is said once, in Section friction.
        ' its friction coefficient on that side (Section ',
        ref('sec:friction'),
        '), and ',
        m('s_k^{\\varepsilon_k}'),
        ' the coordinate along which its bearing point slides, at the velocity ',
        m('\\dot{s}_k'),
        '. The support reactions ',
        m('N_k'),
        ' of the variant ',
        m('\\varepsilon'),
        ' that is realized solve Smirnov’s system (1.1), with the friction forces (1.3), in Section ',
        ref('sec:friction'),
        '.',
      ),
    );
  }
  if (system.hinges.length) {
    blocks.push(
      paragraph(
        'The hinge reaction and the journal’s friction moment ',
        m('Q^{\\mathrm{fr}}'),
        ', which depends on the reaction’s magnitude, are solved in Section ',
        ref('sec:friction'),
        ' (Smirnov (2.4), (2.6)).',
      ),
    );
  }
  if (system.unilateral) {
    blocks.push(
      paragraph(
        'The contact measures’ densities on a contact phase are solved in Section ',
        ref('sec:contact-phases'),
        ...(system.unilateral.impactMaps.length ? [' and the impulses at an impact in Section ', ref('sec:impact-maps')] : []),
        system.unilateral.coulomb.length ? '; a sliding contact’s density with its friction in Section ' : '.',
        ...(system.unilateral.coulomb.length ? [ref('sec:friction'), '.'] : []),
      ),
    );
  }
  return blocks;
}

/**
 * The first-kind equations with every reaction, as Kugushev–Sorokina (8.10)
 * derive them from the Cartesian form: in measure form where contacts act
 * (then printed once, in the appendix with the other measure-form
 * equations), as differential equations where only retaining constraints do.
 */
function lagrange1Equation(system: DerivedSystem): Block[] {
  const { model } = system;
  const measure = system.unilateral !== undefined;
  const symbols = reportSymbols(system);
  const { mass: M, forcing: f, cartesian: x } = symbols;
  // One coordinate: the equation for i = 1, without a sum over its index.
  const i = model.coordinates.length === 1 ? '1' : 'i';
  // The coordinates' index, one the reactions' sums do not use (k of two or more retaining constraints, j of the contacts).
  const taken = [(system.constraints?.names.length ?? 0) > 1 && 'k', system.unilateral && 'j'];
  const index = ['k', 'j', 'r'].find((c) => !taken.includes(c))!;
  const lhs = indexSum(index, upTo(model.coordinates.length), (k) =>
    measure ? `${M}_{${i}${k}}\\,\\mathrm{d}\\dot{q}_${k}` : `${M}_{${i}${k}}\\,\\ddot{q}_${k}`,
  );
  const force = measure ? `${f}_${i}\\,\\mathrm{d}t` : `${f}_${i}`;
  const intro: Inline[] = [
    'Lagrange’s equations of the first kind (Kugushev–Sorokina (8.10)) are written for the Cartesian coordinates ',
    m(x),
    ' of the points: ',
    // The Cartesian mass matrix in the report's letter (G beside the prism's moments M_x); G of the contacts only where there are any.
    m(
      `${M}_${x}\\,\\mathrm{d}\\dot{${x}} = ${symbols.applied}\\,\\mathrm{d}t + A_${x}^{\\top}\\mathrm{d}\\eta${measure ? ` - G^{\\top}\\mathrm{d}${symbols.measure}` : ''}`,
    ),
    ...(symbols.applied === 'F' ? [] : [' (', m(symbols.applied), ' the applied forces on the points)']),
    ', each reaction a multiplier times the gradient of its constraint. Multiplied by ',
    m(`(\\partial ${x}/\\partial q)^{\\top}`),
    ', which carries the gradients in ',
    m(x),
    ' to the gradients in the coordinates q, they keep that form (',
    m(model.coordinates.length === 1 ? 'i = 1' : `i = 1, \\dots, ${model.coordinates.length}`),
    '):',
  ];
  return [paragraph(...intro), equations(equation('lagrange1', lhs, `${force} ${reactionTerms(system, measure, i)}`))];
}

/** The first-kind equations in measure form, for the appendix; none without contacts. */
export const lagrange1MeasureBlocks = (system: DerivedSystem): Block[] => (system.unilateral ? lagrange1Equation(system) : []);

/** Lagrange's equations of the first kind, in the coordinates q, for a model with retaining or unilateral constraints. */
export function lagrange1Section(system: DerivedSystem): Section | undefined {
  const { constraints: rc, unilateral: u, model } = system;
  if (!rc && !u) return undefined;
  const rows = reactionRows(system, u !== undefined);
  const symbols = reportSymbols(system);
  const { mass: M, forcing: f } = symbols;
  const entries = rows.map((r) => r.row.map(math));
  const blocks: Block[] = [
    ...(u ? [] : lagrange1Equation(system)),
    paragraph(
      ...(u ? ['In Lagrange’s equations of the first kind in measure form ', ref('lagrange1'), ', '] : ['with ']),
      m(M),
      ' and ',
      m(f),
      u ? ' are those of Section ' : ' of Section ',
      ref('sec:lagrange2'),
      ...(model.Q.some((x) => x !== ZERO) ? [' (', m(f), ' holds the generalized forces ', m('Q'), ' of Section ', ref('sec:forces'), ')'] : []),
      ...(u ? [' and the measures are those of ', ref('lagrange2-measure')] : []),
      '. The gradients, stacked, are the constraint matrix; the multipliers of its rows are ',
      m(rows.map((r) => r.multiplier).join(',\\ ')),
      ':',
    ),
  ];
  if (fits(entries)) {
    blocks.push(equations(matrixEquation('lagrange1-matrix', `\\begin{pmatrix} ${rows.map((r) => r.gradient).join(' \\\\ ')} \\end{pmatrix}`, entries)));
  } else {
    blocks.push(equations(...rows.map((r, k) => matrixEquation(`lagrange1-row-${k + 1}`, r.gradient, [r.row.map(math)]))));
  }
  if (rc && !system.supports && !system.hinges.length) {
    const k = rc.names.length;
    blocks.push(
      paragraph('The retaining constraints hold at the acceleration level, ', m(`A\\ddot{q} + \\dot{A}\\dot{q} + \\dot{${symbols.rate}} = 0`), ', with'),
      equations(
        ...rc.bias.map((bias, i) =>
          equation(
            `constraint-bias-${i + 1}`,
            k === 1 ? `\\dot{A}\\,\\dot{q} + \\dot{${symbols.rate}}` : `(\\dot{A}\\,\\dot{q} + \\dot{${symbols.rate}})_{${i + 1}}`,
            mathLines(bias),
          ),
        ),
      ),
      paragraph('so that, while no contact acts, accelerations and multipliers solve'),
      equations(
        equation(
          'lagrange1-system',
          `\\begin{pmatrix} ${symbols.mass} & A^{\\top} \\\\ A & 0 \\end{pmatrix} \\begin{pmatrix} \\ddot{q} \\\\ \\lambda \\end{pmatrix}`,
          `\\begin{pmatrix} ${symbols.forcing} \\\\ -(\\dot{A}\\,\\dot{q} + \\dot{${symbols.rate}}) \\end{pmatrix}`,
        ),
      ),
    );
  }
  blocks.push(...solvedBlocks(system), ...rollingReactions(system));
  return { id: 'lagrange1', title: 'Lagrange’s equations of the first kind', blocks };
}
