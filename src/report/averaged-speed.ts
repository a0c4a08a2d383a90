// kozlov1988 §3 in a report: the speed at the impacts of the report's own
// simulation against the derived averaged law v(t) = u / cos α(t)
// (src/studies/averaged-speed.ts), the law's t* and the simulated
// accumulation point marked. It prints the study's numbers; it computes none.
// Tests: test/studies/averaged-speed.test.ts.
import { REFERENCES } from '../model/sources.js';
import type { AveragedSpeedStudy } from '../studies/averaged-speed.js';
import { m, paragraph, type Block, type Inline, type Section } from './document.js';
import { curveScene, seriesStyle, type CurveSpec } from './plot.js';
import { sceneFigure } from './scene-figure.js';

/** kozlov1988's result this section shows, and the section's id (docs/reports/papers.html links to it). */
export const AVERAGED_SPEED_FIGURE = { eq: '§3', id: 'averaged-speed' } as const;

const fixed = (x: number): string => `${Number(x.toPrecision(6))}`;

export function averagedSpeedSection(study: AveragedSpeedStudy): Section {
  const paper = REFERENCES.kozlov1988.short;
  const { impacts, u, v0, tStar, accumulation, t1 } = study;
  // The simulated speed is constant between impacts: a staircase, on to the end of the run at u.
  const stairs = { x: [0] as number[], y: [v0] as number[] };
  for (const i of impacts) {
    stairs.x.push(i.t, i.t);
    stairs.y.push(stairs.y.at(-1)!, i.v);
  }
  stairs.x.push(t1);
  stairs.y.push(stairs.y.at(-1)!);
  const [lo, hi] = [Math.min(u, ...stairs.y), Math.max(v0, ...study.law)];
  const mark = (t: number): { x: number[]; y: number[] } => ({ x: [t, t], y: [lo, hi] });
  const curves: CurveSpec['curves'] = [
    { label: '\\text{simulation}', ...stairs, start: false },
    { label: 'u / \\cos\\alpha(t)', x: [...study.t], y: [...study.law], start: false },
    { label: `t_{*} = ${fixed(tStar)}`, ...mark(tStar), start: false },
    ...(Number.isFinite(accumulation) ? [{ label: `t_{*}^{\\mathrm{sim}} = ${fixed(accumulation)}`, ...mark(accumulation), start: false }] : []),
  ];
  const scene = curveScene({
    id: 'plot-averaged-speed',
    title: `The speed at the impacts against the averaged law (${paper} §3)`,
    curves,
    xLabel: { text: 't [s]', tex: '$t$ [$\\mathrm{s}$]' },
    yLabel: { text: 'v [m/s]', tex: '$v$ [$\\mathrm{m}/\\mathrm{s}$]' },
  });
  const caption: Inline[] = [
    `${paper} §3 from the report’s simulation: the speed `,
    m('v'),
    ' after each of its ',
    `${impacts.length}`,
    ' impacts (constant along each chord) against the derived averaged law ',
    m('v(t) = u/\\cos(\\alpha_1 - u(1 - e)(t - t_0)/(2R))'),
    ', started at the first impact, ',
    m(`t_0 = ${fixed(study.t0)}`),
    ', with the tangential and normal speeds the point leaves it with, ',
    m(`u = ${fixed(u)}`),
    ', ',
    m(`w = ${fixed(study.w)}`),
    ' (',
    m('\\alpha_1'),
    ' the angle of the chord after it)',
    '; vertical lines mark the law’s ',
    m(`t_{*} = ${fixed(tStar)}`),
    ...(Number.isFinite(accumulation)
      ? [
          ', where it reaches ',
          m('v = u'),
          ', and the simulated accumulation point ',
          m(`${fixed(accumulation)}`),
          ', after which the point slides at the speed ',
          m('u'),
          '.',
        ]
      : ['.']),
  ];
  return {
    id: AVERAGED_SPEED_FIGURE.id,
    title: 'The averaged law against the simulation',
    blocks: [
      paragraph(
        `The averaged law of ${paper} §3 is first order in `,
        m('1 - e'),
        ': it smooths the staircase of the speeds at the impacts from the first impact on, and its ',
        m('t_{*}'),
        ' differs from the accumulation point of the impacts by a time that stays bounded as ',
        m('e \\to 1'),
        ', while ',
        m('t_{*} - t_0'),
        ' grows like ',
        m('1/(1 - e)'),
        '.',
      ),
      sceneFigure(
        scene,
        0.9,
        curves.map((c, k) => ({ label: c.label, ...seriesStyle(k) })),
        caption,
      ),
      ...convergenceBlocks(study),
    ],
  };
}

/** The accumulation point against t* as e → 1: the gap bounded, the relative gap (the study's) falling with 1 − e. */
function convergenceBlocks({ convergence }: AveragedSpeedStudy): Block[] {
  if (!convergence.length) return [];
  const shown = (x: number, digits: number): string => `${Number(x.toPrecision(digits))}`;
  const gaps = convergence.map((c) => c.gap);
  return [
    paragraph(
      'Simulated again from the same state at restitutions nearer 1 (the other parameters at their defaults), the gap ',
      m('t_{*} - t_{*}^{\\mathrm{sim}}'),
      ` stays between ${shown(Math.min(...gaps), 2)} s and ${shown(Math.max(...gaps), 2)} s while `,
      m('t_{*} - t_0'),
      ' grows like ',
      m('1/(1 - e)'),
      ': the relative gap ',
      m('(t_{*} - t_{*}^{\\mathrm{sim}})/(t_{*} - t_0)'),
      ' falls in proportion to ',
      m('1 - e'),
      ', the error of a law that keeps only the first order in ',
      m('1 - e'),
      '.',
    ),
    {
      kind: 'table',
      id: 'averaged-speed-convergence',
      caption: 'The accumulation point of the impacts against the averaged law’s t* as e tends to 1',
      columns: ['e', 'accumulation point', 'the law’s t*', 'gap', 'relative gap'],
      align: 'rrrrr',
      rows: convergence.map((c) => [[m(`${c.e}`)], [m(shown(c.accumulation, 6))], [m(shown(c.tStar, 6))], [m(shown(c.gap, 3))], [m(shown(c.relativeGap, 3))]]),
    },
  ];
}
