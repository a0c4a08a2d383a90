// rubanovich1981 §2 in a report: the run's speed after each impact against
// the least speed to roll on over the next spoke and the steady rolling's
// speed, the stride map's fixed point (src/studies/rolling-speeds.ts), at the
// run's slope and at the orbit's. It prints the study's numbers; it computes none.
// Tests: test/studies/rolling-speeds.test.ts.
import { REFERENCES } from '../model/sources.js';
import type { Model } from '../model/types.js';
import type { PeriodicOrbit } from '../runtime/analysis/periodic.js';
import type { RollingSpeedsStudy } from '../studies/rolling-speeds.js';
import { equation, equations, m, paragraph, ref, series, type Block, type Inline, type Section, type Table } from './document.js';
import { fourDigits, math, mechanicsSymbol, proseName } from './notation.js';
import { curveScene, seriesStyle, type CurveSpec } from './plot.js';
import { sceneFigure } from './scene-figure.js';

/** rubanovich1981's result this section shows, and the section's id (docs/reports/papers.html links to it). */
export const ROLLING_SPEEDS_FIGURE = { eq: '§2', id: 'rolling-speeds' } as const;

/** A struck spoke's name in prose (none where the study names none). */
const spokeName =
  (model: Model) =>
  (j: number | undefined): string =>
    j === undefined ? '' : proseName(model.unilateral[j]!.name);

/** Impacts tabulated after the first that falls back: the rocking that follows. */
const ROCKING_ROWS = 2;

/** The stride's gain in v², b: c is rubanovich1981 §2's constant of the rolling friction F = cψ̇², printed in the same report. */
const GAIN = 'b';

/**
 * What the section's numbers mean, for the discussion: a stride adds the same b to v² and an impact scales it by
 * r² < 1, so the speed after the impacts tends to the fixed point from any start; the slope rolls the wheel on for
 * ever only where that lies above the threshold, and otherwise it stops, the rocking's impacts accumulating in finite
 * time. Each slope's numbers from the study; none where the study has no slope below the threshold and none above.
 */
export function rollingSpeedsDiscussion(study: RollingSpeedsStudy): Block[] {
  const p = study.parameter;
  const named = (at: RollingSpeedsStudy['slopes'][number]): Inline[] =>
    p ? [m(`${mechanicsSymbol(p)} = ${fourDigits(at.params[p] ?? study.defaults[p]!)}`), ': '] : [];
  const rolls = study.slopes.find((at) => at.rolling > at.threshold);
  const stops = study.slopes.find((at) => at.rolling < at.threshold);
  if (!rolls || !stops) return [];
  return [
    paragraph(
      'The slope decides between rolling and rocking. A stride adds the same ',
      m(GAIN),
      ' to the squared speed and each impact scales it by ',
      m('r^2 < 1'),
      ', so the speed after the impacts tends to the steady rolling’s whatever the start: the wheel rolls on for ever where that lies above the threshold to pass over the next spoke (',
      ...named(rolls),
      m(`${fourDigits(rolls.rolling)} > ${fourDigits(rolls.threshold)}`),
      '), and below it (',
      ...named(stops),
      m(`${fourDigits(stops.rolling)} < ${fourDigits(stops.threshold)}`),
      ') it stops after finitely many strides, rocking to rest in finite time.',
    ),
  ];
}

/**
 * The rocking after the fall back: each swing returns to the impact configuration at the speed it left it with, so
 * each impact multiplies v⁺² by r², and the run's ratios are set beside it; the swings' durations, shorter with the
 * speed, add up to a finite time (a geometric series): the run's rest.
 */
