// The figures of a report: the sketch of the model at its initial
// configuration (beside the model's description), and the simulated motion —
// coordinates and velocities against time, one unit and one size per plot
// (motion-plots.ts), energy and its drift, one marker per instant of events,
// a phase portrait of every coordinate, and (HTML only) an animation.
// Every plot is printed as SVG for the web page and TikZ for the PDF.
// Tests: test/report/motion.test.ts, test/report/figures.test.ts.
import type { ImpactLosses } from '../studies/impact-losses.js';
import type { RunImpactMode } from '../studies/run-modes.js';
import { ZERO } from '../core/expr.js';
import type { Drawing, Model } from '../model/types.js';
import type { PresentationSpec } from '../model/spec.js';
import { animationHtml } from './animation.js';
import { m, paragraph, ref, textInlines, type Block, type Figure, type Inline, type Paragraph, type Section } from './document.js';
import { constraintLabel, energyLabel, fourDigits, gapForm, math, mechanicsSymbol, proseName, scientific, slipRateSymbol, unitLatex } from './notation.js';
import type { RealizedReaction } from '../studies/realized-reactions.js';
import type { SlipRates } from '../studies/slip-rates.js';
import type { PassThrough } from '../studies/motion.js';
import type { UniformMotion } from '../studies/uniform-motion.js';
import {
  constantCoordinates,
  conservativeBetweenEvents,
  energyDrift,
  heldBySticking,
  keptEnergy,
  scaleGroups,
  shownTrajectory,
  showsNothing,
  spread,
  uniformRun,
  type PlottedElsewhere,
} from './motion-plots.js';
import { curveScene, EVENT_STYLE, eventMarkers, plotScene, seriesStyle, valueRange, type AxisLabel, type PlotEvent } from './plot.js';
import { sceneFigure } from './scene-figure.js';
import { plainSymbol } from './sketch-marks.js';
import type { MethodSource } from '../studies/motion.js';
import { formatNumber, methodInline, type ReportSimulation, type ReportTrajectory } from './sections.js';
import { boundingBox, poser, sketchScene } from './sketch.js';
import { view } from './sketch-view.js';

/** A trajectory with its velocities (the runtime's Trajectory is one). */
export interface MotionTrajectory extends ReportTrajectory {
  readonly qd: readonly (readonly number[])[];
}

export type MotionSimulation =
  | Exclude<ReportSimulation, { readonly trajectory: ReportTrajectory }>
  | {
      readonly trajectory: MotionTrajectory;
      readonly method: string;
      readonly after?: MethodSource;
      readonly passes?: readonly PassThrough[];
      readonly losses?: ImpactLosses;
      readonly modes?: readonly RunImpactMode[];
    };

/** Plots show at most this many coordinates (a 30-link chain's 30 curves are no figure). */
export const MAX_SERIES = 8;
/** Curves in the phase portrait. */
const MAX_PHASE = 4;

/** A unit as plain text: "m/s^2" → "m/s²". */
export function unitText(unit: string): string {
  const sup: Record<string, string> = { '-': '⁻', '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹' };
  return unit.trim().replace(/\^(-?\d+)/g, (_, e: string) => [...e].map((c) => sup[c]!).join(''));
}

/** A unit per second: rad → rad/s, m/s → m/s². */
export function rateUnit(unit: string): string {
  const per = /^(.*)\/s(?:\^(\d+))?$/.exec(unit.trim());
  return per ? `${per[1]}/s^${Number(per[2] ?? 1) + 1}` : `${unit.trim()}/s`;
}

/** "q [rad]" and "$q$ [$\mathrm{rad}$]", or without brackets when the quantity has no unit. */
function axis(text: string, tex: string, unit: string | undefined): AxisLabel {
  return unit ? { text: `${text} [${unitText(unit)}]`, tex: `$${tex}$ [$${unitLatex(unit)}$]` } : { text, tex: `$${tex}$` };
}

/** Whether the model's two coordinates are a point's Cartesian position (two lengths), whose path pathFigure draws. */
const planarPoint = (model: Model): boolean => model.coordinates.length === 2 && model.coordinates.every((c) => c.unit === 'm');

/**
 * A point's path in the plane, where the model's two coordinates are its
 * Cartesian position (two lengths): the billiards' chords (kozlov1988 §3,
 * §5). The frame's width follows the path's aspect, so that a circle stays round.
 */
function pathFigure(model: Model, tr: ReportTrajectory): Figure | undefined {
  if (!planarPoint(model)) return undefined;
  const [cx, cy] = model.coordinates as [Model['coordinates'][number], Model['coordinates'][number]];
  const x = tr.q.map((r) => r[0]!);
  const y = tr.q.map((r) => r[1]!);
  const [xLo, xHi] = valueRange(x);
  const [yLo, yHi] = valueRange(y);
  const aspect = (xHi - xLo) / Math.max(yHi - yLo, 1e-12);
  // The axes' margins take 80 px of the width and 60 of the height. A wide path widens the frame (up to
  // 640 px); a tall one makes it taller (up to 480 px) rather than narrower than 320 px, so it stays legible.
  const width = Math.round(Math.min(640, Math.max(320, 80 + 240 * aspect)));
  const height = Math.round(Math.min(480, Math.max(300, 60 + (width - 80) / aspect)));
  return sceneFigure(
    curveScene({
      id: 'plot-path',
      title: `${model.title}: path in the plane`,
      xLabel: axis(cx!.name, mechanicsSymbol(cx!.name), 'm'),
      yLabel: axis(cy!.name, mechanicsSymbol(cy!.name), 'm'),
      curves: [{ label: 'path', x, y }],
      width,
      height,
    }),
    Number(Math.min(0.9, width / 640).toFixed(2)),
    [{ label: `(${mechanicsSymbol(cx!.name)}, ${mechanicsSymbol(cy!.name)})`, ...seriesStyle(0) }],
    ['The path in the plane, from the dot at the initial state.'],
  );
}

