// The unilateral parts of a report (DerivedSystem.unilateral): contacts in
// the author's sign convention, their terms in the measure-form equations,
// contact phases with release conditions, impact maps with their mode
// conditions, and the sign and restitution conventions.
//
// Notation (docs/notation.md): contact j is f_j ≥ 0 (Kozlov) or g_j ≤ 0
// (Kugushev–Sorokina) as its author wrote it, internally the gap f = −g;
// its normal measure dμ_j = σ̇_j dt + Δμ_j δ(t − t̃) ≥ 0; a sticking contact
// also has a tangential coordinate ξ_j with measure dν_j = ν̇_j dt + Δν_j δ
// of either sign. Pre- and post-impact velocities are q̇⁻ and q̇⁺.
// Tests: test/report/sections.test.ts (contact phases, impact maps, mode verdicts, α₀).
import * as Q from '../core/rational.js';
import { mul, neg, num, pow, ZERO, type Expr, type Sym } from '../core/expr.js';
import { simplify } from '../core/trig.js';
import type { DerivedSystem } from '../derive/system.js';
import { swapInvariant } from '../core/equal-at.js';
import { postImpactName, preImpactName, slipSignSymbol } from '../model/names.js';
import type {
  ConditionStatement,
  ContactKinematics,
  ContactPhase,
  ContactRow,
  CriticalValue,
  FrictionPhase,
  ImpactCondition,
  ImpactMap,
  ImpactMode,
  Indeterminate,
} from '../derive/unilateral/unilateral-types.js';
import {
  countWord,
  equation,
  equations,
  list,
  m,
  paragraph,
  ref,
  series,
  type Block,
  type EquationRow,
  type Figure,
  type Inline,
  type Section,
  matrixEquation,
} from './document.js';
import {
  exchangedNotation,
  fourDigits,
  gapForm,
  indexSum,
  math,
  mathLines,
  MECHANICS,
  mechanicsSymbol,
  modelHeads,
  proseName,
  proseNames,
  reportSymbols,
  tidy,
  upTo,
} from './notation.js';
import { pinnedTangent } from '../model/impact-laws.js';
import type { HalfAngleBound, ModeDirections } from '../studies/mode-directions.js';
import type { ModeShares } from '../studies/mode-shares.js';
import type { Model } from '../model/types.js';
import { impactLawConventions, impactLawStatement, loneFactorNote } from './impact-laws.js';
import { impulseFigure, modeFigure, type ModeFigureNames } from './mode-figure.js';
import { inName, nameRepeated, repeatedSum, sumNamer, whereBlocks, type NamedRepeat, type SumNamer } from './repeats.js';
import { leavingContacts } from '../studies/mode-directions.js';

type Unilateral = NonNullable<DerivedSystem['unilateral']>;

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

// ---------------------------------------------------------------- symbols
/** The report's letter of a contact (notation.ts gapForm): f for f ≥ 0, g for g ≤ 0, the author's unless it names a parameter. */
export const gapLetter = (model: Model, c: ContactKinematics): 'f' | 'g' => gapForm(model, c.constraint).letter;
const gapSymbol = (model: Model, c: ContactKinematics, j: number): string => `${gapLetter(model, c)}_{${j + 1}}`;
const tangentSymbol = (j: number): string => `\\xi_{${j + 1}}`;
/** Multiplier of a row on a contact phase: σ̇_j (normal), ν̇_j (tangent). */
const rateSymbol = (r: ContactRow): string => (r.kind === 'normal' ? `\\dot{\\sigma}_{${r.contact + 1}}` : `\\dot{\\nu}_{${r.contact + 1}}`);
/** Impulse of a row at an impact: Δμ_j (normal, in the report's measure letter), Δν_j (tangent). */
const impulseSymbol =
  (mu: string) =>
  (r: { kind: 'normal' | 'tangent'; contact: number }): string =>
    r.kind === 'normal' ? `\\Delta${mu}_{${r.contact + 1}}` : `\\Delta\\nu_{${r.contact + 1}}`;

function rowByLabel(u: Unilateral, label: string): ContactRow | undefined {
  for (const c of u.contacts) {
    if (c.normal.label === label) return c.normal;
    if (c.tangent?.label === label) return c.tangent;
    const slip = c.slip?.find((r) => r.label === label);
    if (slip) return slip;
  }
  return undefined;
}

/** A contact's name in prose ("foot B"). */
const contactName = (u: Unilateral, j: number): string => proseName(u.contacts[j]!.constraint.name);

/** The row ∂f/∂q of a contact as the report writes it: ∂g/∂q = −∂f/∂q for g ≤ 0. */
export const gapRow = (model: Model, c: ContactKinematics): readonly Expr[] =>
  gapLetter(model, c) === 'f' ? c.normal.row : c.normal.row.map((x) => simplify(neg(x)));

/** Print lines with a relation appended to the last: […, "x + y \\ge 0"]. */
const closeWith = (lines: readonly string[], tail: string): string[] => [...lines.slice(0, -1), `${lines[lines.length - 1]} ${tail}`];

/** A numbered relation without a left-hand side, aligned at its start. */
const inequality = (label: string, lines: readonly string[]): EquationRow => ({
  label,
  lines: lines.map((l, i) => ({ before: '', after: i === 0 ? l : `\\quad {}${l}` })),
});

// ---------------------------------------------------------------- constraints
/** Unilateral constraints in the author's sign convention, with their impact laws and gradients. */
export function unilateralConstraintBlocks(system: DerivedSystem): Block[] | undefined {
  const { model } = system;
  const u = system.unilateral;
  if (!u) return undefined;
  const cs = system.model.coordinates;
  const k = u.contacts.length;
  const conventions = [...new Set(u.contacts.map((c) => gapLetter(model, c)))];
  // Turned where the author's letter names a parameter (gravity g beside g ≤ 0: notation.ts gapForm).
  const turned = u.contacts.some((c) => gapForm(model, c.constraint).turned);
  const blocks: Block[] = [
    // In the report's own voice: which side is admissible, and why a g ≤ 0 of the model is printed as f ≥ 0.
    paragraph(
      `${k === 1 ? 'One unilateral constraint acts' : `${capitalize(countWord(k))} unilateral constraints act`}; the admissible configurations are those with `,
      ...conventions.flatMap((l, i) => [i ? ' or ' : '', m(l === 'f' ? 'f_j \\ge 0' : 'g_j \\le 0')]),
      u.contacts.some((c) => c.constraint.when) ? ' where each is declared' : '',
      turned ? ' (the model writes g ≤ 0, printed here as f = −g ≥ 0 because g names a parameter):' : ':',
    ),
    equations(
      ...u.contacts.map((c, j) =>
        equation(
          `unilateral-${c.constraint.name}`,
          gapSymbol(model, c, j),
          closeWith(mathLines(gapForm(model, c.constraint).expr), gapLetter(model, c) === 'f' ? '\\ge 0' : '\\le 0'),
        ),
      ),
    ),
    list(...u.contacts.map((c, j) => contactItem(model, c, j))),
  ];
  const sticking = u.contacts.map((c, j) => ({ c, j })).filter(({ c }) => c.tangent);
  if (sticking.length) {
    blocks.push(
      paragraph('A sticking contact holds its tangential coordinate while closed:'),
      equations(...sticking.map(({ c, j }) => equation(`tangent-${c.constraint.name}`, tangentSymbol(j), mathLines(pinnedTangent(c.constraint.law) ?? ZERO)))),
    );
  }
  blocks.push(
    paragraph('Their gradients, which give the directions of the contact reactions, are'),
    equations(
      ...u.contacts.flatMap((c, j) => [
        matrixEquation(undefined, `\\frac{\\partial ${gapSymbol(model, c, j)}}{\\partial q}`, [gapRow(model, c).map(math)]),
        ...(c.tangent ? [matrixEquation(undefined, `\\frac{\\partial ${tangentSymbol(j)}}{\\partial q}`, [c.tangent.row.map(math)])] : []),
      ]),
    ),
    paragraph('with ', m(`q = (${cs.map((c) => mechanicsSymbol(c.name)).join(', ')})`), '.'),
  );
  return blocks;
}

function contactItem(model: Model, c: ContactKinematics, j: number): Inline[] {
  const name = `${contactLabel(c)}: `;
  const f = gapSymbol(model, c, j);
  const velocities = { normal: `\\dot{${gapLetter(model, c)}}_{${j + 1}}`, tangent: `\\dot{\\xi}_{${j + 1}}` };
  return [m(f), ' — ', name, ...impactLawStatement(c.constraint.law, velocities), ...activation(c)];
}

/**
 * A contact as the text names it: its description where that already names
 * it ("the floor", not "floor (the floor)"), else its name with the
 * description beside it, since impact maps refer to it by name.
 */
