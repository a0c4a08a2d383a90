// docs/reports/papers.html: the results of the source papers that the model
// files name, paper by paper in the paper's order — the formulas compared,
// the inequalities proved, the figures redrawn, the results listed as not
// derived — each with the report that holds it and how that report
// obtains and checks it. Read from the model files alone: whether a
// comparison agrees is the report's check table, linked from each row.
// Tests: test/report/papers-page.test.ts, test/report/committed.test.ts.
import type { ModelSpec, PaperFormulaSpec, PaperSpec } from '../model/spec.js';
import { REFERENCES, type SourceKey } from '../model/sources.js';
import { equationOrder } from './equation-order.js';
import { BIRKHOFF_FIGURE } from './birkhoff.js';
import { CONFOCAL_FIGURE } from './confocal.js';
import { PAPER_FIGURE, paperFigureId } from './paper-claims.js';
import { REALIZATIONS_FIGURE } from './realizations.js';
import { AVERAGED_SPEED_FIGURE } from './averaged-speed.js';
import { ROLLING_SPEEDS_FIGURE } from './rolling-speeds.js';
import { UNIVERSAL_FIGURES } from './universal.js';
import { INCLINE_RUNS_FIGURE } from './incline-runs.js';
import { paperSketchId } from './paper-sketches.js';
import { escapeHtml, katexHtml, pageHead, withMath } from './render-html.js';

/** A model with a paper: its name (the report's file) and title. */
export interface PaperModel {
  readonly name: string;
  readonly title: string;
  readonly paper: PaperSpec;
}

/** One result of a paper as the page lists it. */
interface Row {
  readonly eq: string;
  /** The result in LaTeX, or a figure's words. */
  readonly name: string;
  readonly math: boolean;
  readonly model: PaperModel;
  /** The report's section that holds it (an anchor of the report's HTML). */
  readonly anchor: string;
  /** How the report obtains and checks it, in words ($…$ for math). */
  readonly how: string;
}

/** The figures a study of the toolkit draws, by kind: their number and anchor, from the module that draws each, and what they show. */
const STUDY_FIGURES: Readonly<Record<NonNullable<PaperSpec['studyFigures']>[number]['kind'], { figure: { eq: string; id: string }; name: string }>> = {
  realizations: { figure: REALIZATIONS_FIGURE, name: 'the realizations of a constraint, released' },
  'periodic-orbit-walls': { figure: BIRKHOFF_FIGURE, name: 'Birkhoff’s billiard and its 2-periodic orbit' },
  'confocal-motions': { figure: CONFOCAL_FIGURE, name: 'motions in their confocal quadrilaterals' },
  'averaged-speed': { figure: AVERAGED_SPEED_FIGURE, name: 'the speed at the impacts against the averaged law' },
  'rolling-speeds': { figure: ROLLING_SPEEDS_FIGURE, name: 'the speed after each impact against the threshold to roll on' },
  'universal-restitution': { figure: UNIVERSAL_FIGURES, name: 'the universal restitution H(v)/v, H(v) and the contact’s duration against the impact speed' },
  'incline-runs': { figure: INCLINE_RUNS_FIGURE, name: 'the stages on the incline: the slip stopping or not, the speed the rolling tends to' },
};

function formulaHow(f: PaperFormulaSpec): string {
  if (f.formula === undefined) return 'stated by the paper in words; derived in the report';
  if (f.origin === 'own')
    return 'not printed by the paper: the toolkit’s own formula, typed by hand and set beside the derivation among the report’s own results';
  if (f.origin === 'reduction') return 'not printed by the paper: the toolkit’s reduction of its equations, derived and compared';
  if (f.origin === 'correction') return 'not printed by the paper: the toolkit’s corrected reading of its formula, derived and compared';
  if (f.tolerance !== undefined) return `measured by the report’s own computation, compared with the paper’s value to ${f.tolerance}`;
  if (f.derived === undefined) return 'a relation between derived quantities, typed from the paper and checked with their derived values';
  if (f.remainder !== undefined)
    return `derived as an expansion to the paper’s remainder $${f.remainder.replace(/\^\(([^)]*)\)/g, '^{$1}')}$, compared with the formula typed from the paper`;
  return 'derived, compared with the formula typed from the paper';
}

