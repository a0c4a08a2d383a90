// The run's first impact of a contact with Coulomb friction striking alone
// (studies/first-impact.ts), printed in the discussion: which outcomes its
// map admits at the run's state, the impulses of the one taken, and the work
// of the normal and the friction impulse beside the loss of kinetic energy.
// Tests: test/report/falling-rod-outcomes.test.ts.
import type { DerivedSystem } from '../derive/system.js';
import { preImpactName } from '../model/names.js';
import type { FirstImpact, ImpactOutcome } from '../studies/first-impact.js';
import type { LawOutcome } from '../studies/lone-impact-laws.js';
import { equation, equations, m, paragraph, ref, textInlines, type Block, type Figure, type Inline } from './document.js';
import { unitText } from './motion.js';
import { fourDigits, mathLines, mechanicsSymbol, proseName, reportSymbols, unitLatex } from './notation.js';
import { curveScene, seriesStyle } from './plot.js';
import { sceneFigure } from './scene-figure.js';
import { plainSymbol } from './sketch-marks.js';

export function firstImpactBlocks(system: DerivedSystem, fi: FirstImpact): Block[] {
  const { model } = system;
  const j = fi.contact + 1;
  const name = proseName(model.unilateral[fi.contact]!.name);
  const L = `\\Delta${reportSymbols(system).measure}_{${j}}`;
  const N = `\\Delta\\nu_{${j}}`;
  const [s0, s1] = fi.slipVelocity;
  const state = model.coordinates
    .map((c, i) => `${mechanicsSymbol(c.name)} = ${fourDigits(fi.q[i]!)},\\ ${mechanicsSymbol(preImpactName(c.name))} = ${fourDigits(fi.qdMinus[i]!)}`)
    .join(',\\ ');
  const tag = (o: ImpactOutcome, line: number): Inline => ref(`impact-${fi.map + 1}-mode-${o.mode + 1}-condition-${line}`);
  const stick = fi.outcomes.find((o) => o.friction === 'stick');
  const along = Math.sign(s0);
  const slides = (o: ImpactOutcome): string => (o.direction === along ? 'sliding on in the direction of the slip before' : 'sliding in the reverse direction');
  const inadmissible = fi.outcomes.filter((o) => !o.admissible && o.friction === 'slide').map(slides);
  const t = fi.taken;
  const words = t.friction === 'stick' ? 'sticking' : slides(t);
  const others = fi.outcomes.filter((o) => o.admissible && (o.mode !== t.mode || o.direction !== t.direction)).length;
  return [
    paragraph(
      'The run’s first impact, at ',
      m(`t = ${fourDigits(fi.t)}`),
      `, is one of ${name} striking alone (`,
      m(state),
      '), with the slip velocity ',
      m(`\\dot{s}^{-} = ${fourDigits(s0)}`),
      '. ',
      ...(stick && !stick.admissible
        ? [
            'Sticking is not admissible there: it needs ',
            m(`|${N}| = ${fourDigits(Math.abs(stick.tangential))}`),
            ' against ',
            m(`\\mu ${L} = ${fourDigits(fi.mu * stick.normal)}`),
            ' in ',
            tag(stick, 2),
            '. ',
          ]
        : []),
      ...(inadmissible.length ? [`Nor is ${inadmissible.join(' or ')}. `] : []),
      `The ${others ? '' : 'only '}admissible outcome${others ? ' taken' : ''} is ${words}: `,
      m(`${L} = ${fourDigits(t.normal)},\\ ${N} = ${fourDigits(t.tangential)}`),
      ', and after it ',
      m(`\\dot{s}^{+} = ${fourDigits(s1)}`),
      '. The normal impulse does the work ',
      m(`\\tfrac{1}{2}${L}(\\dot{f}^{-}_{${j}} + \\dot{f}^{+}_{${j}}) = ${fourDigits(fi.normalWork)}`),
      ' and the friction impulse ',
      m(`\\tfrac{1}{2}${N}(\\dot{s}^{-} + \\dot{s}^{+}) = ${fourDigits(fi.frictionWork)}`),
      '; together they change the kinetic energy by ',
      m(fourDigits(fi.energyChange)),
      ...(fi.frictionWork > 0 && fi.energyChange < 0
        ? [
            '. The friction impulse does positive work because the slip reverses within the impact: it opposes the slip after, as Coulomb’s law applied to the impulses demands, and so points along the slip before. A friction force acting during the impact could not do that (its power ',
            m('-\\mu\\,\\dot{\\sigma}\\,|\\dot{s}|'),
            ' is never positive); the algebraic law admits it, and the impact as a whole still dissipates, so the simulation keeps the outcome',
          ]
        : []),
      '.',
    ),
    ...lawBlocks(fi, L, N),
  ];
}