function contactLabel(c: ContactKinematics): string {
  const { name, description } = c.constraint;
  if (!description) return proseName(name);
  const word = new RegExp(`(^|[^A-Za-z0-9])${name.replace(/[^A-Za-z0-9]/g, '\\$&')}($|[^A-Za-z0-9])`, 'i');
  return word.test(description) ? description : `${proseName(name)} (${description})`;
}

/** The sentence's end: '.', or the activation condition `when` and '.' (an arrival elsewhere is no impact: the contact stays inactive). */
function activation(c: ContactKinematics): Inline[] {
  const w = c.constraint.when;
  if (!w) return ['.'];
  return [
    '; the constraint is declared only where ',
    m(`${math(w.value)} ${w.strict ? '>' : '\\ge'} 0`),
    ', and an arrival there is an impact; elsewhere the gap is no constraint, and a contact point that reaches the surface there passes through it until it opens again.',
  ];
}

// ---------------------------------------------------------------- measure-form terms
/**
 * The contact terms of the measure-form equations for coordinate index
 * `i` (a LaTeX index), in the author's convention: + Σ (∂f_j/∂q_i) dμ_j,
 * − Σ (∂g_j/∂q_i) dμ_j, + Σ (∂ξ_j/∂q_i) dν_j (Kugushev–Sorokina (10.13)).
 */
export function contactTerms(system: DerivedSystem, i: string): string {
  const { model } = system;
  const u = system.unilateral;
  if (!u) return '';
  const k = u.contacts.length;
  const mu = reportSymbols(system).measure;
  const term = (c: ContactKinematics, j: string): string =>
    `${gapLetter(model, c) === 'f' ? '+' : '-'} \\frac{\\partial ${gapLetter(model, c)}_{${j}}}{\\partial q_{${i}}}\\,\\mathrm{d}${mu}_{${j}}`;
  const senses = new Set(u.contacts.map((c) => gapLetter(model, c)));
  let out: string;
  if (k === 1) out = term(u.contacts[0]!, '1');
  else if (senses.size === 1)
    out = `${gapLetter(model, u.contacts[0]!) === 'f' ? '+' : '-'} \\sum_{j=1}^{${k}} \\frac{\\partial ${gapLetter(model, u.contacts[0]!)}_{j}}{\\partial q_{${i}}}\\,\\mathrm{d}${mu}_{j}`;
  else out = u.contacts.map((c, j) => term(c, `${j + 1}`)).join(' ');
  const sticking = u.contacts.map((c, j) => (c.tangent ? j : -1)).filter((j) => j >= 0);
  if (sticking.length === 1) out += ` + \\frac{\\partial \\xi_{${sticking[0]! + 1}}}{\\partial q_{${i}}}\\,\\mathrm{d}\\nu_{${sticking[0]! + 1}}`;
  else if (sticking.length === k) out += ` + \\sum_{j=1}^{${k}} \\frac{\\partial \\xi_{j}}{\\partial q_{${i}}}\\,\\mathrm{d}\\nu_{j}`;
  else if (sticking.length > 1) out += sticking.map((j) => ` + \\frac{\\partial \\xi_{${j + 1}}}{\\partial q_{${i}}}\\,\\mathrm{d}\\nu_{${j + 1}}`).join('');
  return ` ${out}`;
}

/** The contacts' reactions on a contact phase: Σ over the active contacts of (∂f_j/∂q)ᵀσ̇_j, with (∂ξ_j/∂q)ᵀν̇_j for sticking ones; one contact's own terms when there is one. */
function phaseReactions(contacts: readonly ContactKinematics[]): string {
  const term = (j: string, tangent: boolean): string =>
    `(\\partial f_${j}/\\partial q)^{\\top}\\dot{\\sigma}_${j}${tangent ? ` + (\\partial \\xi_${j}/\\partial q)^{\\top}\\dot{\\nu}_${j}` : ''}`;
  if (contacts.length === 1) return term('1', contacts[0]!.tangent !== undefined);
  const tangent = contacts.some((c) => c.tangent);
  return `\\sum_{j\\ \\mathrm{active}} ${tangent ? `\\bigl(${term('j', true)}\\bigr)` : term('j', false)}`;
}

/** The impulses at an impact, Kugushev–Sorokina (8.13): Σ_j (∂f_j/∂q)ᵀΔμ_j, and Σ_j (∂ξ_j/∂q)ᵀΔν_j over the contacts with a tangential impulse. */
function impactReactions(contacts: readonly ContactKinematics[], mu: string): string {
  const normal = indexSum('j', upTo(contacts.length), (j) => `\\Bigl(\\frac{\\partial f_${j}}{\\partial q}\\Bigr)^{\\top} \\Delta${mu}_${j}`);
  const tangential = contacts.flatMap((c, j) => (c.tangent || c.friction ? [j + 1] : []));
  if (tangential.length === 0) return normal;
  // Friction's tangential impulse acts along the slip s_j (Section friction); ξ_j is a declared tangent's.
  const along = contacts.every((c) => !c.tangent) ? 's' : '\\xi';
  return `${normal} + ${indexSum('j', tangential, (j) => `\\Bigl(\\frac{\\partial ${along}_${j}}{\\partial q}\\Bigr)^{\\top} \\Delta\\nu_${j}`)}`;
}

/** The conditions on the measures, as a sentence. */
export function measureConditions(system: DerivedSystem): Inline[] {
  const { model } = system;
  const u = system.unilateral;
  if (!u) return [];
  const anyStick = u.contacts.some((c) => c.tangent);
  const mu = reportSymbols(system).measure;
  const gapSet = u.contacts.every((c) => gapLetter(model, c) === 'f')
    ? '\\{f_j = 0\\}'
    : u.contacts.every((c) => gapLetter(model, c) === 'g')
      ? '\\{g_j = 0\\}'
      : '\\{f_j = 0\\}\\ (g_j = 0)';
  return [
    'Here the measures ',
    m(`\\mathrm{d}${mu}_j \\ge 0`),
    ' are concentrated where the contacts are closed, ',
    m(`\\operatorname{supp} \\mathrm{d}${mu}_j \\subset ${gapSet}`),
    anyStick ? ', and tangential measures ' : '',
    ...(anyStick ? [m('\\mathrm{d}\\nu_j'), ' of either sign on the same set'] : []),
    '. Each measure is ',
    m(`\\mathrm{d}${mu}_j = \\dot{\\sigma}_j\\,\\mathrm{d}t + \\sum \\Delta${mu}_j\\,\\delta(t - \\tilde{t})`),
    ': a density on contact phases and impulses at impacts (Kugushev–Sorokina §9).',
  ];
}

// ---------------------------------------------------------------- contact phases
/**
 * The general form of a contact phase (Kugushev–Sorokina §9), printed once
 * in the appendix: the active rows at the acceleration level and the
 * measures' densities in the equations of motion.
 */
export function contactPhaseMeasureBlocks(system: DerivedSystem): Block[] {
  if (!system.unilateral) return [];
  const { mass: M, forcing: f, bias } = reportSymbols(system);
  const sticking = system.unilateral.contacts.some((c) => c.tangent);
  return [
    paragraph(
      'On a contact phase the active contacts stay closed: their rows hold at the acceleration level, ',
      m(`(\\partial f_j/\\partial q)\\,\\ddot{q} + ${bias}_j = 0`),
      ', and the measures have densities, so that',
    ),
    equations(equation('contact-phase', `${M}\\ddot{q}`, `${f} + ${phaseReactions(system.unilateral.contacts)}`)),
    paragraph(
      ...(sticking ? ['with the ξ terms for sticking contacts. '] : []),
      'A phase lasts while every ',
      m('\\dot{\\sigma}_j \\ge 0'),
      '; ',
      m('\\dot{\\sigma}_j < 0'),
      ' means that contact j releases (Kugushev–Sorokina §9).',
    ),
  ];
}

