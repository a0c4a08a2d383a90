// The hand-written SVG plots: round ticks, fixed number formatting, a flat
// line for a conserved energy, events drawn, and identical bytes every time.
import { describe, expect, it } from 'vitest';
import { niceTicks, svgPlot, tickLabel, valueRange } from '../../src/report/plot.js';

const t = Array.from({ length: 101 }, (_, k) => k / 10);
const spec = {
  id: 'plot-test', title: 'pendulum', t, xLabel: 't', yLabel: 'q',
  series: [{ label: '\\theta', values: t.map((s) => Math.cos(3 * s)) }, { label: '\\varphi', values: t.map((s) => 0.5 * Math.sin(s)) }],
  events: [{ t: 2.5, kind: 'impact' as const }, { t: 7, kind: 'release' as const }],
};

describe('plot axes', () => {
  it('chooses 1-2-5 tick steps that cover the data', () => {
    expect(niceTicks(0, 10)).toMatchObject({ step: 2, lo: 0, hi: 10 });
    expect(niceTicks(-1, 1).step).toBe(0.5);
    const { ticks, lo, hi } = niceTicks(0.013, 0.087);
    expect(lo).toBeLessThanOrEqual(0.013);
    expect(hi).toBeGreaterThanOrEqual(0.087);
    expect(ticks.length).toBeGreaterThanOrEqual(4);
  });

  it('labels ticks with the decimals their step needs and a true minus sign', () => {
    expect(tickLabel(0.5, 0.5)).toBe('0.5');
    expect(tickLabel(2, 2)).toBe('2');
    expect(tickLabel(-0.25, 0.05)).toBe('−0.25');
    expect(tickLabel(-1e-17, 0.5)).toBe('0.0');
  });

  it('widens a constant series (a conserved energy) to a visible band around it', () => {
    const [lo, hi] = valueRange([-14.715, -14.715 + 1e-12, -14.715 - 1e-12]);
    expect(lo).toBeLessThan(-14.715 * 1.01);
    expect(hi).toBeGreaterThan(-14.715 * 0.99);
  });
});

describe('svgPlot', () => {
  const svg = svgPlot(spec);

  it('draws one polyline per series with a point per sample, in a standalone svg', () => {
    expect(svg).toMatch(/^<svg class="plot" id="plot-test" xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const lines = [...svg.matchAll(/<polyline[^>]*points="([^"]*)"/g)];
    expect(lines).toHaveLength(2);
    for (const [, pts] of lines) expect(pts!.split(' ')).toHaveLength(101);
  });

  it('marks impacts and releases as vertical lines', () => {
    expect(svg.match(/class="event impact"/g)).toHaveLength(1);
    expect(svg.match(/class="event release"/g)).toHaveLength(1);
  });

  it('writes every coordinate with one decimal, so the bytes never depend on round-off', () => {
    for (const [, x] of svg.matchAll(/ (?:x|y|x1|y1|x2|y2)="([^"]*)"/g)) expect(x).toMatch(/^-?\d+\.\d$/);
    expect(svgPlot(spec)).toBe(svg);
  });
});