/** The sketch figure at the initial configuration, framed to hold the whole motion when there is one. */
export function sketchFigure(model: Model, drawing: Drawing, trajectory?: ReportTrajectory): Figure {
  const at = poser(drawing, model);
  const initial = at(model.initial.q0);
  const poses = trajectory ? [initial, ...trajectory.q.map((q, i) => at(q, trajectory.t[i]))] : [initial];
  const v = view(boundingBox(drawing, model, poses));
  const scene = sketchScene('sketch', `${model.title}: sketch at the initial configuration`, drawing, model, initial, v);
  const values = model.coordinates.map((c, i) => `${mechanicsSymbol(c.name)} = ${formatNumber(Number(model.initial.q0[i]!.toPrecision(4)))}`);
  return {
    ...sceneFigure(scene, Number(Math.min(0.6, v.width / 640).toFixed(2)), [], []),
    caption: [
      ...(drawing.shows ? [...textInlines(drawing.shows), ', at the initial configuration '] : ['The model at its initial configuration ']),
      m(values.join(',\\allowbreak\\ ')),
      ...(drawing.unscaled
        ? [', drawn with the default parameters; not to scale: ', ...textInlines(drawing.unscaled), '.']
        : [', drawn to scale with the default parameters.']),
    ],
  };
}

/**
 * The contacts the motion carries through their surfaces (studies/motion.ts
 * passesThrough), each with its deepest gap in the report's letter and,
 * where declared, the activation condition that lets it pass.
 */
function passesParagraph(model: Model, passes: readonly PassThrough[]): Block {
  const items = passes.flatMap((p, k): Inline[] => {
    const c = model.unilateral[p.contact]!;
    const { letter } = gapForm(model, c);
    const value = Number((letter === 'f' ? p.gap : -p.gap).toPrecision(2));
    const w = c.when;
    return [
      `${k === 0 ? '' : '; '}${c.name}${p.count > 1 ? ` passes ${p.count} times, deepest` : ' reaches'} `,
      m(`${letter}_{${p.contact + 1}} = ${formatNumber(value)}`),
      ' at ',
      m(`t \\approx ${formatNumber(Number(p.t.toPrecision(3)))}`),
      ...(w ? [', where ', m(`${math(w.value)} ${w.strict ? '>' : '\\ge'} 0`), ' does not hold'] : [', an arrival the integration missed']),
    ];
  });
  return paragraph(
    'The motion carries contact points through their surfaces where an arrival is no impact: ',
    ...items,
    '. The model lets them pass, and the figures draw them so.',
  );
}

/** "T⁻ − T⁺ = 5.498 J", or "T⁻ − T⁺ from 5.412 to 5.498 J". */
const lossInlines = ([lo, hi]: readonly string[]): Inline[] =>
  hi === undefined ? [m(`T^{-} - T^{+} = ${lo}`), ' J'] : [m('T^{-} - T^{+}'), ' from ', m(lo!), ' to ', m(hi), ' J'];

/** The impacts' losses to four digits: one number where those do not tell them apart (a walker on its gait), else the least and the largest. */
export function lossValues(lost: readonly number[]): string[] {
  const [lo, hi] = [Math.min(...lost), Math.max(...lost)].map((x) => `${Number(x.toPrecision(4))}`);
  return lo === hi ? [hi!] : [lo!, hi!];
}

/**
 * The kinetic energy the simulated impacts take (studies/impact-losses.ts):
 * its range, and whether it is Carnot's ½[q̇]ᵀM[q̇] (rubanovich1981 (3.14)).
 */
function lossesParagraph(l: ImpactLosses): Block {
  const lost = l.impacts.map((i) => i.lost);
  const [lo, hi] = [Math.min(...lost), Math.max(...lost)];
  const n = l.impacts.length;
  return paragraph(
    n === 1 ? 'The impact takes the kinetic energy ' : `Each of the ${n} impacts takes the kinetic energy `,
    // A cascade's last impacts take next to nothing: then only the largest loss is said.
    ...(lo < 1e-3 * hi ? [m(`T^{-} - T^{+}`), ' of up to ', m(formatNumber(Number(hi.toPrecision(4)))), ' J'] : lossInlines(lossValues(lost))),
    ...(l.carnot
      ? [
          ', which is Carnot’s loss ',
          m('\\tfrac{1}{2}[\\dot{q}]^{\\top} M [\\dot{q}]'),
          ' with ',
          m('[\\dot{q}] = \\dot{q}^{+} - \\dot{q}^{-}'),
          ' (Rubanovich–Formalsky (3.14)) to ',
          m('10^{-9}'),
          ': the kinetic energy of the velocity jump, positive wherever the velocities jump.',
        ]
      : ['.']),
  );
}

