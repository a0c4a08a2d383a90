// kozlov1988 §3 in a report: the speed at the impacts of the report's own
// simulation against the derived averaged law v(t) = u / cos α(t)
// (src/studies/averaged-speed.ts), the law's t* and the simulated
// accumulation point marked. It prints the study's numbers; it computes none.
// Tests: test/studies/averaged-speed.test.ts.
import { REFERENCES } from '../model/sources.js';
import type { AveragedSpeedStudy } from '../studies/averaged-speed.js';
import { equation, equations, m, paragraph, ref, type Block, type Inline, type Section } from './document.js';
import { inlineFractions } from './inline-fractions.js';
import { fourDigits, math } from './notation.js';
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
    ', with the tangential speed and the normal velocity the point strikes it with, ',
    m(`u = ${fixed(u)}`),
    ', ',
    m(`w = ${fixed(study.w)}`),
    ', and the angle of the chord after it to the tangent, ',
    m(`\\alpha_1 = ${fixed(study.alpha1)}`),
    ' (',
    m('\\tan\\alpha_1 = e|w|/u'),
    ')',
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
      ...lawBlocks(study),
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
      caption: 'The accumulation point of the impacts against the time the averaged law reaches the tangential speed, as the restitution tends to 1',
      columns: ['restitution', 'accumulation point', 'the law’s sliding time', 'gap', 'relative gap', 'gap predicted'],
      align: 'rrrrrr',
      rows: convergence.map((c) => [
        [m(`${c.e}`)],
        [m(shown(c.accumulation, 6))],
        [m(shown(c.tStar, 6))],
        [m(shown(c.gap, 3))],
        [m(shown(c.relativeGap, 3))],
        [m(shown(c.predicted, 3))],
      ]),
    },
  ];
}

/**
 * The law from one impact and the chord after it, each step a fact of the derivation in u and w: the loss ΔT, the
 * chord's time τ, their ratio to first order in e − 1 (Ṫ = v v̇), and the law in v that (paper-3) compares.
 */
function lawBlocks({ steps, tStar, t0, alpha1, paperBound: bound }: AveragedSpeedStudy): Block[] {
  // kozlov1988 §3 prints no t*, only the sliding for t > 2R/[u(1 − e)], typed from the paper: where it is t* − t₀ at
  // α₁ = 1, sufficient iff α₁ ≤ 1.
  const digits = (x: number): string => `${Number(x.toPrecision(4))}`;
  return [
    paragraph(
      'At an impact with the tangential speed ',
      m('u'),
      ' and the normal velocity ',
      m('w < 0'),
      ', ',
      m('v^2 = u^2 + w^2'),
      ', the impact takes the kinetic energy ',
      m('\\Delta T'),
      ', and the chord after it lasts ',
      m('\\tau'),
      '; the energy lost over the chord, to first order in ',
      m('e - 1'),
      ', is the averaged rate of ',
      m('T = v^2/2'),
      ':',
    ),
    equations(
      equation('averaged-loss', '\\Delta T', math(steps.loss)),
      equation('averaged-chord', '\\tau', math(steps.chord)),
      equation('averaged-rate', 'v\\dot{v}', `-\\frac{\\Delta T}{\\tau} \\approx ${math(steps.mean)}`),
    ),
    paragraph(
      'With ',
      m('w = -\\sqrt{v^2 - u^2}'),
      ' and ',
      m('u'),
      ' kept by every impact this is ',
      m(`\\dot{v} = ${math(steps.speedLaw)}`),
      `, ${REFERENCES.kozlov1988.short}’s law. Integrated from the angle `,
      m(inlineFractions(`${math(steps.start)} = ${math(steps.startValue)}`)),
      ' of the velocity to the tangent after the impact at ',
      m('t = 0'),
      ' (',
      m('\\tan\\alpha_1 = e|w|/u'),
      ': the point leaves it with the normal speed ',
      m('e|w|'),
      '), it gives ',
      m(inlineFractions(`v(t) = ${math(steps.speed)}`)),
      ', which reaches ',
      m('u'),
      ' at ',
      m(`t_{*} = ${math(steps.sliding)}`),
      '.',
      ...(bound
        ? [
            ` ${REFERENCES.kozlov1988.short} prints no `,
            m('t_{*}'),
            ', only that the point slides for ',
            m(`t > ${math(bound.expr)}`),
            ...(bound.atUnitAngle
              ? [', the law’s ', m('t_{*}'), ' at ', m('\\alpha_1 = 1'), ' (their difference simplifies to 0): a sufficient time iff ', m('\\alpha_1 \\le 1')]
              : [', which the derivation does not show to be the law’s ', m('t_{*}'), ' at ', m('\\alpha_1 = 1')]),
            '. From the first impact of the run it is ',
            m(digits(bound.value)),
            ', against ',
            m(`t_{*} - t_0 = ${digits(tStar - t0)}`),
            ' at ',
            m(`\\alpha_1 = ${digits(alpha1)}`),
            tStar - t0 <= bound.value ? ': it holds, loosely.' : ': it does not hold.',
          ]
        : []),
    ),
  ];
}

