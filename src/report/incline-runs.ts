// kuleshov2011 §2's stages on an incline in a report: each run of
// src/studies/incline-runs.ts drawn (the speed and the slip against time), and
// a table of where the slip stops and what the speed tends to, beside the
// derived steady speed (12.5) and slip rate (11.2). It prints the study's
// numbers; it computes none.
// Tests: test/report/incline-runs.test.ts.
import { REFERENCES } from '../model/sources.js';
import type { InclineRun, InclineRunsStudy } from '../studies/incline-runs.js';
import { m, paragraph, series, type Block, type Inline, type Section, type Table } from './document.js';
import { mechanicsSymbol } from './notation.js';
import { plotScene } from './plot.js';
import { sceneFigure } from './scene-figure.js';

/** The paper's stages this section runs, and the section's id (docs/reports/papers.html links to it). */
export const INCLINE_RUNS_FIGURE = { eq: '§2, §11–§12', id: 'incline-runs' } as const;

/** A number to four significant digits, in math; a dash where there is none. */
const cell = (x: number | undefined): Inline[] => (x !== undefined && Number.isFinite(x) ? [m(`${Number(x.toPrecision(4))}`)] : ['—']);

/** The run's parameters in math: α = 0.02. */
const paramsMath = (run: InclineRun): string =>
  Object.entries(run.params)
    .map(([p, v]) => `${mechanicsSymbol(p)} = ${v}`)
    .join(',\\ ');

/**
 * The runs as a finding of the abstract and the conclusion: "on the inclines α = 0.002 and α = 0.02 the slip stops and
 * the rolling speed tends to 1.03 and 1.75 times the steady speed of (12.5); at α = 0.6 it never stops".
 */
export function inclineRunsFinding(study: InclineRunsStudy): Inline[] {
  const rolling = study.runs.filter((r) => r.rolling);
  const sliding = study.runs.filter((r) => !r.rolling);
  const list = (runs: readonly InclineRun[], f: (r: InclineRun) => string): Inline[] => series(runs.map((r) => [m(f(r))]));
  return [
    ...(rolling.length
      ? [
          'on the incline at ',
          ...list(rolling, paramsMath),
          ' the slip stops and the rolling speed tends to ',
          ...list(rolling, (r) => `${Number((r.rolling!.limit / r.rolling!.steady).toPrecision(3))}`),
          ' times the steady speed of (12.5), close to it only where the speed moves the patch’s rear end in by little',
        ]
      : []),
    ...(sliding.length ? [rolling.length ? '; at ' : 'at ', ...list(sliding, paramsMath), ', beyond (2.3), the slip never stops'] : []),
  ];
}

export function inclineRunsSection(study: InclineRunsStudy): Section {
  const paper = REFERENCES.kuleshov2011.short;
  const v = `\\dot{${mechanicsSymbol(study.velocity.replace(/'$/, ''))}}`;
  const figures = study.runs.map((run, k) => {
    const scene = plotScene({
      id: `plot-incline-run-${k + 1}`,
      title: `The speed and the slip at ${Object.entries(run.params)
        .map(([p, x]) => `${p} = ${x}`)
        .join(', ')}`,
      t: run.t,
      events: [],
      xLabel: { text: 't [s]', tex: '$t$ [s]' },
      yLabel: { text: 'm/s', tex: 'm/s' },
      series: [
        { label: study.velocity, values: run.speed },
        { label: 'slip', values: run.slip },
      ],
    });
    return sceneFigure(
      scene,
      0.9,
      [
        { label: v, color: '' },
        { label: 'u_{s}', color: '' },
      ],
      [
        'The speed ',
        m(v),
        ' and the slip ',
        m('u_{s}'),
        ' of the contact point against time at ',
        m(paramsMath(run)),
        run.rolling ? ': the slip stops, and the disk rolls, its speed tending to a limit.' : ': the slip never stops, and grows while the disk slides.',
      ],
    );
  });
  const table: Table = {
    kind: 'table',
    id: 'incline-runs',
    caption: 'The runs on the incline: where the slip stops, the speed the rolling tends to and the slip’s rate while it slides',
    columns: ['run', 'σ*', 'slip stops at t', 'speed at the end', 'its limit', '(12.5)', 'slip rate', '(11.2)'],
    align: 'lrrrrrrr',
    rows: study.runs.map((r) => [
      [m(paramsMath(r))],
      cell(r.holding),
      cell(r.stop),
      cell(r.rolling?.last),
      cell(r.rolling?.limit),
      cell(r.rolling?.steady),
      cell(r.sliding?.rate),
      cell(r.sliding?.derived),
    ]),
  };
  const findings = study.runs.map((r): Inline[] =>
    r.rolling
      ? [
          'At ',
          m(paramsMath(r)),
          ', ',
          m(`|\\sigma_{*}| = ${Number(Math.abs(r.holding).toPrecision(4))} < 1`),
          ': the slip stops at ',
          m(`t = ${Number(r.stop!.toPrecision(4))}`),
          ' and the speed tends to ',
          m(`${Number(r.rolling.limit.toPrecision(4))}`),
          ' with the time constant ',
          m(`${Number(r.rolling.timeConstant.toPrecision(3))}`),
          ', against the steady speed ',
          m(`${Number(r.rolling.steady.toPrecision(4))}`),
          ' of (12.5) corrected, ',
          m(`${Number((r.rolling.limit / r.rolling.steady).toPrecision(3))}`),
          ' times it.',
        ]
      : [
          'At ',
          m(paramsMath(r)),
          ', ',
          m(`|\\sigma_{*}| = ${Number(Math.abs(r.holding).toPrecision(4))} > 1`),
          ': the slip never stops; over the run’s last half it grows at ',
          m(`${Number(r.sliding!.rate.toPrecision(4))}`),
          ', against ',
          m(`${Number(r.sliding!.derived.toPrecision(4))}`),
          ' from (11.2) at rest depth, which leaves out the viscous forces.',
        ],
  );
  const blocks: Block[] = [
    paragraph(
      `The model run from its initial state on inclines on either side of ${paper} (2.3), `,
      m('0 \\le \\tan\\alpha < 3\\lambda'),
      ', that is ',
      m('|\\sigma_{*}| < 1'),
      ` (§2, §11–§12): after the impacts, the slip `,
      m('u_{s}'),
      ' stops where (2.3) holds and the disk rolls, its speed tending to a steady value; where it does not, the disk slides to the end of the run. The limit of the rolling speed is extrapolated by Aitken’s ',
      m('\\Delta^2'),
      ' from the speed at the run’s end and one and two quarters of the rolling before it, exact for the exponential approach of (12.3), linear in the speed; the slip’s rate is taken over the run’s last half.',
    ),
    ...figures,
    table,
    ...findings.map((f) => paragraph(...f)),
    paragraph(
      '(12.5) is of first order in the speed: it takes the whole patch, whose rear end the speed moves in by ',
      m('\\tilde{\\varepsilon}\\mu_{-}'),
      ', ',
      m('\\mu_{-} = v/\\sqrt{2s}'),
      ' (Cor. 3–4, (10.4)). With ',
      m('v = (\\varepsilon\\tilde{\\varepsilon})^{-1}\\tan\\alpha'),
      ' that is ',
      m('\\tan\\alpha/(\\varepsilon\\sqrt{2s})'),
      ', small only where ',
      m('\\tan\\alpha \\ll \\varepsilon'),
      ': there the run’s limit is (12.5)’s, and further from it the resistance of the shortened patch is smaller and the limit higher.',
    ),
  ];
  return { id: INCLINE_RUNS_FIGURE.id, title: 'Rolling down the incline', blocks };
}
