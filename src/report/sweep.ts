// A sweep as a heat map: one coloured cell per grid point, the first axis
// across, the second (if any) up. Numbers on a sequential scale (viridis
// stops, readable in grey and by the colour-blind), booleans and words as
// categories (Okabe–Ito), failed cells and missing values in light grey.
// The legend is drawn inside the SVG, so the file the CLI writes stands
// alone; the report's figure uses the same SVG.
//
// Deterministic like the line plots (plot.ts): fixed formatting of every
// number, categories in sorted order, because reports are committed.
// Tests: test/report/sweep.test.ts
import type { Figure, Inline } from './document.js';
import { niceTicks, seriesStyle, tickLabel } from './plot.js';
import { escapeXml, px } from './scene.js';

/** What the heat map needs of a sweep (structurally a subset of the runtime's SweepResult). */
export interface ReportSweep {
  readonly axes: readonly { readonly name: string; readonly from: number; readonly to: number; readonly count: number }[];
  readonly cells: readonly { readonly index: number; readonly values: Readonly<Record<string, number | boolean | string | null>> }[];
}

export interface HeatMapSpec {
  readonly id: string;
  readonly title: string;
  readonly sweep: ReportSweep;
  /** The cell value to colour by. */
  readonly value: string;
  readonly width?: number;
  readonly height?: number;
}

/** Viridis at five stops: dark blue (low) to yellow (high). */
const SCALE = ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'] as const;
const MISSING = '#dddddd';
const MARGIN = { left: 64, right: 150, top: 14, bottom: 42 } as const;