/**
 * Why the gap between the law's t* and the accumulation point stays bounded as e → 1, for the Discussion: the impacts
 * turn the velocity by steps, the law continuously (the study's predicted gap, Table's last column).
 */
export function averagedSpeedDiscussion({ convergence }: AveragedSpeedStudy): Block[] {
  const last = convergence.at(-1);
  if (!last || !Number.isFinite(last.gap)) return [];
  const shown = (x: number): string => `${Number(x.toPrecision(3))}`;
  return [
    paragraph(
      'The gap between the averaged law’s ',
      m('t_{*}'),
      ' and the accumulation point ',
      m('t_{*}^{\\mathrm{sim}}'),
      ' stays bounded as ',
      m('e \\to 1'),
      ' because the impacts turn the velocity by steps: each keeps ',
      m('u'),
      ' and gives ',
      m('\\tan\\alpha_{k+1} = e\\tan\\alpha_k'),
      ', so that ',
      m('\\ln\\tan\\alpha'),
      ' falls by ',
      m('\\ln(1/e)'),
      ' a chord, while the law lets it fall continuously by ',
      m('1 - e'),
      ' a chord, from the first impact on. Summed, the chords’ times are the law’s integral with the step ',
      m('\\ln(1/e)'),
      ' for ',
      m('1 - e'),
      ', plus half the first chord ',
      m('\\tau_1'),
      ' (Euler–Maclaurin), so that ',
      m('t_{*} - t_{*}^{\\mathrm{sim}} \\approx (t_{*} - t_0)[1 - (1 - e)/\\ln(1/e)] - \\tau_1/2'),
      '. As ',
      m('e \\to 1'),
      ' the bracket is ',
      m('(1 - e)/2'),
      ' to first order while ',
      m('t_{*} - t_0'),
      ' grows like ',
      m('1/(1 - e)'),
      ': the gap tends to a time of the order of one chord. At ',
      m(`e = ${last.e}`),
      ' this gives ',
      m(shown(last.predicted)),
      ' against the measured ',
      m(shown(last.gap)),
      ' (Table ',
      ref('tab:averaged-speed-convergence'),
      ').',
    ),
  ];
}

/**
 * The law against the run, for the abstract and the conclusion: how far before the law's t* the impacts accumulate,
 * at the defaults and at each restitution nearer 1 (the study's numbers).
 */
export function averagedSpeedFinding({ tStar, accumulation, convergence }: AveragedSpeedStudy): Inline[] {
  if (!Number.isFinite(accumulation)) return [];
  const gap = (x: number): string => `${Number(x.toPrecision(2))}`;
  const same = (c: AveragedSpeedStudy['convergence'][number]): boolean => Math.abs(c.tStar - tStar) <= 1e-9;
  const others = convergence.filter((c) => !same(c) && Number.isFinite(c.gap));
  const here = convergence.find(same);
  return [
    'the simulated impacts accumulate ',
    m(`${gap(tStar - accumulation)}\\ \\mathrm{s}`),
    ' before the averaged law’s ',
    m(`t_{*} = ${fourDigits(tStar)}`),
    ...(here ? [' at ', m(`e = ${here.e}`)] : []),
    ...(others.length
      ? [
          ' (',
          m(others.map((c) => `${gap(c.gap)}\\ \\mathrm{s}`).join(',\\ ')),
          ' at ',
          m(others.map((c) => `e = ${c.e}`).join(',\\ ')),
          '), a gap that stays bounded while ',
          m('t_{*}'),
          ' grows like ',
          m('1/(1 - e)'),
        ]
      : []),
  ];
}

/**
 * What follows from the law against the run, for the conclusion in place of the finding the abstract states: the law
 * gives the onset of sliding to a relative error that falls with 1 − e (the study's relative gaps), the error of its
 * first order, so that it is the impacts' asymptotics as e → 1 and not their sum at a given e.
 */
export function averagedSpeedConsequence({ convergence }: AveragedSpeedStudy): Inline[] {
  const runs = convergence.filter((c) => Number.isFinite(c.relativeGap));
  if (runs.length < 2) return [];
  const [first, last] = [runs[0]!, runs.at(-1)!];
  const shown = (x: number): string => `${Number(x.toPrecision(2))}`;
  return [
    'the averaged law thus places the onset of sliding to a relative error that falls in proportion to ',
    m('1 - e'),
    ', from ',
    m(`${shown(first.relativeGap)}\\ \\text{at}\\ e = ${first.e}`),
    ' to ',
    m(`${shown(last.relativeGap)}\\ \\text{at}\\ e = ${last.e}`),
    ': it is the first-order asymptotics of the impacts as ',
    m('e \\to 1'),
    ', late by a time of the order of one chord',
  ];
}
