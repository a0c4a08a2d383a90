// A seed example's paper set beside the derivation, printed from its check
// (src/studies/paper-check.ts): the results the paper states, as the engine
// derives them, and a closing table "paper's formula / derived / agrees"
// that says how agreement was decided (symbolic, numeric at random points,
// or measured to the formula's tolerance).
// Tests: test/report/paper-check.test.ts.
import * as Q from '../core/rational.js';
import { subs } from '../core/subs.js';
import { cancel } from '../core/cancel.js';
import { together } from '../core/together.js';
import { expand } from '../core/expand.js';
import { simplify } from '../core/trig.js';
import { dependsOn, div, freeSymbols, mul, neg, num, pow, sym, type Expr, type Sym } from '../core/expr.js';
import { dropPositiveSignFactors } from '../core/sign-arguments.js';
import type { DerivedSystem } from '../derive/system.js';
import { fastVelocitySymbol, symbolRole } from '../model/names.js';
import { REFERENCES } from '../model/sources.js';
import type { PaperFormulaOrigin } from '../model/spec.js';
import { factMode, POINTS, type PaperCheck, type PaperCheckRow } from '../studies/paper-check.js';
import type { ModeDirections } from '../studies/mode-directions.js';
import { RESTING_FACT } from '../studies/rest-time.js';
import { equation, equations, m, paragraph, prefixedSections, ref, textInlines, type Block, type EquationRow, type Inline, type Section } from './document.js';
import { energySection, constraintsSection, contactPhasesSection, formatNumber, lagrange2Section, modelSection } from './sections.js';
import { directionBlocks, impactMapsSection, modeTitle } from './unilateral.js';
import { breakLines, fractionDepth, latexPieces, texWidth, toLatex } from './latex.js';
import { MAX_LINE_WIDTH, MAX_ROW_LINES, tooLong } from './large.js';
import { declaredRange, fourDigits, LINE_WIDTH, math, mathLines, MECHANICS, mechanicsSymbol, powerOfTen, tidy } from './notation.js';
import { claimSections } from './paper-claims.js';
import { paperForm } from './paper-forms.js';
import { inNamedFacts } from './named-facts.js';
import { typedLatex, typedPieces } from './typed-order.js';
import { flatDenominators, inlineFractions } from './inline-fractions.js';
import { combineRadicals } from '../core/radicals.js';
import {
  derivedLeft,
  derivedAs,
  displayedElsewhere,
  distinctResults,
  givenBack,
  heldWhere,
  namedFacts,
  onTag,
  own,
  resultDisplays,
  resultLabel,
  rowLhs,
  rowName,
  rowTag,
  type ResultDisplay,
} from './paper-displays.js';
import {
  BINDING_WIDTH,
  boundFacts,
  DERIVED_CELL_WIDTH,
  derivedSide,
  inPlace,
  paperLetters,
  singleSymbols,
  type Letter,
  type LetteredRow,
} from './paper-letters.js';

/** A row giving an impact's rest time (paper-results.ts impact{i}.{m}.rest), not another fact named …rest (a patch's rest depth s*, kuleshov2011 (9.2)). */
export const resting = (r: PaperCheckRow): boolean => r.formula.derived.some((d) => RESTING_FACT.test(d.fact));

/** A rest time (paper-results.ts restingTime): defined where it is printed, marked as the approximation it is, and set beside the run. */
const restingDefinition = (r: PaperCheckRow): Inline[] => [
  'Here ',
  m(r.formula.name),
  ' is the time from the impact until the rocking that follows ends: the swings, each up and back at the constant deceleration of the arriving contact’s phase at the impact configuration and slower by the impact’s velocity ratio at each strike, form a geometric series. It is a small-amplitude approximation, to first order in the speed before the impact.',
  ...(r.run ? [' ', ...runRestInlines(r)] : []),
];

/** "In the run of Section 5, the arriving contact first strikes at t = 0.04377 with ψ̇⁻ = −1.289": the strike a run comparison is at. */
function firstStrikeInlines(r: PaperCheckRow, { strike, speed }: { readonly strike: number; readonly speed: number }): Inline[] {
  const v = [...freeSymbols(r.derived)].find((s) => symbolRole(sym(s))?.role === 'pre-impact-velocity');
  return [
    'In the run of Section ',
    ref('sec:simulation'),
    ', the arriving contact first strikes at ',
    m(`t = ${restValue(strike)}`),
    ...(v ? [' with ', m(`${mechanicsSymbol(v)} = ${restValue(speed)}`)] : []),
  ];
}

/** The rest time against the run (studies/rest-time.ts): the run's time from its first strike to rest, the formula's at that strike's speed. */
function runRestInlines(r: PaperCheckRow): Inline[] {
  return [
    ...firstStrikeInlines(r, r.run!),
    ', and the motion is at rest ',
    m(restValue(r.run!.run)),
    ' later; ',
    m(r.formula.name),
    ' at that speed gives ',
    ...runRestShort(r),
    ': the small-amplitude approximation.',
  ];
}

/**
 * Carnot's loss against the run (studies/rest-time.ts runLoss): the energy each strike takes (the arriving contact's
 * first, then its mirror image's), the formula's at its pre-impact velocities and at the half-angle it fixes.
 */
function runLossInlines(r: PaperCheckRow): Inline[] {
  return r.runLoss!.flatMap((loss, k): Inline[] => {
    const { run, formula, speed, at, values } = loss;
    const difference = Math.abs(formula - run) / Math.abs(run);
    // With one velocity the strike's speed says it (firstStrikeInlines); with more, the formula's own symbols and the parameters read off the strike.
    const there =
      speed === undefined
        ? Object.entries({ ...values, ...Object.fromEntries(Object.entries(at).filter(([s]) => symbolRole(sym(s))?.role !== 'pre-impact-velocity')) })
        : [];
    const strike: Inline[] =
      loss.mirror === undefined
        ? speed === undefined
          ? ['In the run of Section ', ref('sec:simulation'), ', the arriving contact first strikes at ', m(`t = ${restValue(loss.strike)}`)]
          : firstStrikeInlines(r, { strike: loss.strike, speed })
        : [
            k ? ' Its mirror image' : 'The mirror image of the arriving contact',
            ', the contact standing at the impact, first strikes at ',
            m(`t = ${restValue(loss.strike)}`),
            ' (read with the coordinates exchanged)',
          ];
    return [
      ...strike,
      ' and takes ',
      m(`T^{-} - T^{+} = ${decimal(run)}`),
      ` J; ${r.formula.eq} `,
      ...(there.length ? ['at ', m(there.map(([s, v]) => `${mechanicsSymbol(s)} = ${restValue(v)}`).join(',\\ ')), ' there'] : ['at that speed']),
      ' gives ',
      m(decimal(formula)),
      ' J',
      ...(difference > 0 ? [', a relative difference of ', m(decimal(difference, 2))] : []),
      '.',
    ];
  });
}

/** "0.5268 against the 0.54 the run takes, 2.4 % less": the rest time at the run's first strike against the run's. */
export function runRestShort(r: PaperCheckRow): Inline[] {
  const { run, formula, relative } = r.run!;
  return [
    m(restValue(formula)),
    ' against the ',
    m(restValue(run)),
    ` the run takes, ${formatNumber(Number((Math.abs(relative) * 100).toPrecision(2)))} % ${relative < 0 ? 'less' : 'more'}`,
  ];
}

const restValue = (x: number): string => formatNumber(Number(x.toPrecision(4)));

/**
 * The paper's results as derived (one numbered equation each, the paper's
 * number beside it), then the table: the paper's formula as the paper writes
 * it, the derived equation it is compared with, and whether they agree.
 */
