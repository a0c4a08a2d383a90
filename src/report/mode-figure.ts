// The figure of which outcome an impact with two free pre-impact velocities
// has, by their direction θ over the whole circle [0, 2π): one row per
// outcome (each mode, the smooth slide of rubanovich1981 (3.15), (3.16)
// wherever admissible, the arriving contact's impulse negative in every
// mode, no mode, not approaching), a solid band
// where it holds; and the normal impulses against θ that decide it. Printed
// from the study's arcs and forms (studies/mode-directions.ts).
// Tests: test/report/mode-figure.test.ts.
import type { ModeDirections } from '../studies/mode-directions.js';
import { m, type Figure } from './document.js';
import { curveScene, seriesStyle } from './plot.js';
import { sceneFigure } from './scene-figure.js';

/** A row of the figure: an outcome and the intervals of θ in [0, 2π) where it holds. */
export interface ModeBand {
  /** LaTeX, for the legend. */
  readonly label: string;
  readonly intervals: readonly (readonly [number, number])[];
}

const TURN = 2 * Math.PI;
/** A band's width in px: a row reads as a bar, its colour and dashes still apart. */
const BAND = 6;

/** An arc (from, to) of width at most 2π as intervals in [0, 2π), split where it crosses 0. */
function wrapped(from: number, to: number): [number, number][] {
  const a = ((from % TURN) + TURN) % TURN;
  const b = a + (to - from);
  return b <= TURN
    ? [[a, b]]
    : [
        [a, TURN],
        [0, b - TURN],
      ];
}

/** The rows: each mode with the arcs on which it is admissible, then the smooth slide where admissible, the arriving contact repelled in every mode, no outcome, and the directions not approaching. */
export function modeBands(
  d: ModeDirections,
  modeLabels: readonly string[],
  names?: { readonly arriving: string; readonly closed: readonly string[] },
): ModeBand[] {
  const on = (keep: (a: ModeDirections['arcs'][number]) => boolean) => d.arcs.filter(keep).flatMap((a) => wrapped(a.from, a.to));
  const first = d.arcs[0]!.from;
  const last = d.arcs[d.arcs.length - 1]!.to;
  // The arcs named as the results' text names them (unilateral.ts directionBlock): the slide by the closed contacts on
  // every arc where it is admissible, those of a mode included (rubanovich1981 (3.15), (3.16) an alternative hypothesis
  // there); every arc without a mode "no mode", the smooth slide's and the repelled ones included; of these, those where
  // the arriving contact's impulse is negative in every mode (the slip is said apart, on every arc at once).
  const closed = names?.closed.join(' and ') ?? 'closed contact';
  const arriving = names?.arriving ?? 'arriving contact';
  const rows: ModeBand[] = [
    ...modeLabels.map((label, n) => ({ label, intervals: on((a) => a.modes.includes(n)) })),
    ...(d.smoothAdmissible
      ? [{ label: `\\text{${closed} sliding on a smooth line}`, intervals: d.smoothAdmissible.intervals.flatMap(([a, b]) => wrapped(a, b)) }]
      : []),
    { label: '\\text{no mode}', intervals: on((a) => a.modes.length === 0) },
    { label: `\\text{of these, ${arriving}’s impulse negative in every mode}`, intervals: on((a) => a.modes.length === 0 && !a.smooth && a.repels) },
    { label: '\\text{not approaching}', intervals: wrapped(last, first + TURN) },
  ];
  return rows.filter((r) => r.intervals.length > 0);
}

/** How the caller names what the figure shows: the modes (LaTeX), θ's letter, the velocities' symbols, the arriving contact. */
export interface ModeFigureNames {
  readonly modes: readonly string[];
  readonly theta: string;
  readonly velocities: readonly [string, string];
  readonly arriving: string;
  /** The closed contacts, in the smooth stay's order. */
  readonly closed: readonly string[];
}