/** Contact phases (Kugushev–Sorokina §9, regime 2): accelerations, multipliers, release conditions. */
export function contactPhasesSection(system: DerivedSystem): Section | undefined {
  const { model } = system;
  const u = system.unilateral;
  if (!u) return undefined;
  const cs = system.model.coordinates;
  const { bias } = reportSymbols(system);
  const namer = sumNamer(model);
  // Without phases to solve, each bias would be printed for no equation that uses it: the rule is said instead.
  const blocks: Block[] = u.phases.length
    ? [
        paragraph('On each contact phase ', ref('contact-phase'), ' the row biases are'),
        equations(
          ...u.contacts.flatMap((c, j) => [
            equation(undefined, `${bias}_{${j + 1}}`, mathLines(c.normal.bias)),
            ...(c.tangent ? [equation(undefined, `${bias}_{${j + 1}}^{\\xi}`, mathLines(c.tangent.bias))] : []),
          ]),
        ),
      ]
    : [
        paragraph(
          `With ${u.contacts.length} contacts the active sets are not enumerated here: on a phase `,
          ref('contact-phase'),
          ' each active row holds at the acceleration level, its bias ',
          m(`${bias}_j = \\ddot{f}_j - (\\partial f_j/\\partial q)\\,\\ddot{q}`),
          ' the part of ',
          m('\\ddot{f}_j'),
          ' free of the accelerations (and the same of ',
          m('\\xi_j'),
          ' for a sticking contact), and the generated code forms and solves each phase’s linear system numerically.',
        ),
      ];
  for (const phase of u.phases) {
    const names = phase.active.map((j) => contactName(u, j)).join(' and ');
    const held = heldText(model, u, phase);
    if (phase.friction) {
      blocks.push(...phase.friction.flatMap((f) => frictionPhaseBlocks(system, phase, f, namer)));
      continue;
    }
    if (!phase.explicit) {
      blocks.push(
        paragraph(
          `Contact with ${names} (`,
          m(held),
          // More rows than coordinates: dependent by count, their reactions statically indeterminate (rubanovich1981 §1, a compass on both feet).
          phase.rows.length > cs.length
            ? `): its ${phase.rows.length} rows on ${cs.length} coordinates are dependent, so the reactions are statically indeterminate (only combinations of them are determined); the generated code solves it numerically.`
            : phase.unsolved === 'size'
              ? `): with ${cs.length} coordinates and ${phase.rows.length} rows it is not solved in closed form here; the generated code solves it numerically.`
              : '): its rows are dependent; the generated code solves it numerically.',
        ),
      );
      continue;
    }
    // A mirror image of an earlier phase (a walker's other stance) is printed in that phase's forms, two names exchanged.
    const mirror = phase.mirror && u.phases[phase.mirror.of]!;
    const forms = mirror ?? phase;
    const named = nameRepeated(model, phaseExprs(system, forms, forms.fixed ?? forms.explicit!), namer);
    // A name the exchange leaves unchanged keeps its letter and is not defined again; another takes a prime.
    const same = phase.mirror && named.name ? swapInvariant(named.name.value, swappedSymbols(model, phase.mirror.swap)) : false;
    const letter = named.name?.symbol.kind === 'sym' && !same ? [named.name.symbol.name] : [];
    const notation = phase.mirror ? exchangedNotation(phase.mirror.swap, letter) : MECHANICS;
    const lines = (e: Expr): string[] => mathLines(e, undefined, notation);
    // Entry i of the mirror is the source's entry of the exchanged coordinate (mirror-phases.ts).
    const entry = (i: number): number => (phase.mirror ? cs.findIndex((c) => c.name === exchanged(phase.mirror!.swap, cs[i]!.name)) : i);
    blocks.push(
      paragraph(
        `Contact with ${names} (`,
        m(held),
        ...(mirror
          ? [
              `), the mirror image of contact with ${mirror.active.map((j) => contactName(u, j)).join(' and ')}: its equations with `,
              m(`${mechanicsSymbol(phase.mirror!.swap[0])} \\leftrightarrow ${mechanicsSymbol(phase.mirror!.swap[1])}`),
              ' exchanged, and their rates:',
            ]
          : [phase.fixed ? fixedText(phase, cs.length) : '):']),
      ),
      equations(
        ...cs.map((c, i) => equation(`phase-${phase.active.join('-')}-${c.name}`, mechanicsSymbol(c.qdd.name), lines(named.exprs[entry(i)]!))),
        ...phase.rows.map((r, k) => equation(`phase-${phase.active.join('-')}-${r.label}`, rateSymbol(r), lines(named.exprs[cs.length + k]!))),
      ),
      ...(same ? [paragraph('with the same ', m(math(named.name!.symbol)), ', which the exchange leaves unchanged.')] : whereBlocks(named, notation)),
    );
  }
  return { id: 'contact-phases', title: 'Contact phases', blocks };
}

/** The partner of a name in an exchange of two, or the name. */
const exchanged = ([a, b]: readonly [string, string], name: string): string => (name === a ? b : name === b ? a : name);

/** Why a phase fixed by its rows (ContactPhase.fixed) prints no motion: its rows' rank is the number of coordinates. */
function fixedText(phase: ContactPhase, n: number): string {
  const still = [...phase.fixed!.qd, ...phase.fixed!.qdd].every((e) => e === ZERO);
  const [rows, fix] = phase.rows.length === 1 ? ['row', 'it fixes'] : [`${phase.rows.length} rows`, 'they fix'];
  return `): the Jacobian of its ${rows} has rank ${n}, the number of coordinates, so ${fix} every coordinate${
    still ? ': the velocities and accelerations vanish on this phase, and the densities are the static reactions' : ' and its motion'
  }:`;
}

/** A phase's printed expressions: its accelerations, then its rows' densities. */
const phaseExprs = (system: DerivedSystem, phase: ContactPhase, ex: NonNullable<ContactPhase['explicit']>): Expr[] => [
  ...ex.qdd.slice(0, system.model.coordinates.length),
  ...ex.multipliers.slice(0, phase.rows.length),
];

/** A friction phase's densities as printed: a row dependent on one other merged into their determined combination. */
const frictionRows = (u: Unilateral, f: FrictionPhase, ex: NonNullable<FrictionPhase['explicit']>) =>
  determinedRows(
    u,
    f.rows.map((r, k) => [r.label, ex.multipliers[k]!] as const),
    f.indeterminate ?? [],
    rateSymbol,
  );

/** The sums the contact phases name, in the section's order: the impact maps' namer starts from them. */
export function phaseSums(system: DerivedSystem): Expr[] {
  const u = system.unilateral!;
  return u.phases.flatMap((phase) => {
    const lists = phase.friction
      ? phase.friction.flatMap((f) => (f.explicit ? [[...f.explicit.qdd, ...frictionRows(u, f, f.explicit).rows.map((r) => r.value)]] : []))
      : phase.explicit
        ? [phaseExprs(system, phase, phase.fixed ?? phase.explicit)]
        : [];
    return lists.flatMap((exprs) => repeatedSum(exprs.map(tidy)) ?? []);
  });
}

/** "f₁ = 0, f₂ = 0", and the configuration where they hold together when the phase is reduced there ("⇒ y = 0, θ = 0"). */
function heldText(model: Model, u: Unilateral, phase: ContactPhase): string {
  const gaps = phase.active.map((j) => `${gapSymbol(model, u.contacts[j]!, j)} = 0`).join(',\\ ');
  if (!phase.at) return gaps;
  return `${gaps} \\;\\Rightarrow\\; ${[...phase.at].map(([name, v]) => `${mechanicsSymbol(name)} = ${math(v)}`).join(',\\ ')}`;
}

/**
 * A contact phase with Coulomb friction for one choice of sliding and
 * sticking (FrictionPhase): its accelerations, its densities, and the
 * sticking cone of each sticking contact.
 */
