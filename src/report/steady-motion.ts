// Steady motions in the report, printed from their study
// (src/studies/steady-motion.ts): which coordinates are cyclic, what was
// held and what solved for, each branch at the start value with its
// eigenvalues and verdict, and the boundaries found on the sweep (where
// stability changes, where a branch ends) as a short subsection of the
// results, with a figure of the eigenvalues along the branches.
// Tests: test/report/steady-motion.test.ts.
import type { DerivedSystem } from '../derive/system.js';
import type { SteadyMotionStudy } from '../studies/steady-motion.js';
import { countWord, m, paragraph, type Block, type Figure, type Inline, type Section } from './document.js';
import { mechanicsSymbol, reportSymbols } from './notation.js';
import { numberText, spectrumLatex } from './periodic.js';
import { curveScene, seriesStyle } from './plot.js';
import { sceneFigure } from './scene-figure.js';

/** The steady-motion section of a model whose steady motions were studied. */
export function steadyMotionSection({
  system,
  steadyMotion,
}: {
  readonly system: DerivedSystem;
  readonly steadyMotion?: SteadyMotionStudy;
}): Section | undefined {
  if (!steadyMotion) return undefined;
  const cs = system.model.coordinates;
  const { cyclic, request, result } = steadyMotion;
  const { sweep } = result;
  const q = (i: number): string => mechanicsSymbol(cs[i]!.name);
  const rate = (i: number): string => mechanicsSymbol(cs[i]!.qd.name);
  const list = (xs: readonly string[]): string => xs.join(',\\ ');
  const cyclicIdx = cs.flatMap((_, i) => (cyclic[i] ? [i] : []));
  const resting = cs.flatMap((_, i) => (cyclic[i] ? [] : [i]));
  const swept = sweep.variable.kind === 'rate' ? rate(sweep.variable.coordinate) : mechanicsSymbol(sweep.variable.name);
  const solved = cyclicIdx.filter((i) => request.free[i]);
  const held = resting.filter((i) => !request.free[i]);
  const constrained = system.constraints !== undefined;
  // The report's letters for the mass matrix and the forcing (notation.ts).
  const { mass: M, forcing: f } = reportSymbols(system);
  const blocks: Block[] = [
    paragraph(
      cyclicIdx.length === 1 ? 'The coordinate ' : 'The coordinates ',
      m(list(cyclicIdx.map(q))),
      cyclicIdx.length === 1 ? ' is cyclic: ' : ' are cyclic: ',
      ...(constrained ? ['none of ', m(M), ', ', m(f), ' and the constraints contains '] : ['neither ', m(M), ' nor ', m(f), ' contains ']),
      cyclicIdx.length === 1 ? 'it' : 'them',
      '. A steady motion turns them at constant rates while ',
      ...(resting.length ? [m(list(resting.map(q))), resting.length === 1 ? ' rests' : ' rest'] : ['nothing else moves']),
      ': ',
      m('\\ddot{q} = 0'),
      constrained ? ' with the multipliers eliminated and the constraints holding.' : '.',
      ...(held.length ? [' At ', m(list(held.map((i) => `${q(i)} = ${numberText(request.q[i]!)}`))), ' (the declared initial configuration)'] : [' At']),
      ' and the default parameters, ',
      m(swept),
      ' is given',
      ...(solved.length ? [' and ', m(list(solved.map(rate))), ' solved for'] : []),
      `; the steady motions found at `,
      m(`${swept} = ${numberText(result.start)}`),
      ' are continued over ',
      m(`${swept} \\in [${numberText(Math.min(sweep.from, sweep.to))}, ${numberText(Math.max(sweep.from, sweep.to))}]`),
      '.',
    ),
    paragraph(
      'Their stability is that of the reduced state, the cyclic coordinates dropped',
      constrained ? ', on the tangent space of the constraint manifold' : '',
      ': the eigenvalues of its state matrix, less the zeros of the family of steady motions through each (another rate, another resting value). Boundaries are located by Brent’s method where a branch’s verdict changes sides, by bisection where it ends.',
    ),
  ];
  blocks.push({
    kind: 'table',
    id: 'steady-motions',
    caption: 'Steady motions where they were found, with their eigenvalues',
    columns: ['Branch', 'Steady motion', 'Eigenvalues', 'Family zeros', 'Verdict'],
    align: 'llllp',
    rows: result.branches.map((b, k) => [
      [`${k + 1}`],
      [m(list(cs.map((_, i) => (cyclic[i] ? `${rate(i)} = ${numberText(b.start.motion.qd[i]!)}` : `${q(i)} = ${numberText(b.start.motion.q[i]!)}`))))],
      b.start.motion.eigenvalues.length ? [m(list(spectrumLatex(b.start.motion.eigenvalues)))] : ['none'],
      [`${b.start.motion.family}`],
      [b.start.motion.verdict],
    ]),
  });
  const boundaries = result.branches.flatMap((b, k) => b.boundaries.map((x) => ({ branch: k + 1, ...x })));
  const verdictText = (v: string): Inline => (v === 'none' ? 'no steady motion' : v);
  blocks.push(
    boundaries.length
      ? {
          kind: 'table',
          id: 'steady-boundaries',
          caption: `Stability and existence boundaries in ${sweep.variable.kind === 'rate' ? 'the rate' : 'the parameter'}`,
          columns: ['Branch', 'Critical value', 'Kind', 'Below', 'Above'],
          align: 'llppp',
          rows: boundaries.map((x) => [
            [`${x.branch}`],
            [m(`${swept} = ${Number(x.value.toPrecision(8))}`)],
            [x.kind],
            [verdictText(x.below)],
            [verdictText(x.above)],
          ]),
        }
      : paragraph(
          `No boundary lies in the sweep: ${result.branches.length === 1 ? 'the branch keeps its verdict' : `the ${countWord(result.branches.length)} branches keep their verdicts`} over it.`,
        ),
  );
  blocks.push(
    spectrumFigure(steadyMotion, swept, sweep.variable.kind === 'rate' ? system.model.coordinates[sweep.variable.coordinate]!.qd.name : sweep.variable.name),
  );
  return { id: 'steady-motion', title: 'Steady motions', blocks };
}