export function paperSections(check: PaperCheck, system?: DerivedSystem, directions: readonly ModeDirections[] = []): Section[] {
  const beyond = check.defers && system ? directions.flatMap((d) => directionBlocks(system, d, true)) : [];
  return [...checkedSections(check, system, beyond), ...notDerivedSections(check)];
}

/**
 * The paper's results the toolkit does not derive, each with the reason:
 * listed, so that the report shows what it leaves out rather than a stand-in.
 */
function notDerivedSections({ notDerived, source }: PaperCheck): Section[] {
  if (notDerived.length === 0) return [];
  return [
    {
      id: 'paper-not-derived',
      title: 'Results of the paper not derived',
      blocks: [
        paragraph(`These results of ${REFERENCES[source].short} are not derived here, for the reason given with each:`),
        { kind: 'list', items: notDerived.map((r): Inline[] => [r.eq, ' ', m(r.name), ': ', ...noteInlines(r.reason)]) },
      ],
    },
  ];
}

function checkedSections(
  { rows: checked, claims, figures, source, general, impacts, defers }: PaperCheck,
  system?: DerivedSystem,
  beyond: readonly Block[] = [],
): Section[] {
  if (checked.length === 0) return claimSections(claims, figures);
  // A mode in words (foot 2 stays), for a letter bound in two modes: the same letter, said which.
  const modeWords = (fact: string): string | undefined => {
    const at = system && factMode(system, fact);
    const im = at && system.unilateral!.impactMaps[at.impact]!;
    // A single impact's one mode has nothing to say (no closed contact).
    return (im && modeTitle(system.unilateral!, im.scenario, im.modes[at.mode]!)) || undefined;
  };
  const { rows, letters } = paperLetters(checked, modeWords);
  const paper = REFERENCES[source].short;
  const intro: Inline[] = [
    `The results of ${paper} as the derivation gives them`,
    ...(general ? [' for the general model (', general.model.title, ': ', ...parametersText(general), ')'] : []),
    ', each with the paper’s equation number in the column before this report’s: a result as derived, followed by the paper’s formula where the two print differently and their difference simplifies to 0 (the paper’s alone where they differ only in the signs of their sums, or where it reads more simply, in the names of other results or without a fraction inside a fraction), and a number the report measured beside the paper’s closed form it is compared with:',
  ];
  const lhs = rows.map(rowLhs);
  // The paper's numbers in the tag column take the line's width as they did beside the names: the widest left side and
  // its number set how wide every right-hand side may be.
  const widthFor = (names: readonly string[]): number => LINE_WIDTH - Math.max(0, ...names.map((l) => texWidth(l) - 4));
  const width = widthFor(lhs);
  // A result two rows give (a determinant the paper prints twice, as (2.4) and as Δ_i) is printed once, its left side naming both rows' quantities.
  // A result another section displays (the realized contact's law) is referred to there, not displayed again.
  const elsewhere = rows.map(displayedElsewhere);
  const shared = resultDisplays(rows).filter((d) => d.rows.some((k) => !elsewhere[k]));
  const display = rows.map((_, i) => shared.find((d) => d.rows.includes(i)));
  const named = namedFacts(rows);
  const positive = system?.positive ?? new Set<string>();
  // A long name (kugushev2002 (10.15)'s d/dt ∂L/∂q̇₁ − ∂L/∂q₁) narrows only its own display: consecutive rows of long or short names are displayed apart.
  const tagged = (d: ResultDisplay): string => (d.tag ? `${d.lhs}\\ ${d.tag}` : d.lhs);
  const longName = (d: ResultDisplay): boolean => texWidth(tagged(d)) > LONG_NAME;
  const displayWidth = (d: ResultDisplay): number => widthFor(shared.filter((e) => longName(e) === longName(d)).map(tagged));
  // A measured number beside the paper's closed form it is compared with (kozlov1988 §4: τ = 2v/g ≈ 0.509684); where
  // the two differ in the digits printed, each is printed with its own value and the difference (the circle billiard's
  // simulated onset against the averaged law's t*), never the one equated to the other.
  const measuredForm = (r: LetteredRow, width: number): string | string[] => {
    const { value, paper, at, orderOf, extrapolated, rate } = r.measured!;
    if (rate) return rateLine(rate);
    // A limit extrapolated from a study's runs says so (kozlov1988 §2: lim t* from N ≤ 10⁴).
    const vs = extrapolated ? '\\text{extrapolated; against } ' : '\\text{against } ';
    // A fitted order is the rate's check, not the quantity's value (kozlov1988 Th. 1: max|x_N − x| = O(1/N), fitted 0.9946).
    if (orderOf && r.formula.formula?.kind === 'num')
      return `O\\left(${toLatex(pow(sym(orderOf), neg(r.formula.formula)), MECHANICS)}\\right)\\quad (\\text{fitted order } ${decimal(value)})`;
    const closed = r.formula.formula && r.formula.formula.kind !== 'num' ? paperLatex(r) : '';
    const same = decimal(value) === decimal(paper);
    // Where the number was measured, after it: the formula holds for every value (kozlov1988 (2.4): τ₀(N) at N = 1000).
    const where = Object.entries(at).map(([p, v]) => `${mechanicsSymbol(p)} = ${atValue(v)}`);
    const atText = where.length ? `\\ \\text{at}\\ ${where.join(',\\ ')}` : '';
    const alone = extrapolated ? '\\ (\\text{extrapolated})' : '';
    const bare = `${same ? `${decimal(value)}${alone}` : `${decimal(value)}\\ (${vs}${decimal(paper)})`}${atText}`;
    if (!closed) return bare;
    const full = same ? `${closed} \\approx ${decimal(value)}${alone}${atText}` : `${decimal(value)}\\ (${vs}${closed} ${againstValue(value, paper)})${atText}`;
    if (texWidth(full) <= width) return full;
    // Too wide for one line: a closed form the number agrees with to the digits printed leads, the number on a line of
    // its own after it (kozlov1988 (2.4): N max|y_N − y| = g(1 + 2 ln 2) ≈ 2.38629).
    const after = `\\approx ${decimal(value)}${alone}${atText}`;
    if (same && texWidth(closed) <= width && texWidth(after) <= width) return [closed, after];
    // Else the number, then the closed form it is compared with on a line of its own, with the
    // difference where that fits, else with the closed form's value alone (the difference is theirs to read).
    const against = [`${same ? `\\approx ${decimal(paper)}` : againstValue(value, paper)}`, `\\approx ${decimal(paper)}`]
      .map((tail) => `(\\text{against } ${closed} ${tail})`)
      .find((line) => texWidth(line) <= width);
    return against ? [`${decimal(value)}${alone}${atText}`, against] : bare;
  };
  const shownLines = (d: ResultDisplay): string | string[] => {
    const r = rows[d.rows[0]!]!;
    const rowWidth = displayWidth(d);
    return r.measured
      ? measuredForm(r, rowWidth)
      : givenBack(r)
        ? paperLines(r, rowWidth)
        : derivedThenPrinted(r, rowWidth, named, positive).map(flatDenominators);
  };
  const shownRow = (d: ResultDisplay) => equation(resultLabel(d.rows[0]!), d.lhs, shownLines(d), '=', d.tag || undefined);
  // A result the Results display prints as the paper does (Smirnov's switched Φ), alone or after the derived form, is
  // referred to there, not printed twice.
  const printedThere = rows.map((r, i) => {
    const d = display[i];
    if (!d || r.agrees === undefined || !tooWide(r) || r.measured || d.rows.length !== 1) return false;
    const paperForm = paperLines(r, displayWidth(d)).join(' ');
    const shown = [shownLines(d)].flat().join(' ');
    return shown === paperForm || shown.endsWith(`= ${paperForm}`);
  });
  const displays = runs(
    shared.filter((d) => !own(rows[d.rows[0]!]!)),
    longName,
  );
  const results: Block[] = [paragraph(...intro), ...displays.map((run) => equations(...run.map(shownRow)))];
  // A number measured against the closed form another of the toolkit's own rows displays (kozlov1988 (2.5): the added
  // mass's run at N = 10 against d_N) is not displayed with that form again: a sentence after the form's note says it.
  const checks = rows.map((r, i) =>
    own(r) && r.measured && !r.measured.extrapolated && !r.measured.rate && !r.measured.orderOf
      ? rows.findIndex((s, k) => k !== i && own(s) && !s.measured && s.formula.formula !== undefined && s.formula.formula === r.formula.formula)
      : -1,
  );
  const runsOf = (k: number): LetteredRow[] => rows.filter((_, i) => checks[i] === k);
  // A result the paper states only in words (R–F §1: the rocking ends in finite time) is this report's own: printed apart, without the paper's number.
  const ownDisplays = shared.filter((d) => own(rows[d.rows[0]!]!) && checks[d.rows[0]!]! < 0);
  const ownRows = ownDisplays.flatMap((d) => d.rows.map((k) => rows[k]!));
  // The impact's outcome by the direction of the velocities before it, where the paper leaves it to later work: the report's own.
  const deferred: Block[] = beyond.length
    ? [
        paragraph(
          `Which outcome each impact has, by the direction of the velocities before it, is the toolkit’s own study: ${paper} `,
          ...noteInlines(defers ?? ''),
          '.',
        ),
        ...beyond,
      ]
    : [];
  const ownSection: Section[] = ownRows.length
    ? [
        {
          id: 'own-results',
          title: 'Results beyond the paper',
          blocks: [
            ...deferred,
            paragraph(
              `Results ${paper} does not print, in closed forms of the toolkit’s own`,
              ownRows.some((r) => r.how === 'measured')
                ? ', each set beside the number the report measured:'
                : ownRows.some((r) => r.agrees !== undefined)
                  ? ', each set beside the derivation:'
                  : ':',
            ),
            equations(...ownDisplays.map(shownRow)),
            // Each note opens with its display's number, not the paper's: the result is not the paper's.
            ...ownDisplays
              .flatMap((d) => d.rows.map((k) => [rows[k]!, resultLabel(d.rows[0]!), runsOf(k)] as const))
              .flatMap(([r, label, runs]) => [
                ...(r.formula.note || r.agrees !== undefined || runs.length
                  ? [paragraph(ref(label), ': ', ...noteInlines(r.formula.note ?? ''), ...ownVerdict(r), ...runsVerdict(runs))]
                  : []),
                ...(resting(r) ? [paragraph(...restingDefinition(r))] : []),
              ]),
          ],
        },
      ]
    : deferred.length
      ? [{ id: 'own-results', title: 'Results beyond the paper', blocks: deferred }]
      : [];
  const notes = rows
    .filter((r) => (r.formula.note || r.runLoss) && !own(r))
    .map((r): Inline[] => [r.formula.eq, ': ', ...noteInlines(r.formula.note ?? ''), ...(r.runLoss ? [r.formula.note ? ' ' : '', ...runLossInlines(r)] : [])]);
  // A paper's formula too wide for a cell is displayed under the table, broken into lines, and the cell refers to it: a wide cell shrank the whole table.
  // A load given back (smirnov1981 (2.1)) keeps its typed formula in its cell, over lines: its display is the derivation's.
  const wide = rows.map((r, i) => r.agrees !== undefined && !own(r) && !r.printed && tooWide(r) && !printedThere[i] && !givenBack(r));
  const displayed = rows.flatMap((r, i) =>
    wide[i] ? [equation(formulaLabel(i), heldWhere(r).name, paperLines(r, width), '=', onTag(r, rowTag(r)) || undefined)] : [],
  );
  const table: Block = {
    kind: 'table',
    id: 'paper-check',
    caption: 'The paper’s formulas against the derivation',
    columns: ['Paper', 'Quantity', 'Paper’s formula', 'Derived', 'Agrees'],
    // Short verdicts in a natural-width column (the paragraph above says what each means): the table fits the page.
    align: 'lllll',
    rows: rows.flatMap((r, i) =>
      r.agrees === undefined || own(r)
        ? []
        : [
            [
              [r.formula.origin ? `${r.formula.eq}, ${ORIGIN_MARK[r.formula.origin]}` : r.formula.eq],
              [m(rowName(r))],
              // A corrected reading (kozlov1988 §3's u cos[…]): the paper's print, and the reading beside the derivation.
              r.printed
                ? [m(r.formula.display ?? inlineFractions(formulaLatex(r, r.formula.printed!))), ', read ', m(inlineFractions(readingLatex(r)))]
                : [wide[i] ? ref(formulaLabel(i)) : givenBack(r) && tooWide(r) ? m(cellLines(r)) : printedThere[i] ? ref(resultLabel(i)) : m(paperLatex(r))],
              derivedCell(r, ref(elsewhere[i] ?? resultLabel(display[i]!.rows[0]!)), named),
              r.printed && !r.printed.agrees
                ? // A bound the paper prints for the quantity (kozlov1988 §3's t > 2R/[u(1 − e)]): where it holds, not "differs".
                  [...(r.formula.display && r.formula.reading ? noteInlines(r.formula.reading) : ['differs']), `; the reading: ${r.agrees ? verdict(r) : 'no'}`]
                : verdictCell(r),
            ],
          ],
    ),
  };
  const paperRows = rows.filter((r) => !own(r));
  const where = whereText(rows, shared, letters, width);
  const checkSection: Section = {
    id: 'paper-check',
    title: 'The paper’s formulas against the derivation',
    blocks: [
      paragraph(
        'Each formula as the paper prints it beside the derived equation, and whether they agree: symbolically (their difference simplifies to 0) or numerically (equal to ',
        m('10^{-9}'),
        ` relative at ${POINTS} random points of the parameters’ ranges${impacts ? ' and of the declared signs of the velocities before the impact' : ''}${
          rows.some(onSurface) ? ', on the contact’s surface, the velocities striking it, for a row taken there' : ''
        })`,
        ...(rows.some((r) => r.measured)
          ? [
              '; a number this report measured (its rigid limit, periodic orbit, simulation or universal restitution) agrees to the tolerance stated, relative to ',
              m('\\max(1, |\\text{paper}|)'),
              ', at the parameters it was measured at',
            ]
          : []),
        `. ${printedTally(paperRows)}${distinctTally(
          rows,
          paperRows.filter((r) => !r.formula.origin && r.agrees !== undefined),
        )}`,
        ...ownTally(paperRows),
        '.',
      ),
      table,
      ...(displayed.length ? [paragraph('The paper’s formulas too wide for the table:'), equations(...displayed)] : []),
      ...(where.displays.length ? [paragraph('The symbols of the formulas too wide to define in the line:'), equations(...where.displays)] : []),
      ...(where.text.length ? [paragraph('In the formulas ', ...where.text, '.')] : []),
      ...(where.unprinted.length ? [paragraph(...where.unprinted, ' stand for their derived values, too long to print: the check substitutes them.')] : []),
      ...(notes.length ? [{ kind: 'list' as const, items: notes }] : []),
    ],
  };
  // A paper that prints none of the model's results (smirnov1981 §3 of the falling rod): the report's own, no empty table.
  const printsSome = paperRows.length > 0;
  return [
    ...(general ? generalModelSections(general, system) : []),
    ...(printsSome ? [{ id: 'paper-results', title: 'Results in the paper’s form', blocks: results }] : []),
    ...ownSection,
    ...(printsSome ? [checkSection] : []),
    ...claimSections(claims, figures),
  ];
}

