// The friction section of a report: Coulomb contacts (slip, friction force,
// the sliding contact's reaction coefficient with Painlevé's threshold, the
// sticking cone) and
// Smirnov's non-ideal retaining constraints (the variants of support and
// their counts, the friction forces (1.3), the reaction system (1.1) of every
// full variant with its determinant, the switching function (1.2) and the
// rules for the realized variant). Everything printed is derived data
// (DerivedSystem.unilateral.coulomb, DerivedSystem.supports).
// Tests: test/report/friction.test.ts.
import type { DerivedSystem } from '../derive/system.js';
import type { PaperCheck } from '../studies/paper-check.js';
import type { HingeDerivation } from '../derive/friction/hinges.js';
import type { AxesContraction, IterationRun } from '../derive/friction/journal.js';
import type { SupportDerivation } from '../derive/friction/supports.js';
import type { SupportRest } from '../derive/friction/support-rest.js';
import type { SupportLoads } from '../studies/support-loads.js';
import type { SupportStarts } from '../studies/support-starts.js';
import type { HingeRestStudy } from '../studies/hinge-rest.js';
import type { SupportHistory } from '../studies/support-history.js';
import { journalFigures } from './journal-figures.js';
import { nonNegative } from './support-rest-finding.js';
import { lockingBlocks, PRINTED_LOCKING } from './support-locking.js';
import { supportHistoryFigures } from './support-history.js';
import type { CoulombContact, PainleveThreshold } from '../derive/unilateral/unilateral-types.js';
import { countWord, equation, equations, list, m, paragraph, ref, type Block, type Inline, type Section, type Table, matrixEquation } from './document.js';
import { freeSymbols, numericValue, sym, ZERO, type Expr } from '../core/expr.js';
import { inKnownNames, sumNamer } from './repeats.js';
import { phaseSums } from './unilateral.js';
import { subs } from '../core/subs.js';
import { contactSubscript, fourDigits, indexSum, math, mathLines, mechanicsSymbol, proseName, reportSymbols, upTo } from './notation.js';

/** The friction section; where a paper check compares the support variants' closed forms, they are printed once, in the paper's names there. */
export function frictionSection(
  system: DerivedSystem,
  paper?: PaperCheck,
  loads?: SupportLoads,
  history?: SupportHistory,
  rest?: HingeRestStudy,
  starts?: SupportStarts,
): Section | undefined {
  const coulomb = system.unilateral?.coulomb ?? [];
  const blocks = [
    ...coulomb.flatMap((c, k) => {
      const twin = coulomb.slice(0, k).find((d) => alike(c, d));
      return twin ? twinBlocks(system, c, twin) : coulombBlocks(system, c);
    }),
    ...(system.supports ? supportBlocks(system, system.supports, paper, loads, starts) : []),
    ...(history ? supportHistoryFigures(system, history) : []),
    ...system.hinges.flatMap((h) => [...hingeBlocks(system, h), ...hingeRestBlocks(h, rest)]),
  ];
  return blocks.length ? { id: 'friction', title: 'Friction', blocks } : undefined;
}

/**
 * Whether contact c repeats d's friction up to the direction of its slip
 * (the rod's two ends): the same coefficients, the same sliding coefficient
 * with its own sgn ṡ for d's, and the same Painlevé thresholds.
 */
function alike(c: CoulombContact, d: CoulombContact): boolean {
  if (c.kinetic !== d.kinetic || c.static !== d.static || !c.slidingDeterminant || !d.slidingDeterminant) return false;
  const own = c.direction && d.direction ? subs(c.slidingDeterminant, new Map([[c.direction.name, d.direction as Expr]])) : c.slidingDeterminant;
  const thresholds = (x: CoulombContact): string =>
    (x.painleve ?? []).map((t) => `${t.direction}:${math(t.threshold)}:${t.tangent ? math(t.tangent) : ''}`).join(';');
  return own === d.slidingDeterminant && thresholds(c) === thresholds(d);
}

/** The generalized friction force per unit normal reaction, its non-zero entries. */
function forceRows(system: DerivedSystem, c: CoulombContact, name: string): Block {
  return equations(
    ...system.model.coordinates.flatMap((q, i) =>
      c.force![i] === ZERO
        ? []
        : [
            equation(
              `friction-${name}-${q.name}`,
              `Q^{\\mathrm{fr}}_{${mechanicsSymbol(q.name)}}`,
              `${mathLines(c.force![i]!).join(' ')}\\,\\dot{\\sigma}_{${c.contact + 1}}`,
            ),
          ],
    ),
  );
}

/**
 * The sliding coefficient over the sum the contact phases name in it (repeats.ts): D₁/m for the rod's tip, D₁ that
 * phase's 1 + 3(cos θ + μ sgn ṡ sin θ) cos θ, so that one quantity has one name; its letter printed, and undefined
 * unless the rest is a product of parameters (positive: D₁ has the coefficient's sign).
 */
function namedCoefficient(system: DerivedSystem, c: CoulombContact): { letter: string; value: Expr } | undefined {
  if (!system.unilateral || !c.slidingDeterminant) return undefined;
  const value = inKnownNames(sumNamer(system.model, phaseSums(system)), c.slidingDeterminant);
  const parameters = new Set(system.model.parameters.map((p) => p.name));
  const names = [...freeSymbols(value)].filter((n) => !parameters.has(n));
  if (names.length !== 1 || freeSymbols(c.slidingDeterminant).has(names[0]!)) return undefined;
  return { letter: math(sym(names[0]!)), value };
}

/** A contact alike to an earlier one (alike): its slip and force, and the earlier one's coefficient and threshold said to hold for it. */
function twinBlocks(system: DerivedSystem, c: CoulombContact, twin: CoulombContact): Block[] {
  const name = system.model.unilateral[c.contact]!.name;
  const other = system.model.unilateral[twin.contact]!.name;
  const s = contactSubscript(name);
  const row = c.slip[0]!.row;
  return [
    paragraph(`Contact ${proseName(name)} has the same Coulomb friction as ${proseName(other)}: its slip coordinate has the gradient`),
    equations(matrixEquation(`slip-${name}`, `\\partial s_{${s}}/\\partial q`, [row.map(math)])),
    ...(c.force ? [paragraph('and its generalized friction force is'), forceRows(system, c, name)] : []),
    paragraph(
      `With ${proseName(name)}'s `,
      m(`\\operatorname{sgn}\\dot{s}_{${s}}`),
      ` in place of ${proseName(other)}'s, its sliding coefficient `,
      m(namedCoefficient(system, c)?.letter ?? `\\Delta_{${s}}`),
      `, Painlevé's threshold and the sticking cone are those of ${proseName(other)} above.`,
    ),
  ];
}

