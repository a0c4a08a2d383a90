// The realized support variant along the simulated motion, where it switches
// (smirnov1981 §2: the variants on fewer supports are the passages between
// full ones under a changing load): the reactions Nᵢ and Φ against t, and the
// variant's number against t, each switch's time named in the caption.
// Printing only: the values are studies/support-history.ts's.
// Tests: test/report/friction.test.ts.
import type { DerivedSystem } from '../derive/system.js';
import type { SupportHistory } from '../studies/support-history.js';
import { type Figure, type Inline, m } from './document.js';
import { plotScene, seriesStyle } from './plot.js';
import { sceneFigure } from './scene-figure.js';

/** (+,−): the sides the pairs bear on, as the friction section names a variant. */
const tag = (variant: readonly number[]): string => `(${variant.map((s) => (s > 0 ? '+' : '-')).join(',')})`;

/** The two figures, where the run switches variant; none where it does not. */
export function supportHistoryFigures(system: DerivedSystem, h: SupportHistory): Figure[] {
  const variants = system.supports?.variants;
  if (!h.switches || !variants) return [];
  const loads = [...h.reactions.map((values, i) => ({ label: `N_{${i + 1}}`, values })), { label: '\\Phi', values: h.friction }];
  const switches = h.variant.flatMap((v, k) => (k > 0 && v !== h.variant[k - 1] ? [k] : []));
  const named = (i: number): string => (i < 0 ? '\\text{none}' : tag(variants[i]!.variant));
  const when: Inline[] = switches.flatMap((k, j): Inline[] => [
    j ? '; ' : '',
    'from ',
    m(named(h.variant[k - 1]!)),
    ' to ',
    m(named(h.variant[k]!)),
    ' between ',
    m(`t = ${fmt(h.t[k - 1]!)}`),
    ' and ',
    m(`${fmt(h.t[k]!)}`),
  ]);
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
      }),
      0.9,
      [{ label: '\\text{variant}', ...seriesStyle(0) }],
      ['The realized variant along the same motion, numbered ', ...numbers, ' (0 where none is realized).'],
    ),
  ];
}

const fmt = (v: number): string => `${Number(v.toPrecision(3))}`;
