// Line plots of a report as scenes (scene.ts): series against time with one
// marker per instant at which events occur, and curves in a plane (a phase
// portrait). Printed as SVG for the HTML report and as TikZ for the PDF.
//
// Deterministic by construction: pixel coordinates to 0.1 px, tick labels to
// the decimals their spacing needs, because docs/reports/ is committed and checked
// for staleness byte for byte.
// Each series is drawn in a colour and a dash pattern of its own
// (SERIES_STYLES), in the SVG, the PGF and the legends alike:
// test/report/series-styles.test.ts reads them in the reports' figures.
import { svgScene, type Scene, type SceneItem } from './scene.js';

export interface PlotSeries {
  /** Legend label, LaTeX (rendered by the report, not inside the figure). */
  readonly label: string;
  readonly values: readonly number[];
  /** Its style's index in SERIES_STYLES (absent: its place in the plot), so that a coordinate keeps its line across figures. */
  readonly style?: number;
}

export type PlotEventKind = 'impact' | 'release' | 'contact' | 'rest' | 'stick' | 'slip' | 'indeterminate';

export interface PlotEvent {
  readonly t: number;
  readonly kind: PlotEventKind;
}

/** An axis caption: plain text for SVG, and the same in LaTeX for the PDF (absent: the text escaped). */
export interface AxisLabel {
  readonly text: string;
  readonly tex?: string;
}

export interface PlotSpec {
  /** Used for element ids and the accessible title. */
  readonly id: string;
  readonly title: string;
  readonly t: readonly number[];
  readonly series: readonly PlotSeries[];
  readonly events: readonly PlotEvent[];
  /** Axis captions, plain text (t [s]) or with their LaTeX. */
  readonly xLabel: string | AxisLabel;
  readonly yLabel: string | AxisLabel;
  readonly width?: number;
  readonly height?: number;
  /** Values that are whole numbers (a variant's number): ticks at whole numbers only. */
  readonly whole?: boolean;
}

/** A row of a row chart: its height and its name, in plain text and in LaTeX. */
export interface NamedRow {
  readonly y: number;
  readonly text: string;
  readonly tex: string;
}

/** Curves y(x) in a plane (a phase portrait), each with a dot at its start unless it has none. */
export interface CurveSpec {
  readonly id: string;
  readonly title: string;
  /** `start: false`: no dot (a fixed curve drawn beside a motion, which has no start). */
  /** `style` as a PlotSeries' style. */
  readonly curves: readonly {
    readonly label: string;
    readonly x: readonly number[];
    readonly y: readonly number[];
    readonly start?: boolean;
    readonly style?: number;
    /** Line width in px (default 1.4): a band of a row chart is wider. */
    readonly width?: number;
    /** Drawn without its style's dashes: a band of a row chart, whose row tells it apart (dashes would break a continuous arc). */
    readonly solid?: boolean;
    /** A dot at each point and no line: values at discrete instants (per impact), between which nothing is known. */
    readonly dots?: boolean;
  }[];
  readonly xLabel: string | AxisLabel;
  readonly yLabel: string | AxisLabel;
  readonly width?: number;
  readonly height?: number;
  /** A row chart's rows: the y axis names each row at its height instead of numbering it. */
  readonly rows?: readonly NamedRow[];
  /** The x axis's exact extent, where rounding the curves' own to a tick would run past it (directions over [0, 2π]). */
  readonly xRange?: readonly [number, number];
}

/** A series' line: its colour and its SVG dash pattern in px (absent: solid). */
export interface SeriesStyle {
  readonly color: string;
  readonly dash?: string;
}

/** A series' style with its line in words, for a caption that tells the series apart (kozlov1988 Fig. 1: the elastic solid). */
export interface SeriesLine extends SeriesStyle {
  readonly line: string;
}

/**
 * Series lines: colour-blind safe colours (Okabe–Ito order), each with its
 * own dash pattern (solid, dashed, dotted, dash-dot, …), so that the series
 * stay apart in a greyscale print. The one table the SVG, the PGF and the
 * legends of every plot take their lines from.
 */