function coulombBlocks(system: DerivedSystem, c: CoulombContact): Block[] {
  const name = system.model.unilateral[c.contact]!.name;
  const s = contactSubscript(name);
  const coordinates = system.model.coordinates;
  const sameCoefficient = c.kinetic === c.static;
  // A spatial contact slides in its tangent plane: two slip coordinates s_{C,1}, s_{C,2}, each gradient
  // printed by its non-zero entries (a row of six long entries is no display), the force along −ṡ/|ṡ|.
  const spatial = c.slip.length > 1;
  const slipName = (d: number): string => (spatial ? `s_{${s},${d + 1}}` : `s_{${s}}`);
  const gradient = spatial
    ? c.slip.flatMap((r, d) =>
        r.row.flatMap((e, i) =>
          e === ZERO
            ? []
            : [
                equation(
                  `slip-${name}-${d + 1}-${coordinates[i]!.name}`,
                  `\\partial ${slipName(d)}/\\partial ${mechanicsSymbol(coordinates[i]!.name)}`,
                  mathLines(e),
                ),
              ],
        ),
      )
    : [matrixEquation(`slip-${name}`, `\\partial s_{${s}}/\\partial q`, [c.slip[0]!.row.map(math)])];
  const blocks: Block[] = [
    paragraph(
      `Contact ${proseName(name)} has Coulomb friction: its point slides along the surface with velocity `,
      m(spatial ? `\\dot{s}_{${s}} = (\\dot{s}_{${s},1}, \\dot{s}_{${s},2})` : `\\dot{s}_{${s}}`),
      spatial
        ? ', the rates of the slip coordinates along two tangents, whose gradients are (the entries not zero)'
        : ', the rate of the slip coordinate, whose gradient is',
    ),
    equations(...gradient),
    paragraph(
      'While the contact is closed and sliding, its normal reaction ',
      m(`\\dot{\\sigma}_{${c.contact + 1}} \\ge 0`),
      ` comes with the friction force ${sameCoefficient ? '' : '(kinetic coefficient) '}`,
      m(
        spatial
          ? `-${math(c.kinetic)}\\,\\dot{\\sigma}_{${c.contact + 1}}\\,\\dot{s}_{${s}}/|\\dot{s}_{${s}}|`
          : `-${math(c.kinetic)}\\,\\dot{\\sigma}_{${c.contact + 1}}\\operatorname{sgn}\\dot{s}_{${s}}`,
      ),
      spatial ? ' against the slip in the tangent plane (the Coulomb cone), the generalized force' : ' along the slip, the generalized force (Smirnov (1.3))',
    ),
  ];
  if (c.force) {
    blocks.push(forceRows(system, c, name));
  } else {
    blocks.push(
      paragraph(
        m(
          `-${math(c.kinetic)}\\,\\dot{\\sigma}_{${c.contact + 1}} \\sum_{k=1}^{2} \\frac{\\partial s_{${s},k}}{\\partial q}\\,\\dot{s}_{${s},k}/|\\dot{s}_{${s}}|`,
        ),
        '.',
      ),
    );
  }
  if (spatial) blocks.push(...spatialSlidingBlocks(name, s, math(c.kinetic), reportSymbols(system).mass));
  if (c.slidingDeterminant) {
    const named = namedCoefficient(system, c);
    const coefficient = named?.letter ?? `\\Delta_{${s}}`;
    const solves = "Sliding alone, the contact's normal reaction solves one linear equation, its gap's acceleration set to zero, with the coefficient";
    blocks.push(
      ...(named ? [] : [paragraph(solves), equations(equation(`sliding-det-${name}`, coefficient, mathLines(c.slidingDeterminant)))]),
      paragraph(
        ...(named ? [`${solves} `, m(math(named.value)), ' (', m(named.letter), ' as in the contact phases), '] : []),
        'positive without friction. Where ',
        m(`${coefficient} \\le 0`),
        " (Painlevé's situation) that equation has no solution or several solutions: with none the runtime stops with the error ",
        m('\\texttt{contact-inconsistent}'),
        ', with several it records an ',
        m('\\texttt{indeterminate}'),
        ' event.',
      ),
      ...painleveBlocks(system, c, coefficient),
    );
  }
  blocks.push(
    paragraph(
      'It sticks while the tangential reaction ',
      m(`\\dot{\\nu}_{${c.contact + 1}}`),
      ' that keeps ',
      m(`\\ddot{s}_{${s}} = 0`),
      ' lies in the cone ',
      m(`|\\dot{\\nu}_{${c.contact + 1}}| \\le ${math(c.static)}\\,\\dot{\\sigma}_{${c.contact + 1}}`),
      `${sameCoefficient ? '' : ' (static coefficient)'}.`,
    ),
  );
  return blocks;
}

/**
 * A spatial contact sliding alone along u = ṡ/|ṡ|: the coefficient of its
 * reaction in (1.1), Δ(u) = N M⁻¹(N − μ Σ u_k S_k)ᵀ, the determinant the
 * runtime judges the slide by (friction-phase.ts); least, and first ≤ 0
 * as μ grows, along u ∥ S M⁻¹Nᵀ, once μ reaches N M⁻¹Nᵀ/|S M⁻¹Nᵀ|
 * (test/unilateral/tumbling-box.test.ts checks it against a box's inertia).
 */
function spatialSlidingBlocks(name: string, s: string, mu: string, M: string): Block[] {
  const N = `(\\partial f_{${s}}/\\partial q)`;
  const S = (k: string): string => `(\\partial s_{${s},${k}}/\\partial q)`;
  return [
    paragraph(
      'Sliding alone along the unit vector ',
      m(`u = \\dot{s}_{${s}}/|\\dot{s}_{${s}}|`),
      ", the contact's normal reaction solves one linear equation, its gap's acceleration set to zero, with the coefficient",
    ),
    equations(equation(`sliding-det-${name}`, `\\Delta_{${s}}(u)`, `${N} ${M}^{-1} \\Bigl(${N} - ${mu} \\sum_{k=1}^{2} u_k ${S('k')}\\Bigr)^{\\top}`)),
    paragraph(
      'positive without friction, and least along ',
      m(`u \\parallel (${S('k')} ${M}^{-1} ${N}^{\\top})_{k=1,2}`),
      ', where it first vanishes, once ',
      m(mu),
      ' reaches',
    ),
    // Displayed: inline, the quotient cannot break and ran past the line.
    equations(equation(`sliding-threshold-${name}`, `${mu}_{P}`, `\\frac{${N} ${M}^{-1} ${N}^{\\top}}{|(${S('k')} ${M}^{-1} ${N}^{\\top})_{k}|}`)),
    paragraph(
      'Where ',
      m(`\\Delta_{${s}}(u) \\le 0`),
      " (Painlevé's situation) that equation has no solution or several solutions: with none the runtime stops with the error ",
      m('\\texttt{contact-inconsistent}'),
      ', with several it records an ',
      m('\\texttt{indeterminate}'),
      ' event.',
    ),
  ];
}

