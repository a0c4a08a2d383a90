// The playground's plots of a run, as SVG made in the worker: q, q̇ and
// T + V against time with the report's own plotter (src/report/plot.ts,
// one dashed marker per event instant), and a phase portrait (q_i, q̇_i)
// per coordinate with a dot at the state of each event, coloured as the
// report colours event kinds.
import type { Model } from '../src/model/index.js';
import { EVENT_STYLE, niceTicks, legendSwatch, seriesStyle, svgPlot, tickLabel, valueRange, type PlotEventKind } from '../src/report/plot.js';
import type { Trajectory } from '../src/runtime/hybrid/trajectory.js';

/** Coordinates plotted (a 30-link chain's 30 curves are no figure; the report caps at 8 too). */
const MAX_SERIES = 8;
/** Phase portraits drawn, one per coordinate. */
const MAX_PHASE = 4;

const unitSuffix = (unit: string | undefined): string => (unit ? ` [${unit}]` : '');

/** A plot and the key to its curves (the SVG carries none: the report typesets its legends apart). */
export interface PlotOut {
  readonly id: string;
  readonly svg: string;
  /** Each curve's label and its key (an inline <svg> stroke, the curve's colour and dash). */
  readonly legend: readonly { readonly label: string; readonly swatch: string }[];
}

const key = (labels: readonly string[]): PlotOut['legend'] => labels.map((label, i) => ({ label, swatch: legendSwatch(seriesStyle(i)) }));

export function plotsOf(model: Model, tr: Trajectory): PlotOut[] {
  const cs = model.coordinates.slice(0, MAX_SERIES);
  const events = tr.events.map((e) => ({ t: e.t, kind: e.type as PlotEventKind }));
  const column = (rows: readonly (readonly number[])[], i: number): number[] => rows.map((r) => r[i]!);
  const shared = (units: readonly (string | undefined)[]): string | undefined => (units.every((u) => u === units[0]) ? units[0] : undefined);
  const qUnit = shared(cs.map((c) => c.unit));
  const plots: PlotOut[] = [
    {
      id: 'plot-q',
      legend: key(cs.map((c) => c.name)),
      svg: svgPlot({
        id: 'pg-q',
        title: 'coordinates',
        t: tr.t,
        series: cs.map((c, i) => ({ label: c.name, values: column(tr.q, i) })),
        events,
        xLabel: 't [s]',
        yLabel: `q${unitSuffix(qUnit)}`,
        width: 560,
        height: 220,
      }),
    },
    {
      id: 'plot-qd',
      legend: key(cs.map((c) => `${c.name}'`)),
      svg: svgPlot({
        id: 'pg-qd',
        title: 'velocities',
        t: tr.t,
        series: cs.map((c, i) => ({ label: `${c.name}'`, values: column(tr.qd, i) })),
        events,
        xLabel: 't [s]',
        yLabel: `q'${unitSuffix(qUnit && `${qUnit}/s`)}`,
        width: 560,
        height: 220,
      }),
    },
  ];
  if (tr.energy)
    plots.push({
      id: 'plot-energy',
      legend: key(['T + V']),
      svg: svgPlot({
        id: 'pg-energy',
        title: 'energy',
        t: tr.t,
        series: [{ label: 'T + V', values: tr.energy }],
        events,
        xLabel: 't [s]',
        yLabel: 'T + V',
        width: 560,
        height: 180,
      }),
    });
  cs.slice(0, MAX_PHASE).forEach((c, i) =>
    plots.push({
      id: `plot-phase-${i}`,
      legend: [],
      svg: phasePortrait(
        c.name,
        column(tr.q, i),
        column(tr.qd, i),
        tr.events.map((e) => ({ kind: e.type, x: e.q[i]!, y: e.qd[i]! })),
      ),
    }),
  );
  return plots;
}

/** (q, q̇) as one curve, with the event states as dots: a small SVG of its own (the report's plotter draws against time). */
function phasePortrait(name: string, x: readonly number[], y: readonly number[], marks: readonly { kind: PlotEventKind; x: number; y: number }[]): string {
  const W = 270,
    H = 220,
    L = 46,
    R = 10,
    T = 10,
    B = 34;
  const xs = niceTicks(...valueRange([...x, ...marks.map((m) => m.x)]));
  const ys = niceTicks(...valueRange([...y, ...marks.map((m) => m.y)]));
  const sx = (v: number): string => (L + ((v - xs.lo) / (xs.hi - xs.lo)) * (W - L - R)).toFixed(1);
  const sy = (v: number): string => (H - B - ((v - ys.lo) / (ys.hi - ys.lo)) * (H - T - B)).toFixed(1);
  const points = x
    .map((v, i) => (Number.isFinite(v) && Number.isFinite(y[i]!) ? `${sx(v)},${sy(y[i]!)}` : ''))
    .filter(Boolean)
    .join(' ');
  const ticks = [
    ...xs.ticks.map((v) => `<text x="${sx(v)}" y="${H - B + 14}" text-anchor="middle">${tickLabel(v, xs.step)}</text>`),
    ...ys.ticks.map((v) => `<text x="${L - 4}" y="${sy(v)}" text-anchor="end" dominant-baseline="middle">${tickLabel(v, ys.step)}</text>`),
  ].join('');
  const dots = marks
    .filter((m) => Number.isFinite(m.x) && Number.isFinite(m.y))
    .map((m) => `<circle class="event" cx="${sx(m.x)}" cy="${sy(m.y)}" r="3" fill="${EVENT_STYLE[m.kind].color}"><title>${m.kind}</title></circle>`)
    .join('');
  return [
    `<svg class="plot phase" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-size="10" role="img" aria-label="phase portrait of ${name}">`,
    `<rect x="${L}" y="${T}" width="${W - L - R}" height="${H - T - B}" fill="none" stroke="#999"/>`,
    ticks,
    `<text x="${(L + W - R) / 2}" y="${H - 4}" text-anchor="middle">${name}</text>`,
    `<text x="12" y="${(T + H - B) / 2}" text-anchor="middle" transform="rotate(-90 12 ${(T + H - B) / 2})">${name}'</text>`,
    `<polyline points="${points}" fill="none" stroke="${seriesStyle(0).color}" stroke-width="1.3"/>`,
    dots,
    '</svg>',
  ].join('');
}