/** Impacts listed by their mode, at most: a cascade's many impacts would be a list, not a sentence. */
const MODES_LISTED = 6;

/** The impacts' modes (studies/run-modes.ts) as a sentence. */
function impactModesParagraph(model: Model, modes: readonly RunImpactMode[]): Block | undefined {
  if (!modes.length) return undefined;
  const names = (js: readonly number[]): string => js.map((j) => proseName(model.unilateral[j]!.name)).join(' and ');
  const listed = modes
    .slice(0, MODES_LISTED)
    .map(({ t, struck, left, stayed }): Inline[] => [
      'at ',
      m(`t = ${formatNumber(Number(t.toPrecision(4)))}`),
      ` ${names(struck)} strike${struck.length === 1 ? 's' : ''}`,
      ...(left.length ? [` and ${names(left)} leave${left.length === 1 ? 's' : ''}`] : []),
      ...(stayed.length ? [` and ${names(stayed)} stay${stayed.length === 1 ? 's' : ''}`] : []),
    ]);
  return paragraph(
    'The impacts’ modes, read from the run’s events: ',
    ...listed.flatMap((x, i) => [...(i ? ['; '] : []), ...x]),
    modes.length > listed.length ? `; and ${modes.length - listed.length} more.` : '.',
  );
}

/** The motion's plots a model leaves out, and why (ModelSpec.unplotted). */
export type Unplotted = NonNullable<PresentationSpec['unplotted']>;

/** What a model or its studies change in the motion's section. */
export interface MotionExtras {
  /** The plots the model leaves out, and why (ModelSpec.unplotted). */
  readonly unplotted?: Unplotted;
  /** The id of a study's section that draws the run at its impacts, in place of the plots against time (rubanovich1981 §2's speeds). */
  readonly drawnIn?: string;
  /** The contacts' slip velocities along the run (studies/slip-rates.ts), plotted. */
  readonly slips?: SlipRates;
  /** The realized retaining constraints' forces beside their multipliers along the run (studies/realized-reactions.ts), plotted. */
  readonly reactions?: readonly RealizedReaction[];
}