/**
 * Along each branch its largest frequency max |Im λ| (the nutation of a
 * top) and, where some point grows, its largest real part max Re λ.
 */
function spectrumFigure({ result }: SteadyMotionStudy, swept: string, sweptText: string): Figure {
  const curves = result.branches.flatMap((b, k) => {
    const x = b.points.map((p) => p.value);
    const frequency = {
      label: `branch ${k + 1}: max |Im λ|`,
      tex: `\\text{branch ${k + 1}: } \\max |\\operatorname{Im} \\lambda|`,
      x,
      y: b.points.map((p) => Math.max(0, ...p.motion.eigenvalues.map((z) => Math.abs(z.im)))),
    };
    const growth = {
      label: `branch ${k + 1}: max Re λ`,
      tex: `\\text{branch ${k + 1}: } \\max \\operatorname{Re} \\lambda`,
      x,
      y: b.points.map((p) => Math.max(0, p.motion.growth)),
    };
    return b.points.some((p) => p.motion.verdict === 'unstable') ? [frequency, growth] : [frequency];
  });
  const scene = curveScene({
    id: 'plot-steady-spectrum',
    title: 'Eigenvalues of the steady motions against the swept value',
    xLabel: { text: sweptText, tex: `$${swept}$` },
    yLabel: 'eigenvalue',
    curves,
  });
  return sceneFigure(
    scene,
    0.8,
    curves.map((c, k) => ({ label: c.tex, ...seriesStyle(k) })),
    ['The eigenvalues of each branch of steady motions on the grid of the sweep, from the dot at its lowest value.'],
  );
}
