// A paper's inequalities as proved by the paper check
// (src/studies/paper-check.ts, src/derive/proofs/claims.ts), and its figures
// redrawn from the derivation: a table "statement / reduced to / on / proved"
// and one plot per figure.
// Tests: test/report/paper-check.test.ts.
import { ZERO, type Expr } from '../core/expr.js';
import type { ParameterAssumption } from '../derive/proofs/assumptions.js';
import type { PaperClaimRow, PaperFigureData } from '../studies/paper-check.js';
import { m, paragraph, textInlines, type Block, type Figure, type Inline, type Section } from './document.js';
import { math, mechanicsSymbol } from './notation.js';
import { plotScene, seriesStyle } from './plot.js';
import { sceneFigure } from './scene-figure.js';

/** The claims' section, or none. */
export function claimSections(claims: readonly PaperClaimRow[], figures: readonly PaperFigureData[]): Section[] {
  if (claims.length === 0 && figures.length === 0) return [];
  const blocks: Block[] = [];
  if (claims.length) {
    const allProved = claims.every((c) => c.proof.holds);
    blocks.push(
      paragraph(
        'Each inequality as the paper states it, typed from the paper with its symbols bound to the derivation, reduced to what must be positive, and whether that is proved on the box given (interval arithmetic with branch and bound, exact at open ends',
        // The comparison by logarithms and the rate in k = K(p) said only where a claim uses them (rubanovich1981 (2.9)).
        ...(claims.some((c) => c.proof.via === 'logarithms' || c.proof.via === 'logarithm bound')
          ? ['; both sides positive are compared by their logarithms']
          : []),
        ...(claims.some((c) => c.claim.rate !== undefined)
          ? [', a rate in ', m('k = K(p)'), ' as ', m('(\\mathrm{d}/\\mathrm{d}p)/(\\mathrm{d}K/\\mathrm{d}p)')]
          : []),
        '). ',
        `${claims.filter((c) => c.proof.holds).length} of ${claims.length} are proved.`,
        ...positiveOnce(claims),
      ),
      {
        kind: 'table',
        id: 'paper-claims',
        caption: 'The paper’s inequalities, proved',
        // A verdict column only where some claim fails: the count above says that every one is proved.
        columns: ['Paper', 'Statement', 'Positive', 'On', ...(allProved ? [] : ['Proved'])],
        align: allProved ? 'llll' : 'lllll',
        rows: claims.map((c) => [
          [c.claim.eq],
          [m(c.claim.name)],
          [m(c.proof.positive.map((e) => `${math(e)} ${c.proof.strict ? '>' : '\\ge'} 0`).join(',\\ '))],
          box(c) ? [m(box(c))] : ['every value'],
          ...(allProved ? [] : [[c.proof.holds ? 'yes' : 'no']]),
        ]),
      },
    );
    blocks.push(...homogeneity(claims), ...methods(claims));
    // How a claim was proved is said once for the claims it is the same for, each model note on its own.
    const proved = claims.filter((c) => provedHow(c).length);
    const same = proved.length > 1 && proved.every((c) => JSON.stringify(provedHow(c)) === JSON.stringify(provedHow(proved[0]!)));
    const notes: Inline[][] = same
      ? [
          ['Each of ', ...proved.flatMap((c, i): Inline[] => [i ? ', ' : '', m(c.claim.name), ` ${c.claim.eq}`]), ': ', ...provedHow(proved[0]!), '.'],
          ...claims.filter((c) => c.claim.note).map((c): Inline[] => [c.claim.eq, ': ', ...ownNote(c)]),
        ]
      : claims
          .filter((c) => c.claim.note || provedHow(c).length)
          .map((c): Inline[] => {
            const [how, own] = [provedHow(c), ownNote(c)];
            return [c.claim.eq, ': ', ...how, how.length ? (own.length ? '; ' : '.') : '', ...own];
          });
    if (notes.length) blocks.push({ kind: 'list', items: notes });
  }
  blocks.push(...figures.map(figureBlock));
  return [{ id: 'paper-claims', title: 'The paper’s inequalities and figures', blocks }];
}

/** The box a claim was proved on, less the parameters merely taken positive (said once, positiveOnce). */
function box(c: PaperClaimRow): string {
  const ranges = c.assumptions.filter((a) => !takenPositive(a)).map(range);
  // One range a line, so that the column is as wide as its widest range, not their sum.
  // An array, not gathered: its cells are in text style, as the table's other formulas.
  return ranges.length > 1 ? `\\begin{array}{l}${ranges.join(' \\\\ ')}\\end{array}` : (ranges[0] ?? '');
}

/** A parameter without a declared range, taken in (0, ∞) as its default is. */
const takenPositive = (a: ParameterAssumption): boolean => a.source === 'positive default' && !a.upper && a.lowerOpen && a.lower === ZERO;

/** The parameters every claim takes in (0, ∞), said before the table instead of in each row (they made it wider than the line). */
function positiveOnce(claims: readonly PaperClaimRow[]): Inline[] {
  const names = [...new Set(claims.flatMap((c) => c.assumptions.filter(takenPositive).map((a) => a.parameter)))];
  if (!names.length) return [];
  return [
    ' The parameters without a declared range, ',
    m(names.map(mechanicsSymbol).join(',\\ ')),
    ', are taken in ',
    m('(0, \\infty)'),
    ' wherever they enter.',
  ];
}

function range(a: ParameterAssumption): string {
  const end = (e: Expr | undefined, infinite: string): string => (e ? math(e) : infinite);
  return `${mechanicsSymbol(a.parameter)} \\in ${a.lower && !a.lowerOpen ? '[' : '('}${end(a.lower, '-\\infty')}, ${end(a.upper, '\\infty')}${a.upper && !a.upperOpen ? ']' : ')'}`;
}