/** Painlevé's threshold of a sliding contact (painleve.ts): the least μ at which Δ vanishes, and the angle where it first does. */
function painleveBlocks(system: DerivedSystem, c: CoulombContact, coefficient: string): Block[] {
  const thresholds = c.painleve ?? [];
  if (!thresholds.length) return [];
  const name = system.model.unilateral[c.contact]!.name;
  const s = contactSubscript(name);
  const mu = math(c.kinetic);
  const theta = mechanicsSymbol(thresholds[0]!.coordinate);
  const same = thresholds.every((t) => t.threshold === thresholds[0]!.threshold);
  const sign = (d: number): string => (d < 0 ? '-' : '+');
  const where = (t: PainleveThreshold): string => (t.tangent ? `\\tan ${theta} = ${math(t.tangent)}` : `${theta} = \\pi/2`);
  return [
    paragraph(
      'For fixed ',
      m(mu),
      ' the coefficient is ',
      m(`A + ${mu}\\operatorname{sgn}\\dot{s}_{${s}}\\,B`),
      ' with A and B quadratic forms in ',
      m(`(\\cos ${theta}, \\sin ${theta})`),
      ', A positive definite; it vanishes at some ',
      m(theta),
      ' exactly when ',
      m(`A \\pm ${mu} B`),
      ' is singular or indefinite, so it keeps its sign at every angle while ',
      m(`${mu} < ${mu}_{P}`),
      ', the least root of ',
      m(`\\det(A \\pm \\lambda B) = 0`),
      " (Painlevé's threshold):",
    ),
    equations(
      ...(same ? [thresholds[0]!] : thresholds).map((t) =>
        equation(
          `painleve-${name}${same ? '' : t.direction < 0 ? '-backward' : '-forward'}`,
          `${mu}_{P}${same ? '' : `^{${sign(t.direction)}}`}`,
          `${math(t.threshold)} \\approx ${t.numeric.toFixed(6)}`,
        ),
      ),
    ),
    paragraph(
      'Beyond it ',
      m(coefficient),
      ' first vanishes ',
      ...thresholds.flatMap((t, i) => [
        ...(i ? [' and '] : []),
        'at ',
        m(where(t)),
        ' sliding with ',
        m(`\\dot{s}_{${s}} ${t.direction < 0 ? '<' : '>'} 0`),
        ...(same ? [] : [' (', m(`${mu}_{P}^{${sign(t.direction)}}`), ')']),
      ]),
      '.',
    ),
  ];
}

/** Closed forms of more full variants than this are not printed (the spatial prism's 32 run to pages). */
const PRINTED_VARIANTS = 4;

/** Which slip signs the constraints decide: while they hold, every bearing point slides at ± one free velocity. */
function slidingText(s: SupportDerivation): Inline[] {
  const decided = s.slipSigns.flatMap((x, i) => (x.positive !== s.pairs[i]!.slipSign && x.negative !== s.pairs[i]!.slipSign ? [i] : []));
  if (decided.length === 0) return [];
  const signs = [...new Set(s.slipSigns.flatMap((x) => [math(x.positive), math(x.negative)]))];
  return [
    '; with the fixed coordinates at rest, ',
    decided.length === s.pairs.length ? 'every bearing point slides' : `the bearing points of ${decided.map((i) => s.pairs[i]!.name).join(', ')} slide`,
    ' in the direction ',
    ...signs.flatMap((x, i): Inline[] => [i ? ', ' : '', m(x)]),
  ];
}

/** "(+,-)": a full variant's sides as a tuple, as its facts name it (src/derive/paper-results.ts). */
const variantTag = (variant: readonly number[]): string => `(${variant.map((x) => (x === 1 ? '+' : '-')).join(',')})`;

/**
 * The paper's names of the full variants' Δ, reactions and Φ, where the paper
 * check compares every one of them with a formula the paper prints (smirnov1981
 * §2's planar Δᵢⱼ, Nᵢⱼ₁, Nᵢⱼ₂, Φᵢⱼ); else undefined.
 */
function paperNames(s: SupportDerivation, paper: PaperCheck | undefined): string[][] | undefined {
  const names = new Map(
    // A reduction names the paper's quantity too (smirnov1981 §2's Φ_ij, a term of its Φ); a corrected or own row does not.
    (paper?.rows ?? []).flatMap((r) =>
      (r.formula.origin && r.formula.origin !== 'reduction') || r.formula.derived.length !== 1 ? [] : [[r.formula.derived[0]!.fact, r.formula.name] as const],
    ),
  );
  const named = (s.variants ?? []).map((v) => {
    const key = `supports.${variantTag(v.variant)}`;
    return [`${key}.Δ`, ...v.reactions.map((_, i) => `${key}.N${i + 1}`), `${key}.Φ`].map((f) => names.get(f));
  });
  return named.length && named.every((row) => row.every((n) => n !== undefined)) ? (named as string[][]) : undefined;
}