function frictionPhaseBlocks(system: DerivedSystem, phase: ContactPhase, f: FrictionPhase, namer: SumNamer): Block[] {
  const { model } = system;
  const u = system.unilateral!;
  const cs = model.coordinates;
  const how = phase.active.map((j) => `${contactName(u, j)}${f.modes.has(j) ? (f.modes.get(j) === 'slide' ? ' sliding' : ' sticking') : ''}`).join(' and ');
  const held = heldText(model, u, phase);
  const sign = (j: number): string => math(slipSignSymbol(model.unilateral[j]!.name));
  // Contacts that slip as one (a lying rod's ends) slide with the first's sign.
  const [one, ...others] = f.slipTogether ?? [];
  const sliding = [...f.modes].filter(([j, mode]) => mode === 'slide' && !others.includes(j)).map(([j]) => sign(j));
  const tag = `phase-${phase.active.join('-')}-${phase.active.map((j) => f.modes.get(j) ?? 'held').join('-')}`;
  const head = paragraph(
    `Contact with ${how} (`,
    m(held),
    ...(sliding.length ? ['; sliding with ', m(sliding.map((s) => `${s} = \\pm 1`).join(',\\ ')), ', friction along the slip (Smirnov (1.3))'] : []),
    ...(others.length && f.modes.get(one!) === 'slide'
      ? [', ', m(others.map(sign).join(' = ')), ' the same sign, as the slip rows coincide here']
      : others.length
        ? ['; the slip rows coincide here, so the contacts slip or stick together']
        : []),
    f.explicit ? '):' : '): its rows are dependent, so the densities are statically indeterminate; the generated code solves it numerically.',
  );
  if (!f.explicit) return [head];
  const ex = f.explicit;
  const { rows, merged } = frictionRows(u, f, ex);
  const named = nameRepeated(model, [...ex.qdd, ...rows.map((r) => r.value)], namer);
  const symbolOf = labelSymbol(u, rateSymbol);
  const blocks: Block[] = [
    head,
    equations(
      ...cs.map((c, i) => equation(`${tag}-${c.name}`, mechanicsSymbol(c.qdd.name), mathLines(named.exprs[i]!))),
      ...rows.map((r, k) => equation(`${tag}-${r.label}`, r.lhs, mathLines(named.exprs[cs.length + k]!))),
    ),
    ...whereBlocks(named),
    ...[...merged.values()].map((d) =>
      paragraph(
        'The densities ',
        m(d.labels.map(symbolOf).join(', ')),
        ' are statically indeterminate: only ',
        m(combination(symbolOf(d.labels[0]!), d.weights![0]!, symbolOf(d.dropped))),
        ' is determined.',
      ),
    ),
  ];
  const all = [...f.conditions, ...(f.alwaysHolds ?? [])];
  if (all.length === 0) return blocks;
  const cone = all.flatMap((c) => (c.states?.kind === 'cone' && c.states.side === 'upper' ? [statement(c.states, symbolOf)] : [])).join(',\\ ');
  const density = merged.size ? 'densities lie' : 'density lies';
  // Both sides alike (no tangential density, the lying rod's ν̇₁ + ν̇₂ = 0): one line.
  const distinct = (cs: readonly ImpactCondition[]) => cs.filter((c, i) => c.expr !== cs[i - 1]?.expr || c.states?.kind !== 'cone').map((c) => c.expr);
  const always = distinct(f.alwaysHolds ?? []).map((e) => `${math(e)} \\ge 0`);
  // A side true in every state (friction/always-holds.ts) is said once, with why, not displayed as a condition.
  const why = `every parameter value in its range${sliding.length ? ' and either slip sign' : ''}`;
  if (f.conditions.length === 0) {
    blocks.push(
      paragraph(
        `It sticks while the tangential ${density} in the static cone `,
        m(cone),
        `, which holds in every state of this phase: ${always.length === 1 ? 'it reads' : 'its sides read'} `,
        m(always.join(',\\quad ')),
        `, true for ${why}, so the ${merged.size ? 'contacts do' : 'contact does'} not start to slip while the phase lasts.`,
      ),
    );
    return blocks;
  }
  blocks.push(
    paragraph(`It sticks while the tangential ${density} in the static cone `, m(cone), ':'),
    equations(...inName(named, distinct(f.conditions)).map((e, i) => inequality(`${tag}-cone-${i + 1}`, closeWith(mathLines(e), '\\ge 0')))),
    ...(always.length
      ? [
          paragraph(
            `Its other side${always.length === 1 ? '' : 's'}, `,
            m(always.join(',\\quad ')),
            `, hold${always.length === 1 ? 's' : ''} in every state (${why}) and ${always.length === 1 ? 'is' : 'are'} not printed as a condition.`,
          ),
        ]
      : []),
  );
  return blocks;
}

// ---------------------------------------------------------------- impact maps
/** The impulse balance at an impact (Kugushev–Sorokina (8.13)), printed once in the appendix. */
export function impactMeasureBlocks(system: DerivedSystem): Block[] {
  const u = system.unilateral;
  if (!u) return [];
  return [
    paragraph('At an impact time ', m('\\tilde{t}'), ' the velocities jump and the measures have atoms (Kugushev–Sorokina (8.13)):'),
    equations(equation('impact', `${reportSymbols(system).mass}(\\dot{q}^{+} - \\dot{q}^{-})`, impactReactions(u.contacts, reportSymbols(system).measure))),
  ];
}

/** Impact maps with their mode conditions (Kugushev–Sorokina (8.13), Rubanovich–Formalsky (1.17)). */
/**
 * The Coulomb outcomes of an impact (unilateral.ts coulombModes): stick or
 * slide, with the static coefficient written μ where the model declares one
 * coefficient for both (the conditions then contain μ itself).
 */
function frictionImpactSentence(u: Unilateral, mu: string): Inline[] {
  const striking = u.contacts.filter((c, j) => c.friction && u.impactMaps.some((im) => im.scenario.arriving === j && im.modes.some((md) => md.friction)));
  if (!striking.length) return [];
  const one = striking.every((c) => c.friction!.static === c.friction!.kinetic);
  return [
    'A contact with Coulomb friction striking alone takes a tangential impulse along its slip as well, without tangential restitution: it sticks (',
    m('\\dot{s}^{+} = 0'),
    ', admissible while ',
    m(`|\\Delta\\nu_j| \\le ${one ? '\\mu' : '\\mu_s'} \\Delta${mu}_j`),
    ...(one ? [] : [' with ', m('\\mu_s'), ' the static coefficient']),
    ') or slides (',
    m(`\\Delta\\nu_j = -\\mu\\,\\operatorname{sgn}\\dot{s}\\,\\Delta${mu}_j`),
    ' with ',
    m('\\operatorname{sgn}\\dot{s}'),
    ' the direction it slides in, the one before the impact or the reverse, admissible while ',
    m('\\dot{s}^{+}'),
    ' has that sign). This impact law is the toolkit’s: Coulomb’s law of the friction force (Smirnov (1.3)) applied to the impulses, with Newton’s restitution on the normal. ',
  ];
}

export function impactMapsSection(system: DerivedSystem, directions: readonly ModeDirections[] = [], shares: readonly ModeShares[] = []): Section | undefined {
  const { model } = system;
  const u = system.unilateral;
  if (!u) return undefined;
  const mu = reportSymbols(system).measure;
  // One letter, one sum: a sum the contact phases named keeps its letter, another takes the next.
  const namer = sumNamer(model, phaseSums(system));
  // Contacts that arrive alone get the general single-impact formula, also where a
  // scenario gives its closed form (the pendulum at a wall: (1.4), then its instance).
  // (Sticking contacts are pinned tangentially too and Coulomb contacts take a tangential impulse: (1.4) does not apply to them.)
  const alone = u.contacts.flatMap((c, j) =>
    c.tangent || c.friction || u.impactMaps.some((im) => im.scenario.arriving === j && im.scenario.closed.length > 0) ? [] : [j],
  );
  const blocks: Block[] = [
    paragraph(
      'Each impact ',
      ref('impact'),
      ' sums over the contacts taking part and is closed by each contact’s impact law. Every contact that was closed either stays engaged or leaves (zero impulse); each such choice is a mode, admissible when its normal impulses are non-negative ',
      m(`\\Delta${mu}_j \\ge 0`),
      ' and every leaving contact separates, ',
      m('\\dot{f}_j^{+} \\ge 0'),
      ' (Rubanovich–Formalsky (1.17)). ',
      ...frictionImpactSentence(u, mu),
      ...assumptionsSentence(u),
    ),
  ];
  u.impactMaps.forEach((im, k) => {
    blocks.push(...impactMapBlocks(system, im, k, namer));
    const d = directions.find((x) => x.map === k);
    if (d) blocks.push(...directionBlocks(system, d, false));
    const sampled = shares.find((x) => x.map === k);
    if (sampled) blocks.push(sharesBlock(system, im, sampled));
  });
  if (alone.length) {
    blocks.push(
      paragraph(
        ...(alone.length > 2
          ? ['When contact ', m(`j \\in \\{${alone.map((j) => j + 1).join(', ')}\\}`), ' strikes alone']
          : [`When ${alone.length === 1 ? 'this contact strikes' : 'one of these contacts strikes'} alone`]),
        ', Kugushev–Sorokina §1 (1.4) with Newton’s coefficient in place of the elastic factor 2 = 1 + 1',
        // A plastic contact's factor 1 + 0 leaves no e in the display: say so, not silently.
        ...loneFactorNote(alone.map((j) => system.model.unilateral[j]!.law)),
        ' gives, with ',
        m('B = M(\\tilde{q})'),
        ' and the gradient taken at the impact point,',
      ),
      equations(
        ...alone.flatMap((j) => {
          const c = u.contacts[j]!;
          // Many contacts alike (the rimless wheel's spokes): one generic pair with index j.
          const generic = alone.length > 2;
          if (generic && j !== alone[0]) return [];
          const grad = `\\frac{\\partial ${generic ? `${gapLetter(model, c)}_{j}` : gapSymbol(model, c, j)}}{\\partial q}`;
          const factor = c.restitution === ZERO ? '' : `(1 + ${math(c.restitution)})\\,`;
          // f ≥ 0: the impulse acts along +∂f; g ≤ 0 (the paper's form): along −∂g.
          const sign = gapLetter(model, c) === 'f' ? '-' : '';
          return [
            equation(
              `impact-${c.constraint.name}-impulse`,
              `\\Delta${mu}_{${generic ? 'j' : j + 1}}`,
              `${sign}${factor}\\frac{${grad}\\,\\dot{q}^{-}}{${grad}\\,B^{-1} \\bigl(${grad}\\bigr)^{\\top}}`,
            ),
            equation(
              `impact-${c.constraint.name}-velocity`,
              '\\dot{q}^{+}',
              `\\dot{q}^{-} ${gapLetter(model, c) === 'f' ? '+' : '-'} \\Delta${mu}_{${generic ? 'j' : j + 1}}\\, B^{-1} \\Bigl(${grad}\\Bigr)^{\\top}`,
            ),
          ];
        }),
      ),
    );
  }
  return { id: 'impact-maps', title: 'Impact maps', blocks };
}