/**
 * The same impact under the laws the toolkit has, side by side (studies/lone-impact-laws.ts): the algebraic law
 * the derived map states, Coulomb's law on the impulse's increments, and Glocker's, each outcome computed.
 */
function lawBlocks(fi: FirstImpact, L: string, N: string): Block[] {
  const algebraic: LawOutcome = {
    normal: fi.taken.normal,
    tangential: fi.taken.tangential,
    normalAfter: fi.normalVelocity[1],
    slipAfter: fi.slipVelocity[1],
    work: fi.energyChange,
  };
  const row = (law: string, o: LawOutcome): Inline[][] => [[law], ...[o.normal, o.tangential, o.slipAfter, o.work].map((x) => [m(fourDigits(x))])];
  const g = fi.glocker;
  return [
    paragraph(
      'The outcome depends on the impact law. Table ',
      ref('tab:impact-laws'),
      ' sets the algebraic law’s outcome beside two others, computed at the same state from the contact’s Delassus matrix: Coulomb’s law applied to the increments of the impulse through the impact (Routh; Darboux–Keller), integrated in ',
      m(L),
      ' until ',
      m('\\dot{f}^{+} = -e\\,\\dot{f}^{-}'),
      ' (the slip stopping, sticking or reversing on the way), and Glocker’s law above. Its columns are ',
      m(`${L},\\ ${N},\\ \\dot{s}^{+}`),
      ' and ',
      m('T^{+} - T^{-}'),
      '. The incremental law is the one a friction force acting during the impact gives: its friction opposes the slip at every instant, so it never does positive work, and its outcome is the one this impact should take. The algebraic law keeps the outcome its impulses admit; the simulation uses it where it dissipates.',
    ),
    {
      kind: 'table',
      id: 'impact-laws',
      caption:
        'The run’s first impact under three impact laws: the normal and the friction impulse, the slip velocity after, and the change of the kinetic energy',
      columns: ['Impact law', 'Normal impulse', 'Friction impulse', 'Slip after', 'Change of T'],
      align: 'lrrrr',
      rows: [row('algebraic (Newton–Coulomb)', algebraic), row('incremental (Routh, Darboux–Keller)', fi.incremental), ...(g ? [row('Glocker', g)] : [])],
    },
  ];
}

/**
 * The outcome of a contact striking alone by r = ṡ⁻/|ḟ⁻| (studies/lone-outcomes.ts): the edges of sticking in
 * closed form, the slides beyond them, and where the run's first impact lies.
 */
