// The realized support variant along the simulated motion, where it switches
// (smirnov1981 §2: the variants on fewer supports are the passages between
// full ones under a changing load): the reactions Nᵢ and Φ against t, and the
// variant's number against t, each switch's located time named in the
// caption with the reactions there, and the run's least Δ/Δ₀.
// Printing only: the values are studies/support-history.ts's.
// Tests: test/report/friction.test.ts.
import type { DerivedSystem } from '../derive/system.js';
import type { SupportHistory, SupportSwitch } from '../studies/support-history.js';
import { type Figure, type Inline, m } from './document.js';
import { plotScene, seriesStyle } from './plot.js';
import { sceneFigure } from './scene-figure.js';
import { math, mechanicsSymbol } from './notation.js';

/** (+,−): the sides the pairs bear on, as the friction section names a variant. */
const tag = (variant: readonly number[]): string => `(${variant.map((s) => (s > 0 ? '+' : '-')).join(',')})`;

/** The two figures, where the run switches variant; none where it does not. */
export function supportHistoryFigures(system: DerivedSystem, h: SupportHistory): Figure[] {
  const variants = system.supports?.variants;
  if (!h.switches || !variants) return [];
  const loads = [...h.reactions.map((values, i) => ({ label: `N_{${i + 1}}`, values })), { label: '\\Phi', values: h.friction }];
  const named = (i: number): string => (i < 0 ? '\\text{none}' : tag(variants[i]!.variant));
  const when: Inline[] = h.located.flatMap((w, j): Inline[] => [
    j ? '; ' : '',
    'from ',
    m(named(w.from)),
    ' to ',
    m(named(w.to)),
    ' at ',
    m(`t = ${fmt(w.t)}`),
    ', where ',
    m(`N_{${w.leaving + 1}} = 0`),
    ...continuity(w),
    ...(w.closed
      ? [
          '; in closed form ',
          m(`N_{${w.leaving + 1}}`),
          ' of ',
          m(named(w.from)),
          ' vanishes at ',
          m(`${mechanicsSymbol(w.closed.variable)}^{*} = ${math(w.closed.value)} = ${fmt(w.closed.at)}`),
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
          m(fmt(d.initial)),
          ' to ',
          m(fmt(d.least)),
          ' (',
          m(named(d.variant)),
          ', ',
          m(`t = ${fmt(d.t)}`),
          '): its reactions, and ',
          m('\\Phi'),
          ', grow as ',
          m('1/\\Delta^{\\varepsilon}'),
          ', Smirnov’s self-locking (§1) where it vanishes',
          ...(h.rest === undefined ? ['.'] : ['; the motion comes to rest at ', m(`t = ${fmt(h.rest)}`), ' and stays at rest to the end of the run.']),
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

const fmt = (v: number): string => `${Number(v.toPrecision(4))}`;

/** Whether the reactions pass continuously through the switch: the other reactions of both variants there. */
function continuity(w: SupportSwitch): Inline[] {
  const same = w.before.every((N, i) => Math.abs(N - w.after[i]!) <= 1e-6 * Math.max(1, Math.abs(N)));
  const rest = w.before.flatMap((N, i) => (i === w.leaving ? [] : [`N_{${i + 1}} = ${fmt(N)}`]));
  if (same) return rest.length ? [' in both variants, and ', m(rest.join(',\\ ')), ' in both: the reactions pass continuously'] : [' in both variants'];
  return [', the reactions ', m(`(${w.before.map(fmt).join(', ')})`), ' before and ', m(`(${w.after.map(fmt).join(', ')})`), ' after'];
}