export const SERIES_STYLES: readonly SeriesLine[] = [
  { color: '#0072b2', line: 'solid' },
  { color: '#d55e00', dash: '6 3', line: 'dashed' },
  { color: '#009e73', dash: '1.5 2.5', line: 'dotted' },
  { color: '#cc79a7', dash: '7 3 1.5 3', line: 'dash-dotted' },
  { color: '#e69f00', dash: '12 4', line: 'long-dashed' },
  { color: '#56b4e9', dash: '7 3 1.5 3 1.5 3', line: 'dash-dot-dotted' },
  { color: '#000000', dash: '3 2', line: 'short-dashed' },
  { color: '#f0e442', dash: '12 3 1.5 3', line: 'long-dash-dotted' },
];

/** The style of series `k`, the table repeated past its end. */
export const seriesStyle = (k: number): SeriesLine => SERIES_STYLES[k % SERIES_STYLES.length]!;

/**
 * A plot's legend keyed by the lines as drawn: its first entries, one per series or curve in drawing order, take
 * the colour and pattern the scene strokes that series with (plotScene, curveScene), whatever the caller passed;
 * the entries past them (event kinds, a reference line drawn otherwise) keep theirs.
 */
export function drawnLegend<L extends { readonly label: string; readonly color: string; readonly dash?: string }>(
  scene: Scene,
  legend: readonly L[],
): { readonly label: string; readonly color: string; readonly dash?: string; readonly dot?: boolean }[] {
  // A curve drawn as dots is one run of series circles: its first dot stands for it, and its key is a dot.
  const drawn = scene.items.flatMap((item, i): { color: string; dash?: string; dot?: boolean }[] => {
    if (item.kind === 'polyline' && item.cls === 'series') return [{ color: item.stroke, ...(item.dash ? { dash: item.dash } : {}) }];
    const before = scene.items[i - 1];
    const first = !(before?.kind === 'circle' && before.cls === 'series');
    return item.kind === 'circle' && item.cls === 'series' && first ? [{ color: item.fill, dot: true }] : [];
  });
  return legend.map((entry, k) => {
    const line = drawn[k];
    if (!line) return entry;
    const { dash: _, ...rest } = entry;
    return { ...rest, ...line };
  });
}

/** A legend's key to a line: a short stroke of its colour and dash pattern, or a dot of its colour, as an inline <svg> (an HTML page's legend). */
export function legendSwatch({ color, dash, dot }: SeriesStyle & { readonly dot?: boolean }): string {
  if (dot) return `<svg class="swatch" viewBox="0 0 24 6" width="24" height="6" aria-hidden="true"><circle cx="12" cy="3" r="2.5" fill="${color}"/></svg>`;
  const pattern = dash ? ` stroke-dasharray="${dash}"` : '';
  return `<svg class="swatch" viewBox="0 0 24 6" width="24" height="6" aria-hidden="true"><line x1="0" y1="3" x2="24" y2="3" stroke="${color}" stroke-width="2"${pattern}/></svg>`;
}

/** Event line colours and dash patterns. */
export const EVENT_STYLE: Readonly<Record<PlotEventKind, { readonly color: string; readonly dash: string }>> = {
  impact: { color: '#c00000', dash: '4 2' },
  release: { color: '#2f7d32', dash: '2 2' },
  contact: { color: '#6a3d9a', dash: '6 3' },
  rest: { color: '#555555', dash: '1 2' },
  stick: { color: '#0072b2', dash: '3 3' },
  slip: { color: '#e69f00', dash: '3 3' },
  indeterminate: { color: '#000000', dash: '8 2 2 2' },
};

const MARGIN = { left: 64, right: 16, top: 18, bottom: 42 } as const;
/**
 * About how many tick intervals an axis has: on the page's 640 px, and on a
 * phone's 360 px layout (Scene.narrow), where the labels keep their 11 px
 * only if there are fewer of them.
 */
const TICKS: Readonly<Record<'wide' | 'narrow', TickCounts>> = { wide: { x: 5, y: 5 }, narrow: { x: 3, y: 4 } };
interface TickCounts {
  readonly x: number;
  readonly y: number;
}
/** The width of the phone's layout: a 412 px screen's column (364 px) draws it at its own size. */
export const NARROW_WIDTH = 360;

/** Round tick steps: 1, 2, 5 × 10^k, about `count` intervals over [lo, hi]; at least 1 where the values are `whole`. */
export function niceTicks(lo: number, hi: number, count = 5, whole = false): { ticks: number[]; step: number; lo: number; hi: number } {
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / mag;
  const step = Math.max(whole ? 1 : 0, (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag);
  const first = Math.floor(lo / step + 1e-9) * step;
  const last = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let k = 0; first + k * step <= last + step * 1e-9; k++) ticks.push(first + k * step);
  return { ticks, step, lo: first, hi: last };
}