function rockingInlines(study: RollingSpeedsStudy, v2: string): Inline[] {
  const after = study.impacts.slice(study.fallsBack! + 1).map((i) => i.speedSquared);
  const ratios = after.slice(1).map((x, k) => x / after[k]!);
  if (!ratios.length) return [];
  const [lo, hi] = [Math.min(...ratios), Math.max(...ratios)];
  return [
    ' Each swing returns to the impact configuration at the speed it left it with, so each impact of the rocking multiplies ',
    m(v2),
    ' by ',
    m(`r^2 = ${fourDigits(study.ratio ** 2)}`),
    ' (the run’s ',
    m(lo.toFixed(4) === hi.toFixed(4) ? lo.toFixed(4) : `${lo.toFixed(4)}\text{ to }${hi.toFixed(4)}`),
    ` over its ${ratios.length + 1} rocking impacts): a geometric series, whose swings, shorter as the speed falls, add up to a finite time`,
    // Six digits: the rest lies just before the run's end, 7, which four would print.
    ...(study.rest === undefined ? ['.'] : ['; the run comes to rest at ', m(`t = ${Number(study.rest.toPrecision(6))}`), ' on both spokes.']),
  ];
}

/**
 * The orbit's multiplier from the stride map: each of its n impacts per period multiplies a deviation of v⁺² by r²
 * (the gain b the same at every stride), so the period by r^{2n}; with one impact per spoke a period is one revolution,
 * r^n is (2.9)'s κ (the paper's ν), and the multiplier κ². Both numbers printed, the orbit study's and r^{2n}.
 */
function orbitDecay(model: Model, study: RollingSpeedsStudy, periodic: PeriodicOrbit): Inline[] {
  // Six digits, as the orbit's section prints its multipliers: the two agree to them.
  const sixDigits = (x: number): string => `${Number(x.toPrecision(6))}`;
  const n = periodic.impacts.length;
  const multiplier = Math.max(...periodic.multipliers.map((z) => Math.hypot(z.re, z.im)));
  const r = study.ratio;
  const perSpoke = n === model.unilateral.length;
  return [
    ' On it each of the ',
    m(`n = ${n}`),
    ' impacts of a period multiplies ',
    m(mechanicsSymbol(`${study.coordinate}'`)),
    ' by ',
    m(`r = ${fourDigits(r)}`),
    ' while the gain ',
    m(GAIN),
    ' is the same at every stride, so a deviation of the speed from the orbit’s falls by ',
    m('r^2'),
    ' at each impact and by ',
    m(`r^{${2 * n}} = ${sixDigits(r ** (2 * n))}`),
    ' over a period',
    ...(perSpoke
      ? [
          ': one impact per spoke, so the period is one revolution, ',
          m(`r^{${n}}`),
          ' is (2.9)’s ',
          m('\\kappa'),
          ' (the paper’s ',
          m('\\nu'),
          '), and this is ',
          m('\\kappa^2'),
        ]
      : []),
    '. The orbit’s Floquet multiplier of largest modulus is ',
    m(sixDigits(multiplier)),
    ' (Section ',
    ref('sec:periodic-orbit'),
    ').',
  ];
}

/**
 * The run's fall back, for the conclusion: after which impact the speed is below the threshold to roll on,
 * and which spoke strikes again; none where the run rolls on throughout.
 */
export function rollingSpeedsFinding(model: Model, study: RollingSpeedsStudy): Inline[] {
  const back = study.fallsBack === undefined ? undefined : study.impacts[study.fallsBack];
  const here = study.slopes[0];
  if (!back || !here) return [];
  const v2 = `(${mechanicsSymbol(`${study.coordinate}'`)}^{+})^{2}`;
  const p = study.parameter;
  const name = spokeName(model);
  return [
    'the run',
    ...(p ? [' at the model’s ', m(`${mechanicsSymbol(p)} = ${fourDigits(here.params[p] ?? study.defaults[p]!)}`)] : []),
    ' does not roll on: after its impact at ',
    m(`t = ${fourDigits(back.t)}`),
    ', ',
    m(`${v2} = ${fourDigits(back.speedSquared)}`),
    ' is below the threshold ',
    m(fourDigits(here.threshold)),
    ` to pass over ${name(back.contact)}, so it falls back: ${name(back.next)} strikes again, and the wheel rocks between the two (Section `,
    ref(`sec:${ROLLING_SPEEDS_FIGURE.id}`),
    ')',
  ];
}