/**
 * The general model derived as the model is: its coordinates and parameters,
 * energies, constraints, Lagrange's equations and impact maps (with the
 * modes' admissibility and critical value), so that the paper's results
 * below are read off a derivation printed in the report.
 */
function generalModelSections(general: DerivedSystem, system?: DerivedSystem): Section[] {
  const input = { system: general };
  // The energies and Lagrange's equations printed as the model's are not printed again: the general model names them.
  type Build = (i: { system: DerivedSystem }) => Section | undefined;
  const same = (build: Build): boolean => system !== undefined && JSON.stringify(build(input)?.blocks) === JSON.stringify(build({ system })?.blocks);
  const shared: Build[] = [energySection, lagrange2Section].filter(same);
  const model = modelSection(input);
  const named: Inline[] = shared.flatMap((build, k) => [...(k ? [' and '] : []), ref(`sec:${build(input)!.id}`)]);
  const what = (build: Build): string => (build === energySection ? 'kinetic and potential energies' : 'Lagrange’s equations of the second kind');
  const said = shared.length
    ? {
        ...model,
        blocks: [
          ...model.blocks,
          paragraph(
            `Its ${shared.map(what).join(' and ')} are the model’s, term for term (Section${shared.length > 1 ? 's' : ''} `,
            ...named,
            '), and are not printed again.',
          ),
        ],
      }
    : model;
  const rest: Build[] = [energySection, constraintsSection, lagrange2Section].filter((b) => !shared.includes(b));
  // The general model's phases where the model's own are too many to enumerate (the rimless wheel's six spokes): its
  // phase on one spoke is rubanovich1981 §2's turning about a foot, printed where the phases are.
  const phases = system?.unilateral && !system.unilateral.phases.length ? contactPhasesSection(input) : undefined;
  const built = [said, ...rest.map((b) => b(input)), phases, impactMapsSection(general)].flatMap((s) => s ?? []);
  return prefixedSections(built, 'general-', 'General model: ');
}