/** The "Simulated motion" section: the plots in both reports, the animation in the HTML one. */
export function motionSection(
  model: Model,
  simulation: MotionSimulation | undefined,
  drawing: Drawing | undefined,
  plottedElsewhere: readonly PlottedElsewhere[] = [],
  { unplotted, drawnIn, slips, reactions = [] }: MotionExtras = {},
): Section | undefined {
  if (!simulation) return undefined;
  const vector = (xs: readonly number[]): string => {
    const s = xs.map((x) => formatNumber(x).replace(/e([+-]?\d+)$/, (_, e: string) => ` \\cdot 10^{${Number(e)}}`));
    // \allowbreak: a long initial state may break across lines after a comma (inline math breaks only at relations otherwise).
    return s.length === 1 ? s[0]! : `(${s.join(',\\allowbreak ')})^{\\top}`;
  };
  const from: Inline[] = [
    'The motion from ',
    m(`q(0) = ${vector(model.initial.q0)}`),
    ', ',
    m(`\\dot{q}(0) = ${vector(model.initial.qd0)}`),
    ' at the parameters’ defaults',
  ];
  if (!('trajectory' in simulation)) {
    const why = 'error' in simulation ? `The simulation failed: ${simulation.error}` : `Not simulated: ${simulation.skipped}.`;
    return { id: 'simulation', title: 'Simulated motion', blocks: [paragraph(...from, '.'), paragraph(why)] };
  }
  const run = simulation.trajectory;
  const { shown: tr, rest } = shownTrajectory(run);
  const cs = model.coordinates.slice(0, MAX_SERIES);
  const more = model.coordinates.length > cs.length ? ` (the first ${cs.length} of ${model.coordinates.length})` : '';
  const events: PlotEvent[] = tr.events.map((e) => ({ t: e.t, kind: e.type }));
  const t1 = tr.t[tr.t.length - 1] ?? 0;
  const markers = eventMarkers(events, (t1 - (tr.t[0] ?? 0)) / 560);
  const kinds = [...new Set(markers.map((e) => e.kind))];
  const eventLegend = kinds.map((k) => ({ label: `\\text{${k}}`, color: EVENT_STYLE[k].color, dash: EVENT_STYLE[k].dash }));
  const eventNote = markers.length ? ['; a dashed line marks each instant of events, ×n the number of events at one instant.'] : ['.'];
  const until: Inline[] =
    rest === undefined
      ? []
      : [
          ' Shown until ',
          m(`t = ${formatNumber(Number(t1.toPrecision(3)))}`),
          ': at rest from ',
          m(`t \\approx ${formatNumber(Number(rest.toPrecision(3)))}`),
          '.',
        ];
  const time = axis('t', 't', 's');
  const column = (rows: readonly (readonly number[])[], i: number): number[] => rows.map((r) => r[i]!);
  const qs = cs.map((_, i) => column(tr.q, i));
  const qds = cs.map((_, i) => column(tr.qd, i));
  const suffix = (k: number): string => (k === 0 ? '' : `-${k + 1}`);
  // The coordinates held at one value are left out of every plot (motion-plots.ts constantCoordinates); the others grouped by unit and size.
  const flat = constantCoordinates(tr.q, cs.length);
  // Those a closed sticking contact sets from the others throughout (motion-plots.ts heldBySticking), and those the model
  // leaves out (ModelSpec.unplotted, with why): each said in a line, neither against time nor in a phase portrait.
  const held = heldBySticking(model, tr).filter((i) => i < cs.length && !flat.includes(i));
  const left = cs.map((_, i) => i).filter((i) => !flat.includes(i) && !held.includes(i) && unplotted?.names.includes(cs[i]!.name));
  const moving = cs.map((_, i) => i).filter((i) => !flat.includes(i) && !held.includes(i) && !left.includes(i));
  const grouped = (units: readonly (string | undefined)[], measures: readonly (readonly number[])[], among: readonly number[] = moving): number[][] =>
    scaleGroups(
      among.map((i) => units[i]),
      measures.map((ms) => among.map((i) => ms[i]!)),
    ).map((g) => g.map((j) => among[j]!));
  // A coordinate at one velocity throughout: its phase portrait would be a horizontal line, its plot against time a straight one.
  const steady = constantCoordinates(tr.qd, cs.length);
  // Not plotted against time again: the coordinates another section plots, and then, if the others all move at one velocity, those too.
  const elsewhere = plottedElsewhere.filter((p) => moving.includes(p.coordinate));
  const others = moving.filter((i) => !elsewhere.some((p) => p.coordinate === i));
  const gliding = elsewhere.length && others.every((i) => steady.includes(i)) ? others : [];
  const timed = others.filter((i) => !gliding.includes(i));
  // A velocity held at one value throughout (kozlov1988 §2's released point, ẋ = 1): a flat line, left out of the velocity plots.
  const still = moving.filter((i) => steady.includes(i));
  const figures: (Figure | Paragraph)[] = [];
  // A run of one constant acceleration per coordinate is stated, not plotted (parabolas and straight lines).
  const uniform = uniformRun(run);
  // Coordinates, then velocities: one plot per unit and size (motion-plots.ts scaleGroups), each series in its own colour throughout.
  for (const dot of uniform ? [] : [false, true]) {
    const values = dot ? qds : qs;
    const units = cs.map((c) => (c.unit && dot ? rateUnit(c.unit) : c.unit));
    const groups = grouped(units, [values.map(spread)], dot ? moving.filter((i) => !still.includes(i)) : timed);
    groups.forEach((group, k) => {
      const unit = units[group[0]!];
      const one = group.length === 1 ? cs[group[0]!]! : undefined;
      const name = dot ? 'velocities' : 'coordinates';
      const yLabel = one
        ? axis(dot ? `d${plainSymbol(one.name)}/dt` : plainSymbol(one.name), mechanicsSymbol(dot ? one.qd.name : one.name), unit)
        : axis(dot ? 'dq/dt' : 'q', dot ? '\\dot{q}' : 'q', unit);
      const symbolOf = (i: number): string => mechanicsSymbol(dot ? cs[i]!.qd.name : cs[i]!.name);
      const which: Inline[] =
        groups.length === 1 && !flat.length && !held.length && !left.length && !(dot && still.length)
          ? [`Generalized ${name}`]
          : [
              ...(one ? [`The ${dot ? 'velocity' : 'coordinate'} `, m(symbolOf(group[0]!))] : [`Generalized ${name}`]),
              ` in ${unit ? unitText(unit) : 'no unit'}`,
            ];
      // Those of the same unit plotted apart: their ranges differ too much to share an axis.
      const others = groups.filter((g) => g !== group && units[g[0]!] === unit).flat();
      const apart: Inline[] = others.length
        ? [
            ' (',
            ...others.flatMap((i, j) => [...(j > 0 ? [', '] : []), m(symbolOf(i))]),
            ', of another range, on a plot of ',
            others.length > 1 ? 'their' : 'its',
            ' own)',
          ]
        : [];
      figures.push(
        sceneFigure(
          plotScene({
            id: `plot-${name}${suffix(k)}`,
            title: `${model.title}: ${name} against time${groups.length > 1 ? ` (${k + 1} of ${groups.length})` : ''}`,
            t: tr.t,
            events,
            xLabel: time,
            yLabel,
            series: group.map((i) => ({ label: cs[i]!.name, values: values[i]!, style: i })),
          }),
          0.9,
          [...group.map((i) => ({ label: mechanicsSymbol(dot ? cs[i]!.qd.name : cs[i]!.name), ...seriesStyle(i) })), ...eventLegend],
          [...which, ` against time${more}`, ...apart, ...eventNote, ...until],
        ),
      );
    });
  }
  // The slip velocities of the contacts with friction: ṡ ≠ 0 of a closed contact is sliding, 0 sticking, a jump an impact's outcome;
  // said in a line, not plotted, where they are zero or absent over the whole shown run.
  const slipValues = slips?.rates.map((r) => r.slice(0, tr.t.length)) ?? [];
  if (slips && !uniform && showsNothing(slipValues)) {
    const names = slips.contacts.map((j) => model.unilateral[j]!.name);
    const closed = slipValues.some((r) => r.some((v) => v === 0));
    figures.push(
      paragraph(
        'The slip velocities ',
        m(names.map(slipRateSymbol).join(',\\ ')),
        ' of the contacts with friction are not plotted: ',
        closed ? 'wherever a contact is closed in the run, it sticks (' : 'no contact is closed in the run (',
        m(closed ? '\\dot{s} = 0' : '\\dot{s}'),
        closed ? '), and a slip in flight is no sliding.' : ' is no sliding in flight).',
      ),
    );
  } else if (slips && !uniform) {
    const names = slips.contacts.map((j) => model.unilateral[j]!.name);
    figures.push(
      sceneFigure(
        plotScene({
          id: 'plot-slip',
          title: `${model.title}: slip velocities against time`,
          t: tr.t,
          events,
          xLabel: time,
          yLabel: axis('ds/dt', '\\dot{s}', slips.unit && rateUnit(slips.unit)),
          series: names.map((name, k) => ({ label: `ds/dt ${name}`, values: slipValues[k]!, style: k })),
        }),
        0.9,
        [...names.map((name, k) => ({ label: slipRateSymbol(name), ...seriesStyle(k) })), ...eventLegend],
        [
          'The slip velocities ',
          m(names.map(slipRateSymbol).join(',\\ ')),
          ' of the contacts with friction against time: while a contact is closed it slides where its ',
          m('\\dot{s} \\ne 0'),
          ' and sticks where ',
          m('\\dot{s} = 0'),
          ', and a jump at an impact is the outcome of that impact',
          ...eventNote,
          ...until,
        ],
      ),
    );
  }
  // A realized retaining constraint's force (kozlov1988 Theorem 1): the whole follows the held constraint's λ, the spring and damper lag it.
  for (const r of uniform ? [] : reactions) {
    const s = constraintLabel(r.constraint);
    // One realized constraint: its multiplier is the paper's λ, as the results name it (kozlov1988 (1.1)); several are told apart.
    const [R, F, lambda] = [`R_{${s}}`, `F_{${s}}`, reactions.length === 1 ? '\\lambda' : `\\lambda_{${s}}`];
    figures.push(
      sceneFigure(
        plotScene({
          id: `plot-reaction-${r.constraint}`,
          title: `${model.title}: the force realizing ${r.constraint} against time`,
          t: tr.t,
          events,
          xLabel: time,
          // Three forces on one axis: each named, not the first alone.
          yLabel: axis(`R, F, lambda ${r.constraint}`, `${R},\\ ${F},\\ ${lambda}`, undefined),
          series: [
            { label: `R ${r.constraint}`, values: r.whole.slice(0, tr.t.length), style: 0 },
            { label: `F ${r.constraint}`, values: r.springDamper.slice(0, tr.t.length), style: 1 },
            { label: `lambda ${r.constraint}`, values: r.multiplier.slice(0, tr.t.length), style: 2 },
          ],
        }),
        0.9,
        [R, F, lambda].map((label, k) => ({ label, ...seriesStyle(k) })),
        [
          'All the realization of ',
          m(`\\varphi_{${s}}`),
          ' exerts along ',
          m(`\\partial\\varphi_{${s}}/\\partial q`),
          ', ',
          m(R),
          ' (its spring, damper and added mass), its spring and damper alone, ',
          m(F),
          ' ',
          { ref: `realization-force-${r.constraint}` },
          ', and the multiplier ',
          m(lambda),
          ' of the constraint held, at each sample of the run: ',
          m(R),
          ' follows ',
          m(lambda),
          ', while ',
          m(F),
          ' lags it by the added mass’s share and starts from 0',
          ...eventNote,
        ],
      ),
    );
    const { parameter, values, t, rows } = r.scaled;
    const p = mechanicsSymbol(parameter);
    figures.push(
      sceneFigure(
        plotScene({
          id: `plot-reaction-${r.constraint}-scaled`,
          title: `${model.title}: ${parameter} times the force realizing ${r.constraint} less its multiplier, for each ${parameter}`,
          t,
          events: [],
          xLabel: time,
          yLabel: axis(`${parameter}(R − lambda) ${r.constraint}`, `${p}(${R} - ${lambda})`, undefined),
          series: rows.map((values, k) => ({ label: `${parameter} = ${r.scaled.values[k]}`, values, style: k })),
        }),
        0.9,
        values.map((v, k) => ({ label: `${p} = ${v}`, ...seriesStyle(k) })),
        [
          m(`${R} - ${lambda}`),
          ' times ',
          m(p),
          ' against time in a run from the same state at each ',
          m(p),
          ' of the study: the curves close up onto one as ',
          m(p),
          ' grows, so ',
          m(`${R} - ${lambda}`),
          ' falls as ',
          m(`1/${p}`),
          ' along the whole motion.',
        ],
      ),
    );
  }
  // An energy the run keeps to the integrator's error is said in a line (motion-plots.ts keptEnergy); one conserved between
  // events is a staircase of the impacts' losses, counted under the plots, and its drift the integrator's error: said, not plotted.
  const kept = keptEnergy(model, run);
  const conserved = conservativeBetweenEvents(model);
  const energyPlotted = !unplotted?.names.includes('energy');
  if (tr.energy && !uniform && kept === undefined && !conserved && energyPlotted) {
    figures.push(
      sceneFigure(
        plotScene({
          id: 'plot-energy',
          title: `${model.title}: energy against time`,
          t: tr.t,
          events,
          xLabel: time,
          yLabel: axis('E', 'E', 'J'),
          series: [{ label: 'E', values: tr.energy }],
        }),
        0.9,
        [{ label: energyLabel(model), ...seriesStyle(0) }, ...eventLegend],
        ['Total energy against time', model.Q.some((x) => x !== ZERO) ? ' (not conserved: the applied forces Q are not in V).' : '.'],
      ),
    );
  }
  if (tr.energy && !uniform && kept === undefined && conserved) {
    const drift = Math.max(0, ...energyDrift(tr.t, tr.energy, tr.events).map(Math.abs));
    figures.push(
      paragraph(
        'Between events the energy is conserved; the run keeps it to ',
        m(`|E - E_0|/|E_0| \\le ${scientific(drift, 2)}`),
        ', ',
        m('E_0'),
        ' its value at the start and again just after each event (an impact changes it by the law’s loss): the integrator’s error.',
      ),
    );
  }
  // The phase portraits: every coordinate shown against its velocity, one figure per unit and size (in q and q̇ both), at most MAX_PHASE curves each;
  // a coordinate at one velocity throughout left out (kozlov1988 §3's tangential x₂).
  const phases = (
    uniform || unplotted?.names.includes('phase')
      ? []
      : grouped(
          cs.map((c) => c.unit),
          [qs.map(spread), qds.map(spread)],
        )
  )
    .map((g) => g.filter((i) => !steady.includes(i) && !left.includes(i)))
    // Beside the slip velocities, a portrait of several coordinates in one frame (the rod's (x, ẋ) and (y, ẏ)) says nothing more.
    .filter((g) => g.length > 0 && !(slips && g.length > 1))
    .flatMap((g) => Array.from({ length: Math.ceil(g.length / MAX_PHASE) }, (_, k) => g.slice(k * MAX_PHASE, (k + 1) * MAX_PHASE)));
  phases.forEach((phase, k) => {
    const unit = cs[phase[0]!]!.unit;
    const one = phase.length === 1 ? cs[phase[0]!]! : undefined;
    const unitName = unit ? unitText(unit) : 'no unit';
    // The velocity is the vertical axis: it is plotted against the coordinate.
    const which = `the velocity of each coordinate in ${unitName} against the coordinate`;
    figures.push(
      sceneFigure(
        curveScene({
          id: `plot-phase${suffix(k)}`,
          title: `${model.title}: phase portrait${phases.length > 1 ? `, ${one ? one.name : unitName}` : ''}`,
          xLabel: one ? axis(plainSymbol(one.name), mechanicsSymbol(one.name), unit) : axis('q', 'q', unit),
          yLabel: one
            ? axis(`d${plainSymbol(one.name)}/dt`, mechanicsSymbol(one.qd.name), unit && rateUnit(unit))
            : axis('dq/dt', '\\dot{q}', unit && rateUnit(unit)),
          curves: phase.map((i) => ({ label: cs[i]!.name, x: qs[i]!, y: qds[i]!, style: i })),
        }),
        0.75,
        phase.map((i) => ({ label: `(${mechanicsSymbol(cs[i]!.name)}, ${mechanicsSymbol(cs[i]!.qd.name)})`, ...seriesStyle(i) })),
        one
          ? ['Phase portrait: ', m(mechanicsSymbol(one.qd.name)), ' against ', m(mechanicsSymbol(one.name)), ', from the dot at the initial state.']
          : [`Phase portrait: ${which}, from the dot at the initial state.`],
      ),
    );
  });
  // With the others gliding, the path in the plane is the plot elsewhere with its time axis scaled: not drawn again.
  // A planar point's coordinates left out against time keep their path (the circle billiard's chords).
  const retraced = gliding.length > 0 && timed.length === 0 && planarPoint(model);
  const path = flat.length || retraced ? undefined : pathFigure(model, tr);
  if (path) figures.push(path);
  const counted = markers.length
    ? paragraph(
        `${events.length} event${events.length === 1 ? '' : 's'} at ${markers.length} instant${markers.length === 1 ? '' : 's'}${markers.length < events.length ? ' (events closer than the plots resolve, 1/560 of the interval, at one instant)' : ''}: ${[
          ...new Set(events.map((e) => e.kind)),
        ]
          .flatMap((k) => kindCounts(events.filter((e) => e.kind === k).length, k, k === 'rest' ? slidingRests(run) : 0))
          .join(', ')}${slidingText(run)}.`,
      )
    : paragraph('No impacts or releases occur on this interval.');
  const passes = simulation.passes?.length ? [passesParagraph(model, simulation.passes)] : [];
  const modesOfRun = impactModesParagraph(model, simulation.modes ?? []);
  const blocks: Block[] = [
    paragraph(...from, ', integrated to ', m(`t = ${formatNumber(model.initial.t1)}`), ...methodInline(simulation)),
    ...(flat.length ? [flatParagraph(model, flat, tr.q[0] ?? [], !uniform)] : []),
    // Said once: a gliding coordinate's velocity is in the line on the plots elsewhere.
    ...(still.some((i) => !gliding.includes(i)) && !uniform
      ? [
          flatParagraph(
            model,
            still.filter((i) => !gliding.includes(i)),
            tr.qd[0] ?? [],
            true,
            true,
          ),
        ]
      : []),
    ...(held.length && !uniform ? [heldParagraph(model, held)] : []),
    ...(uniform ? [uniformParagraph(model, moving, uniform, tr)] : []),
    ...(kept && !uniform ? [keptParagraph(model, kept)] : []),
    ...(elsewhere.length && !uniform ? [elsewhereParagraph(model, elsewhere, gliding, tr.qd[0] ?? [], timed.length > 0, retraced)] : []),
    ...(unplotted && (left.length || !energyPlotted || unplotted.names.includes('phase')) && !uniform ? [unplottedParagraph(model, left, unplotted)] : []),
    ...(drawnIn
      ? [
          paragraph('The run is drawn at its impacts in Section ', ref(`sec:${drawnIn}`), '; it is not plotted against time.'),
          ...figures.filter((f) => f.kind === 'paragraph'),
        ]
      : figures),
    counted,
    ...passes,
    ...(modesOfRun ? [modesOfRun] : []),
    ...(simulation.losses ? [lossesParagraph(simulation.losses)] : []),
  ];
  if (drawing) {
    blocks.push({
      kind: 'figure',
      id: 'animation',
      legend: [],
      svg: animationHtml({ id: 'animation', title: `${model.title}: the simulated motion`, drawing, model, t: tr.t, q: tr.q }),
      caption: [
        'The simulated motion (web page only): play, pause, or drag the slider along the time.',
        ...(passes.length ? [' It draws the contact points that pass through their surfaces as the model moves them (above).'] : []),
      ],
    });
  }
  return { id: 'simulation', title: 'Simulated motion', blocks };
}