/** The pre-impact velocities the claims on an impact were proved at, said once for each set of signs (naming the claims unless it is all of them). */
function homogeneity(claims: readonly PaperClaimRow[]): Block[] {
  const bySigns = new Map<string, string[]>();
  for (const c of claims) {
    const signs = [...c.directions].map(([v, e]) => `${mechanicsSymbol(v)} = ${math(e)}`).join(',\\ ');
    if (signs) bySigns.set(signs, [...new Set([...(bySigns.get(signs) ?? []), c.claim.eq])]);
  }
  const all = bySigns.size === 1 && claims.every((c) => c.directions.size);
  return [...bySigns].map(([signs, eqs]) => {
    const one = all ? claims.length === 1 : eqs.length === 1;
    const which = all ? '' : ` ${eqs.join(', ')}`;
    return paragraph(
      one ? `The inequality${which} is` : `The inequalities${which} are`,
      ' homogeneous in the pre-impact velocity, so ',
      one ? 'it is' : 'each is',
      ' proved at the velocity’s declared sign: ',
      m(signs),
      '.',
    );
  });
}

/** How the claims proved through a quadratic form or a bound on the logarithm were proved, said once for each way (naming the claims). */
function methods(claims: readonly PaperClaimRow[]): Block[] {
  const said = (on: (c: PaperClaimRow) => boolean, ...how: Inline[]): Block[] => {
    const these = claims.filter(on);
    const named = these.flatMap((c, i): Inline[] => [i ? ', ' : '', m(c.claim.name), ` ${c.claim.eq}`]);
    return these.length ? [paragraph(these.length > 1 ? 'Each of ' : '', ...named, ' is ', ...how)] : [];
  };
  const quadratic = (strict: boolean) => (c: PaperClaimRow) => c.proof.via === 'quadratic form' && c.proof.strict === strict;
  return [
    ...said(
      quadratic(true),
      'a quadratic form in the pre-impact velocities, positive for every non-zero one by Sylvester’s criterion (its Hessian’s leading minors).',
    ),
    ...said(
      quadratic(false),
      'a quadratic form in the pre-impact velocities, non-negative for every one: positive semidefinite, every principal minor of its Hessian ≥ 0.',
    ),
    ...said(
      (c) => c.proof.via === 'logarithm bound',
      'proved through the rate of the logarithm, its ',
      m('\\ln u'),
      ' bounded below by ',
      m('1 - 1/u'),
      ' (',
      m('\\ln u \\ge 1 - 1/u'),
      ' for ',
      m('u > 0'),
      ', a term with a non-positive coefficient bounded by ',
      m('u - 1'),
      '): the bound shown positive proves the rate positive.',
    ),
  ];
}

/** How the velocities enter where the arriving contact's rate carries the sign, and where the proof holds. */
function provedHow(c: PaperClaimRow): Inline[] {
  const parts: Inline[] = [];
  if (c.proof.via === 'arrival')
    parts.push(
      'the arriving contact’s rate ',
      m('w'),
      ' (',
      m('w < 0'),
      ' at every impact) or its square times a factor free of the velocities, whose sign is shown',
      c.proof.nonzero.length ? '; ' : '',
    );
  if (c.proof.nonzero.length)
    parts.push(
      'proved where ',
      m(c.proof.nonzero.map((e) => `${math(e)} \\ne 0`).join(',\\ ')),
      ', the denominators proved ≥ 0 without which the sides are undefined',
    );
  return parts;
}

/** The model file's note on the claim. */
function ownNote(c: PaperClaimRow): Inline[] {
  if (!c.claim.note) return [];
  return textInlines(c.claim.note);
}

/** The HTML id of the paper's figure `eq` redrawn ('Fig. 4' → paper-figure-Fig-4); docs/reports/papers.html links to it. */
export const paperFigureId = (eq: string): string => `paper-figure-${eq.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}`;

/** A figure the paper prints ('Fig. 4'), as against a result it states in formulas ('(6.2)'). */
export const PAPER_FIGURE = /^Fig\./;

/** One figure of the paper, redrawn: a curve per value, against the abscissa (its log₁₀ on a log axis). */
function figureBlock({ figure, x, curves }: PaperFigureData): Figure {
  const symbol = mechanicsSymbol(figure.x.symbol);
  const parameter = mechanicsSymbol(figure.curves.parameter);
  const scene = plotScene({
    id: paperFigureId(figure.eq),
    title: `${figure.eq}: ${figure.x.symbol} against ${figure.curves.parameter}`,
    t: figure.x.log ? x.map(Math.log10) : x,
    events: [],
    // An axis label's tex is text mode (a TikZ node): its math in $…$.
    xLabel: figure.x.log ? { text: `log10 ${figure.x.symbol}`, tex: `$\\log_{10} ${symbol}$` } : { text: figure.x.symbol, tex: `$${symbol}$` },
    yLabel: { text: figure.eq, tex: `$${figure.name}$` },
    series: curves.map((c) => ({ label: `${parameter} = ${c.value}`, values: c.y })),
  });
  return sceneFigure(
    scene,
    0.7,
    curves.map((c, i) => ({ label: `${parameter} = ${c.value}`, ...seriesStyle(i) })),
    [
      // A paper's figure is redrawn; a result without one (kozlov1988 (6.2)'s trace) is drawn.
      PAPER_FIGURE.test(figure.eq) ? `${figure.eq} redrawn from the derivation: ` : `${figure.eq} drawn from the derivation: `,
      m(figure.name),
      ' against ',
      m(figure.x.log ? `\\log_{10} ${symbol}` : symbol),
      '.',
    ],
  );
}