function supportBlocks(system: DerivedSystem, s: SupportDerivation, paper?: PaperCheck, loads?: SupportLoads, starts?: SupportStarts): Block[] {
  const k = s.pairs.length;
  const names = s.pairs.map((p) => p.name).join(', ');
  const n = system.model.coordinates.length;
  // Each side's coefficient in its own equality, + first: a paired list (κ⁻, κ⁺ = f₂, f₁) read against its order.
  const sides = (i: number): string =>
    `\\kappa_${i + 1}^{+} = ${math(s.pairs[i]!.friction.positive)},\\ \\kappa_${i + 1}^{-} = ${math(s.pairs[i]!.friction.negative)}`;
  // Smirnov's a and b of (1.1), marked where the prism's parameters a_1, b_3 take them.
  const { columns: a, load: b } = reportSymbols(system);
  // One pair whose sides are ±c (the point between two planes): (1.1) is c ε₁N₁ = b₁, no a to name.
  const signed = signedScalar(s);
  const scalar = signed ? undefined : scalarColumns(s, a);
  const blocks: Block[] = [
    paragraph(
      k === 1
        ? `The retaining constraint ${names} is non-ideal (Smirnov): a pair of opposite support points with vanishing clearance, of which one point bears or neither. `
        : `The retaining constraints ${names} are non-ideal (Smirnov): each is a pair of opposite support points with vanishing clearance, and at each pair either one point bears or neither. `,
      ...(k === 1
        ? ['There are three variants of support, two of them of full support.']
        : [
            'There are ',
            m(`3^{${k}} = ${s.counts.all}`),
            ' variants of support in all, ',
            m(`2^{${k}} = ${s.counts.full}`),
            ' of full support, and ',
            m(`\\binom{${k}}{n}\\, 2^{n}`),
            ' with exactly n bearing pairs.',
          ]),
    ),
    paragraph(
      'The reaction of pair i is ',
      m('\\varepsilon_i N_i'),
      ' along the constraint gradient, ',
      m('N_i \\ge 0'),
      ' on the bearing side ',
      m('\\varepsilon_i = \\pm 1'),
      ', and friction on that side, of coefficient ',
      m('\\kappa_i^{\\varepsilon_i}'),
      ' (',
      ...s.pairs.flatMap((_, i) => [m(sides(i)), i + 1 < k ? '; ' : '']),
      '), acts against the sliding velocity ',
      m('\\dot{s}_i'),
      ' of the bearing point, ',
      m('s_i = s_i^{\\varepsilon_i}'),
      ' the coordinate along which that point slides (the constraint’s slip of that side): the generalized force (1.3)',
    ),
    equations(
      equation(
        'supports-friction',
        'Q^{\\mathrm{fr}}',
        `-${indexSum('i', upTo(k), (i) => `\\kappa_${i}^{\\varepsilon_${i}} N_${i} \\operatorname{sgn}\\dot{s}_${i}\\, \\frac{\\partial s_${i}^{\\varepsilon_${i}}}{\\partial q}`)}`,
      ),
    ),
    paragraph(
      `The reactions of a full variant `,
      m(k === 1 ? '\\varepsilon = \\varepsilon_1' : '\\varepsilon = (\\varepsilon_1, \\ldots)'),
      ` solve the linear ${k === 1 ? 'equation' : 'system'} (1.1)`,
      ...(signed ? [] : [' ', m(k === 1 ? `${a}_{11}^{\\varepsilon} N_1 = ${b}_1` : `\\sum_i ${a}_{ij}^{\\varepsilon} N_i = ${b}_j`)]),
      ...(scalar ? [', here ', m(scalar), ' and'] : [', here']),
    ),
    // Up to two pairs the k×k matrices fit a line; beyond, one line per pair, its column in εᵢ and κᵢ^{εᵢ}.
    equations(
      ...(scalar || signed
        ? []
        : k <= 2 || !s.sided
          ? [
              grid(
                'supports-columns-positive',
                [`${a}^{+}`, `${a}_{11}^{+}`],
                s.system.rhs.map((_, j) => s.system.pairs.map((p) => math(p.positive[j]!))),
              ),
              grid(
                'supports-columns-negative',
                [`${a}^{-}`, `${a}_{11}^{-}`],
                s.system.rhs.map((_, j) => s.system.pairs.map((p) => math(p.negative[j]!))),
              ),
            ]
          : [
              {
                label: 'supports-columns',
                lines: s.sided.map((column, i) => ({
                  before: `${a}_{${i + 1}}^{\\varepsilon_{${i + 1}}}`,
                  after: `= \\bigl(${column.map((x) => math(x)).join(',\\ ')}\\bigr)^{\\top}`,
                })),
              },
            ]),
      signed
        ? equation('supports-rhs', `${signed === '1' ? '' : signed}\\varepsilon_1 N_1`, math(s.system.rhs[0]!))
        : grid(
            'supports-rhs',
            [b, `${b}_1`],
            s.system.rhs.map((b) => [math(b)]),
          ),
    ),
    paragraph(
      ...(signed
        ? ['It is ']
        : k <= 2 || !s.sided
          ? ['Column i of ', m(`${a}^{\\pm}`), ' is pair i bearing on that side; the rows are ']
          : ['Column i of ', m(`${a}^{\\varepsilon}`), ' is pair i bearing on its side ', m('\\varepsilon_i'), '; the rows are ']),
      ...(s.form.kind === 'balance'
        ? [
            `the balance of applied, inertial and reaction forces along the coordinate${k === 1 ? '' : 's'} the constraint${k === 1 ? '' : 's'} fix${k === 1 ? 'es' : ''} (`,
            m(s.form.coordinates.map(mechanicsSymbol).join(', ')),
            ')',
          ]
        : [
            `the constraints' accelerations${k === 1 ? '' : ` (${countWord(k)} of them)`}, i.e. the balance of applied and inertial forces multiplied by `,
            m(`A ${reportSymbols(system).mass}^{-1}`),
            ' (',
            m(reportSymbols(system).mass),
            ` of the ${countWord(n)} coordinates)`,
          ]),
      ...slidingText(s),
      '. The realized variant is the one whose reactions are all non-negative, selected by the switching function (1.2)',
    ),
    equations(
      equation(
        'supports-switching',
        '\\chi(\\varepsilon)',
        `${k === 1 ? '\\frac{1 + \\operatorname{sgn} N_1^{\\varepsilon}}{2}' : `\\prod_{i=1}^{${k}} \\frac{1 + \\operatorname{sgn} N_i^{\\varepsilon}}{2}`}, \\qquad \\sum_\\varepsilon \\chi(\\varepsilon) = 1`,
      ),
    ),
    paragraph('and the modulus of the friction force is the switched sum over the full variants (Smirnov (2.2), and in this form §2’s planar case)'),
    equations(
      equation(
        'supports-switched-friction',
        '\\Phi',
        `\\sum_\\varepsilon \\chi(\\varepsilon)\\, \\Phi^{\\varepsilon} = \\frac{1}{${2 ** k}} \\sum_\\varepsilon ${
          k <= 2
            ? upTo(k)
                .map((i) => `(1 + \\operatorname{sgn} N_${i}^{\\varepsilon})`)
                .join('')
            : `\\prod_{i=1}^{${k}} (1 + \\operatorname{sgn} N_i^{\\varepsilon})`
        } \\Bigl(${
          k <= 2
            ? upTo(k)
                .map((i) => `\\kappa_${i}^{\\varepsilon_${i}} N_${i}^{\\varepsilon}`)
                .join(' + ')
            : indexSum('i', upTo(k), (i) => `\\kappa_${i}^{\\varepsilon_${i}} N_${i}^{\\varepsilon}`)
        }\\Bigr)`,
      ),
    ),
  ];
  const printed = paperNames(s, paper);
  if (s.variants && s.variants.length > PRINTED_VARIANTS) {
    blocks.push(
      paragraph(
        `All ${s.variants.length} full variants are solved in closed form; their reactions are too long to print, and the paper's formulas are checked against them below.`,
      ),
    );
  } else if (s.variants && printed) {
    // The paper's closed forms are printed in its names with the paper's results: here only which variant each is.
    blocks.push(
      paragraph(
        `The ${countWord(s.variants.length)} full variants in closed form are the paper’s own formulas, printed in its names in Section `,
        ref('sec:paper-results'),
        ': ',
        ...s.variants.flatMap((v, j): Inline[] => [j ? '; ' : '', 'variant ', m(variantTag(v.variant)), ' is ', m(printed[j]!.join(', '))]),
        '.',
      ),
    );
  } else if (s.variants) {
    const fixed = constantDeterminant(s);
    blocks.push(
      paragraph(
        // A constant determinant is not displayed: the self-locking item says what it implies.
        ...(fixed
          ? [`In closed form, the reactions of the ${countWord(s.variants.length)} full variants and `]
          : [
              `In closed form, the ${countWord(s.variants.length)} full variants, with the determinant `,
              m('\\Delta^{\\varepsilon}'),
              ' of (1.1) in the signed reactions ',
              m('\\varepsilon_i N_i'),
              ' (the determinant of the columns over ',
              m('\\prod_i \\varepsilon_i'),
              '), the reactions and ',
            ]),
        'the friction bound ',
        m(`\\Phi^{\\varepsilon} = ${indexSum('i', upTo(k), (i) => `\\kappa_${i}^{\\varepsilon_${i}} N_${i}^{\\varepsilon}`)}`),
        ' (the modulus of the friction force when ',
        m('\\varepsilon'),
        ' is realized):',
      ),
    );
    for (const v of s.variants) {
      // The sides as a tuple, (+,−): ^{+-} would print as a sum of signs.
      const tag = variantTag(v.variant);
      // Labels spell the sides p/m: "+--1" would read as a LaTeX dash.
      const label = v.variant.map((x) => (x === 1 ? 'p' : 'm')).join('');
      blocks.push(
        equations(
          ...(fixed ? [] : [equation(`supports-det-${label}`, `\\Delta^{${tag}}`, mathLines(v.det))]),
          ...v.reactions.map((N, i) => equation(`supports-N-${label}-${i + 1}`, `N_{${i + 1}}^{${tag}}`, mathLines(N))),
          equation(`supports-Phi-${label}`, `\\Phi^{${tag}}`, mathLines(v.friction)),
        ),
      );
    }
  }
  blocks.push(
    list(
      // The paper's general remarks (two tries, inconsistency, indeterminacy) state nothing of the model: left out.
      signed ? onePairItem(s) : selfLockingItem(s),
      // Where the rest is derived (restBlocks, just below) it is said there, not announced here.
      ...(system.supportRest
        ? []
        : [
            [
              'From rest, the direction of sliding is that of the load along the free motion, and the system stays at rest while that load is within the friction bound Φ of the realized variant.',
            ],
          ]),
    ),
    // The locking conditions in closed form, in the paper's names where it prints the variants.
    ...(signed || (s.variants?.length ?? 0) > PRINTED_LOCKING
      ? []
      : lockingBlocks(
          s,
          (s.variants ?? []).map((v, j) => printed?.[j]?.[0] ?? `\\Delta^{${variantTag(v.variant)}}`),
          printed !== undefined,
        )),
    // One pair's two variants: the realized one's reaction is N ≥ 0, the other's −N, so its sum is the larger by itself.
    ...(loads && loads.variants.length > 2 ? loadsParagraph(loads) : []),
    ...(system.supportRest ? restBlocks(system, system.supportRest, starts) : []),
    // The impulsive variants act only where impacts happen: a model with unilateral contacts.
    ...(system.model.unilateral.length
      ? [
          paragraph(
            'Under impulses the same structure holds with impulses for reactions (Smirnov, end of §3): the loaded points take impulses solving (1.1) with velocity jumps on the right, rebound with a restitution coefficient e times their loading impulse, which loads other points in turn, and the iteration goes on until the velocity changes fall below a tolerance; the jump is the sum of the changes (',
            m('\\Delta\\dot{q} = \\sum_k \\Delta\\dot{q}^{(k)}'),
            ', a geometric series for one pair with e < 1).',
          ),
        ]
      : []),
  );
  return blocks;
}