/** "ẍ = 0.5047 m/s², ẋ from 0.5 to 1.005 m/s and x from 0 to 0.7523 m": the run's uniform accelerations, in place of its plots. */
function uniformParagraph(model: Model, moving: readonly number[], u: UniformMotion, tr: MotionTrajectory): Block {
  const value = (x: number, unit: string | undefined): string => `${fourDigits(x)}${unit ? `\\ ${unitLatex(unit)}` : ''}`;
  const one = moving.length === 1;
  const clauses = moving.map((i): Inline[] => {
    const c = model.coordinates[i]!;
    const unit = c.unit;
    const rate = unit && rateUnit(unit);
    return [
      m(`${mechanicsSymbol(c.qdd.name)} = ${value(u.accelerations[i]!, rate && rateUnit(rate))}`),
      ', ',
      m(mechanicsSymbol(c.qd.name)),
      ' from ',
      m(value(tr.qd[0]![i]!, rate)),
      ' to ',
      m(value(u.qd1[i]!, rate)),
      ' and ',
      m(mechanicsSymbol(c.name)),
      ' from ',
      m(value(tr.q[0]![i]!, unit)),
      ' to ',
      m(value(u.q1[i]!, unit)),
    ];
  });
  return paragraph(
    `Over the run ${one ? 'the moving coordinate accelerates' : 'each moving coordinate accelerates'} uniformly, up to `,
    m(`t = ${fourDigits(u.t1)}`),
    ': ',
    ...clauses.flatMap((x, k) => [...(k ? ['; '] : []), ...x]),
    one ? '. Its plots, a parabola and a straight line, are left out.' : '. Their plots, parabolas and straight lines, are left out.',
  );
}

