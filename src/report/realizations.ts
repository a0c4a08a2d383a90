// kozlov1988 Fig. 1 in a report: the realizations of one constraint
// compared (src/studies/realizations.ts), the contact's gap against time in
// every run in one figure, with the time each motion leaves the constraint
// for good. It prints the study's numbers; it computes none.
// Tests: test/report/realizations.test.ts.
import { REFERENCES } from '../model/sources.js';
import type { RealizationsStudy } from '../studies/realizations.js';
import { m, paragraph, ref, type Inline, type Section, type Table } from './document.js';
import { mechanicsSymbol } from './notation.js';
import { plotScene, seriesStyle } from './plot.js';
import { sceneFigure } from './scene-figure.js';

/** kozlov1988's figure this section redraws, and the section's id (docs/reports/papers.html links to it). */
export const REALIZATIONS_FIGURE = { eq: 'Fig. 1', id: 'realizations' } as const;

/** A number to six significant digits, in math; a dash where there is none. */
const cell = (x: number): Inline[] => (Number.isFinite(x) ? [m(`${Number(x.toPrecision(6))}`)] : ['—']);

/** `ordersShown`: the realizations (realizations.<label>) whose distance's order a result of the paper check gives (limit.ts ordersShown). */
export function realizationsSection(study: RealizationsStudy, ordersShown: ReadonlyMap<string, string> = new Map()): Section {
  const paper = REFERENCES.kozlov1988.short;
  const at = Object.entries(study.params).map(([p, v]) => `${p} = ${v}`);
  const atText: Inline[] = at.length ? [' at ', ...at.flatMap((s, i): Inline[] => [i ? ', ' : '', m(s)])] : [];
  const series = study.runs.map((r) => ({ label: r.label, values: r.gap }));
  const scene = plotScene({
    id: 'plot-realizations',
    title: `The gap of ${study.contact} for each realization`,
    t: study.t,
    events: [],
    xLabel: { text: 't', tex: '$t$' },
    yLabel: { text: 'f', tex: '$f$' },
    series,
  });
  const figure = sceneFigure(
    scene,
    0.9,
    series.map((s, k) => ({ label: `\\text{${s.label}}`, ...seriesStyle(k) })),
    [
      'The gap ',
      m('f'),
      ` of the contact ${study.contact} against time for each realization of the constraint from the same initial state`,
      ...atText,
      // Each run named with its line as the plot draws it, not as the paper's figure does.
      `: ${series.map((s, k) => `${s.label} (${seriesStyle(k).line})`).join(', ')}; drawn up to `,
      m(`f = ${study.cut}`),
      `, the band about the constraint where they differ. ${paper} ${REALIZATIONS_FIGURE.eq} draws the elastic (solid) and the added-mass (dashed) realizations only; the viscous one, in his words, is qualitatively like the added-mass one.`,
    ],
  );
  const table: Table = {
    kind: 'table',
    id: 'realizations',
    caption: 'When each realization leaves the constraint',
    columns: ['realization', 'leaves at'],
    align: 'lr',
    rows: study.runs.map((r) => [[r.label], cell(r.leaves)]),
  };
  // Each other law as the study's parameter grows: its distance to the rigid motion, the limit it tends to or not.
  const limits = (study.limits ?? []).map(
    ({ label, study: s }, k): Table => ({
      kind: 'table',
      id: `realizations-limit-${k + 1}`,
      caption: `The realization ${label} as ${s.parameter} grows: its largest distance to the rigid motion`,
      columns: [s.parameter, 'distance to the rigid motion'],
      align: 'rr',
      // A fitted order a result states (its leading term) is not repeated.
      rows: [
        ...s.rows.map((r) => [[m(`${r.value}`)], cell(r.distance)]),
        ...(ordersShown.has(`realizations.${label}`) ? [] : [[['fitted order'], cell(s.orders.distance)]]),
      ],
    }),
  );
  const pointed = (study.limits ?? []).flatMap(({ label }) => ordersShown.get(`realizations.${label}`) ?? []);
  const fitted = pointed.length < (study.limits?.length ?? 0);
  const p = study.limits?.[0] && mechanicsSymbol(study.limits[0].study.parameter);
  return {
    id: REALIZATIONS_FIGURE.id,
    title: 'The realizations compared',
    blocks: [
      paragraph(
        `The constraint realized in each way the model declares, and held rigidly, each run from the same initial state`,
        ...atText,
        ` (${paper} §2, ${REALIZATIONS_FIGURE.eq}), with the time each motion leaves the constraint for good: its gap’s last rise through 0, the last release where the force vanishes on the constraint`,
        study.runs.some((r) => r.inside) ? ', later where it vanishes inside it (without adhesion) and the point flies back to it.' : '.',
      ),
      figure,
      table,
      ...(limits.length
        ? [
            paragraph(
              'The realizations the model names for it, run again from the same state for each value of the rigid-limit study, to the same end, with the largest distance of their coordinates to the rigid model’s motion',
              ...(fitted ? ['; the last row fits ', m(`C\\,${p}^{-\\rho}`), ' to it'] : []),
              ...(pointed.length
                ? [
                    '; the order of the distance is a result below, ',
                    ...pointed.flatMap((l, i): Inline[] => [i ? ', ' : '', ref(l)]),
                    ', which the table does not repeat',
                  ]
                : []),
              ':',
            ),
            ...limits,
          ]
        : []),
    ],
  };
}