/** Variants beyond which their sums are tabulated (the prism's 32), not listed in the sentence (the planar prism's 4). */
const LISTED_LOADS = 4;
/** Columns of (variant, sum) pairs in the table of many variants. */
const LOAD_COLUMNS = 4;

/** smirnov1981 §1's observation (not proved there): the realized variant has the largest algebraic sum of normal reactions. */
function loadsParagraph(loads: SupportLoads): Block[] {
  const realized = loads.variants.filter((v) => v.realized);
  const tabulated = loads.variants.length > LISTED_LOADS;
  const sums = loads.variants.map((v): [Inline[], Inline[]] => [[m(variantTag(v.variant))], [m(fourDigits(v.sum))]]);
  const perColumn = Math.ceil(sums.length / LOAD_COLUMNS);
  const table: Block = {
    kind: 'table',
    id: 'support-loads',
    caption: 'The algebraic sum of the normal reactions of each full variant at the default parameters',
    columns: Array.from({ length: LOAD_COLUMNS }, () => ['Variant', 'Sum']).flat(),
    align: 'lr'.repeat(LOAD_COLUMNS),
    rows: Array.from({ length: perColumn }, (_, r) => Array.from({ length: LOAD_COLUMNS }, (_, c) => sums[c * perColumn + r] ?? [[], []]).flat()),
  };
  return [
    paragraph(
      'Smirnov observes (§3, without proof) that the realized variant has the largest algebraic sum of the normal reactions. At the default parameters ',
      m('\\sum_i N_i^{\\varepsilon}'),
      ' is ',
      ...(tabulated
        ? ['given for each variant in Table ', ref('tab:support-loads')]
        : loads.variants.flatMap((v, j): Inline[] => [j ? ', ' : '', m(`${fourDigits(v.sum)}`), ' for ', m(variantTag(v.variant))])),
      realized.length
        ? `; the realized variant${realized.length > 1 ? 's' : ''} (all reactions non-negative) ${realized.length > 1 ? 'are' : 'is'} `
        : '; no variant has all reactions non-negative',
      ...realized.flatMap((v, j): Inline[] => [j ? ', ' : '', m(variantTag(v.variant))]),
      // One alone: the switching function (1.2) sums to 1 at the defaults (smirnov1981 (2.3) for the prism).
      ...(realized.length === 1 ? [', the only one, so that ', m('\\sum_\\varepsilon \\chi(\\varepsilon) = 1'), ' there'] : []),
      realized.length ? (loads.realizedIsLargest ? ', and its sum is the largest.' : ', and its sum is not the largest.') : '.',
    ),
    ...(tabulated ? [table] : []),
  ];
}

/**
 * The two sides of a 1×1 system (1.1) whose entries are numbers, in a line: a₁₁^± = ±1 of the point between two planes
 * (smirnov1981 §2), too slight to display; undefined where an entry is not a number.
 */
function scalarColumns(s: SupportDerivation, a: string): string | undefined {
  if (s.pairs.length !== 1 || s.system.rhs.length !== 1) return undefined;
  const [p, n] = [s.system.pairs[0]!.positive[0]!, s.system.pairs[0]!.negative[0]!];
  const [vp, vn] = [numericValue(p), numericValue(n)];
  if (vp === undefined || vn === undefined) return undefined;
  return vp > 0 && vn === -vp ? `${a}_{11}^{\\pm} = \\pm ${math(p)}` : `${a}_{11}^{+} = ${math(p)},\\ ${a}_{11}^{-} = ${math(n)}`;
}

/** The c of one pair whose sides' columns are ±c, a positive number ((1.1) is c ε₁N₁ = b₁); else undefined. */
function signedScalar(s: SupportDerivation): string | undefined {
  if (s.pairs.length !== 1 || s.system.rhs.length !== 1) return undefined;
  const [p, n] = [s.system.pairs[0]!.positive[0]!, s.system.pairs[0]!.negative[0]!];
  const [vp, vn] = [numericValue(p), numericValue(n)];
  return vp !== undefined && vp > 0 && vn === -vp ? math(p) : undefined;
}

/**
 * One pair of sides ±c: (1.1) fixes the signed reaction ε₁N₁ = b₁/c alike in both variants, so exactly one has
 * N₁ ≥ 0: the self-locking, inconsistency and indeterminacy of many pairs cannot arise.
 */
function onePairItem(s: SupportDerivation): Inline[] {
  const c = signedScalar(s)!;
  return [
    '(1.1) gives the signed reaction ',
    m(`\\varepsilon_1 N_1 = ${c === '1' ? math(s.system.rhs[0]!) : `(${math(s.system.rhs[0]!)})/${c}`}`),
    ' alike in both variants, so exactly one of them has ',
    m('N_1 \\ge 0'),
    ' (both where it vanishes): no variant locks, and the choice is never inconsistent or indeterminate.',
  ];
}

/** A matrix equation, or where it is 1×1 the scalar one in the entry's own name (lhs: [matrix's, entry's]). */
const grid = (label: string, [matrix, entry]: readonly [string, string], entries: readonly (readonly string[])[]) =>
  entries.length === 1 && entries[0]!.length === 1 ? equation(label, entry, entries[0]![0]!) : matrixEquation(label, matrix, entries);

/** The bound is printed where it fits a few lines (the point's Φ(F_z)); the prism's is the paper's one-line Φ, checked there. */
const REST_LINES = 3;

/**
 * The switched bound as the paper's cases (smirnov1981 §2: f₂F_z while F_z > 0, −f₁F_z while F_z < 0): each full
 * variant's Φ^ε beside the condition that its reactions are non-negative, where there are two variants of one pair.
 */
function restCases(system: DerivedSystem, rest: SupportRest): string | undefined {
  const vs = system.supports?.variants;
  if (vs?.length !== 2 || rest.reactions.some((r) => r.length !== 1)) return undefined;
  const loaded = new Map([[system.model.coordinates.find((c) => c.name === rest.coordinate)!.qd.name, rest.load]]);
  const rows = vs.map((v, j) => `${math(subs(v.friction, loaded))}, & ${nonNegative(rest.reactions[j]![0]!, system.positive)}`);
  return `\\begin{cases} ${rows.join(' \\\\ ')} \\end{cases}`;
}