/** Printed width (texWidth) of a left-hand side beyond which its rows are displayed apart from the short ones. */
const LONG_NAME = 16;

/** Consecutive items of one key together, in order. */
function runs<T>(items: readonly T[], key: (x: T) => boolean): T[][] {
  const out: T[][] = [];
  items.forEach((x, k) => {
    if (k === 0 || key(x) !== key(items[k - 1]!)) out.push([]);
    out[out.length - 1]!.push(x);
  });
  return out;
}

/**
 * A row's Derived cell: the reference to its display, after the derived side it sets beside the paper's where that
 * prints there (derivedSide: in its letters, ẍ + kÿ, or its value in the facts rows name, kozlov1988 (4.4)'s P²g/a
 * for −NPI/a). A load given back (smirnov1981 (2.1)) refers to its display alone: the derived N_s give the load there.
 */
function derivedCell(r: LetteredRow, display: Inline, named: ReadonlyMap<string, string>): Inline[] {
  if (givenBack(r) && !r.measured) return [display];
  const as = derivedAs(r);
  if (as) return [m(as.name), ' ', ref(as.label)];
  const side = derivedLeft(r) ? derivedSide(r, named) : undefined;
  if (!side) return [display];
  const left = side.letters ? formulaLatex(r, r.formula.left!) : math(shown(inPaperSymbols(r, side.value)));
  return side.letters || texWidth(left) <= DERIVED_CELL_WIDTH ? [m(left), ' ', display] : [display];
}

/** ", stating 33 distinct results" where rows checked repeat a result (rubanovich1981 (3.18) is (3.11)'s E_{R₂ₓ}); else nothing. */
function distinctTally(all: readonly PaperCheckRow[], checked: readonly PaperCheckRow[]): string {
  const distinct = distinctResults(all, checked);
  return distinct < checked.length ? `, stating ${distinct} distinct results` : '';
}

/** "15 of 16": of the rows with a formula, those that agree. */
const tally = (rows: readonly PaperCheckRow[]): string => `${rows.filter((r) => r.agrees).length} of ${rows.filter((r) => r.agrees !== undefined).length}`;

/**
 * "2 of 4 agree; the other 2, marked corrected, differ as printed and agree as read": a print the derivation corrects
 * (kozlov1988 §3's v(t), its sliding time) is the paper's row, which differs, not the toolkit's own.
 */
function printedTally(rows: readonly PaperCheckRow[]): string {
  const fixed = rows.filter((r) => correctedReading(r));
  const stated = rows.filter((r) => !r.formula.origin && r.agrees !== undefined);
  const agree = `${stated.filter((r) => r.agrees).length} of ${stated.length + fixed.length} agree`;
  if (!fixed.length) return agree;
  return `${agree}; ${fixed.length === 1 ? 'the other, marked corrected, differs as printed and agrees' : `the other ${fixed.length}, marked corrected, differ as printed and agree`} as read`;
}

/** "; of the toolkit’s own rows (its reductions, marked), 1 of 1": the rows the paper does not print. */
function ownTally(rows: readonly PaperCheckRow[]): string[] {
  const own = rows.filter((r) => r.formula.origin && !correctedReading(r));
  if (!own.length) return [];
  const kinds = [own.some((r) => r.formula.origin === 'reduction') && 'reductions', own.some((r) => r.formula.origin === 'correction') && 'corrected readings'];
  return [`; of the toolkit’s own rows (its ${kinds.filter(Boolean).join(' and ')}, marked), ${tally(own)}`];
}

/** A row the paper does not print, marked in the table's first column. */
const ORIGIN_MARK: Readonly<Record<PaperFormulaOrigin, string>> = { own: 'own', reduction: 'reduced', correction: 'corrected' };

type Rate = NonNullable<NonNullable<PaperCheckRow['measured']>['rate']>;

/** The quantity a rate row scales, N^r times the row's name without its limit: "N\\, \\max_t |u|". */
export function scaledQuantity(r: PaperCheckRow, rate: Rate): string {
  return `${toLatex(pow(sym(rate.parameter), num(rate.order)), MECHANICS)}\\, ${rowName(r).replace(/^\\lim_\{[^{}]*\}\s*/, '')}`;
}

/**
 * A limit 0 shown by the rate the runs approach it at (kozlov1988 Th. 1: 0, like 1/N), not by an extrapolated 0: N^r
 * times the quantity at each N is a column of the study's table (limit.ts ratesShown), not a list here.
 */
const rateLine = (rate: Rate): string => `0\\quad (\\text{like } 1/${toLatex(pow(sym(rate.parameter), num(rate.order)), MECHANICS)})`;

/** The table's verdict on an agreeing row. */
function verdict(r: PaperCheckRow): string {
  if (r.how === 'symbolic') return 'yes, symbolically';
  if (r.how === 'numeric') return `yes, at ${POINTS} points`;
  return `yes, to ${r.formula.tolerance!.toExponential(0)}`;
}

/**
 * The Agrees cell: a measured row with its difference beside the tolerance, so that a gap well inside a loose
 * tolerance shows (goswami1998's rates, 5.8e-4 from the quote), and a row that disagrees with how far.
 */
function verdictCell(r: PaperCheckRow): Inline[] {
  if (!r.measured || r.formula.tolerance === undefined) return [r.agrees ? verdict(r) : 'no'];
  // A limit 0 the runs approach at a rate: the rate is the evidence, not the extrapolated gap (kozlov1988 Th. 1).
  const { rate } = r.measured;
  if (rate) return [r.agrees ? 'yes, like ' : 'no, though like ', m(`1/${toLatex(pow(sym(rate.parameter), num(rate.order)), MECHANICS)}`)];
  const gap = m(decimal(r.measured.value - r.measured.paper, 2));
  return [r.agrees ? 'yes, ' : 'no, ', gap, r.agrees ? ` apart (to ${r.formula.tolerance.toExponential(0)})` : ' apart'];
}