/** A tick label with as many decimals as the step needs: 0.5 → "0.5", 2 → "2", 1e-3 → "0.001". */
export function tickLabel(v: number, step: number): string {
  const decimals = Math.max(0, Math.min(10, -Math.floor(Math.log10(step) + 1e-9)));
  const s = v.toFixed(decimals);
  return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s.replace('-', '−');
}

/**
 * The range shown: the data range, widened to a visible band when the
 * data are (numerically) constant — a conserved energy then shows as a flat
 * line instead of magnified round-off, a path along an axis as a line.
 */
export function valueRange(values: readonly number[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo === Infinity) return [-1, 1];
  const scale = Math.max(Math.abs(lo), Math.abs(hi), 1e-12);
  // Below 1e-12 a spread is round-off whatever the scale (a path along an axis: x within 1e-17 of 0).
  if (hi - lo <= Math.max(1e-6 * scale, 1e-12)) {
    const mid = (lo + hi) / 2;
    const half = Math.max(Math.abs(mid) * 0.05, 0.05);
    return [mid - half, mid + half];
  }
  return [lo, hi];
}

/** Events drawn as one marker: those at one instant (closer than `resolution` in t). */
export interface EventMarker {
  readonly t: number;
  /** The kind that occurs most often at this instant (its line style). */
  readonly kind: PlotEventKind;
  readonly count: number;
  /** "impact ×12, release" */
  readonly label: string;
}

/**
 * Events merged into one marker per instant: events closer than
 * `resolution` (the time one pixel spans) would draw as a single thick line
 * anyway — the compass's stick/release cascades put 13 at one instant.
 */
export function eventMarkers(events: readonly PlotEvent[], resolution: number): EventMarker[] {
  const sorted = [...events].sort((a, b) => a.t - b.t);
  const groups: PlotEvent[][] = [];
  for (const e of sorted) {
    const last = groups[groups.length - 1];
    if (last && e.t - last[0]!.t <= resolution) last.push(e);
    else groups.push([e]);
  }
  return groups.map((g) => {
    const counts = new Map<PlotEventKind, number>();
    for (const e of g) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
    const kinds = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return {
      t: g[0]!.t,
      kind: kinds[0]![0],
      count: g.length,
      label: kinds.map(([k, n]) => (n > 1 ? `${k} ×${n}` : k)).join(', '),
    };
  });
}

const label = (l: string | AxisLabel): AxisLabel => (typeof l === 'string' ? { text: l } : l);

const SUPERSCRIPT: Readonly<Record<string, string>> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};

/**
 * The power of ten an axis is counted in: 0 for ticks that read well as
 * decimals, else the exponent of the largest tick (an energy drift of 1e-11
 * reads 2, 4, … ×10⁻¹², not 0.000000000002).
 */
export function axisExponent(ticks: readonly number[]): number {
  const top = Math.max(...ticks.map(Math.abs));
  return top > 0 && (top < 1e-2 || top >= 1e5) ? Math.floor(Math.log10(top)) : 0;
}

/** The axis caption with the power of ten its ticks are counted in: "E [J] ×10⁻³". */
function scaled(l: AxisLabel, exponent: number): AxisLabel {
  if (exponent === 0) return l;
  const text = `${l.text} ×10${[...String(exponent)].map((c) => SUPERSCRIPT[c]!).join('')}`;
  return { text, tex: `${l.tex ?? l.text} $\\times 10^{${exponent}}$` };
}

interface Frame {
  readonly items: SceneItem[];
  readonly sx: (v: number) => number;
  readonly sy: (v: number) => number;
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}

/**
 * Frame, grid, ticks and axis captions of a plot over [xLo, xHi] × the y
 * range of `ys`; the x axis rounded out to whole ticks, or (`exactX`, the
 * time) ending where the data end, so that a run cut after its rest is not
 * drawn on to the next round number.
 */