/** "The energy E = T + V + V_c stays at 0.5 to within 9·10⁻⁷ of itself over the run, the integrator's error; it is not plotted." */
function keptParagraph(model: Model, { start, spread }: { start: number; spread: number }): Block {
  return paragraph(
    'The energy ',
    m(energyLabel(model)),
    ' stays at ',
    m(formatNumber(Number(start.toPrecision(6)))),
    ' to within ',
    m(scientific(spread, 1)),
    ' of itself over the run, the integrator’s error; it is not plotted.',
  );
}

/** The line that says which coordinates are not plotted against time, as another section plots them or they move at one velocity. */
function elsewhereParagraph(
  model: Model,
  elsewhere: readonly PlottedElsewhere[],
  gliding: readonly number[],
  qd0: readonly number[],
  plotted: boolean,
  retraced: boolean,
): Block {
  const name = (i: number): string => mechanicsSymbol(model.coordinates[i]!.name);
  return paragraph(
    ...elsewhere.flatMap((p, k): Inline[] => [
      ...(k > 0 ? ['; '] : []),
      m(name(p.coordinate)),
      ' against time is ',
      ...p.what,
      ' in Section ',
      { ref: `sec:${p.section}` },
    ]),
    ...gliding.flatMap((i, k): Inline[] => [
      k > 0 ? ', ' : ', and ',
      m(name(i)),
      ' moves at one velocity, ',
      m(`${mechanicsSymbol(model.coordinates[i]!.qd.name)} = ${fourDigits(qd0[i]!)}`),
    ]),
    plotted
      ? ': the plot of the coordinates leaves them out.'
      : `: the coordinates are not plotted against time again${retraced ? ', nor the path in the plane, that plot with its time axis scaled' : ''}.`,
  );
}