function impactMapBlocks(system: DerivedSystem, im: ImpactMap, k: number, namer: SumNamer): Block[] {
  const { model } = system;
  const u = system.unilateral!;
  const cs = system.model.coordinates;
  const sc = im.scenario;
  const named = (j: number): Inline[] => [`${contactName(u, j)} (`, m(gapSymbol(model, u.contacts[j]!, j)), ')'];
  const closed: Inline[] = sc.closed.flatMap((j, i) => [...(i ? [', '] : []), ...named(j)]);
  const at = [...sc.at].map(([name, v]) => `${mechanicsSymbol(name)} = ${math(v)}`).join(',\\ ');
  const independent = sc.independent.map((x) => mechanicsSymbol(preImpactName(x)));
  const tag = `impact-${k + 1}`;
  // The independent velocities themselves (ψ̇⁻ = ψ̇⁻) are not repeated.
  const dependent = cs.map((c, i) => ({ c, v: im.qdMinus[i]! })).filter(({ c, v }) => !(v.kind === 'sym' && v.name === preImpactName(c.name)));
  const blocks: Block[] = [
    paragraph(
      `Impact ${k + 1}, ${proseNames(
        model.unilateral.map((c) => c.name),
        sc.name,
      )}: `,
      ...named(sc.arriving),
      ' arrives',
      ...(sc.striking?.length
        ? [' together with ', ...closed]
        : sc.closed.length
          ? [' while ', ...closed, sc.closed.length === 1 ? ' is closed' : ' are closed']
          : []),
      ...(sc.at.size ? [', at ', m(at)] : [' at a general configuration']),
      dependent.length ? '. Before the impact the closed contacts hold, so the velocities are expressed through ' : '. The pre-impact velocities ',
      m(independent.join(', ')),
      dependent.length ? ':' : ' are free.',
    ),
    ...(dependent.length ? [equations(...dependent.map(({ c, v }) => equation(undefined, mechanicsSymbol(preImpactName(c.name)), mathLines(v))))] : []),
    ...approachBlocks(u, im),
  ];
  im.modes.forEach((mode, n) => blocks.push(...modeBlocks(system, im, im.onGaps?.[n] ?? mode, `${tag}-mode-${n + 1}`, n, namer)));
  if (im.critical) blocks.push(...criticalBlocks(system, im, im.critical, tag));
  return blocks;
}

/** The sign of the one independent velocity for which the arriving contact does not approach: no impact, so no mode is read there. */
function approachBlocks(u: Unilateral, im: ImpactMap): Block[] {
  const a = im.approaching;
  const away = a && (a.negative === 'never' ? '<' : a.positive === 'never' ? '>' : undefined);
  if (!a || !away) return [];
  const toward = away === '<' ? '>' : '<';
  const v = mechanicsSymbol(a.velocity);
  return [
    paragraph(
      `Contact ${contactName(u, im.scenario.arriving)} approaches only for `,
      m(`${v} ${toward} 0`),
      ', where its normal velocity before, ',
      m(math(im.approach)),
      ', is negative; for ',
      m(`${v} ${away} 0`),
      ' there is no impact, and the modes are read for ',
      m(`${v} ${toward} 0`),
      '.',
    ),
  ];
}

/**
 * Which mode the impact takes by the direction θ of its two free pre-impact
 * velocities, at the default parameters (studies/mode-directions.ts), and
 * the share of the approaching directions where none is admissible.
 */
function directionBlock(system: DerivedSystem, im: ImpactMap, d: ModeDirections, apart: boolean): Block {
  const u = system.unilateral!;
  const [v1, v2] = d.velocities.map(mechanicsSymbol);
  const angle = (x: number): string => x.toFixed(3);
  const th = directionLetter(system);
  const values = (r: Readonly<Record<string, number>>): string =>
    Object.entries(r)
      .map(([name, value]) => `${mechanicsSymbol(name)} = ${Number(value.toPrecision(6))}`)
      .join(',\\ ');
  const at = values(d.parameters);
  const where = values(d.configuration);
  const first = d.arcs[0]!.from;
  const last = d.arcs[d.arcs.length - 1]!.to;
  const none = d.withoutOutcome;
  const closed = im.scenario.closed.map((j) => contactName(u, j)).join(' and ');
  const arriving = contactName(u, im.scenario.arriving);
  const percent = (x: number): string => `${(100 * x).toFixed(1)} %`;
  const arcs = d.arcs.flatMap((a, i): Inline[] => [
    i ? (i + 1 === d.arcs.length ? ' and ' : ', ') : '',
    a.modes.length === 0
      ? a.smooth
        ? `no mode, but ${closed} sliding on a smooth line`
        : `no mode${a.repels ? `, ${arriving}’s impulse negative in every mode` : ''}`
      : a.modes.map((n) => `mode ${n + 1}${modeTitle(u, im.scenario, im.modes[n]!) ? ` (${modeTitle(u, im.scenario, im.modes[n]!)})` : ''}`).join(' and '),
    ' for ',
    m(`${angle(a.from)} < ${th} < ${angle(a.to)}`),
  ]);
  // rubanovich1981 §3 before (3.15): the closed contacts' lines turned smooth at the impact (studies/mode-directions.ts).
  const all = d.smoothAdmissible;
  const smooth: Inline[] =
    all?.share && d.smoothShare !== undefined
      ? [
          ` ${closed.charAt(0).toUpperCase()}${closed.slice(1)} sliding on ${im.scenario.closed.length > 1 ? 'their lines' : 'its line'} turned smooth at the impact, Rubanovich–Formalsky’s hypothesis of (3.15), (3.16) (no normal velocity after, no tangential impulse), is admissible, every normal impulse non-negative, for `,
          ...all.intervals.flatMap(([from, to], i): Inline[] => [i ? ' and ' : '', m(`${angle(from)} < ${th} < ${angle(to)}`)]),
          `, ${percent(all.share)} of the approaching directions, ${percent(d.smoothShare)} where no mode is`,
          ...(all.modes.length
            ? [
                '; for ',
                ...d.arcs
                  .filter((a) => a.smooth && a.modes.length > 0)
                  .flatMap((a, i): Inline[] => [i ? ' and ' : '', m(`${angle(a.from)} < ${th} < ${angle(a.to)}`)]),
                ` it and ${all.modes.map((n) => `mode ${n + 1}`).join(' and ')} are both admissible, alternative hypotheses for the same impact.`,
              ]
            : ['.']),
        ]
      : [];
  const repelled = d.repelShare
    ? [
        ` On ${percent(d.repelShare)} of them the normal impulse of ${arriving} is negative in every mode${d.smoothShare !== undefined ? ' and in the smooth slide' : ''}: no impact in which ${arriving} engages by its law exists there${u.contacts[im.scenario.arriving]!.tangent ? ', so the assumption that it sticks fails' : ''}.`,
      ]
    : [];
  // Why no mode is where neither smooth hypothesis of rubanovich1981 (3.15), (3.16) holds: the conditions each mode fails.
  const condition = (n: number, k: number): Inline => {
    const mode = im.modes[n]!;
    return ref(`impact-${d.map + 1}-mode-${n + 1}-condition-${lineOf(mode, k) + 1}`);
  };
  const gaps = d.arcs.filter((a) => a.modes.length === 0 && !a.smooth);
  const why = gaps.flatMap((a): Inline[] => [
    ' For ',
    m(`${angle(a.from)} < ${th} < ${angle(a.to)}`),
    ' ',
    ...a.failing.flatMap((ks, n): Inline[] => [
      n ? (n + 1 === a.failing.length ? ' and ' : ', ') : '',
      `mode ${n + 1} fails `,
      ...ks.flatMap((k, i) => [i ? ' and ' : '', condition(n, k)]),
    ]),
    '.',
  ]);
  // The smooth slip where the arriving contact cannot stick (studies/mode-directions.ts).
  const leaves = im.scenario.closed.length > 1 ? 'leave' : 'leaves';
  const conditions = d.slip?.conditions;
  // Where the slip's forms vanish with the approach speed (studies/mode-directions.ts), it holds on every direction for that reason.
  const along = !conditions && d.slipAlong?.every((k) => k >= 0) ? d.slipAlong : undefined;
  const many = im.scenario.closed.length > 1;
  const slip: Inline[] =
    d.slipShare !== undefined
      ? [
          ` ${arriving.charAt(0).toUpperCase()}${arriving.slice(1)} slipping on its own line turned smooth at the impact (a normal impulse only) while ${closed} ${leaves} is admissible (its normal impulse non-negative, ${closed} separating) `,
          // Each of its forms the approach speed times a factor of the parameters: admissible on every direction exactly where the factors are ≥ 0.
          ...(conditions?.length
            ? ['on every approaching direction, whatever the speed, exactly where ', ...slipConditionInlines(conditions, d.slip?.bounds), ', ']
            : conditions
              ? ['on every approaching direction for every value of the parameters, ']
              : []),
          ...(conditions && d.slipShare >= 1
            ? ['as at the default parameters']
            : along
              ? [
                  `on every approaching direction at the default parameters, whatever the speed: a lone frictionless contact’s normal impulse is never negative on approach, and ${closed}, at rest on ${many ? 'their lines' : 'its line'} before, ${many ? 'leave with normal velocities' : 'leaves with a normal velocity'} proportional to it; here the impulse and ${many ? 'those velocities' : 'that velocity'} are the approach speed times `,
                  ...series(along.map((k) => [m(fourDigits(k))])),
                  ', factors of the configuration alone',
                ]
              : [`on ${percent(d.slipShare)} of the approaching directions at the default parameters`]),
          gaps.length && gaps.every((a) => a.slip)
            ? `${along ? '; so it holds on these arcs too' : ', these arcs included'}: there ${arriving} cannot stick, it slips.`
            : '.',
        ]
      : [];
  return paragraph(
    ...(apart
      ? [`Every condition of impact ${d.map + 1}’s modes (Section `, ref('sec:impact-maps'), ') is linear in ']
      : ['Every condition above is linear in ']),
    m(`${v1}, ${v2}`),
    ...(where ? [' at a given configuration; at ', m(where)] : []),
    ...(at ? [`${where ? ' and' : ', so at'} the default parameters (`, m(at), ') the mode'] : [where ? ' the mode' : ', so the mode']),
    ' depends only on the direction ',
    m(th),
    ' of ',
    m(`(${v1}, ${v2}) = |v|(\\cos ${th}, \\sin ${th})`),
    `. Contact ${contactName(u, im.scenario.arriving)} approaches for `,
    m(`${angle(first)} < ${th} < ${angle(last)}`),
    ', where the admissible modes are ',
    ...arcs,
    '.',
    ...(none > 0
      ? [
          ` On ${percent(none)} of these directions no mode is admissible: the impact law, which lets a closed contact only stay or leave, has no outcome there.`,
          ...smooth,
          ...repelled,
          ...why,
        ]
      : []),
    ...slip,
    neverLeaveSentence(u, d.neverLeave),
  );
}