/** smirnov1981 §2: the start from rest in the direction of the load P and rest while |P| ≤ Φ, with its values at the defaults. */
function restBlocks(system: DerivedSystem, rest: SupportRest, starts?: SupportStarts): Block[] {
  const c = system.model.coordinates.find((x) => x.name === rest.coordinate)!;
  const q = mechanicsSymbol(c.name);
  const lines = mathLines(rest.bound);
  const cases = restCases(system, rest);
  const { load, bound } = rest.atDefaults;
  return [
    paragraph(
      'From rest (Smirnov §2), ',
      m(`\\operatorname{sgn}${mechanicsSymbol(c.qd.name)}`),
      ' is replaced by the sign of the load along ',
      m(q),
      ', ',
      m(`P = ${math(rest.load)}`),
      ', and the system stays at rest while ',
      m('|P| \\le \\Phi'),
      ', the friction bound of the variant then realized',
      lines.length <= REST_LINES ? ':' : ` (the switched sum of the variants' Φ with that sign).`,
    ),
    ...(lines.length <= REST_LINES ? [equations(equation('supports-rest', `|${math(rest.load)}|`, cases ?? lines, '\\le'))] : []),
    paragraph(
      'At the default parameters ',
      m(`|P| = ${fourDigits(Math.abs(load))}`),
      ' and ',
      m(`\\Phi = ${fourDigits(bound)}`),
      Math.abs(load) <= bound ? ': the system stays at rest.' : `: started from rest, it slides ${load > 0 ? 'forward' : 'backward'} along `,
      ...(Math.abs(load) <= bound ? [] : [m(q), '.']),
    ),
    ...(starts ? [startsParagraph(system, starts)] : []),
  ];
}

/** The two starts from rest as run (studies/support-starts.ts): what the rule says of each, and what the run did by t1. */
function startsParagraph(system: DerivedSystem, { coordinate, parameter, starts }: SupportStarts): Block {
  const c = system.model.coordinates.find((x) => x.name === coordinate)!;
  const [q, qd] = [mechanicsSymbol(c.name), mechanicsSymbol(c.qd.name)];
  const p = mechanicsSymbol(parameter);
  const t1 = fourDigits(starts[0]!.t1);
  return paragraph(
    'Run from rest to ',
    m(`t = ${t1}`),
    ' by the variants of support, as the motion of Section ',
    ref('sec:simulation'),
    ': ',
    ...starts.flatMap((s, k): Inline[] => {
      const stays = Math.abs(s.load) <= s.bound;
      return [
        k ? '; ' : '',
        m(`${p} = ${fourDigits(s.load)}`),
        k ? '' : ' (the default)',
        stays ? ', within ' : ', beyond ',
        m(`${s.timed ? '\\Phi(0)' : '\\Phi'} = ${fourDigits(s.bound)}`),
        ...(s.until === undefined
          ? [
              `, the rule says it ${stays ? 'stays' : 'slides'}`,
              ...(stays && s.timed ? [' (', m(`|${p}| \\le \\Phi(t)`), ' for all ', m('t'), ' of the run)'] : []),
            ]
          : [
              ', the rule holds it at rest until ',
              m(`t = ${s.untilClosed ? `${math(s.untilClosed)} = ` : ''}${fourDigits(s.until)}`),
              ', where ',
              m('\\Phi'),
              ' falls to ',
              m(`|${p}|`),
            ]),
        `, and the run ${s.moved ? 'slides' : 'stays'}: `,
        m(runValue(`\\Delta ${q}`, s.displacement)),
        ', ',
        m(runValue(qd, s.speed)),
      ];
    }),
    '.',
  );
}

/** A run's value, its round-off (a run that stays: 1.2·10⁻¹⁶) bounded rather than printed as digits. */
const ROUND_OFF = 1e-15;
const runValue = (name: string, v: number): string => (v !== 0 && Math.abs(v) < ROUND_OFF ? `|${name}| < 10^{-15}` : `${name} = ${fourDigits(v)}`);

/**
 * Self-locking (smirnov1981 §1): a variant locks where its determinant vanishes or has not the sign it tends to as
 * every friction coefficient tends to 0 (supports.ts frictionless), and whether one does at the defaults.
 */
function selfLockingItem(s: SupportDerivation): Inline[] {
  const general: Inline[] = [
    "Self-locking: a variant's determinant vanishes, or the admissible variants' determinants change sign as every friction coefficient tends to 0.",
  ];
  const vs = s.variants;
  if (!vs?.length) return general;
  const fixed = constantDeterminant(s);
  if (fixed)
    return [
      ...general,
      ' Here every ',
      m(`\\Delta^{\\varepsilon} = ${math(fixed)}`),
      ', free of the state and of the friction coefficients',
      numericValue(fixed) === 0 ? ': every variant locks.' : ': no variant locks.',
    ];
  const limit = vs[0]!.frictionless;
  const common = vs.every((v) => v.frictionless === limit);
  const least = s.locking;
  return [
    ...general,
    ...(common
      ? [
          ' Here every ',
          m('\\Delta^{\\varepsilon}'),
          ' tends to ',
          m(`\\Delta_0 = ${math(limit)}`),
          ', so variant ',
          m('\\varepsilon'),
          ' locks where ',
          m('\\Delta^{\\varepsilon}/\\Delta_0 \\le 0'),
          '.',
        ]
      : [
          ' Variant ',
          m('\\varepsilon'),
          ' locks where ',
          m('\\Delta^{\\varepsilon}/\\Delta^{\\varepsilon}_0 \\le 0'),
          ', ',
          m('\\Delta^{\\varepsilon}_0'),
          ' its determinant without friction.',
        ]),
    ...(least
      ? [
          ' At the default parameters and the initial state the least ',
          m(common ? '\\Delta^{\\varepsilon}/\\Delta_0' : '\\Delta^{\\varepsilon}/\\Delta^{\\varepsilon}_0'),
          ` is ${least.least.toFixed(4)} (variant `,
          m(variantTag(least.variant)),
          least.least > 0 ? '): no variant locks.' : '): that variant locks.',
        ]
      : []),
  ];
}

/** The one number every full variant's determinant is (one pair across two planes: Δ^ε = 1), or undefined. */
function constantDeterminant(s: SupportDerivation): Expr | undefined {
  const d = s.variants?.[0]?.det;
  return d?.kind === 'num' && s.variants!.every((v) => v.det === d) ? d : undefined;
}

/** The moment the bearing supplies at rest: not μ, the appendix's contact measure dμ. */
const BEARING = '\\tau_{\\mathrm{b}}';

/**
 * The joint at rest (HingeRest): the moment the bearing supplies and the pin's reaction, the rule that keeps it
 * there, its zone; and where the simulated motion stops in it (studies/hinge-rest.ts).
 */