/** A parameter a number was measured at: a power of ten from 10⁴ on as such (N = 10^5, as the sweep's values print), else six digits. */
const atValue = (v: number): string => powerOfTen(v) ?? decimal(v);

/** A measured number, six significant digits (or `digits`), as LaTeX (1.2 \cdot 10^{-5} below 10⁻³). */
function decimal(v: number, digits = 6): string {
  if (v === 0 || (Math.abs(v) >= 1e-3 && Math.abs(v) < 1e6)) return `${Number(v.toPrecision(digits))}`;
  const [mantissa, exponent] = v.toExponential(digits - 1).split('e');
  return `${Number(mantissa)} \\cdot 10^{${Number(exponent)}}`;
}

/**
 * "= −1.6, difference −0.028": the paper's value, with "=" where the digits printed are all of it (to rounding), and the measured
 * number's difference from it to two significant digits (kozlov1988 (4.1)'s rigid trace against the stiff one, a gap
 * of order N^{−1/2}), which says more than a per cent of a value near 0 would.
 */
function againstValue(value: number, paper: number): string {
  const exact = Math.abs(Number(decimal(paper)) - paper) <= 1e-12 * Math.max(1, Math.abs(paper));
  return `${exact ? '=' : '\\approx'} ${decimal(paper)},\\ \\text{difference } {${decimal(value - paper, 2)}}`;
}

/** Whether the toolkit's own formula agrees with the number measured, to its tolerance, or with the derivation (nothing for a result given only in closed form). */
function ownVerdict(r: PaperCheckRow): Inline[] {
  if (r.agrees === undefined) return [];
  if (r.how !== 'measured') return [r.agrees ? ` The derivation agrees with it, ${r.how}ally.` : ' The derivation does not agree with it.'];
  const tolerance = r.formula.tolerance === undefined ? '' : ` to ${r.formula.tolerance}`;
  // The difference itself, not only the tolerance it is within: a gap that closes as a parameter grows reads as one.
  const gap = r.measured ? Number(Math.abs(r.measured.value - r.measured.paper).toPrecision(2)) : undefined;
  // A fitted order, printed in its display, is backed by its trend, the local orders between successive runs, not by a
  // tolerance (kozlov1988 §2: ½).
  const trend = r.measured?.orderOf ? r.measured.trend : undefined;
  if (trend?.length)
    return [' Between successive values of ', m(mechanicsSymbol(r.measured!.orderOf!)), ` the local order goes ${trend.map(fourDigits).join(', ')}.`];
  // Measured at a parameter the formula is free of, a limit (kozlov1988 (4.8): the trace at N = 10⁵ against the rigid
  // a): the gap is how far the number has converged, which the note explains, not an agreement to a tolerance.
  const converging = r.measured && r.formula.formula && Object.keys(r.measured.at).some((p) => !dependsOn(r.formula.formula!, p));
  return [
    r.agrees
      ? gap !== undefined && r.formula.tolerance !== undefined
        ? ` The measured number differs from the toolkit’s formula by ${formatNumber(gap)}${converging ? '' : `, within the tolerance ${r.formula.tolerance}`}.`
        : ` The measured number agrees with the toolkit’s formula${tolerance}.`
      : ` The measured number does not agree with the toolkit’s formula${tolerance}.`,
  ];
}

/**
 * "The study’s runs at N = 10 and N = 1000 differ from it by 1.2e-8 and 2.1e-8, within the tolerance 1e-7": the numbers
 * measured against a closed form of the toolkit's own, at the parameters the form depends on, in one sentence.
 */
function runsVerdict(runs: readonly PaperCheckRow[]): Inline[] {
  if (!runs.length) return [];
  const at = (r: PaperCheckRow): string =>
    Object.entries(r.measured!.params)
      .filter(([p]) => dependsOn(r.formula.formula!, p))
      .map(([p, v]) => `${mechanicsSymbol(p)} = ${atValue(v)}`)
      .join(',\\ ');
  const gap = (r: PaperCheckRow): string => formatNumber(Number(Math.abs(r.measured!.value - r.measured!.paper).toPrecision(2)));
  const list = (xs: readonly string[]): string => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);
  const tolerances = [...new Set(runs.map((r) => r.formula.tolerance))];
  const places = runs.flatMap((r, i): Inline[] => [...(i === 0 ? [] : [i === runs.length - 1 ? ' and ' : ', ']), m(at(r))]);
  const one = runs.length === 1;
  if (runs.every((r) => r.agrees) && tolerances.length === 1)
    return [
      ` The study’s run${one ? '' : 's'} at `,
      ...places,
      ` differ${one ? 's' : ''} from it by ${list(runs.map(gap))}, within the tolerance ${tolerances[0]}.`,
    ];
  return runs.flatMap((r): Inline[] => [
    ' The study’s run at ',
    m(at(r)),
    ` differs from it by ${gap(r)}, ${r.agrees ? 'within' : 'more than'} the tolerance ${r.formula.tolerance}.`,
  ]);
}

/** A note's text with its $…$ spans as math (a model file writes formulas in notes as LaTeX, which both renderers take). */
export function noteInlines(note: string): Inline[] {
  return textInlines(note);
}

/** A result in the paper's forms (paper-forms.ts); a wide one over a common denominator, where that is shorter (the double pendulum's Carnot loss: half the width). */
function shown(result: Expr): Expr {
  const derived = paperForm(result);
  const tex = math(derived);
  if (tex.length <= WIDE) {
    // A fraction inside a fraction cleared over a common denominator where that reads more simply
    // (kuleshov2011 (10.3): ν(√2uₓ/(r√ζ) + ζ̇/ζ)/(2k) as ν(rζ̇ + uₓ√(2ζ))/(2krζ)).
    if (fractionDepth(tex) < 2) return derived;
    const flat = together(derived);
    return simplerTex(math(flat), tex) ? flat : derived;
  }
  const cancelled = simplify(cancel(derived));
  return math(cancelled).length < math(derived).length ? cancelled : derived;
}

/**
 * The result as shown; where it agrees symbolically with the paper's
 * formula, that formula with the derived values of its symbols set in, if
 * that prints shorter, in characters and in width (kugushev2002 (1.3):
 * p₁⁺ = p₁⁻ + Δμ F₁ in the derived p₁⁻, Δμ and F₁ is half as long as p₁⁺
 * multiplied out).
 */
function resultForm(r: LetteredRow, names: ReadonlyMap<string, string>): Expr {
  // Every symbol of the formula bound to a derived fact (smirnov1981 §2's Φ in the variants' N_ij1, N_ij2, each a row of
  // its own): where the result is too long to print either way, the formula in those names is the derived result, set out
  // as the paper does. Far too long as printed raw, both ways, it is not put in the paper's forms first (seconds each).
  const bound = [...r.formula.where.values()];
  const named = r.how === 'symbolic' && r.agrees && !r.formula.left && r.paper && bound.length > 0 && bound.every((x) => 'fact' in x);
  const far = (e: Expr): boolean => texWidth(math(inPaperSymbols(r, e))) > FAR * MAX_ROW_LINES * MAX_LINE_WIDTH;
  if (named && far(r.derived) && far(r.paper!)) return primed(r, subs(r.formula.formula!, singleSymbols(r)));
  const derived = shown(inNamedFacts(inPaperSymbols(r, r.derived), boundFacts(r, names)));
  // A derived side set beside the paper's closed form (derivedLeft) is compared with it as a result is.
  if (r.how !== 'symbolic' || !r.agrees || (r.formula.left && !derivedLeft(r)) || !r.paper) return derived;
  const paper = shown(inPaperSymbols(r, r.paper));
  const [a, b] = [math(paper), math(derived)];
  const best = a.length < b.length && texWidth(a) < texWidth(b) ? paper : derived;
  if (texWidth(math(best)) <= MAX_ROW_LINES * MAX_LINE_WIDTH || !named) return best;
  return primed(r, subs(r.formula.formula!, singleSymbols(r)));
}

