// The figure of which outcome an impact with two free pre-impact velocities
// has, by their direction θ over the whole circle [0, 2π): one row per
// outcome (each mode, the smooth slide of rubanovich1981 (3.15), (3.16),
// the arriving contact repelled, no outcome, not approaching), a band where
// it holds. Printed from the study's arcs (studies/mode-directions.ts).
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

/** The rows: each mode with the arcs on which it is admissible, then the smooth slide, repelled, no outcome, and the directions not approaching. */
export function modeBands(d: ModeDirections, modeLabels: readonly string[]): ModeBand[] {
  const on = (keep: (a: ModeDirections['arcs'][number]) => boolean) => d.arcs.filter(keep).flatMap((a) => wrapped(a.from, a.to));
  const first = d.arcs[0]!.from;
  const last = d.arcs[d.arcs.length - 1]!.to;
  const rows: ModeBand[] = [
    ...modeLabels.map((label, n) => ({ label, intervals: on((a) => a.modes.includes(n)) })),
    ...(d.smoothShare !== undefined ? [{ label: '\\text{no mode, smooth slide}', intervals: on((a) => a.modes.length === 0 && a.smooth) }] : []),
    { label: '\\text{no mode, arriving contact repelled}', intervals: on((a) => a.modes.length === 0 && !a.smooth && a.repels) },
    { label: '\\text{no outcome}', intervals: on((a) => a.modes.length === 0 && !a.smooth && !a.repels) },
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
}

/** The bands as a plot: row k (from the top) a line at height R − k over each of its intervals. */
export function modeFigure(d: ModeDirections, names: ModeFigureNames): Figure {
  const { theta } = names;
  const index = d.map;
  const rows = modeBands(d, names.modes);
  const height = (k: number): number => rows.length - k;
  const scene = curveScene({
    id: `plot-mode-directions-${index + 1}`,
    title: `Outcome of impact ${index + 1} by the direction of the pre-impact velocities`,
    xLabel: { text: `${theta === '\\theta' ? 'θ' : 'ϑ'} [rad]`, tex: `$${theta}$ [rad]` },
    yLabel: { text: 'outcome (row)', tex: 'outcome (row)' },
    curves: rows.map((r, k) => ({
      label: r.label,
      x: r.intervals.flatMap(([a, b]) => [a, b, Number.NaN]),
      y: r.intervals.flatMap(() => [height(k), height(k), Number.NaN]),
      start: false,
      style: k,
      width: BAND,
    })),
    height: 60 + 28 * rows.length,
  });
  const [v1, v2] = names.velocities;
  return sceneFigure(
    scene,
    0.75,
    rows.map((r, k) => ({ label: `${height(k)}:\\ ${r.label}`, ...seriesStyle(k) })),
    [
      `Outcome of impact ${index + 1} (${names.arriving} arriving) by the direction `,
      m(`${theta} \\in [0, 2\\pi)`),
      ' of the free pre-impact velocities ',
      m(`(${v1}, ${v2})`),
      ': one row per outcome, a line over the directions where it holds; the edges are the zeros of the modes’ conditions and impulses.',
    ],
  );
}