function frame(
  W: number,
  H: number,
  xRange: [number, number],
  yValues: readonly number[],
  xl: string | AxisLabel,
  yl: string | AxisLabel,
  exactX = false,
  ticks = TICKS.wide,
  rows?: readonly NamedRow[],
  whole = false,
): Frame {
  const x0 = MARGIN.left;
  const x1 = W - MARGIN.right;
  const y0 = H - MARGIN.bottom;
  const y1 = MARGIN.top;
  const [xLo, xHi] = [xRange[0], xRange[1] > xRange[0] ? xRange[1] : xRange[0] + 1];
  const nice = niceTicks(xLo, xHi, ticks.x);
  const xt = exactX ? { ...nice, ticks: nice.ticks.filter((v) => v >= xLo - 1e-9 * nice.step && v <= xHi + 1e-9 * nice.step), lo: xLo, hi: xHi } : nice;
  const [vLo, vHi] = valueRange(yValues);
  // Named rows: a grid line at each, half a row's spacing above the top one and below the bottom one.
  const yt = rows?.length
    ? { ticks: [] as number[], step: 1, lo: Math.min(...rows.map((r) => r.y)) - 0.5, hi: Math.max(...rows.map((r) => r.y)) + 0.6 }
    : niceTicks(vLo, vHi, ticks.y, whole);
  const sx = (v: number): number => x0 + ((v - xt.lo) / (xt.hi - xt.lo)) * (x1 - x0);
  const sy = (v: number): number => y0 - ((v - yt.lo) / (yt.hi - yt.lo)) * (y0 - y1);
  const grid = '#e4e4e4';
  const ink = '#333333';
  const items: SceneItem[] = [{ kind: 'rect', cls: 'frame', x: x0, y: y1, w: x1 - x0, h: y0 - y1, stroke: '#999999' }];
  for (const v of xt.ticks) items.push({ kind: 'line', cls: 'grid', x1: sx(v), y1, x2: sx(v), y2: y0, stroke: grid, width: 1 });
  for (const v of yt.ticks) items.push({ kind: 'line', cls: 'grid', x1: x0, y1: sy(v), x2: x1, y2: sy(v), stroke: grid, width: 1 });
  const [xe, ye] = [axisExponent(xt.ticks), axisExponent(yt.ticks)];
  for (const v of xt.ticks)
    items.push({ kind: 'text', cls: 'tick', x: sx(v), y: y0 + 15, text: tickLabel(v / 10 ** xe, xt.step / 10 ** xe), anchor: 'middle', size: 11, fill: ink });
  for (const v of yt.ticks)
    items.push({ kind: 'text', cls: 'tick', x: x0 - 6, y: sy(v) + 4, text: tickLabel(v / 10 ** ye, yt.step / 10 ** ye), anchor: 'end', size: 11, fill: ink });
  // Each row's name inside the frame, just above its line.
  for (const r of rows ?? []) {
    items.push({ kind: 'line', cls: 'grid', x1: x0, y1: sy(r.y), x2: x1, y2: sy(r.y), stroke: grid, width: 1 });
    items.push({ kind: 'text', cls: 'row-name', x: x0 + 4, y: sy(r.y) - 6, text: r.text, tex: r.tex, anchor: 'start', size: 11, fill: ink });
  }
  const xa = scaled(label(xl), xe);
  const ya = scaled(label(yl), ye);
  items.push(
    { kind: 'text', cls: 'axis', x: (x0 + x1) / 2, y: H - 6, text: xa.text, ...(xa.tex ? { tex: xa.tex } : {}), anchor: 'middle', size: 12, fill: ink },
    {
      kind: 'text',
      cls: 'axis',
      x: 16,
      y: (y0 + y1) / 2,
      text: ya.text,
      ...(ya.tex ? { tex: ya.tex } : {}),
      anchor: 'middle',
      size: 12,
      fill: ink,
      rotate: true,
    },
  );
  return { items, sx, sy, x0, x1, y0, y1 };
}

/** Series against time, with a marker (a labelled vertical line) per instant of events; laid out for the page and for a phone. */
export function plotScene(spec: PlotSpec): Scene {
  const W = spec.width ?? 640;
  const H = spec.height ?? 260;
  const wide = plotLayout(spec, W, H, TICKS.wide);
  return W > NARROW_WIDTH ? { ...wide, narrow: plotLayout({ ...spec, id: `${spec.id}-narrow` }, NARROW_WIDTH, H, TICKS.narrow) } : wide;
}