/** The line that says which plots the model leaves out (ModelSpec.unplotted), and why: its coordinates not left out otherwise. */
function unplottedParagraph(model: Model, left: readonly number[], unplotted: Unplotted): Block {
  const names: Inline[][] = [
    ...left.map((i) => [m(mechanicsSymbol(model.coordinates[i]!.name))]),
    ...(unplotted.names.includes('energy') ? [['the energy ', m(energyLabel(model))]] : []),
    ...(unplotted.names.includes('phase') ? [['the phase portraits']] : []),
  ];
  const listed = names.flatMap((x, i): Inline[] => [...(i === 0 ? [] : [i === names.length - 1 ? ' and ' : ', ']), ...x]);
  return paragraph('The plots leave out ', ...listed, ': ', ...textInlines(unplotted.why), '.');
}

/** The one line that says which coordinates (or velocities) the plots leave out, as the run holds them at their initial values. */
function flatParagraph(model: Model, flat: readonly number[], q0: readonly number[], plotted: boolean, velocities = false): Block {
  const one = flat.length === 1;
  const values = flat.flatMap((i, k): Inline[] => [
    ...(k > 0 ? [', '] : []),
    m(`${mechanicsSymbol(velocities ? model.coordinates[i]!.qd.name : model.coordinates[i]!.name)} = ${formatNumber(Number(q0[i]!.toPrecision(4)))}`),
  ]);
  const what = velocities ? 'velocit' : 'coordinate';
  return paragraph(
    `The ${what}${one ? (velocities ? 'y' : '') : velocities ? 'ies' : 's'} ${one ? 'stays' : 'stay'} at `,
    ...values,
    plotted ? ` over the run; the plots${velocities ? ' of the velocities' : ''} leave ${one ? 'it' : 'them'} out.` : ' over the run.',
  );
}