/**
 * The paper's formula as typed, where it prints the result more simply than the derivation does and stands for it
 * alone: in the names other rows display (kozlov1988 (4.6)'s sin√N(t − τ), τ its own row; §3's δ_N* in u), every
 * other symbol it binds set in as the row prints it; or without a fraction inside a fraction (kozlov1988 §4's a
 * against 2(1 − 2l(1/R₂ + (1 − l/R₂)/R₁))). Equal to the result: shown so symbolically, or at the random points.
 */
function typedForm(r: LetteredRow, named: ReadonlyMap<string, string>, width: number): string | undefined {
  const { formula, left, remainder } = r.formula;
  if (!r.agrees || !formula || remainder || (left && !derivedLeft(r))) return undefined;
  const facts = boundFacts(r, named);
  if (!namesOnly(r, facts)) return undefined;
  const tex = formulaLatex(r, formula);
  const derived = math(inPaperSymbols(r, r.derived));
  return texWidth(tex) <= width && (facts.size > 0 || fractionDepth(tex) < fractionDepth(derived)) ? tex : undefined;
}

/** Whether printed LaTeX x is simpler than y: shorter and narrower, or a fraction less deep and not much wider. */
const simplerTex = (x: string, y: string): boolean =>
  (x.length < y.length && texWidth(x) < texWidth(y)) || (fractionDepth(x) < fractionDepth(y) && texWidth(x) <= texWidth(y) + DEPTH_SLACK);

/** Whether every symbol of the paper's formula bound to more than a symbol is a fact another row displays under its name. */
const namesOnly = (r: LetteredRow, facts: ReadonlyMap<string, Expr>): boolean =>
  [...freeSymbols(r.formula.formula!)].every((s) => !r.bindings.has(s) || facts.has(s) || inPlace(r.bindings.get(s)!) || r.inPlace.has(s));

/** How far a form may print wider than another and still be preferred for a fraction less deep (a fraction in a fraction read as one). */
const DEPTH_SLACK = 4;

/** How many rows' worth a raw print must exceed for the paper's forms not to be tried (they shorten locally, never by half). */
const FAR = 2;

/** Printed length (LaTeX characters) beyond which a result is tried over a common denominator. */
const WIDE = 400;

function parametersText(system: DerivedSystem): Inline[] {
  const ranged = system.model.parameters.filter((p) => p.range);
  return ranged.length ? ranged.flatMap((p, i): Inline[] => [i ? ', ' : '', m(declaredRange(p))]) : ['its parameters symbolic'];
}

/**
 * A result as derived, then "= the paper's form" where the two agree
 * symbolically and print differently: the reader sees what the derivation
 * gives, and the paper's form beside it only as what it simplifies to
 * (kozlov1988 (2.4): ½g(1 − t)² = g(t − 1)²/2), never the formula alone.
 */
function derivedThenPrinted(r: LetteredRow, width: number, named: ReadonlyMap<string, string>, positive: ReadonlySet<string>): string[] {
  // A sum the paper writes with Σ, typed out term by term (smirnov1981 (2.2)'s 32 variants): shown equal, as it prints it.
  if (r.formula.display && !r.printed && r.how === 'symbolic' && r.agrees) return [r.formula.display];
  // Shown equal, in the paper's order with the load set in (smirnov1981 §2 at F_z = F cos ωt).
  const setIn = typedSetIn(r, width, positive);
  if (setIn) return [setIn];
  const derived = withRemainder(r, mathLines(resultForm(r, named), width));
  // A corrected reading typed in the paper's order is the report's, not the paper's print: after the derived form it is
  // shown equal to, never in its place (kozlov1988 §3: u/cos(α₁ − ut(1 − e)/(2R)) = u/cos[u(e − 1)(2R)⁻¹t + α₁]).
  if (r.printed && r.formula.typed && r.how === 'symbolic' && r.agrees) {
    const reading = readingLatex(r);
    return derived.join(' ') === reading ? derived : joinedLines(derived.join(' '), [reading], width);
  }
  const exact = exactSide(r, named);
  const asTyped = typedForm(r, named, width);
  // As simple as the derived form (the same terms, only a difference turned, kozlov1988 (4.2)'s (t − τ)²): as the paper prints it.
  const noLonger = (x: string, y: string): boolean => x.length <= y.length && texWidth(x) <= texWidth(y);
  if (asTyped && (simplerTex(asTyped, derived.join(' ')) || noLonger(asTyped, derived.join(' ')))) return [asTyped];
  const printed = asPrinted(r, width);
  // The exact value, then its expansion as the paper prints it (or as derived): the expansion is the paper's, the value the result.
  if (exact) return joinedLines(exact, printed ? [`${printed}${remainderLatex(r)}`] : derived, width);
  if (!printed) return derived;
  const paper = `${printed}${remainderLatex(r)}`;
  if (derived.join(' ') === paper) return derived;
  // A print in letters the section defines (rubanovich1981 (3.10)'s g₁₁ẋ₁) is never a copy of the derived form: both stand.
  const inPlace = singleSymbols(r);
  const copy = ![...r.bindings].some(([s, v]) => v.kind !== 'sym' && !inPlace.has(s));
  // The same expression, only its sums oriented otherwise (−(1 − e) against the paper's (e − 1)): a copy, printed once, as the paper does.
  if (copy && !r.formula.remainder && toLatex(tidy(resultForm(r, named)), { ...MECHANICS, orientSums: false }) === printed) return [printed];
  // The paper's formula with its square roots joined (√N·√(c²g₁₁ − k²) as √(N(c²g₁₁ − k²)), kozlov1988 Th. 3's δ_N):
  // printed once, as the paper does; the two are already shown equal, so joining every root only compares their prints.
  const typed = r.paper && inPaperSymbols(r, r.paper);
  const joined = typed && combineRadicals(typed, (s) => s.kind === 'sym');
  if (copy && !r.formula.remainder && joined && joined !== typed && math(resultForm(r, named)) === math(joined)) return [printed];
  // The same sum only multiplied out otherwise (Smirnov's switched Φ, ½F(f₂(1 + sgn) − f₁(1 − sgn)) against the
  // paper's F(½f₁(sgn − 1) + ½f₂(1 + sgn))): a copy, printed once, as the paper does.
  if (copy && !r.formula.remainder && typed && expand(resultForm(r, named)) === expand(typed)) return [printed];
  const whole = `${derived.join(' ')} = ${paper}`;
  return derived.length === 1 && texWidth(whole) <= width ? [whole] : [...derived, `= ${paper}`];
}

/**
 * A formula typed in the paper's order whose symbols stand for expressions of the parameters and the time, not facts
 * (smirnov1981 §2's F_z = F cos ωt), shown symbolically equal: the typed formula with them set in, each sgn freed of its
 * positive factors (sgn F_z = sgn cos ωt for F > 0), where it fits the line; else undefined.
 */
function typedSetIn(r: LetteredRow, width: number, positive: ReadonlySet<string>): string | undefined {
  const { formula, typed, where, left, remainder } = r.formula;
  if (r.how !== 'symbolic' || !r.agrees || !formula || !typed || left || remainder || r.printed) return undefined;
  const bound = [...where].filter(([s]) => freeSymbols(formula).has(s));
  // Symbols printed in place (x, sgn ẋ: the prism's Δ_ij) already read as the paper's; only an expression is set in.
  if (!bound.length || bound.some(([, b]) => 'fact' in b) || bound.every(([sym]) => inPlace(r.bindings.get(sym)!))) return undefined;
  const exprs = new Map(bound.flatMap(([s, b]) => ('expr' in b ? [[s, b.expr] as const] : [])));
  // A symbol set to a sum (a_{i1} = a_1 − g_1 x) is a term of its own: − (a_1 − g_1 x), not − a_1 − g_1 x.
  const tex = typedLatex(typed, (x) => {
    const e = dropPositiveSignFactors(subs(x, exprs), positive);
    return { tex: toLatex(primed(r, e), { ...MECHANICS, orientSums: false }), sum: x.kind === 'sym' && e.kind === 'add' };
  });
  return texWidth(tex) <= width ? tex : undefined;
}