function plotLayout(spec: PlotSpec, W: number, H: number, ticks: TickCounts): Scene {
  const tMin = spec.t[0] ?? 0;
  const tMax = spec.t[spec.t.length - 1] ?? 1;
  const f = frame(
    W,
    H,
    [tMin, tMax],
    spec.series.flatMap((s) => s.values),
    spec.xLabel,
    spec.yLabel,
    true,
    ticks,
    undefined,
    spec.whole,
  );
  const items = f.items;
  // Events under the curves; a count above a marker that stands for several.
  const markers = eventMarkers(spec.events, (tMax - tMin) / (f.x1 - f.x0));
  // A count is written only where it does not run into the previous one (the tooltip always has it).
  let free = -Infinity;
  for (const e of markers) {
    const s = EVENT_STYLE[e.kind];
    const x = f.sx(e.t);
    items.push({
      kind: 'line',
      cls: `event ${e.kind}`,
      x1: x,
      y1: f.y1,
      x2: x,
      y2: f.y0,
      stroke: s.color,
      width: 1.2,
      dash: s.dash,
      title: `t = ${e.t.toFixed(4)}: ${e.label}`,
    });
    if (e.count > 1 && x - 12 >= free) {
      items.push({
        kind: 'text',
        cls: 'event-count',
        x,
        y: f.y1 - 4,
        text: `×${e.count}`,
        tex: `$\\times${e.count}$`,
        anchor: 'middle',
        size: 10,
        fill: s.color,
      });
      free = x + 12;
    }
  }
  spec.series.forEach((s, k) => {
    const points: number[] = [];
    s.values.forEach((v, i) => {
      if (i < spec.t.length) points.push(f.sx(spec.t[i]!), Number.isFinite(v) ? f.sy(v) : NaN);
    });
    const { color, dash } = seriesStyle(s.style ?? k);
    items.push({ kind: 'polyline', cls: 'series', points, stroke: color, width: 1.6, ...(dash ? { dash } : {}) });
  });
  return { id: spec.id, cls: 'plot', title: spec.title, width: W, height: H, items };
}

/** The plot as a standalone <svg> element. */
export function svgPlot(spec: PlotSpec): string {
  return svgScene(plotScene(spec));
}

/** Curves in a plane, each from a dot at its first point; laid out for the page and for a phone. */
export function curveScene(spec: CurveSpec): Scene {
  const W = spec.width ?? 640;
  const H = spec.height ?? 300;
  // A frame no wider than the phone's (a tall path) takes the phone's tick counts.
  const wide = curveLayout(spec, W, H, W > NARROW_WIDTH ? TICKS.wide : TICKS.narrow);
  return W > NARROW_WIDTH ? { ...wide, narrow: curveLayout({ ...spec, id: `${spec.id}-narrow` }, NARROW_WIDTH, H, TICKS.narrow) } : wide;
}

function curveLayout(spec: CurveSpec, W: number, H: number, ticks: TickCounts): Scene {
  const [xLo, xHi] = spec.xRange ?? valueRange(spec.curves.flatMap((c) => c.x));
  const f = frame(
    W,
    H,
    [xLo, xHi],
    spec.curves.flatMap((c) => c.y),
    spec.xLabel,
    spec.yLabel,
    spec.xRange !== undefined,
    ticks,
    spec.rows,
  );
  const items = f.items;
  spec.curves.forEach((c, k) => {
    const { color, dash } = seriesStyle(c.style ?? k);
    const points: number[] = [];
    c.x.forEach((x, i) => points.push(Number.isFinite(x) ? f.sx(x) : NaN, Number.isFinite(c.y[i]!) ? f.sy(c.y[i]!) : NaN));
    if (c.dots) {
      for (let i = 0; i + 1 < points.length; i += 2)
        if (Number.isFinite(points[i]!) && Number.isFinite(points[i + 1]!))
          items.push({ kind: 'circle', cls: 'series', cx: points[i]!, cy: points[i + 1]!, r: 2.5, fill: color });
      return;
    }
    items.push({ kind: 'polyline', cls: 'series', points, stroke: color, width: c.width ?? 1.4, ...(dash && !c.solid ? { dash } : {}) });
    if (c.start !== false && points.length >= 2)
      items.push({ kind: 'circle', cls: 'start', cx: points[0]!, cy: points[1]!, r: 3, fill: color, title: 'initial state' });
  });
  return { id: spec.id, cls: 'plot', title: spec.title, width: W, height: H, items };
}