/**
 * The fall back for the abstract: the slope's steady rolling below the threshold, so the run falls back after its
 * impact and rocks, toward rest where its speed falls at every impact after; none where the run rolls on throughout.
 */
export function rollingSpeedsBrief(study: RollingSpeedsStudy): Inline[] {
  const back = study.fallsBack === undefined ? undefined : study.impacts[study.fallsBack];
  const here = study.slopes[0];
  if (!back || !here || here.rolling >= here.threshold) return [];
  const v2 = `(${mechanicsSymbol(`${study.coordinate}'`)}^{+})^{2}`;
  const p = study.parameter;
  const rocking = study.impacts.slice(study.fallsBack! + 1);
  const dies = rocking.length > 1 && rocking.every((i, k) => k === 0 || i.speedSquared < rocking[k - 1]!.speedSquared);
  return [
    ...(p ? ['at the model’s ', m(`${mechanicsSymbol(p)} = ${fourDigits(here.params[p] ?? study.defaults[p]!)}`), ' '] : []),
    'the steady rolling’s ',
    m(`${v2} = ${fourDigits(here.rolling)}`),
    ' lies below the threshold ',
    m(fourDigits(here.threshold)),
    ' to roll on, so the run does not roll: after its impact at ',
    m(`t = ${fourDigits(back.t)}`),
    ` the wheel falls back and rocks between two spokes${dies ? ', its speed falling at every impact toward rest' : ''}`,
  ];
}