/**
 * Which mode each impact takes by the direction of its two free pre-impact velocities (directionBlock), the smooth slip
 * and the figures; `apart`: printed away from the impact maps, among the results beyond a paper that leaves the impact's
 * outcome to later work (rubanovich1981 §3).
 */
export function directionBlocks(system: DerivedSystem, d: ModeDirections, apart: boolean): Block[] {
  const im = system.unilateral!.impactMaps[d.map]!;
  return [directionBlock(system, im, d, apart), ...slipBlocks(system, im, d), ...directionFigures(system, im, d)];
}

/** "Tip B leaves on none of them": the closed contacts no admissible mode lets leave (studies/mode-directions.ts, mode-shares.ts). */
export const neverLeaveSentence = (u: Unilateral, never: readonly number[]): string =>
  never.length
    ? ` ${never
        .map((j) => contactName(u, j))
        .join(' and ')
        .replace(/^./, (c) => c.toUpperCase())} ${never.length > 1 ? 'leave' : 'leaves'} on none of them.`
    : '';

/**
 * Which mode the impact takes when more than two pre-impact velocities are
 * free, sampled over the approach cone at the default parameters
 * (studies/mode-shares.ts).
 */
function sharesBlock(system: DerivedSystem, im: ImpactMap, s: ModeShares): Block {
  const u = system.unilateral!;
  const percent = (x: number): string => `${(100 * x).toFixed(1)} %`;
  const at = Object.entries(s.parameters)
    .map(([name, value]) => `${mechanicsSymbol(name)} = ${Number(value.toPrecision(6))}`)
    .join(',\\ ');
  const approaching = [im.scenario.arriving, ...(im.scenario.striking ?? [])].map((j) => contactName(u, j)).join(' and ');
  const title = (n: number): string => `mode ${n + 1}${modeTitle(u, im.scenario, im.modes[n]!) ? ` (${modeTitle(u, im.scenario, im.modes[n]!)})` : ''}`;
  const seen = s.modeShares.flatMap((x, n) => (x > 0 ? [`${title(n)} on ${percent(x)}`] : []));
  const unseen = s.modeShares.flatMap((x, n) => (x > 0 ? [] : [title(n)]));
  return paragraph(
    'Every condition above is linear and homogeneous in ',
    m(s.velocities.map(mechanicsSymbol).join(', ')),
    ...(at ? [', so at the default parameters (', m(at), ')'] : [', so']),
    s.exact
      ? ` the mode depends only on their direction. Of the directions on which ${approaching} ${im.scenario.striking?.length ? 'approach' : 'approaches'}, a polyhedral cone, the admissible modes take the shares their cones’ solid angles give: ${seen.join(', ')}`
      : ` the mode depends only on their direction. Of ${s.samples} directions drawn uniformly on the unit sphere on which ${approaching} ${im.scenario.striking?.length ? 'approach' : 'approaches'}, the admissible modes are ${seen.join(', ')}`,
    unseen.length ? `; ${unseen.length > 1 ? `${unseen.slice(0, -1).join(', ')} and ${unseen[unseen.length - 1]}` : unseen[0]} on none.` : '.',
    s.withoutOutcome > 0 ? ` On ${percent(s.withoutOutcome)} of them no mode is admissible.` : '',
    neverLeaveSentence(u, s.neverLeave),
  );
}

/** The smooth slip in closed form (studies/mode-directions.ts): the arriving contact's normal impulse, the closed ones' normal velocities after. */
function slipBlocks(system: DerivedSystem, im: ImpactMap, d: ModeDirections): Block[] {
  if (!d.slip) return [];
  const u = system.unilateral!;
  const { model } = system;
  const symbolOf = labelSymbol(u, impulseSymbol(reportSymbols(system).measure));
  const arriving = u.contacts[im.scenario.arriving]!;
  const tag = `impact-${d.map + 1}-slip`;
  return [
    paragraph(
      `In the smooth slip the normal impulse of ${contactName(u, im.scenario.arriving)} and the normal velocity after of ${im.scenario.closed.map((j) => contactName(u, j)).join(' and ')} are`,
    ),
    equations(
      // Tidied as the maps' rows are (no fraction inside a factor: (16 + 9 sin² 2β)/8, not 4 + (9/4) sin² 2β).
      equation(`${tag}-${arriving.normal.label}`, symbolOf(arriving.normal.label), mathLines(tidy(d.slip.impulse))),
      ...im.scenario.closed.map((j, k) =>
        equation(
          `${tag}-${u.contacts[j]!.normal.label}`,
          `\\dot{${gapLetter(model, u.contacts[j]!)}}_{${j + 1}}^{+}`,
          mathLines(tidy(d.slip!.separations[k]!)),
        ),
      ),
    ),
  ];
}

/** The outcome by θ over the whole circle and the impulses by θ (mode-figure.ts), named as directionBlock names them. */
function directionFigures(system: DerivedSystem, im: ImpactMap, d: ModeDirections): Figure[] {
  const u = system.unilateral!;
  const names: ModeFigureNames = {
    modes: im.modes.map((mode, n) => `\\text{mode ${n + 1}${modeTitle(u, im.scenario, mode) ? ` (${modeTitle(u, im.scenario, mode)})` : ''}}`),
    theta: directionLetter(system),
    velocities: [mechanicsSymbol(d.velocities[0]), mechanicsSymbol(d.velocities[1])],
    arriving: contactName(u, im.scenario.arriving),
    closed: im.scenario.closed.map((j) => contactName(u, j)),
  };
  const impulses = impulseFigure(d, names);
  return [modeFigure(d, names), ...(impulses ? [impulses] : [])];
}

/** The direction's letter, unless a coordinate or parameter has it. */
const directionLetter = (system: DerivedSystem): string => (modelHeads(system.model).includes('\\theta') ? '\\vartheta' : '\\theta');

/** The conditions printed, one line each: a cone's lower side is on its upper side's line, an inequality met again on its first line. */
const shownConditions = (mode: ImpactMode): ImpactCondition[] =>
  mode.conditions.filter(
    (c, i) =>
      !(c.states?.kind === 'cone' && c.states.side === 'lower') && !mode.conditions.slice(0, i).some((x) => !x.states && !c.states && x.expr === c.expr),
  );

/** The printed line (0-based) of a mode's condition k. */
function lineOf(mode: ImpactMode, k: number): number {
  const shown = shownConditions(mode);
  const c = mode.conditions[k]!;
  if (shown.includes(c)) return shown.indexOf(c);
  if (c.states?.kind === 'cone' && c.states.side === 'lower') return shown.indexOf(mode.conditions[k - 1]!);
  return shown.findIndex((x) => x.expr === c.expr);
}