/** A colour of the sequential scale at u ∈ [0, 1], interpolated linearly between the stops. */
export function scaleColor(u: number): string {
  const x = Math.min(1, Math.max(0, u)) * (SCALE.length - 1);
  const k = Math.min(SCALE.length - 2, Math.floor(x));
  const f = x - k;
  const rgb = (hex: string): number[] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const [a, b] = [rgb(SCALE[k]!), rgb(SCALE[k + 1]!)];
  return `#${a
    .map((c, i) =>
      Math.round(c + f * (b[i]! - c))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export interface ColorKey {
  /** Each cell's colour, by cell index. */
  readonly colors: ReadonlyMap<number, string>;
  /** The legend: value text → colour (categories, or five values of the numeric range). */
  readonly legend: readonly { readonly label: string; readonly color: string }[];
}

/**
 * Colours of the cells: when every present value is a finite number, the
 * sequential scale over their range (a constant map takes the middle colour);
 * else one colour per distinct value, in sorted order (false before true).
 */
export function colorKey(sweep: ReportSweep, value: string): ColorKey {
  const present = sweep.cells.flatMap((c) => {
    const v = c.values[value];
    return v === undefined || v === null || (typeof v === 'number' && !Number.isFinite(v)) ? [] : [{ index: c.index, v }];
  });
  const colors = new Map<number, string>();
  if (present.length > 0 && present.every((p) => typeof p.v === 'number')) {
    const nums = present.map((p) => p.v as number);
    const lo = Math.min(...nums),
      hi = Math.max(...nums);
    const u = (v: number): number => (hi > lo ? (v - lo) / (hi - lo) : 0.5);
    for (const p of present) colors.set(p.index, scaleColor(u(p.v as number)));
    // Four significant digits: the legend names a colour, the cells' titles carry the exact values.
    const legend = (hi > lo ? [0, 0.25, 0.5, 0.75, 1] : [0.5]).map((f) => ({
      label: String(Number((lo + f * (hi - lo)).toPrecision(4))),
      color: scaleColor(hi > lo ? f : 0.5),
    }));
    return { colors, legend };
  }
  const categories = [...new Set(present.map((p) => String(p.v)))].sort();
  const colorOf = (v: string): string => seriesStyle(categories.indexOf(v)).color;
  for (const p of present) colors.set(p.index, colorOf(String(p.v)));
  return { colors, legend: categories.map((c) => ({ label: c, color: colorOf(c) })) };
}

/** The axis values' extent with half a step on each side (a single value gets ±0.5). */
function extent(axis: ReportSweep['axes'][number]): [number, number] {
  const half = axis.count > 1 ? (axis.to - axis.from) / (axis.count - 1) / 2 : 0.5;
  return [Math.min(axis.from - half, axis.to + half), Math.max(axis.from - half, axis.to + half)];
}

/** The heat map as a standalone <svg> element. */
export function sweepSvg(spec: HeatMapSpec): string {
  const W = spec.width ?? 640;
  const H = spec.height ?? (spec.sweep.axes.length === 1 ? 140 : 360);
  const x0 = MARGIN.left,
    x1 = W - MARGIN.right,
    y0 = H - MARGIN.bottom,
    y1 = MARGIN.top;
  const [ax, ay] = spec.sweep.axes;
  if (!ax) throw new Error('sweepSvg: a sweep has at least one axis');
  const [xlo, xhi] = extent(ax);
  const [ylo, yhi] = ay ? extent(ay) : [0, 1];
  const sx = (v: number): number => x0 + ((v - xlo) / (xhi - xlo)) * (x1 - x0);
  const sy = (v: number): number => y0 - ((v - ylo) / (yhi - ylo)) * (y0 - y1);
  const key = colorKey(spec.sweep, spec.value);
  const out: string[] = [
    `<svg class="plot sweep" id="${spec.id}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-labelledby="${spec.id}-title">`,
    `<title id="${spec.id}-title">${escapeXml(spec.title)}</title>`,
    '<g class="cells" stroke="none">',
  ];
  const cw = ax.count > 1 ? (x1 - x0) / ax.count : x1 - x0;
  const ch = ay && ay.count > 1 ? (y0 - y1) / ay.count : y0 - y1;
  const step = (a: ReportSweep['axes'][number], i: number): number => (a.count > 1 ? a.from + ((a.to - a.from) * i) / (a.count - 1) : a.from);
  for (const cell of spec.sweep.cells) {
    const i = ay ? Math.floor(cell.index / ay.count) : cell.index;
    const j = ay ? cell.index % ay.count : 0;
    const cx = sx(step(ax, i)),
      cy = ay ? sy(step(ay, j)) : (y0 + y1) / 2;
    const v = cell.values[spec.value];
    const text = v === undefined || v === null ? 'no value' : String(v);
    out.push(
      `<rect x="${px(cx - cw / 2)}" y="${px(cy - ch / 2)}" width="${px(cw)}" height="${px(ch)}" fill="${key.colors.get(cell.index) ?? MISSING}"><title>${escapeXml(`${ax.name} = ${step(ax, i)}${ay ? `, ${ay.name} = ${step(ay, j)}` : ''}: ${text}`)}</title></rect>`,
    );
  }
  out.push(
    '</g>',
    `<rect class="frame" x="${px(x0)}" y="${px(y1)}" width="${px(x1 - x0)}" height="${px(y0 - y1)}" fill="none" stroke="#999" stroke-width="1"/>`,
  );
  out.push('<g class="ticks" font-family="sans-serif" font-size="11" fill="#333">');
  const xt = niceTicks(xlo, xhi);
  for (const v of xt.ticks.filter((t) => t >= xlo && t <= xhi))
    out.push(`<text x="${px(sx(v))}" y="${px(y0 + 15)}" text-anchor="middle">${tickLabel(v, xt.step)}</text>`);
  if (ay) {
    const yt = niceTicks(ylo, yhi);
    for (const v of yt.ticks.filter((t) => t >= ylo && t <= yhi))
      out.push(`<text x="${px(x0 - 6)}" y="${px(sy(v) + 4)}" text-anchor="end">${tickLabel(v, yt.step)}</text>`);
    out.push(`<text transform="translate(14 ${px((y0 + y1) / 2)}) rotate(-90)" text-anchor="middle">${escapeXml(ay.name)}</text>`);
  }
  out.push(`<text x="${px((x0 + x1) / 2)}" y="${px(H - 6)}" text-anchor="middle">${escapeXml(ax.name)}</text>`, '</g>');
  // The legend: the value's name, then a swatch per category or scale value.
  out.push(
    '<g class="legend" font-family="sans-serif" font-size="11" fill="#333">',
    `<text x="${px(x1 + 14)}" y="${px(y1 + 10)}">${escapeXml(spec.value)}</text>`,
  );
  const entries = [...key.legend, ...(key.colors.size < spec.sweep.cells.length ? [{ label: 'failed / none', color: MISSING }] : [])];
  entries.forEach((e, k) => {
    const y = y1 + 22 + 18 * k;
    out.push(
      `<rect x="${px(x1 + 14)}" y="${px(y)}" width="12" height="12" fill="${e.color}"/>`,
      `<text x="${px(x1 + 32)}" y="${px(y + 10)}">${escapeXml(e.label)}</text>`,
    );
  });
  out.push('</g>', '</svg>');
  return out.join('\n');
}

/** The heat map as a report figure (its legend is inside the SVG). */
export function sweepFigure(spec: HeatMapSpec, caption: readonly Inline[]): Figure {
  return { kind: 'figure', id: spec.id, svg: sweepSvg(spec), legend: [], caption };
}