function rowsOf(model: PaperModel): Row[] {
  const p = model.paper;
  const row = (eq: string, name: string, anchor: string, how: string, math = true): Row => ({ eq, name, math, model, anchor, how });
  return [
    // Where a result holds beside its name, as the report's table prints it (two rows ϖ(t) of kozlov1988 (4.6), one per swing).
    // The toolkit's own rows are printed apart from the check table (report/paper-check.ts ownSection).
    ...p.formulas.map((f) => row(f.eq, f.on ? `${f.name},\\ ${f.on}` : f.name, f.origin === 'own' ? 'own-results' : 'tab-paper-check', formulaHow(f))),
    ...(p.claims ?? []).map((c) => row(c.eq, c.name, 'paper-claims', 'an inequality typed from the paper, proved on the parameters’ ranges')),
    ...(p.figures ?? []).map((f) =>
      row(f.eq, f.name, paperFigureId(f.eq), PAPER_FIGURE.test(f.eq) ? 'redrawn from the derived formula' : 'drawn from the derived formula'),
    ),
    ...(p.sketches ?? []).map((s, k) => row(s.eq, s.caption, paperSketchId(k), 'drawn from the model’s own drawing', false)),
    ...(p.studyFigures ?? []).map((f) => {
      const fig = STUDY_FIGURES[f.kind];
      return row(fig.figure.eq, fig.name, fig.figure.id, 'drawn from the toolkit’s own runs', false);
    }),
    ...(p.notDerived ?? []).map((r) => row(r.eq, r.name, 'paper-not-derived', `not derived: ${r.reason}`)),
  ];
}

function paperTable(key: SourceKey, rows: readonly Row[]): string {
  const ref = REFERENCES[key];
  const sorted = [...rows].sort((a, b) => equationOrder(a.eq, b.eq));
  return [
    `<h2 id="${key}">${escapeHtml(ref.short)}: ${escapeHtml(ref.title)}</h2>`,
    `<p class="venue">${escapeHtml(ref.authors)}. ${escapeHtml(ref.venue)}.</p>`,
    '<table>',
    '<thead><tr><th>Result</th><th></th><th>Report</th><th>How it is obtained and checked</th></tr></thead>',
    '<tbody>',
    ...sorted.map(
      (r) =>
        `<tr><td class="eq">${escapeHtml(r.eq)}</td><td>${r.math ? katexHtml(r.name, false) : withMath(r.name)}</td>` +
        `<td class="report"><a href="${r.model.name}.html#${r.anchor}" title="${escapeHtml(r.model.title)}">${r.model.name}</a></td><td>${withMath(r.how)}</td></tr>`,
    ),
    '</tbody>',
    '</table>',
  ].join('\n');
}

/** docs/reports/papers.html for the models given (those without a paper add nothing). */
export function papersHtml(models: readonly { readonly name: string; readonly title: string; readonly spec: ModelSpec }[], provenance: string): string {
  const byPaper = new Map<SourceKey, Row[]>();
  for (const m of models) {
    const paper = m.spec.paper;
    if (!paper) continue;
    const key = paper.source as SourceKey;
    byPaper.set(key, [...(byPaper.get(key) ?? []), ...rowsOf({ name: m.name, title: m.title, paper })]);
  }
  const papers = (Object.keys(REFERENCES) as SourceKey[]).filter((k) => byPaper.has(k));
  return [
    ...pageHead(provenance, 'Results of the source papers'),
    '<link rel="stylesheet" href="katex/katex.min.css">',
    '<style>',
    'body { margin: 0; background: #fdfdfb; color: #1d1d1d; font: 16px/1.5 "Latin Modern Roman", "CMU Serif", Georgia, serif; }',
    'main { max-width: 64rem; margin: 0 auto; padding: 2rem 1.5rem 4rem; }',
    'h1, h2 { font-weight: normal; }',
    'a { color: #1a4f8b; text-decoration: none; }',
    '.venue { color: #555; margin-top: -0.6rem; }',
    '.scroll { overflow-x: auto; }',
    'table { border-collapse: collapse; width: 100%; margin-bottom: 2rem; }',
    'th, td { text-align: left; vertical-align: top; padding: 0.3rem 0.6rem; border-bottom: 1px solid #ddd; }',
    '.eq, .report { white-space: nowrap; }',
    '.report { font-family: monospace; font-size: 0.85rem; }',
    '</style>',
    '</head>',
    '<body>',
    '<main>',
    '<h1>Results of the source papers</h1>',
    `<p>Every result of the source papers that a model of this repository names, in the paper’s order: where its report holds it and how the report obtains and checks it. Whether a comparison agrees is in the report’s own check table, linked from each row. <a href="index.html">All reports</a>. ${escapeHtml(provenance)}.</p>`,
    ...papers.map((k) => `<div class="scroll">\n${paperTable(k, byPaper.get(k)!)}\n</div>`),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