/** "footB stays", "footB leaves": what a mode does with the closed contacts. */
export function modeTitle(u: Unilateral, sc: ImpactMap['scenario'], mode: ImpactMode): string {
  return [
    ...(mode.friction ? [`${contactName(u, sc.arriving)} ${mode.friction === 'stick' ? 'sticks' : 'slides on'}`] : []),
    ...[...(mode.slips ?? [])].filter(([j]) => j === sc.arriving).map(([j, s]) => `${contactName(u, j)} ${s === 'stick' ? 'sticks' : 'slides on'}`),
    ...mode.stays.map((j) => `${contactName(u, j)} stays${mode.slips?.has(j) ? (mode.slips.get(j) === 'stick' ? ' and sticks' : ' and slides') : ''}`),
    ...leavingContacts(sc, mode).map((j) => `${contactName(u, j)} leaves`),
  ].join(', ');
}

/** "For α < α₀ only mode 1 is admissible, for α > α₀ only mode 2, where α₀ = arcsin(1/√3)" (Rubanovich–Formalsky §1). */
function criticalBlocks(system: DerivedSystem, im: ImpactMap, c: CriticalValue, tag: string): Block[] {
  const p = mechanicsSymbol(c.parameter);
  const p0 = `${p}_0`;
  const modes = (ks: readonly number[]): string =>
    ks.length === 0
      ? 'no mode is'
      : ks.length === 1
        ? `only mode ${ks[0]! + 1} (${modeTitle(system.unilateral!, im.scenario, im.modes[ks[0]!]!)}) is`
        : `modes ${ks.map((k) => k + 1).join(' and ')} are`;
  const unit = system.model.parameters.find((q) => q.name === c.parameter)?.unit;
  const approx = `${c.numeric.toFixed(6)}${unit === 'rad' ? ` \\approx ${formatDegrees(c.numeric)}` : ''}`;
  const approach = [...im.scenario.approach].map(([x, sgn]) => `${mechanicsSymbol(preImpactName(x))} ${sgn < 0 ? '<' : '>'} 0`).join(',\\ ');
  return [
    paragraph(
      'Critical value: the sign of ',
      m(math(c.factor)),
      ' decides the mode. For ',
      m(`${p} < ${p0}`),
      ` ${modes(c.below)} admissible, for `,
      m(`${p} > ${p0}`),
      ` ${modes(c.above)}${approach ? ' (with ' : ''}`,
      ...(approach ? [m(approach), ')'] : []),
      ', where',
    ),
    equations(c.value ? equation(`${tag}-critical`, p0, `${math(c.value)} \\approx ${approx}`) : equation(`${tag}-critical`, p0, approx, '\\approx')),
    paragraph(
      // Where it depends on other parameters the display shows how; nothing to add.
      ...(c.alone ? ['The critical value depends on no other parameter and not on the speed before the impact. '] : []),
      ...establishedSentence(c),
    ),
  ];
}

/** How the critical value is known (CriticalValue.established). */
function establishedSentence(c: CriticalValue): Inline[] {
  switch (c.established) {
    case 'exact':
      return ['The closed form is exact: ', m(`${math(c.factor)} = 0`), ' there, shown symbolically.'];
    case 'numeric check':
      return ['The closed form agrees with the numerical root to ', m('10^{-9}'), '; it was not verified symbolically.'];
    case 'numeric':
      return ['The value is numerical (bisection); no closed form was found.'];
    default:
      return c.established satisfies never;
  }
}

/** What the mode verdicts assume of the parameters (UnilateralDerivation.assumptions), as a sentence. */
function assumptionsSentence(u: Unilateral): Inline[] {
  const declared = u.assumptions.filter((a) => a.source === 'declared');
  const positive = u.assumptions.filter((a) => a.source === 'positive default');
  const end = (e: Expr | undefined, infinite: string): string => (e ? math(e) : infinite);
  const parts: Inline[][] = [];
  if (declared.length) {
    const ranges = declared
      .map(
        (a) =>
          `${mechanicsSymbol(a.parameter)} \\in ${a.lower && !a.lowerOpen ? '[' : '('}${end(a.lower, '-\\infty')}, ${end(a.upper, '\\infty')}${a.upper && !a.upperOpen ? ']' : ')'}`,
      )
      .join(',\\ ');
    parts.push([m(ranges), declared.length === 1 ? ' (its declared range)' : ' (their declared ranges)']);
  }
  if (positive.length) {
    parts.push([
      m(`${positive.map((a) => mechanicsSymbol(a.parameter)).join(', ')} > 0`),
      ' (no range declared; taken positive as ',
      positive.length === 1 ? 'its default is' : 'their defaults are',
      ')',
    ]);
  }
  if (parts.length === 0) return ['Signs are decided with no assumption on the parameters.'];
  return ['Signs are decided for ', ...parts.flatMap((p, i) => [...(i ? [' and '] : []), ...p]), '.'];
}

/** 0.6154797 rad → 35^\circ 16' */
function formatDegrees(rad: number): string {
  const deg = (rad * 180) / Math.PI;
  let d = Math.floor(deg);
  let min = Math.round((deg - d) * 60);
  if (min === 60) {
    d += 1;
    min = 0;
  }
  return `${d}^\\circ ${min}'`;
}

function modeBlocks(system: DerivedSystem, im: ImpactMap, mode: ImpactMode, tag: string, n: number, namer: SumNamer): Block[] {
  const u = system.unilateral!;
  const cs = system.model.coordinates;
  const sc = im.scenario;
  const title = modeTitle(u, sc, mode);
  const impulse = impulseSymbol(reportSymbols(system).measure);
  const symbolOf = labelSymbol(u, impulse);
  const { rows, merged } = determinedRows(u, [...mode.impulses], mode.indeterminate, impulse);
  // Every velocity after the impact in the data before it, none through another after it (ẋ⁺ not as −l sin θ θ̇⁺).
  const velocities = mode.qdPlus.slice(0, cs.length);
  const named = nameRepeated(system.model, [...velocities, ...rows.map((r) => r.value)], namer);
  // Tidied where no sum is named (nameRepeated tidies where one is): as printed, a sticking tip's ẏ⁺ divided by ẏ⁻ inside.
  const velocity = (i: number): Expr => (named.name ? named.exprs[i]! : tidy(named.exprs[i]!));
  const impulses: EquationRow[] = rows.map((r, k) => equation(`${tag}-${r.label}`, r.lhs, mathLines(named.exprs[cs.length + k]!)));
  const blocks: Block[] = [
    // A single outcome needs no number: "Mode 1:" promises a second.
    paragraph(im.modes.length === 1 && !title ? 'After the impact:' : `Mode ${n + 1}${title ? ` (${title})` : ''}:`),
    equations(...cs.map((c, i) => equation(`${tag}-${c.name}`, mechanicsSymbol(postImpactName(c.name)), mathLines(velocity(i)))), ...impulses),
    ...whereBlocks(named),
  ];
  for (const d of mode.indeterminate) {
    if (merged.has(d.dropped)) {
      blocks.push(
        paragraph(
          'The impulses ',
          m(d.labels.map(symbolOf).join(', ')),
          ' are statically indeterminate: only ',
          m(combination(symbolOf(d.labels[0]!), d.weights![0]!, symbolOf(d.dropped))),
          ' is determined. The motion after the impact does not depend on the split.',
        ),
      );
      continue;
    }
    const syms = d.labels
      .map((l) => rowByLabel(u, l))
      .filter((r): r is ContactRow => r !== undefined)
      .map(impulse);
    const dropped = rowByLabel(u, d.dropped);
    blocks.push(
      paragraph(
        'The impulses ',
        m(syms.join(', ')),
        ' are statically indeterminate: only one combination of them is determined, and the values above take ',
        m(`${dropped ? impulse(dropped) : d.dropped} = 0`),
        '. The motion after the impact does not depend on the split.',
      ),
    );
  }
  blocks.push(
    ...conditionBlocks(
      mode,
      tag,
      named,
      symbolOf,
      im.approaching,
      system.model.unilateral.map((c) => c.name),
    ),
  );
  return blocks;
}

const labelSymbol =
  (u: Unilateral, symbol: (r: ContactRow) => string) =>
  (label: string): string => {
    const row = rowByLabel(u, label);
    return row ? symbol(row) : label;
  };

/**
 * The multipliers to print, each with its left side: a row dependent on
 * one other is merged into their combination "a + w b", the one that is
 * determined (Indeterminate); `merged` holds those rows' records.
 */