function hingeRestBlocks(h: HingeDerivation, study: HingeRestStudy | undefined): Block[] {
  const rest = h.closed?.rest;
  if (!rest) return [];
  const { friction, reduced, radius, angle } = h.hinge;
  const [f, fr, r, theta] = [friction, reduced, radius, angle].map(math) as [string, string, string, string];
  const blocks: Block[] = [
    paragraph(
      'At rest (',
      m('\\dot{q} = 0'),
      ', and ',
      m('\\ddot{q} = 0'),
      ' with the joint held: the pins leave it the only freedom) the bearing supplies the moment ',
      m(BEARING),
      ' and the pin the reaction ',
      m('|R|'),
      ' of',
    ),
    equations(
      equation(`hinge-${h.hinge.name}-rest-moment`, BEARING, mathLines(rest.moment)),
      equation(`hinge-${h.hinge.name}-rest-reaction`, '|R|', mathLines(rest.reaction)),
    ),
    paragraph(
      'and friction holds the joint while ',
      m(`|${BEARING}| \\le ${fr}\\,${r}\\,|R|/\\sqrt{1 + ${f}^{2}}`),
      ', the moment at the onset of turning (the pressure ',
      m('|N| = |R|/\\sqrt{1 + f^{2}}'),
      "): Smirnov's rule of §2, rest persists while the load is within the friction bound, and started from rest the joint turns with the sign of the load",
      ...(rest.zone ? [', here for ', m(`|${theta}| \\le ${theta}_{\\mathrm{rest}}`), ' with'] : ['.']),
    ),
    ...(rest.zone ? [equations(equation(`hinge-${h.hinge.name}-rest-zone`, `${theta}_{\\mathrm{rest}}`, mathLines(rest.zone)))] : []),
  ];
  if (!study) return blocks;
  const late = study.drops.slice(-3);
  blocks.push(
    paragraph(
      'At the defaults ',
      m(`${theta}_{\\mathrm{rest}} = ${fixed(study.zone)}`),
      '. The simulated motion (Section ',
      ref('sec:simulation'),
      `) turns back ${study.turns.length} times outside the zone and stops for good at the next turning point, `,
      m(`t = ${study.time.toFixed(4)}`),
      ', at ',
      m(`${theta} = ${fixed(study.angle)}`),
      ', the first inside it. Each half swing the amplitude falls by about ',
      m(`2\\,${theta}_{\\mathrm{rest}}`),
      ', as a linear oscillator’s with Coulomb friction does (the moment ',
      m(`${fr}\\,${r}\\,|N|`),
      ' shifts the centre of each half swing by ',
      m(`${theta}_{\\mathrm{rest}}`),
      ' towards where it started): in the last three, by ',
      late.map(fixed).join(', '),
      ', against ',
      m(`2\\,${theta}_{\\mathrm{rest}} = ${fixed(2 * study.zone)}`),
      '.',
    ),
  );
  return blocks;
}

/** Fixed-point numbers for the convergence table. */
const fixed = (v: number): string => (Number.isFinite(v) ? (Math.abs(v) >= 1e-3 || v === 0 ? v.toFixed(6) : v.toExponential(2)) : '—');