/**
 * An expansion (the paper's remainder) after the exact value it expands, where that is a derived side set beside the
 * paper's and prints in the facts rows name (kozlov1988 (4.5): f″_* = 4/(gP²) = g/v² − … + o(N^{−1/2})): the result
 * itself, not only its expansion.
 */
function exactSide(r: LetteredRow, named: ReadonlyMap<string, string>): string | undefined {
  const side = r.formula.remainder && derivedLeft(r) ? derivedSide(r, named) : undefined;
  return side && !side.letters ? math(shown(inPaperSymbols(r, side.value))) : undefined;
}

/** "a = b" on one line where it fits, else a, then "= b" on lines of its own. */
function joinedLines(a: string, b: readonly string[], width: number): string[] {
  const joined = `${a} = ${b[0]!}`;
  return texWidth(joined) <= width ? [joined, ...b.slice(1)] : [a, `= ${b[0]!}`, ...b.slice(1)];
}

/**
 * A result shown symbolically equal to the paper's formula, printed as the
 * paper writes it (g(t − 1)²/2, not ½g(1 − t)²) where that formula names
 * nothing but parameters and velocities and fits the line; else undefined.
 * An expansion to the paper's remainder is the formula's right side
 * (kozlov1988 (4.5): g/v² − πg²v⁻³N^{−1/2}, its left side the bound expanded).
 */
function asPrinted(r: LetteredRow, width: number): string | undefined {
  const { formula, left, remainder } = r.formula;
  if (r.how !== 'symbolic' || !r.agrees || !formula || (left && !remainder)) return undefined;
  const named = remainder ? [...freeSymbols(formula)].filter((s) => r.bindings.has(s)) : [...r.bindings.keys()];
  // Only where the symbols are the derived ones, or, in a formula typed in the paper's order, letters the paper's
  // section defines (rubanovich1981 (3.10): E₁ = −G₁₁ż₁ in g₁₁ of (3.4) and foot 1's ẋ₁, beside the impulse derived):
  // a value set in prints the formula in the printer's order, a copy, not the paper's print.
  const setIn = singleSymbols(r);
  if (named.some((s) => r.bindings.get(s)!.kind !== 'sym' && (!r.formula.typed || setIn.has(s)))) return undefined;
  const tex = formulaLatex(r, formula);
  return texWidth(tex) <= width ? tex : undefined;
}

/** Printed width (texWidth) beyond which a paper's formula leaves its table cell for a display under the table. */
const CELL_WIDTH = 45;
/** Printed width of a row's quantity and formula together beyond which the formula leaves the table: a wider row shrank the whole table until it could not be read (kozlov1988 (3.6)). */
const ROW_WIDTH = 36;

/** Whether a row's paper formula is displayed under the table rather than in its cell. */
const tooWide = (r: LetteredRow): boolean => {
  const w = texWidth(paperLatex(r));
  // The paper's own print of a sum (display) cannot be broken into lines: in its cell while it fits one.
  return w > CELL_WIDTH || (!r.formula.display && w + texWidth(r.formula.name) > ROW_WIDTH);
};

const formulaLabel = (i: number): string => `paper-formula-${i + 1}`;

/** Printed width of a line of a paper's formula broken in its table cell: the table stays within the page at its font. */
const CELL_LINE_WIDTH = 24;

/** The paper's formula in its table cell, over lines of CELL_LINE_WIDTH (smirnov1981 (2.1)'s M_y, M_z). */
function cellLines(r: LetteredRow): string {
  const [first, ...rest] = paperLines(r, CELL_LINE_WIDTH);
  // A leading minus after the alignment point is set as a sign, not as a binary minus.
  const lead = first!.startsWith('-') ? `{-}${first!.slice(1)}` : first!;
  return rest.length ? `\\begin{aligned}&${lead}${rest.map((l) => ` \\\\ &\\quad {}${l}`).join('')}\\end{aligned}` : first!;
}

/**
 * The paper's formula as written (a relation with both sides; of a derived side set beside the paper's, derivedLeft,
 * the paper's alone), its symbols bound to a single symbol (w = ψ̇⁻) printed as that symbol.
 */
function paperLatex(r: LetteredRow): string {
  if (!r.formula.formula) return '';
  if (r.formula.display) return r.formula.display;
  const right = `${formulaLatex(r, r.formula.formula)}${remainderLatex(r)}`;
  return r.formula.left && !derivedLeft(r) ? `${formulaLatex(r, r.formula.left)} = ${right}` : right;
}

/**
 * A corrected reading whose print the derivation does not give (kozlov1988 §3's u cos[…]): the paper's print and the
 * reading, each as "name = formula"; undefined for any other row.
 */
export function correctedReading(r: PaperCheckRow): { printed: string; reading: string } | undefined {
  if (!r.printed || r.printed.agrees || !r.agrees || !r.formula.formula) return undefined;
  const lettered: LetteredRow = { ...r, inPlace: new Map() };
  return { printed: printedLatex(lettered), reading: `${r.formula.name} = ${readingLatex(lettered)}` };
}

/**
 * A corrected reading, the derivation's and not the paper's print: its sums oriented as the derivation prints them; one
 * typed in the paper's order (order: 'typed') as typed (kozlov1988 §3: u/cos[u(e − 1)(2R)⁻¹t + α₁]).
 */
function readingLatex(r: LetteredRow): string {
  return r.formula.typed ? formulaLatex(r, r.formula.formula!) : toLatex(primed(r, subs(r.formula.formula!, singleSymbols(r))), MECHANICS);
}

/** The print a reading corrects: the paper's LaTeX where it prints no equation in the quantity (kozlov1988 §3's bound t > 2R/[u(1 − e)]), else "name = print". */
function printedLatex(r: LetteredRow): string {
  return r.formula.display ?? `${r.formula.name} = ${formulaLatex(r, r.formula.printed!)}`;
}

/** A side of the paper's formula as written, its single-symbol bindings printed as those symbols. */
function formulaLatex(r: LetteredRow, e: Expr): string {
  const source = typedSource(r, e);
  return source ? typedLatex(source, leafPrinter(r)) : leafPrinter(r)(e);
}

/** The printer of a formula's parts: its single-symbol bindings as those symbols, sums in the orientation typed. */
const leafPrinter =
  (r: LetteredRow) =>
  (x: Expr): string =>
    toLatex(primed(r, subs(x, singleSymbols(r))), { ...MECHANICS, orientSums: false });

/** The text a side of the formula was typed as, where it keeps its typed order (order: 'typed'): a relation's left side too. */
function typedSource(r: LetteredRow, e: Expr): string | undefined {
  if (!r.formula.typed) return undefined;
  return e === r.formula.formula
    ? r.formula.typed
    : e === r.formula.left
      ? r.formula.derivedText
      : e === r.formula.printed
        ? r.formula.printedTyped
        : undefined;
}

