// The realized support variant along the simulated motion, where it switches
// (smirnov1981 §2: the variants on fewer supports are the passages between
// full ones under a changing load): the reactions Nᵢ and Φ against t, and the
// variant's number against t, each switch's located time named in the
// caption (in closed form where it has one) with the reactions there, and the
// run's least Δ/Δ₀.
// Printing only: the values are studies/support-history.ts's.
// Tests: test/report/friction.test.ts.
import { TIME } from '../model/names.js';
import type { DerivedSystem } from '../derive/system.js';
import type { SupportHistory, SupportSwitch } from '../studies/support-history.js';
import type { SupportStarts } from '../studies/support-starts.js';
import { type Block, type Figure, type Inline, m, paragraph, ref } from './document.js';
import { plotScene, seriesStyle } from './plot.js';
import { sceneFigure } from './scene-figure.js';
import { fourDigits, math, mechanicsSymbol } from './notation.js';

/** (+,−): the sides the pairs bear on, as the friction section names a variant. */
const tag = (variant: readonly number[]): string => `(${variant.map((s) => (s > 0 ? '+' : '-')).join(',')})`;

/** The two figures, where the run switches variant; none where it does not. */
export function supportHistoryFigures(system: DerivedSystem, h: SupportHistory): Figure[] {
  const variants = system.supports?.variants;
  if (!h.switches || !variants) return [];
  const loads = [...h.reactions.map((values, i) => ({ label: `N_{${i + 1}}`, values })), { label: '\\Phi', values: h.friction }];
  const named = namer(system);
  const when: Inline[] = h.located.flatMap((w, j): Inline[] => [
    j ? '; ' : '',
    ...passage(named, w),
    ', where ',
    m(`N_{${w.leaving + 1}} = 0`),
    ...continuity(w),
    // A switch at a position in closed form (the time's is in the passage).
    ...(w.closed && w.closed.variable !== TIME
      ? [
          '; in closed form ',
          m(`N_{${w.leaving + 1}}`),
          ' of ',
          m(named(w.from)),
          ' vanishes at ',
          m(`${mechanicsSymbol(w.closed.variable)}^{*} = ${math(w.closed.value)} = ${fourDigits(w.closed.at)}`),
        ]
      : []),
  ]);
  // Said where the realized variant's Δ falls below a quarter of its start: the run nears self-locking.
  const d = h.determinant;
  const locking: Inline[] =
    d && Math.abs(d.least) < Math.abs(d.initial) / 4
      ? [
          ' Along the run the determinant ',
          m('\\Delta^{\\varepsilon}'),
          ' of the realized variant falls from ',
          m(fourDigits(d.initial)),
          ' to ',
          m(fourDigits(d.least)),
          ' (',
          m(named(d.variant)),
          ', ',
          m(`t = ${fourDigits(d.t)}`),
          '): its reactions, and ',
          m('\\Phi'),
          ', grow as ',
          m('1/\\Delta^{\\varepsilon}'),
          ', Smirnov’s self-locking (§1) where it vanishes',
          ...(h.rest === undefined ? ['.'] : ['; the motion comes to rest at ', m(`t = ${fourDigits(h.rest)}`), ' and stays at rest to the end of the run.']),
        ]
      : [];
  const numbers: Inline[] = variants.flatMap((v, i): Inline[] => [i ? ', ' : '', m(`${i + 1} = ${tag(v.variant)}`)]);
  return [
    sceneFigure(
      plotScene({
        id: 'plot-supports',
        title: `${system.model.title}: reactions and friction against time`,
        t: h.t,
        events: [],
        series: loads,
        xLabel: { text: 't [s]', tex: '$t$ [$\\mathrm{s}$]' },
        yLabel: { text: 'N, Φ', tex: '$N, \\Phi$' },
      }),
      0.9,
      loads.map((x, i) => ({ label: x.label, ...seriesStyle(i) })),
      [
        'The reactions and the friction bound ',
        m('\\Phi'),
        ` of the realized variant along the simulated motion, which switches variant ${h.switches === 1 ? 'once' : `${h.switches} times`}: `,
        ...when,
        '.',
        ...locking,
      ],
    ),
    sceneFigure(
      plotScene({
        id: 'plot-supports-variant',
        title: `${system.model.title}: the realized variant against time`,
        t: h.t,
        events: [],
        series: [{ label: 'variant', values: h.variant.map((i) => i + 1) }],
        xLabel: { text: 't [s]', tex: '$t$ [$\\mathrm{s}$]' },
        yLabel: { text: 'variant', tex: 'variant' },
        whole: true,
      }),
      0.9,
      [{ label: '\\text{variant}', ...seriesStyle(0) }],
      ['The realized variant along the same motion, numbered ', ...numbers, ' (0 where none is realized).'],
    ),
  ];
}

/** A variant's name by its index, "none" for −1. */
const namer =
  (system: DerivedSystem) =>
  (i: number): string =>
    i < 0 ? '\\text{none}' : tag(system.supports!.variants![i]!.variant);

