// Hand-written SVG line plots for the HTML report: one or more series
// against time, with events (impacts, releases) marked as vertical lines.
//
// Deterministic by construction: every number in the output goes through
// fixed formatting (pixel coordinates to 0.1 px, tick labels to the
// decimals their spacing needs), because docs/ is committed and checked for
// staleness byte for byte.

export interface PlotSeries {
  /** Legend label, LaTeX (rendered by the HTML report, not inside the SVG). */
  readonly label: string;
  readonly values: readonly number[];
}

export type PlotEventKind = 'impact' | 'release' | 'contact' | 'rest' | 'stick' | 'slip' | 'indeterminate';

export interface PlotEvent {
  readonly t: number;
  readonly kind: PlotEventKind;
}

export interface PlotSpec {
  /** Used for element ids and the accessible title. */
  readonly id: string;
  readonly title: string;
  readonly t: readonly number[];
  readonly series: readonly PlotSeries[];
  readonly events: readonly PlotEvent[];
  /** Axis captions, plain text. */
  readonly xLabel: string;
  readonly yLabel: string;
  readonly width?: number;
  readonly height?: number;
}

/** Series colours (colour-blind safe, Okabe–Ito order). */
export const SERIES_COLORS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000', '#f0e442'] as const;

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

const MARGIN = { left: 64, right: 16, top: 14, bottom: 42 } as const;

/** Fixed-precision number for SVG attributes ("-0.0" normalized). */
function px(v: number): string {
  const s = v.toFixed(1);
  return s === '-0.0' ? '0.0' : s;
}

/** Round tick steps: 1, 2, 5 × 10^k, about `count` intervals over [lo, hi]. */
export function niceTicks(lo: number, hi: number, count = 5): { ticks: number[]; step: number; lo: number; hi: number } {
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / mag;
  const step = (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag;
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
 * The y range shown: the data range, widened to a visible band when the
 * data are (numerically) constant — a conserved energy then shows as a flat
 * line instead of magnified round-off.
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
  if (hi - lo <= 1e-6 * scale) {
    const mid = (lo + hi) / 2;
    const half = Math.max(Math.abs(mid) * 0.05, 0.05);
    return [mid - half, mid + half];
  }
  return [lo, hi];
}

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The plot as a standalone <svg> element. */
export function svgPlot(spec: PlotSpec): string {
  const W = spec.width ?? 640;
  const H = spec.height ?? 260;
  const x0 = MARGIN.left;
  const x1 = W - MARGIN.right;
  const y0 = H - MARGIN.bottom;
  const y1 = MARGIN.top;
  const tMin = spec.t[0] ?? 0;
  const tMax = spec.t[spec.t.length - 1] ?? 1;
  const xt = niceTicks(tMin, tMax > tMin ? tMax : tMin + 1);
  const [vLo, vHi] = valueRange(spec.series.flatMap((s) => s.values));
  const yt = niceTicks(vLo, vHi);
  const sx = (t: number): number => x0 + ((t - xt.lo) / (xt.hi - xt.lo)) * (x1 - x0);
  const sy = (v: number): number => y0 - ((v - yt.lo) / (yt.hi - yt.lo)) * (y0 - y1);
  const out: string[] = [];
  out.push(
    `<svg class="plot" id="${spec.id}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-labelledby="${spec.id}-title">`,
    `<title id="${spec.id}-title">${escapeXml(spec.title)}</title>`,
    `<rect class="frame" x="${px(x0)}" y="${px(y1)}" width="${px(x1 - x0)}" height="${px(y0 - y1)}" fill="none" stroke="#999" stroke-width="1"/>`,
  );
  // Grid and tick labels.
  out.push('<g class="grid" stroke="#e4e4e4" stroke-width="1">');
  for (const v of xt.ticks) out.push(`<line x1="${px(sx(v))}" y1="${px(y1)}" x2="${px(sx(v))}" y2="${px(y0)}"/>`);
  for (const v of yt.ticks) out.push(`<line x1="${px(x0)}" y1="${px(sy(v))}" x2="${px(x1)}" y2="${px(sy(v))}"/>`);
  out.push('</g>');
  out.push('<g class="ticks" font-family="sans-serif" font-size="11" fill="#333">');
  for (const v of xt.ticks) out.push(`<text x="${px(sx(v))}" y="${px(y0 + 15)}" text-anchor="middle">${tickLabel(v, xt.step)}</text>`);
  for (const v of yt.ticks) out.push(`<text x="${px(x0 - 6)}" y="${px(sy(v) + 4)}" text-anchor="end">${tickLabel(v, yt.step)}</text>`);
  out.push(
    `<text x="${px((x0 + x1) / 2)}" y="${px(H - 6)}" text-anchor="middle">${escapeXml(spec.xLabel)}</text>`,
    `<text transform="translate(14 ${px((y0 + y1) / 2)}) rotate(-90)" text-anchor="middle">${escapeXml(spec.yLabel)}</text>`,
    '</g>',
  );
  // Events under the curves.
  if (spec.events.length > 0) {
    out.push('<g class="events" stroke-width="1.2">');
    for (const e of spec.events) {
      const s = EVENT_STYLE[e.kind];
      out.push(`<line class="event ${e.kind}" x1="${px(sx(e.t))}" y1="${px(y1)}" x2="${px(sx(e.t))}" y2="${px(y0)}" stroke="${s.color}" stroke-dasharray="${s.dash}"><title>${e.kind} at t = ${e.t.toFixed(4)}</title></line>`);
    }
    out.push('</g>');
  }
  spec.series.forEach((s, k) => {
    const pts: string[] = [];
    s.values.forEach((v, i) => {
      if (Number.isFinite(v) && i < spec.t.length) pts.push(`${px(sx(spec.t[i]!))},${px(sy(v))}`);
    });
    out.push(`<polyline class="series" fill="none" stroke="${SERIES_COLORS[k % SERIES_COLORS.length]}" stroke-width="1.6" stroke-linejoin="round" points="${pts.join(' ')}"/>`);
  });
  out.push('</svg>');
  return out.join('\n');
}