function hingeBlocks(system: DerivedSystem, h: HingeDerivation): Block[] {
  const { hinge } = h;
  const [a, b] = hinge.constraints.map((k) => system.model.holonomic[k]!.name);
  const f = math(hinge.friction),
    fr = math(hinge.reduced),
    r = math(hinge.radius),
    theta = math(hinge.angle);
  // The moment row named by what it is, ∂θ/∂q: a letter w would sit beside the paper's ω = θ̇ of (2.6).
  const row = `\\partial ${hinge.angle.kind === 'sym' ? theta : `(${theta})`}/\\partial q`;
  const blocks: Block[] = [
    paragraph(
      `The hinge ${hinge.name} (constraints ${a}, ${b}, the pin's two coordinates) has friction in its journal of radius `,
      m(r),
      ': reduced to the hinge centre, a force ',
      m(`${f}\\,|N|`),
      ' perpendicular to the reaction N and a moment ',
      m(`${fr}\\,${r}\\,|N|`),
      " against the joint's rotation ",
      m(`\\dot{${theta}}`),
      ' (Smirnov, examples 3 and 4), ',
      m(f),
      ' the coefficient of sliding friction and ',
      m(fr),
      ' the reduced one (the paper’s ',
      m('f_1'),
      ' in ',
      m('\\Delta_i'),
      ', (2.5) and (2.6)), which the paper leaves to the size of the contact patch and the distribution of pressure: two independent coefficients. With the pin rows J, the moment row ',
      m(row),
      ' and ',
      m('N^{\\perp} = (-N_2, N_1)'),
      ' the reaction turned a quarter turn from the first row of J towards the second,',
    ),
    equations(
      matrixEquation(
        `hinge-${hinge.name}-rows`,
        'J',
        h.rows.map((row) => row.map(math)),
      ),
      matrixEquation(`hinge-${hinge.name}-moment`, row, [h.moment.map(math)]),
      equation(
        `hinge-${hinge.name}-equations`,
        'M\\ddot{q}',
        `Q + J^{\\top}\\bigl(N + ${f}\\,s\\,N^{\\perp}\\bigr) - ${fr}\\,${r}\\,s\\,|N|\\,(${row})^{\\top}, \\qquad J\\ddot{q} = -\\dot{J}\\dot{q}, \\quad s = \\operatorname{sgn}\\dot{${theta}}`,
      ),
    ),
    paragraph(
      'The modulus ',
      m('|N|'),
      ' makes the equations nonlinear. Smirnov solves them two ways: with the journal replaced by a regular n-gon bearing on two neighbouring vertices (2.4), a linear system per pair of vertices with its determinant, and with the reaction resolved along the axes (2.6), iterated from ',
      m(`${fr} = 0`),
      '.',
    ),
  ];
  if (h.closed) {
    // f_{r,i}: the coefficient at which Δᵢ vanishes, the index joined to the symbol's own subscript.
    const fri = fr.endsWith('}') ? `${fr.slice(0, -1)},i}` : `${fr}_{i}`;
    blocks.push(
      paragraph(
        'In closed form, with the system multiplied by ',
        m('(J M^{-1} J^{\\top})^{-1}'),
        ' (each support then enters as the force it puts on the pin), the n-gon bearing on the vertices i, i + 1 at ',
        m(`${theta} + 2\\pi i/n`),
        ' and ',
        m(`${theta} + 2\\pi (i+1)/n`),
        ' has the determinant of (2.4)',
      ),
      equations(equation(`hinge-${hinge.name}-polygon-det`, '\\Delta_i', mathLines(h.closed.polygonDet))),
      paragraph(
        'Each pair of vertices is a variant of support, the n of them switched as the support pairs are (1.2): the reactions of every variant set in, a body turning about the hinge (Smirnov’s pendulum, ',
        m('I'),
        ' its moment of inertia about the hinge and ',
        m('\\tau'),
        ' the moment of the applied forces about it, the paper’s ',
        m('-Pl \\sin\\varphi'),
        ' with ',
        m('P'),
        ' the weight) has the equation',
      ),
      equations(
        equation(
          `hinge-${hinge.name}-switched`,
          `I\\ddot{${theta}}`,
          `\\tau - \\frac{${r}}{4}\\, ${fr} \\operatorname{sgn}\\dot{${theta}} \\sum_{i=1}^{n} (1 + \\operatorname{sgn} N_i)(1 + \\operatorname{sgn} N_{i+1})(N_i + N_{i+1})`,
        ),
      ),
      paragraph(
        'whose sum has the term ',
        m(`4 (N_i + N_{i+1})`),
        ' of the realized pair of vertices and no other: the friction moment ',
        m(`${fr}\\, ${r}\\, |N|`),
        ' above with the n-gon’s reaction. As n grows, a ',
        m('\\Delta_i'),
        ' first vanishes once the reduced coefficient reaches (2.5)',
      ),
      equations(equation(`hinge-${hinge.name}-critical`, `${fr}^{*}`, mathLines(h.closed.critical))),
      paragraph('For a finite n, ', m('\\Delta_i'), ', affine in ', m(fr), ', vanishes at'),
      equations(
        equation(`hinge-${hinge.name}-polygon-critical`, fri, mathLines(h.closed.polygonCritical.value)),
        equation(`hinge-${hinge.name}-polygon-critical-ratio`, `${fri}/${fr}^{*}`, mathLines(h.closed.polygonCritical.ratio)),
      ),
      paragraph(
        'The denominator, the moment’s share at the pair’s midpoint ',
        m('(2i + 1)\\pi/n'),
        ', is at most ',
        m('\\sqrt{1 + f^{2}}'),
        ', and some midpoint lies within ',
        m('\\pi/n'),
        ' of the direction where it is largest; so the least positive ',
        m(fri),
        ' over i, the n-gon’s threshold (the last column of the table below), lies between ',
        m(`${fr}^{*} \\cos(\\pi/n)`),
        ' and ',
        m(`${fr}^{*}`),
        ', which it reaches as ',
        m('n \\to \\infty'),
        ' (or where a midpoint points where the share is largest): for a finite n a ',
        m('\\Delta_i'),
        ' changes sign below (2.5), which is necessary for the round journal, not for the n-gon.',
      ),
    );
  }
  const at = h.atInitial;
  if (!at) {
    blocks.push(paragraph('At the initial state the joint does not turn, so no friction acts there; the comparison is made where it does.'));
    return blocks;
  }
  const table: Table = {
    kind: 'table',
    id: `hinge-${hinge.name}-convergence`,
    caption: `The joint's angular acceleration at the initial state with an n-gon journal (2.4), its distance to the iteration (2.6), the n-gon's friction moment over the round journal's with its largest value, and the reduced friction at which a determinant of the n-gon vanishes.`,
    columns: ['n', 'acceleration', 'error', '(Nᵢ + Nᵢ₊₁)/|N|', '1/cos(π/n)', 'self-locking f_r'],
    align: 'rrrrrr',
    rows: at.table.map((row) => [
      [`${row.n}`],
      [fixed(row.acceleration)],
      [fixed(row.error)],
      [fixed(row.share)],
      [fixed(row.shareBound)],
      [fixed(row.critical)],
    ]),
  };
  blocks.push(
    paragraph(
      'At the initial state and the default parameters the iteration (2.6) gives ',
      m(`\\ddot{${theta}} = ${fixed(at.limit.acceleration)}`),
      ' with the reaction ',
      m(`N = (${at.limit.reaction.map(fixed).join(', ')})`),
      ' along the rows of J (the paper’s ',
      m('(-1)^i N_{ij1}, (-1)^j N_{ij2}'),
      ', which with ',
      m(`\\ddot{${theta}}`),
      ` satisfy its three equations (2.6)) after ${at.limit.iterations} linear solves (${at.limit.status}); the n-gon approaches it as n grows:`,
    ),
    table,
    paragraph(
      'The error does not fall at a steady rate as n grows: the n-gon’s friction moment ',
      m(`${fr}\\,${r}\\,(N_i + N_{i+1})`),
      ' is the round journal’s ',
      m(`${fr}\\,${r}\\,|N|`),
      ' times ',
      m('(N_i + N_{i+1})/|N|'),
      ', which lies between 1, the load through a vertex, and ',
      m('1/\\cos(\\pi/n)'),
      ', the load through the midpoint of the bearing pair. Where the load falls between the two vertices changes with n, and the error follows the excess of this factor over 1, not its bound ',
      m('1/\\cos(\\pi/n) - 1 \\approx \\pi^2/(2n^2)'),
      '.',
    ),
    paragraph(
      'At the default parameters the journal locks itself once the reduced coefficient reaches ',
      m(`${fr}^{*} = ${fixed(at.critical)}`),
      ' (for the pendulum the necessary condition (2.5), ',
      m('1 + f^2 \\le f_r^2 r^2 m^2 l^2 I^{-2}'),
      `); the model's value is ${fixed(at.journal.reduced)}. The paper prints (2.5) with `,
      m('<'),
      ', the determinant changing sign, and restates it in §3 with ',
      m('\\le'),
      ' as the necessary condition of self-locking; at equality the determinant vanishes, so the report takes the non-strict form as the condition.',
    ),
    contractionParagraph(at.contraction, fr),
    ...journalFigures(h, theta, fr),
  );
  return blocks;
}

/**
 * Smirnov's iteration (2.6) as a map of |N| (journal.ts axesContraction): affine along N, a contraction iff f_r is below
 * its threshold, which is example 3's f_r* of (2.5) (smirnov1981 §3: the self-locking condition is the same in both
 * examples), with the iteration run either side of it.
 */
function contractionParagraph(c: AxesContraction, fr: string): Block {
  const factor = (x: IterationRun): string => `${Number((x.reduced / c.threshold).toPrecision(3))}`;
  const taus = (x: IterationRun): string => x.fixed.map((t) => `\\tau = ${fixed(t)}`).join('\\ \\text{and}\\ ');
  const iteration = (x: IterationRun): Inline[] =>
    x.status === 'converged'
      ? ['the iteration from ', m(`${fr} = 0`), ` reaches ${x.fixed.length > 1 ? 'the smaller' : 'it'} in ${x.iterations} linear solves`]
      : [`the iteration has not converged after ${x.iterations} linear solves, at `, m(`|N| = ${fixed(x.reached)}`)];
  const at = (x: IterationRun): Inline[] => [
    ' at ',
    m(`${fr} = ${factor(x)}\\,${fr}^{*}`),
    ', ',
    m('\\tau = |N(\\tau)|'),
    x.fixed.length === 0 ? ' has no solution' : x.fixed.length === 1 ? ' has the one solution ' : ` has ${countWord(x.fixed.length)}, `,
    ...(x.fixed.length ? [m(taus(x))] : []),
    ', and ',
    ...iteration(x),
    ...(x.fixed.length === 1 ? [] : [x.fixed.length ? ': the reaction is no longer determined' : ': no reaction solves (2.6)']),
  ];
  return paragraph(
    'The iteration (2.6) itself: with the friction moment ',
    m('f_r r |N|'),
    ' known, N solves a linear system, so ',
    m("N(\\tau) = N_0 + \\tau N'"),
    ' is affine in ',
    m('\\tau = |N|'),
    ' and the map ',
    m('\\tau \\mapsto |N(\\tau)|'),
    ' has the Lipschitz constant ',
    m(`|N'| = ${fr} \\cdot ${fixed(c.slope)}`),
    '. It is a contraction, with one solution, iff ',
    m(`${fr} < ${fixed(c.threshold)}`),
    ': the ',
    m(`${fr}^{*}`),
    ' of the determinant above, (2.5), so the necessary condition of self-locking is the same in both examples. Either side of it,',
    ...at(c.below),
    ';',
    ...at(c.above),
    '.',
  );
}