export function rollingSpeedsSection(model: Model, study: RollingSpeedsStudy, periodic?: PeriodicOrbit): Section {
  const paper = REFERENCES.rubanovich1981.short;
  const v = mechanicsSymbol(`${study.coordinate}'`);
  const v2 = `(${v}^{+})^{2}`;
  const [here, orbit] = study.slopes;
  const p = study.parameter;
  const named = (at: RollingSpeedsStudy['slopes'][number]): string => (p ? `${mechanicsSymbol(p)} = ${fourDigits(at.params[p] ?? study.defaults[p]!)}` : '');
  const contact = spokeName(model);
  const shown = study.fallsBack === undefined ? study.impacts : study.impacts.slice(0, study.fallsBack + 1 + ROCKING_ROWS);
  const table: Table = {
    kind: 'table',
    id: 'rolling-speeds',
    caption: `The speed after each impact of the run against the least speed to roll on over the next spoke, ${paper} §2`,
    columns: ['t', 'strikes', 'speed squared after', 'against the threshold', 'next strikes'],
    align: 'rlrll',
    rows: shown.map((i, k) => [
      [m(fourDigits(i.t))],
      [contact(i.contact)],
      [m(fourDigits(i.speedSquared))],
      [k > (study.fallsBack ?? Infinity) ? 'rocking' : i.speedSquared > here!.threshold ? 'above: rolls on' : 'below: falls back'],
      [contact(i.next)],
    ]),
  };
  const ts = study.impacts.map((i) => i.t);
  const [t0, t1] = [Math.min(...ts), Math.max(...ts)];
  const level = (label: string, y: number): CurveSpec['curves'][number] => ({ label, x: [t0, t1], y: [y, y], start: false });
  const curves: CurveSpec['curves'] = [
    // One dot per impact: between two impacts the speed after is not defined, and a line would cross the threshold.
    { label: v2, x: ts, y: study.impacts.map((i) => i.speedSquared), start: false, dots: true },
    level('\\text{threshold}', here!.threshold),
    level('\\text{steady rolling}', here!.rolling),
  ];
  const scene = curveScene({
    id: 'plot-rolling-speeds',
    title: `${model.title}: the speed after each impact against the threshold to roll on (${paper} §2)`,
    curves,
    xLabel: { text: 't [s]', tex: '$t$ [$\\mathrm{s}$]' },
    yLabel: { text: `${study.coordinate}'+^2 [rad^2/s^2]`, tex: `$${v2}$ [$\\mathrm{rad}^{2}/\\mathrm{s}^{2}$]` },
  });
  const back = study.fallsBack === undefined ? undefined : study.impacts[study.fallsBack];
  const verdict = (at: RollingSpeedsStudy['slopes'][number]): Inline[] => [
    'the fixed point is ',
    m(fourDigits(at.rolling)),
    at.rolling < at.threshold ? ', below the threshold ' : ', above the threshold ',
    m(fourDigits(at.threshold)),
    at.rolling < at.threshold ? ': no rolling orbit exists there' : ': the wheel rolls on for ever there',
  ];
  return {
    id: ROLLING_SPEEDS_FIGURE.id,
    title: 'Rolling and rocking',
    blocks: [
      paragraph(
        `${paper} §2 says in words that below a limit of the speed rolling stops and rocking from leg to leg begins. Turning on the arriving spoke, the wheel passes over it iff `,
        m(`${v2} > ${math(study.threshold)}`),
        ' (Section ',
        ref('sec:own-results'),
        '). Over one stride to the next impact the slope adds ',
        m(GAIN),
        ' to ',
        m(`${v}^2`),
        ', and the impact multiplies ',
        m(v),
        ' by (2.6)’s ratio ',
        m('r'),
        ', so ',
        m(`${v2} \\mapsto r^2(${v2} + c)`),
        '; its fixed point is the steady rolling’s speed:',
      ),
      equations(
        equation('rolling-gain', GAIN, math(study.gain)),
        equation('rolling-fixed-point', `${v2}_{\\text{rolling}}`, [`\\frac{r^2 ${GAIN}}{1 - r^2} = ${math(study.rolling)}`]),
      ),
      paragraph(
        'With the parameters’ defaults',
        ...(study.fixed
          ? [' and ', m(`${mechanicsSymbol(study.fixed)} = ${fourDigits(study.defaults[study.fixed]!)}`), ', as the model’s impact configuration fixes it']
          : []),
        ', ',
        ...series(
          [here, ...(orbit ? [orbit] : [])].map((at, k) => [
            ...(p ? [k === 0 ? 'at the model’s ' : 'at the orbit’s ', m(named(at!)), ' '] : []),
            ...verdict(at!),
          ]),
          ';',
        ),
        orbit ? '. The periodic orbit is therefore sought at the latter (Section ' : '.',
        ...(orbit ? [ref('sec:periodic-orbit'), ').'] : []),
        ...(orbit && periodic ? orbitDecay(model, study, periodic) : []),
      ),
      paragraph(
        `The run’s speed after each of its ${study.impacts.length} impacts against the threshold (Table `,
        ref('tab:rolling-speeds'),
        ' and the figure below)',
        ...(back
          ? [
              ': after the impact at ',
              m(`t = ${fourDigits(back.t)}`),
              ' it is ',
              m(`${fourDigits(back.speedSquared)} < ${fourDigits(here!.threshold)}`),
              `, so the wheel does not pass over ${contact(back.contact)} and falls back: ${contact(back.next)} strikes again, and the wheel rocks between the two with falling speed.`,
              ...rockingInlines(study, v2),
            ]
          : ['.']),
      ),
      table,
      sceneFigure(
        scene,
        0.9,
        curves.map((c, k) => ({ label: c.label, ...seriesStyle(k) })),
        [
          'The speed after each impact of the run, ',
          m(v2),
          ', against the threshold to roll on and the steady rolling’s speed at ',
          m(named(here!) || 'the defaults'),
          '.',
        ],
      ),
    ],
  };
}