export function loneOutcomeBlocks(system: DerivedSystem, fi: FirstImpact): Block[] {
  const edges = fi.edges;
  if (!edges) return [];
  const name = proseName(system.model.unilateral[fi.contact]!.name);
  const r = 'r = \\dot{s}^{-}/|\\dot{f}^{-}|';
  const [lo, hi] = edges.values;
  const ratio = edges.ratio;
  const verdict =
    ratio < lo ? 'below it: it slides with $\\dot{s}^{+} \\le 0$' : ratio > hi ? 'above it: it slides with $\\dot{s}^{+} \\ge 0$' : 'inside it: it sticks';
  return [
    paragraph(
      `When ${name} strikes alone, its outcome is decided by `,
      m(r),
      ' alone, its slip velocity over its approach speed before the impact: the conditions of its impact map with ',
      m('W'),
      ' its Delassus matrix (its normal and slip rows through ',
      m('M^{-1}'),
      ') read sticking for ',
      m('r_{-} \\le r \\le r_{+}'),
      ', sliding with ',
      m('\\dot{s}^{+} \\le 0'),
      ' for ',
      m('r \\le r_{-}'),
      ' and sliding with ',
      m('\\dot{s}^{+} \\ge 0'),
      ' for ',
      m('r \\ge r_{+}'),
      ', where',
    ),
    equations(
      equation(`impact-${fi.map + 1}-edge-lower`, 'r_{-}', mathLines(edges.lower)),
      equation(`impact-${fi.map + 1}-edge-upper`, 'r_{+}', mathLines(edges.upper)),
    ),
    paragraph(
      'with ',
      m('r_{\\pm} = (1 + e)(\\pm\\mu W_{tt} - W_{nt})/(W_{nn} \\mp \\mu W_{nt})'),
      ': one outcome for each ',
      m('r'),
      ' where ',
      m('W_{nn} > \\mu |W_{nt}|'),
      '. A slide whose ',
      m('\\dot{s}^{+}'),
      ' has the sign opposite to ',
      m('\\dot{s}^{-}'),
      ', the slip reversing within the impact, is the only admissible outcome for ',
      m('0 < r < r_{-}'),
      ' and for ',
      m('r_{+} < r < 0'),
      '. At the run’s first impact, ',
      m(`t = ${fourDigits(fi.t)}`),
      ', ',
      m(`r = ${fourDigits(ratio)}`),
      ' and the sticking interval is ',
      m(`[r_{-}, r_{+}] = [${fourDigits(lo)}, ${fourDigits(hi)}]`),
      '; ',
      m('r'),
      ' lies ',
      ...textInlines(`${verdict}.`),
      ...(edges.curve ? [' The figure below draws the edges against ', m(mechanicsSymbol(edges.curve.coordinate)), ' over a half-turn.'] : []),
    ),
    ...(edges.curve ? [edgesFigure(system, fi)] : []),
  ];
}

/** The legend's name of the dot. */
const FIRST = '\\text{first impact of the run}';

/**
 * r±(θ) over a half-turn at the default parameters (studies/lone-outcomes.ts edgeCurve): sticking between the
 * curves, sliding above and below; the run's first impact marked at its (θ, r).
 */
function edgesFigure(system: DerivedSystem, fi: FirstImpact): Figure {
  const edges = fi.edges!;
  const curve = edges.curve!;
  const { model } = system;
  const i = model.coordinates.findIndex((c) => c.name === curve.coordinate);
  const unit = model.coordinates[i]!.unit;
  const theta = mechanicsSymbol(curve.coordinate);
  const name = proseName(model.unilateral[fi.contact]!.name);
  const at = fi.q[i]!;
  const scene = curveScene({
    id: `plot-sticking-edges-${fi.map + 1}`,
    title: `The edges of sticking r± against ${plainSymbol(curve.coordinate)} when ${name} strikes alone`,
    curves: [
      { label: 'r_{+}', x: curve.x, y: curve.upper, start: false },
      { label: 'r_{-}', x: curve.x, y: curve.lower, start: false },
      { label: FIRST, x: [at], y: [edges.ratio], dots: true },
    ],
    xLabel: unit
      ? { text: `${plainSymbol(curve.coordinate)} [${unitText(unit)}]`, tex: `$${theta}$ [$${unitLatex(unit)}$]` }
      : { text: plainSymbol(curve.coordinate), tex: `$${theta}$` },
    // r = ṡ⁻/|ḟ⁻| is a ratio of two speeds: its unit is 1.
    yLabel: { text: 'r [1]', tex: '$r$ [$1$]' },
    xRange: [0, Math.PI],
  });
  const legend = ['r_{+}', 'r_{-}', FIRST].map((label, k) => ({ label, color: seriesStyle(k).color }));
  return sceneFigure(scene, 0.75, legend, [
    `The edges of sticking when ${name} strikes alone, against `,
    m(`${theta} \\in [0, \\pi]`),
    ' at the default parameters: it sticks for ',
    m('r_{-} \\le r \\le r_{+}'),
    ' (between the curves), slides with ',
    m('\\dot{s}^{+} \\ge 0'),
    ' above ',
    m('r_{+}'),
    ' and with ',
    m('\\dot{s}^{+} \\le 0'),
    ' below ',
    m('r_{-}'),
    '; the dot is the run’s first impact, ',
    m(`${theta} = ${fourDigits(at)},\\ r = ${fourDigits(edges.ratio)}`),
    '.',
  ]);
}
