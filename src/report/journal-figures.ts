// The n-gon journal's convergence at the initial state (smirnov1981 §2,
// example 3): the joint's acceleration with the n-gon (2.4) against log n beside
// the iteration's (2.6), and the reduced coefficient at which a Δᵢ of the
// n-gon vanishes between its bounds f_r* cos(π/n) and f_r* (2.5).
// Printing only: the values are derive/friction/hinges.ts's.
// Tests: test/report/friction.test.ts.
import type { HingeDerivation } from '../derive/friction/hinges.js';
import { type Figure, m } from './document.js';
import { plotScene, seriesStyle } from './plot.js';
import { sceneFigure } from './scene-figure.js';

// log₁₀ n: the sides run 3 … 96, and a linear axis would crush n ≤ 12 into its first tenth.
const SIDES_LABEL = { text: 'log10 n (n sides of the journal)', tex: '$\\log_{10} n$ ($n$ sides of the journal)' };

/** The two figures of the convergence table, where the joint turns at the initial state. */
export function journalFigures(h: HingeDerivation, theta: string, fr: string): Figure[] {
  const at = h.atInitial;
  if (!at) return [];
  const n = at.table.map((row) => row.n);
  const logN = n.map(Math.log10);
  const accelerations = [
    { label: `\\ddot{${theta}}_n\\ \\text{(2.4)}`, values: at.table.map((row) => row.acceleration) },
    { label: `\\ddot{${theta}}\\ \\text{(2.6)}`, values: n.map(() => at.limit.acceleration) },
  ];
  const thresholds = [
    { label: `${fr}\\ \\text{of the n-gon}`, values: at.table.map((row) => row.critical) },
    { label: `${fr}^{*}\\ \\text{(2.5)}`, values: n.map(() => at.critical) },
    { label: `${fr}^{*}\\cos(\\pi/n)`, values: at.table.map((row) => row.bound) },
  ];
  const legend = (series: readonly { label: string }[]) => series.map((x, i) => ({ label: x.label, ...seriesStyle(i) }));
  return [
    sceneFigure(
      plotScene({
        id: `plot-hinge-${h.hinge.name}-acceleration`,
        title: 'The n-gon journal: the angular acceleration against n',
        t: logN,
        events: [],
        series: accelerations,
        xLabel: SIDES_LABEL,
        yLabel: { text: 'angular acceleration', tex: `$\\ddot{${theta}}$` },
      }),
      0.8,
      legend(accelerations),
      [
        'The joint’s angular acceleration at the initial state with the journal an n-gon (2.4), against ',
        m('\\log_{10} n'),
        ', approaching the round journal’s of the iteration (2.6) (the table’s acceleration column).',
      ],
    ),
    sceneFigure(
      plotScene({
        id: `plot-hinge-${h.hinge.name}-threshold`,
        title: 'The n-gon journal: the self-locking coefficient against n',
        t: logN,
        events: [],
        series: thresholds,
        xLabel: SIDES_LABEL,
        yLabel: { text: 'reduced friction coefficient', tex: `$${fr}$` },
      }),
      0.8,
      legend(thresholds),
      [
        'The reduced coefficient at which a determinant ',
        m('\\Delta_i'),
        ' of the n-gon first vanishes (the table’s last column), against ',
        m('\\log_{10} n'),
        ', between ',
        m(`${fr}^{*}\\cos(\\pi/n)`),
        ' and the round journal’s threshold ',
        m(`${fr}^{*}`),
        ' (2.5): below it at every finite n.',
      ],
    ),
  ];
}