/** The one line that says which coordinates the plots leave out, as a sticking contact sets them at every instant. */
function heldParagraph(model: Model, held: readonly number[]): Block {
  const one = held.length === 1;
  const names = held.flatMap((i, k): Inline[] => [...(k > 0 ? [k === held.length - 1 ? ' and ' : ', '] : []), m(mechanicsSymbol(model.coordinates[i]!.name))]);
  return paragraph(
    ...names,
    ` ${one ? 'is' : 'are'} left out of the plots: at every instant of the run a closed sticking contact sets ${one ? 'it' : 'them'} from the other coordinates, its gap and its tangential coordinate held.`,
  );
}

/**
 * The rests that are sliding contacts: the impacts accumulate into a contact that keeps its speed (kozlov1988 §3: the
 * point in the circle slides on at u), not a rest. The speed is read where the contact's run ends (its release, else
 * the end of the run), not at the accumulation: a rod resting on one end still swings down about it there, and comes
 * to rest later on both.
 */
function slidingRests(tr: MotionTrajectory): number {
  const rests = tr.events.filter((e) => e.type === 'rest');
  return rests.filter((rest) => {
    const release = tr.events.find((e) => e.type === 'release' && e.t > rest.t && e.contacts?.some((c) => rest.contacts?.includes(c)));
    const end = release?.t ?? tr.t.at(-1)!;
    const k = tr.t.findIndex((t) => t > end);
    return Math.hypot(...(release?.qd ?? tr.qd[(k < 0 ? tr.t.length : k) - 1]!)) > SLIDING_SPEED;
  }).length;
}

/** "1 rest, 2 sliding contacts": the events of one kind counted, the sliding contacts among the rests apart. */
function kindCounts(n: number, kind: string, sliding: number): string[] {
  return [...(n - sliding > 0 ? [countOf(n - sliding, kind)] : []), ...(sliding > 0 ? [countOf(sliding, 'sliding contact')] : [])];
}

/** "; at a sliding contact …": what a sliding contact is, where the run has one; "" else. */
function slidingText(tr: MotionTrajectory): string {
  const sliding = slidingRests(tr);
  if (sliding === 0) return '';
  return `; at ${sliding === 1 ? 'the sliding contact' : 'each sliding contact'} the impacts accumulate and the contact stays closed, the system sliding along the constraint at a speed that does not vanish`;
}

/** Speed above which a contact the impacts accumulated into is sliding, not at rest. */
const SLIDING_SPEED = 1e-6;

/** "1 impact", "3 impacts": a count of events of one kind (an indeterminate one stays an adjective: "2 indeterminate"). */
function countOf(n: number, kind: string): string {
  return `${n} ${kind}${n === 1 || kind === 'indeterminate' ? '' : 's'}`;
}
