// A friction patch along the simulated motion (kuleshov2011 §2's stages):
// the slip of the contact point and the depth against time, and where the
// slip stops and the rolling without slip begins. Printing only: the values
// are studies/patch-history.ts's.
// Tests: test/report/patch.test.ts.
import { sym } from '../core/expr.js';
import type { PatchResults } from '../derive/compliant/patches.js';
import type { PatchHistory } from '../studies/patch-history.js';
import { type Block, type Inline, m, paragraph, ref } from './document.js';
import { REFERENCES } from '../model/sources.js';
import { math } from './notation.js';
import { plotScene, seriesStyle } from './plot.js';
import { sceneFigure } from './scene-figure.js';
import { SLIP, SLIP_RATE } from './slip.js';

const TIME = { text: 't [s]', tex: '$t$ [$\\mathrm{s}$]' };
const fixed = (v: number, digits = 4): string => v.toFixed(digits);

export function patchHistoryBlocks(t: PatchResults, h: PatchHistory): Block[] {
  const depth = math(sym(t.contact.depth));
  const stop = h.stop;
  const plot = (id: string, title: string, label: string, values: readonly number[], y: { text: string; tex: string }, from = 0) =>
    plotScene({
      id: `plot-patch-${id}-${t.name}`,
      title,
      t: h.t.slice(from),
      events: [],
      series: [{ label, values: values.slice(from) }],
      xLabel: TIME,
      yLabel: y,
    });
  // The depth from the first contact on: the flight before it would set the scale.
  const touched = Math.max(0, h.t.findIndex((x) => x >= h.contact) - 1);
  const inlines: Inline[] = [
    'Along the simulated motion (Section ',
    ref('sec:simulation'),
    `) the patch goes through the stages of ${REFERENCES.kuleshov2011.short} (§2): the body meets the foundation at `,
    m(`t = ${fixed(h.contact)}`),
    ' and its motion along the normal dies out in the impacts, the depth settling (the second figure below); the slip ',
    m(SLIP),
    ...(stop
      ? [
          ' meanwhile changes at a steady rate towards 0, ',
          m(`${SLIP_RATE} = ${fixed(stop.rate, 3)}\\ \\mathrm{m/s^2}`),
          ' once the contact is sustained',
          ...(stop.atRest === undefined
            ? []
            : [
                ' (against ',
                m(`${fixed(stop.atRest, 3)}\\ \\mathrm{m/s^2}`),
                ' at rest depth by (11.2), as in Prop. 15, which leaves out the viscous tangential force)',
              ]),
          ', and stops at ',
          m(`t = ${fixed(stop.time)}`),
          ', after which the body rolls without slip (the first figure below).',
        ]
      : [' does not stop within the run: the body slides throughout.']),
  ];
  return [
    paragraph(...inlines),
    sceneFigure(
      plot('slip', 'The slip of the contact point against time', SLIP, h.slip, { text: 'slip [m/s]', tex: `$${SLIP}$ [$\\mathrm{m/s}$]` }),
      0.8,
      [{ label: SLIP, ...seriesStyle(0) }],
      [
        'The slip ',
        m(`${SLIP} = ${math(t.contact.friction!.slip)}`),
        ' of the contact point along the simulated motion: constant in flight, changed by the impacts, falling under the friction while the body slides, zero once it rolls.',
      ],
    ),
    sceneFigure(
      plot('depth', 'The depth of the patch against time', depth, h.depth, { text: 'depth', tex: `$${depth}$` }, touched),
      0.8,
      [{ label: depth, ...seriesStyle(1) }],
      [
        'The depth ',
        m(depth),
        ' of the patch along the same motion from the first contact on (negative in flight): the impacts, then the depth the rolling keeps.',
      ],
    ),
  ];
}