function determinedRows(
  u: Unilateral,
  values: readonly (readonly [string, Expr])[],
  indeterminate: readonly Indeterminate[],
  symbol: (r: ContactRow) => string,
): { rows: { label: string; row: ContactRow; value: Expr; lhs: string }[]; merged: Map<string, Indeterminate> } {
  const symbolOf = labelSymbol(u, symbol);
  const combined = new Map(indeterminate.flatMap((d) => (d.labels.length === 2 && d.weights?.length === 1 ? [[d.labels[0]!, d] as const] : [])));
  const merged = new Map([...combined.values()].map((d) => [d.dropped, d]));
  const rows = values.flatMap(([label, value]) => {
    const row = rowByLabel(u, label);
    if (!row || merged.has(label)) return [];
    const d = combined.get(label);
    return [{ label, row, value, lhs: d ? combination(symbol(row), d.weights![0]!, symbolOf(d.dropped)) : symbol(row) }];
  });
  return { rows, merged };
}

/** A condition in the multipliers' symbols: "ΔΛ₁ ≥ 0", "|Δν₁ + Δν₂| ≤ μ (ΔΛ₁ + ΔΛ₂)". */
function statement(st: ConditionStatement, symbolOf: (label: string) => string): string {
  if (st.kind === 'nonnegative') return `${symbolOf(st.label)} \\ge 0`;
  const [first, ...rest] = st.tangential;
  const inner = rest.reduce((acc, t) => combination(acc, t.weight, symbolOf(t.label)), symbolOf(first!.label));
  const c0 = st.normals[0]!.coefficient;
  const sum = st.normals.map((n) => symbolOf(n.label)).join(' + ');
  const bound = st.normals.every((n) => n.coefficient === c0)
    ? `${math(c0)}${st.normals.length > 1 ? `\\,(${sum})` : `\\,${sum}`}`
    : st.normals.map((n) => `${math(n.coefficient)}\\,${symbolOf(n.label)}`).join(' + ');
  return `|${inner}| \\le ${bound}`;
}

/** a + w b, with w a number: "a + b", "a - b", "a + 2 b". */
function combination(a: string, w: Expr, b: string): string {
  const negative = w.kind === 'num' && Q.isNegative(w.value);
  const size = math(negative ? neg(w) : w);
  return `${a} ${negative ? '-' : '+'} ${size === '1' ? '' : `${size} `}${b}`;
}

/**
 * The mode's admissibility conditions (each required ≥ 0) and, with one
 * independent pre-impact velocity v, the derived verdict for v < 0 and
 * v > 0 (ImpactMode.admissibility: always, never, or the conditions left
 * once factors of proved sign are dropped).
 */
function conditionBlocks(
  mode: ImpactMode,
  tag: string,
  named: NamedRepeat,
  symbolOf: (label: string) => string,
  approaching: ImpactMap['approaching'],
  contacts: readonly string[],
): Block[] {
  const identities = mode.identities?.length
    ? [paragraph(`The condition that ${mode.identities.join(' and that ')} holds identically (it reads 0 ≥ 0) and is not printed.`)]
    : [];
  if (mode.conditions.length === 0) return [paragraph('The mode has no sign condition.'), ...identities];
  // A condition that restates the impulses is printed in their symbols; the two sides of a cone as one |·| ≤ line.
  const shown = shownConditions(mode);
  // An inequality met again (both ends sliding on together) is one line; its meaning says so.
  const again = mode.conditions.filter((c) => !shown.includes(c) && !(c.states?.kind === 'cone' && c.states.side === 'lower'));
  // Written with the mode's D where they contain it.
  const exprs = inName(
    named,
    shown.map((c) => c.expr),
  );
  const lines = shown.map((c, i) => (c.states ? [statement(c.states, symbolOf)] : closeWith(mathLines(exprs[i]!), '\\ge 0')));
  const blocks: Block[] = [
    paragraph(
      proseNames(contacts, `It is admissible iff ${shown.map((c) => c.meaning).join(' and ')}`),
      ...again.flatMap((c): Inline[] => [
        proseNames(contacts, ` and ${c.meaning} (the same inequality as `),
        ref(`${tag}-condition-${lineOf(mode, mode.conditions.indexOf(c)) + 1}`),
        ', printed once)',
      ]),
      ':',
    ),
    equations(...lines.map((l, i) => inequality(`${tag}-condition-${i + 1}`, l))),
    ...identities,
  ];
  const a = mode.admissibility;
  if (!a) return blocks;
  const vs = mechanicsSymbol(a.velocity);
  // A sign for which the arriving contact does not approach has no impact (approachBlocks says so once).
  for (const [relation, verdict] of [
    ['<', a.negative],
    ['>', a.positive],
  ] as const) {
    if ((relation === '<' ? approaching?.negative : approaching?.positive) === 'never') continue;
    const when = m(`${vs} ${relation} 0`);
    if (verdict === 'always') blocks.push(paragraph('For ', when, ' the mode is always admissible.'));
    else if (verdict === 'never') blocks.push(paragraph('For ', when, ' the mode is never admissible.'));
    else blocks.push(paragraph('For ', when, ' this reads ', m(verdict.conditions.map(nonNegative).join(',\\quad ')), '.'));
  }
  return blocks;
}

/**
 * c ≥ 0, written −c ≤ 0 where c is a sum with a negative number, so that a factor reads as everywhere else in the report
 * (1 − 3 sin²α ≤ 0, not 3 sin²α − 1 ≥ 0); a positive number the printer makes a factor says nothing of the sign and is
 * left out (9 cos 4β − 1 prints 2(4 − 9 sin²2β): 4 − 9 sin²2β ≥ 0).
 */
/**
 * The smooth slip's conditions ≥ 0 (studies/mode-directions.ts), then, where the study solved them for one sine,
 * those bounds: the hinged compass's 4 − 9 sin²2β ≥ 0, that is sin 2β ≤ 2/3; and where the study solved a bound for
 * its parameter on the parameter's range, that too, as the derivation's own (β ≤ ½ arcsin(2/3) or β ≥ π/2 − ½ arcsin(2/3)).
 */
export function slipConditionInlines(conditions: readonly Expr[], bounds: readonly (HalfAngleBound | undefined)[] = []): Inline[] {
  const solved = bounds.flatMap((b) => (b ? [`${math(b.of)} ${b.atMost ? '\\le' : '\\ge'} ${math(b.bound)}`] : []));
  const within = bounds.flatMap((b) => {
    const s = b?.solved;
    if (!s) return [];
    const p = math(s.parameter);
    return [b.atMost ? `${p} \\le ${math(s.below)}\\ \\text{or}\\ ${p} \\ge ${math(s.above)}` : `${math(s.below)} \\le ${p} \\le ${math(s.above)}`];
  });
  return [
    m(conditions.map(nonNegative).join(',\\ ')),
    ...(solved.length ? [', that is, ', m(solved.join(',\\ '))] : []),
    ...(within.length ? [' (the derivation’s own solution on the parameter’s declared range: ', m(within.join(',\\ ')), ')'] : []),
  ];
}

export function nonNegative(c: Expr): string {
  const t = tidy(c);
  const e =
    t.kind === 'mul' && !Q.isOne(Q.abs(t.coeff)) ? mul(num(Q.isNegative(t.coeff) ? Q.MINUS_ONE : Q.ONE), ...t.factors.map((f) => pow(f.base, f.exp))) : c;
  return e.kind === 'add' && Q.isNegative(e.constant) ? `${math(neg(e))} \\le 0` : `${math(e)} \\ge 0`;
}

// ---------------------------------------------------------------- conventions

/**
 * The sign convention of the unilateral constraints and the restitution
 * convention (W vs e); f ≥ 0 is Kozlov's form, attributed only where the
 * model's sources cite kozlov1988 (a mention alone would list the paper).
 */
export function unilateralConventions(system: DerivedSystem, sources: readonly string[]): Inline[][] | undefined {
  const u = system.unilateral;
  if (!u) return undefined;
  const mu = reportSymbols(system).measure;
  const items: Inline[][] = [
    [
      'Unilateral constraints keep their author’s form unless its letter names a parameter: ',
      m('f_j(q,t) \\ge 0'),
      sources.includes('kozlov1988') ? ' (Kozlov) or ' : ' or ',
      m('g_j(q,t) \\le 0'),
      ' (Kugushev–Sorokina); internally every contact is the gap ',
      m('f = -g \\ge 0'),
      ', and its reaction is ',
      m(`(\\partial f_j/\\partial q)^{\\top}\\mathrm{d}${mu}_j = -(\\partial g_j/\\partial q)^{\\top}\\mathrm{d}${mu}_j`),
      ' with ',
      m(`\\mathrm{d}${mu}_j \\ge 0`),
      '.',
    ],
    impactLawConventions(system.model.unilateral.map((c) => c.law)),
  ];
  return items.filter((item) => item.length > 0);
}

/** The coordinates a mirror exchanges and their rates, as symbol pairs (a₁ ↔ a₂, ȧ₁ ↔ ȧ₂). */
function swappedSymbols(model: Model, [a, b]: readonly [string, string]): [Sym, Sym][] {
  const [ca, cb] = [a, b].map((n) => model.coordinates.find((c) => c.name === n)!);
  return [
    [ca!.q, cb!.q],
    [ca!.qd, cb!.qd],
  ];
}
