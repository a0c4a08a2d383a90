// kozlov1988 Fig. 3 in the parabolic billiard's report: the two motions of
// the confocal study (src/studies/confocal.ts), each drawn in the plane
// with the wall y = x²/(2a) and the confocal parabolas 2y = c + x²/(a − c)
// of F's roots c₁, c₂ that bound it, (5.4) and (5.5). It prints the study's
// numbers; nothing is computed here but the curves' points.
// Tests: test/report/confocal.test.ts.
import { REFERENCES } from '../model/sources.js';
import type { ConfocalRun, ConfocalStudy } from '../studies/confocal.js';
import { m, paragraph, type Figure, type Section } from './document.js';
import { curveScene, seriesStyle, type CurveSpec } from './plot.js';
import { fourDigits } from './notation.js';
import { sceneFigure } from './scene-figure.js';

/** kozlov1988's figure this section redraws (panels a, b), and the section's id (docs/reports/papers.html links to it). */
export const CONFOCAL_FIGURE = { eq: 'Fig. 3', id: 'confocal' } as const;

/** Points per bounding parabola. */
const POINTS = 161;

export function confocalSection(study: ConfocalStudy): Section {
  const paper = REFERENCES.kozlov1988.short;
  return {
    id: CONFOCAL_FIGURE.id,
    title: 'Motions in confocal quadrilaterals',
    blocks: [
      paragraph(
        `The billiard is integrable (${paper} §5): in Chaplygin’s parabolic coordinates (5.2) with `,
        m('b = 0'),
        ' a motion keeps ',
        m('F(v) \\ge 0 \\ge F(w)'),
        ' for ',
        m('F(c) = \\alpha c^2 - \\beta c - \\gamma'),
        ', ',
        m('\\alpha = g/4'),
        ', ',
        m('\\beta = h/2 + ag/4'),
        ' (unit mass, ',
        m('h'),
        ' the energy), and ',
        m('\\gamma = (I - ah)/2'),
        ' in the integral ',
        m('I'),
        ' kept by the flights and the impacts (the paper check below). The roots ',
        m('c_1 \\le c_2'),
        ' of ',
        m('F'),
        ' (the paper’s ',
        m('x_1, x_2'),
        ') name the confocal parabolas ',
        m('2y = c + x^2/(a - c)'),
        ' that bound the motion: ',
        m('c_2 > a \\ge c_1'),
        ' makes it fill the quadrilateral (5.4) about the axis, ',
        m('c_2 \\ge c_1 \\ge a'),
        ' the one (5.5) between two parabolas opening down. Two motions simulated from starts in flight (',
        m(`t \\le ${Number(study.runs[0]!.t.at(-1)!.toPrecision(3))}`),
        `, ${study.runs[0]!.t.length} samples each), with the parabolas of their starts’ roots:`,
      ),
      ...study.runs.map((r) => panel(study, r)),
    ],
  };
}

/** A panel's curves: the path, the wall and the parabolas of c₁ and c₂, these over the path's width and near its heights. */
export function confocalCurves(a: number, r: ConfocalRun): CurveSpec['curves'] {
  const lo = Math.min(...r.x);
  const hi = Math.max(...r.x);
  const pad = 0.08 * (hi - lo);
  const xs = Array.from({ length: POINTS }, (_, i) => lo - pad + ((hi - lo + 2 * pad) * i) / (POINTS - 1));
  // The parabolas drawn only near the path (a root near a makes one steep): beyond, NaN breaks the line.
  const [yLo, yHi] = [Math.min(...r.y), Math.max(...r.y)];
  const near = (y: number): number => (y >= yLo - 0.25 * (yHi - yLo) && y <= yHi + 0.25 * (yHi - yLo) ? y : NaN);
  const parabola = (c: number): number[] => xs.map((x) => near((c + (x * x) / (a - c)) / 2));
  return [
    { label: '\\text{path}', x: r.x, y: r.y },
    { label: 'y = x^2/(2a)', x: xs, y: xs.map((x) => near((x * x) / (2 * a))), start: false },
    { label: `c_1 = ${fourDigits(r.c1)}`, x: xs, y: parabola(r.c1), start: false },
    { label: `c_2 = ${fourDigits(r.c2)}`, x: xs, y: parabola(r.c2), start: false },
  ];
}

function panel({ a }: ConfocalStudy, r: ConfocalRun): Figure {
  const paper = REFERENCES.kozlov1988.short;
  const curves = confocalCurves(a, r);
  const scene = curveScene({
    id: `plot-confocal-${r.panel}`,
    title: `The parabolic billiard’s motion in its quadrilateral (${paper} ${CONFOCAL_FIGURE.eq}${r.panel})`,
    curves,
    xLabel: { text: 'x', tex: '$x$' },
    yLabel: { text: 'y', tex: '$y$' },
    height: 320,
  });
  return sceneFigure(
    scene,
    0.8,
    curves.map((c, k) => ({ label: c.label, ...seriesStyle(k) })),
    [
      `The motion from `,
      m(`(x, y) = (${r.q0.join(', ')})`),
      ', ',
      m(`(\\dot{x}, \\dot{y}) = (${r.qd0.join(', ')})`),
      ' (the dot) and the parabolas of its roots ',
      m(`c_1 = ${fourDigits(r.c1)}`),
      ', ',
      m(`c_2 = ${fourDigits(r.c2)}`),
      r.panel === 'a' ? ': the quadrilateral (5.4) about the axis' : ': the quadrilateral (5.5) between two parabolas opening down',
      ` (${paper} ${CONFOCAL_FIGURE.eq}${r.panel}).`,
    ],
  );
}