/** The bands as a plot: row k (from the top) a line at height R − k over each of its intervals. */
export function modeFigure(d: ModeDirections, names: ModeFigureNames): Figure {
  const { theta } = names;
  const index = d.map;
  const rows = modeBands(d, names.modes, names);
  const height = (k: number): number => rows.length - k;
  const scene = curveScene({
    id: `plot-mode-directions-${index + 1}`,
    title: `Outcome of impact ${index + 1} by the direction of the pre-impact velocities`,
    xLabel: { text: `${theta === '\\theta' ? 'θ' : 'ϑ'} [rad]`, tex: `$${theta}$ [rad]` },
    yLabel: { text: 'outcome', tex: 'outcome' },
    curves: rows.map((r, k) => ({
      label: r.label,
      x: r.intervals.flatMap(([a, b]) => [a, b, Number.NaN]),
      y: r.intervals.flatMap(() => [height(k), height(k), Number.NaN]),
      start: false,
      style: k,
      width: BAND,
      solid: true,
    })),
    height: 60 + 28 * rows.length,
    xRange: [0, TURN],
    // The rows named on the axis: their labels are \text{…} alone, plain text once unwrapped.
    rows: rows.map((r, k) => ({ y: height(k), text: r.label.replace(/\\text\{([^}]*)\}/g, '$1'), tex: `$${r.label}$` })),
  });
  const [v1, v2] = names.velocities;
  return sceneFigure(
    scene,
    0.75,
    rows.map((r, k) => ({ label: r.label, color: seriesStyle(k).color })),
    [
      `Outcome of impact ${index + 1} (${names.arriving} arriving) by the direction `,
      m(`${theta} \\in [0, 2\\pi)`),
      ' of the free pre-impact velocities ',
      m(`(${v1}, ${v2})`),
      ': one row per outcome, named on the left, a line over the directions where it holds; the edges are the zeros of the modes’ conditions and impulses.',
    ],
  );
}

/** Samples of an impulse over the approaching half-circle. */
const SAMPLES = 121;
/** The zero line's style: black, dashed (as the orbit figures' jumps). */
const ZERO_STYLE = 6;

/** A curve of the impulse figure: its legend label (LaTeX), θ and the impulse at |v| = 1. */
export interface ImpulseCurve {
  readonly label: string;
  readonly theta: readonly number[];
  readonly impulse: readonly number[];
}

/**
 * The normal impulses against θ over the approaching half-circle (shifted
 * into [0, 2π) as the bands are): the arriving contact's in each mode, then
 * the smooth stay's, each the study's form p cos θ + q sin θ at |v| = 1.
 */
export function impulseCurves(d: ModeDirections, names: ModeFigureNames): ImpulseCurve[] {
  const first = d.arcs[0]!.from;
  const last = d.arcs[d.arcs.length - 1]!.to;
  const shift = first < 0 ? TURN : 0;
  const theta = Array.from({ length: SAMPLES }, (_, k) => first + ((last - first) * k) / (SAMPLES - 1));
  const curve = (label: string, [p, q]: readonly [number, number]): ImpulseCurve => ({
    label,
    theta: theta.map((t) => t + shift),
    impulse: theta.map((t) => p * Math.cos(t) + q * Math.sin(t)),
  });
  const smooth = d.smoothImpulses ?? [];
  return [
    ...d.arrivingImpulses.map((f, n) => curve(`${names.modes[n]!},\\ \\text{${names.arriving}}`, f)),
    ...smooth.map((f, k) => curve(`\\text{smooth slide, ${k === 0 ? names.arriving : names.closed[k - 1]!}}`, f)),
  ];
}

/** The impulses against θ as a plot, with the zero line: where a curve is below it, that outcome is not admissible. */
export function impulseFigure(d: ModeDirections, names: ModeFigureNames): Figure | undefined {
  const curves = impulseCurves(d, names);
  if (curves.length === 0) return undefined;
  const { theta } = names;
  const ends = [curves[0]!.theta[0]!, curves[0]!.theta.at(-1)!];
  const scene = curveScene({
    id: `plot-mode-impulses-${d.map + 1}`,
    title: `Normal impulses of impact ${d.map + 1} by the direction of the pre-impact velocities`,
    xLabel: { text: `${theta === '\\theta' ? 'θ' : 'ϑ'} [rad]`, tex: `$${theta}$ [rad]` },
    yLabel: { text: 'impulse at |v| = 1', tex: 'impulse at $|v| = 1$' },
    curves: [
      ...curves.map((c, k) => ({ label: c.label, x: c.theta, y: c.impulse, start: false, style: k })),
      { label: 'zero', x: ends, y: [0, 0], start: false, style: ZERO_STYLE },
    ],
  });
  const [v1, v2] = names.velocities;
  return sceneFigure(
    scene,
    0.75,
    [...curves.map((c, k) => ({ label: c.label, ...seriesStyle(k) })), { label: '0', ...seriesStyle(ZERO_STYLE) }],
    [
      `Normal impulses of impact ${d.map + 1} on the directions where ${names.arriving} approaches, at `,
      m(`|(${v1}, ${v2})| = 1`),
      ': that of the arriving contact in each mode, and every normal impulse of the smooth slide; a mode is admissible only where its impulses are ',
      m('\\ge 0'),
      ' (and the contacts it lets leave separate).',
    ],
  );
}