/** ' + o(N^{-1/2})' after an expansion the paper states to a remainder (kozlov1988 (4.5)), ' + O(e^{-N}/N)' after one exponentially small ((2.7)); '' for any other row. */
export function remainderLatex(r: PaperCheckRow): string {
  const o = r.formula.remainder;
  if (!o) return '';
  const power = toLatex(pow(sym(o.parameter), num(o.order)), MECHANICS);
  if (!o.exponential) return ` + o\\left(${power}\\right)`;
  const small = `e^{-${mechanicsSymbol(o.parameter)}}`;
  const denominator = toLatex(pow(sym(o.parameter), num(Q.neg(o.order))), MECHANICS);
  return ` + O\\left(${Q.isZero(o.order) ? small : `${small}/${denominator}`}\\right)`;
}

/** Lines with the paper's remainder, if it states one, after the last. */
function withRemainder(r: PaperCheckRow, lines: string | readonly string[]): string[] {
  const all = typeof lines === 'string' ? [lines] : [...lines];
  all[all.length - 1] += remainderLatex(r);
  return all;
}

/** The paper's formula as written, in lines of at most `width` for a display. */
function paperLines(r: LetteredRow, width: number): string[] {
  if (r.formula.display) return [r.formula.display];
  // A formula kept in its typed order (order: 'typed'), a relation's two sides too, broken between its typed terms;
  // one with a term too wide for a line is broken in the kernel's order.
  const typed = r.formula.typed ? typedLines(r, width) : undefined;
  if (typed) return typed;
  const piecesOf = (e: Expr): string[] => latexPieces(primed(r, subs(e, singleSymbols(r))), width, { ...MECHANICS, orientSums: false });
  const right = withRemainder(r, piecesOf(r.formula.formula!));
  // A formula with its own left side (an equation of motion, … = −C₁l₁σ) breaks on either side of its "=".
  const pieces = r.formula.left && !derivedLeft(r) ? [...piecesOf(r.formula.left), `= ${right[0]!}`, ...right.slice(1)] : right;
  const whole = pieces.join(' ');
  return texWidth(whole) <= width ? [whole] : breakLines(pieces, width);
}

/** A formula in its typed order (order: 'typed') in lines of at most `width`, broken between its outer terms; undefined where a term is wider. */
function typedLines(r: LetteredRow, width: number): string[] | undefined {
  const side = (e: Expr): string[] => typedPieces(typedSource(r, e)!, leafPrinter(r));
  const right = withRemainder(r, side(r.formula.formula!));
  const pieces = r.formula.left && !derivedLeft(r) ? [...side(r.formula.left), `= ${right[0]!}`, ...right.slice(1)] : right;
  const whole = pieces.join(' ');
  if (texWidth(whole) <= width) return [whole];
  return pieces.every((p) => texWidth(p) <= width) ? breakLines(pieces, width) : undefined;
}

/** A result in the paper's symbols: its own variable (inPaperVariable), its fast time's primes (primed). */
function inPaperSymbols(r: PaperCheckRow, e: Expr): Expr {
  return primed(r, inPaperVariable(r, e));
}

/**
 * A result in a fast time τ = √p t (paper-results.ts '@τ=√p·t', kozlov1988
 * (3.4)) with its velocity symbols printed as the primes d/dτ they stand
 * for: x₁′, not ẋ₁, which means d/dt elsewhere in the report.
 */
function primed(r: PaperCheckRow, e: Expr): Expr {
  if (!r.formula.derived.some((d) => d.fact.includes('@τ=√'))) return e;
  const velocities = [...freeSymbols(e)].flatMap((s): [string, Expr][] => {
    const role = symbolRole(sym(s));
    return role?.role === 'velocity' ? [[s, fastVelocitySymbol(role.of)]] : [];
  });
  return velocities.length ? subs(e, new Map(velocities)) : e;
}

/**
 * A result in the paper's own variable where the formula binds one to a
 * parameter as k = c/p (rubanovich1981 (2.9): k = π/α): p = c/k set in, so
 * ν prints as [(I* + cos(2π/k))/(I* + 1)]^k, not [(I* + cos 2α)/(1 + I*)]^{π/α}.
 */
function inPaperVariable(r: PaperCheckRow, e: Expr): Expr {
  const inverse = [...r.formula.where].flatMap(([s, b]): [string, Expr][] => {
    if (!('expr' in b) || b.expr.kind !== 'mul') return [];
    const reciprocal = b.expr.factors.filter((f) => f.base.kind === 'sym' && f.exp.kind === 'num' && f.exp.value.n === -1 && f.exp.value.d === 1);
    if (reciprocal.length !== 1) return [];
    const p = reciprocal[0]!.base as Sym;
    const c = mul(b.expr, p);
    return dependsOn(c, p.name) ? [] : [[p.name, div(c, sym(s))]];
  });
  return inverse.length ? subs(e, new Map(inverse)) : e;
}

const letterLabel = (k: number): string => `paper-symbol-${k + 1}`;

/** Whether a row's facts are taken on a contact's surface ('…@surface'), so that it is checked there (studies/paper-check.ts). */
const onSurface = (r: PaperCheckRow): boolean =>
  [...r.formula.derived.map((d) => d.fact), ...[...r.formula.where.values()].flatMap((b) => ('fact' in b ? [b.fact] : []))].some((f) => f.endsWith('@surface'));

/** The letters defined: in the paragraph "In the formulas", by displays of their own, or named as too long to print. */
interface WhereText {
  readonly text: Inline[];
  readonly displays: EquationRow[];
  readonly unprinted: Inline[];
}

/**
 * "k = π/α, G_{12} = …": what the formulas' letters stand for, each once
 * (paperLetters): a short value in the line, a wider one displayed under
 * the table, the fact another row displays referred to that display, a
 * value too long for any display named as such.
 */
function whereText(rows: readonly LetteredRow[], displays: readonly ResultDisplay[], letters: readonly Letter[], width: number): WhereText {
  // A letter bound to the fact another row displays, at that row's value (the prism's Φ in the N_ij1 of their own rows;
  // kozlov1988's u, a result of the toolkit's own), refers to that display.
  const shownAt = new Map(
    rows.flatMap((r, i) => {
      const d = displays.find((x) => x.rows.includes(i));
      return d && r.formula.derived.length === 1 ? [[r.formula.derived[0]!.fact, { label: resultLabel(d.rows[0]!), value: r.derived }] as const] : [];
    }),
  );
  const text: Inline[] = [];
  const shown: EquationRow[] = [];
  const unprinted: Inline[] = [];
  const add = (to: Inline[], ...xs: Inline[]): void => {
    to.push(...(to.length ? [', '] : []), ...xs);
  };
  for (const l of letters) {
    // A row printed as the paper prints it (display) names its letters by their indices there, N_{ijklms}: its note says what they are.
    if (rows[l.row]!.formula.display) continue;
    const b = rows[l.row]!.formula.where.get(l.name);
    const at = b && 'fact' in b && l.measured === undefined ? shownAt.get(b.fact) : undefined;
    // A letter of the toolkit's own rows bound to another display: those rows print apart (ownSection), the display beside them.
    if (at && own(rows[l.row]!)) continue;
    if (at && (at.value === l.value || math(at.value) === math(l.value))) add(text, m(l.symbol), ' is that of ', ref(at.label));
    else if (l.measured !== undefined) add(text, m(`${l.symbol} = ${decimal(l.measured)}`));
    else {
      const value = math(l.value);
      const row =
        texWidth(value) <= BINDING_WIDTH || texWidth(value) > MAX_ROW_LINES * MAX_LINE_WIDTH
          ? undefined
          : equation(letterLabel(shown.length), l.symbol, mathLines(l.value, width));
      if (texWidth(value) <= BINDING_WIDTH) add(text, m(`${l.symbol} = ${value}`));
      else if (!row || tooLong(row)) add(unprinted, m(l.symbol));
      else {
        add(text, m(l.symbol), ' is that of ', ref(row.label!));
        shown.push(row);
      }
    }
  }
  return { text, displays: shown, unprinted };
}