/** "from (−) to (+) at t = π/(2ω) = 1.571": the switch, its time in closed form where it has one. */
const passage = (named: (i: number) => string, w: SupportSwitch): Inline[] => [
  'from ',
  m(named(w.from)),
  ' to ',
  m(named(w.to)),
  ' at ',
  m(`t = ${w.closed?.variable === TIME ? `${math(w.closed.value)} = ` : ''}${fourDigits(w.t)}`),
];

/** Whether a switch passes the reactions continuously: both variants' reactions equal there (smirnov1981 §2). */
const passesContinuously = (w: SupportSwitch): boolean => w.before.every((N, i) => Math.abs(N - w.after[i]!) <= 1e-6 * Math.max(1, Math.abs(N)));
const continuous = (h: SupportHistory): boolean => h.located.every(passesContinuously);

/** The run's switches as one clause of the conclusion; none where the run does not switch. */
export function supportHistoryFinding(system: DerivedSystem, h: SupportHistory): Inline[] {
  if (!h.located.length || !system.supports?.variants) return [];
  const named = namer(system);
  return [
    'the bearing side of the support switches ',
    ...h.located.flatMap((w, j): Inline[] => [j ? (j === h.located.length - 1 ? ' and ' : ', ') : '', ...passage(named, w)]),
    continuous(h) ? ', the reactions passing continuously through 0' : '',
  ];
}

/**
 * The start from rest at the default load as a finding (smirnov1981 §2): the variant realized at the start, its
 * friction bound against the load, and what the run from rest does; nothing where the load or the bound varies in time.
 */
export function supportStartFinding(system: DerivedSystem, h: SupportHistory, starts: SupportStarts): Inline[] {
  const start = starts.starts[0];
  const v = h.variant[0] ?? -1;
  if (!start || start.timed || v < 0 || !system.supports?.variants) return [];
  const p = mechanicsSymbol(starts.parameter);
  const below = Math.abs(start.load) > start.bound;
  return [
    'at the default loads the variant ',
    m(tag(system.supports.variants[v]!.variant)),
    ' is realized, its friction bound ',
    m(`\\Phi = ${fourDigits(start.bound)}`),
    below ? ' below the load ' : ' not below the load ',
    m(`|${p}| = ${fourDigits(Math.abs(start.load))}`),
    start.moved ? ': started from rest it slides along ' : ': started from rest it stays at rest',
    ...(start.moved ? [m(mechanicsSymbol(starts.coordinate)), ', and it would stay at rest for ', m(`|${p}| \\le \\Phi`)] : []),
  ];
}

/**
 * The discussion of the switches (smirnov1981 §2: the variants on fewer supports are the passages between full
 * ones) and of the start from rest the rule holds for a time (studies/support-starts.ts).
 */
export function supportHistoryDiscussion(system: DerivedSystem, h: SupportHistory, starts?: SupportStarts): Block[] {
  const finding = supportHistoryFinding(system, h);
  const held = starts?.starts.find((s) => s.until !== undefined);
  const blocks: Block[] = [];
  if (finding.length)
    blocks.push(
      paragraph(
        'Along the simulated run (Section ',
        ref('sec:friction'),
        ') ',
        ...finding,
        continuous(h)
          ? ': each switch passes through the variant on fewer supports, where the reaction that leaves is 0 in both variants, the transient state between full variants of Smirnov §2; the friction bound '
          : ': the reactions jump at the switch, and with them the friction bound ',
        m('\\Phi'),
        ' changes its coefficient there, and the motion goes on without an impact.',
      ),
    );
  if (held && starts) {
    const p = mechanicsSymbol(starts.parameter);
    blocks.push(
      paragraph(
        'Started from rest with ',
        m(`${p} = ${fourDigits(held.load)}`),
        ', within the friction bound ',
        m(`\\Phi = ${fourDigits(held.bound)}`),
        ' at ',
        m('t = 0'),
        ', the system stays at rest only until ',
        m(`t = ${held.untilClosed ? `${math(held.untilClosed)} = ` : ''}${fourDigits(held.until!)}`),
        ', where the bound falls to ',
        m(`|${p}|`),
        held.moved ? '; from there it slides, as the run shows.' : '; the run stays at rest.',
      ),
    );
  }
  return blocks;
}

/** Whether the reactions pass continuously through the switch: the other reactions of both variants there. */
function continuity(w: SupportSwitch): Inline[] {
  const same = passesContinuously(w);
  const rest = w.before.flatMap((N, i) => (i === w.leaving ? [] : [`N_{${i + 1}} = ${fourDigits(N)}`]));
  if (same) return rest.length ? [' in both variants, and ', m(rest.join(',\\ ')), ' in both: the reactions pass continuously'] : [' in both variants'];
  return [', the reactions ', m(`(${w.before.map(fourDigits).join(', ')})`), ' before and ', m(`(${w.after.map(fourDigits).join(', ')})`), ' after'];
}
