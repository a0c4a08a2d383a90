// The sweep heat map: one rect per cell at its grid point, numbers on the
// sequential scale from the lowest to the highest value, booleans as two
// categories, failed cells grey, the legend inside the SVG, and identical
// bytes for identical input.
import { describe, expect, it } from 'vitest';
import { colorKey, scaleColor, sweepFigure, sweepSvg, type ReportSweep } from '../../src/report/sweep.js';

const GRID: ReportSweep['axes'] = [
  { name: 'k', from: 0, to: 3, count: 4 },
  { name: "y'", from: 1, to: 2, count: 3 },
];
const cells = (value: (i: number) => number | boolean | null): ReportSweep['cells'] =>
  Array.from({ length: 12 }, (_, index) => {
    const v = value(index);
    return { index, values: v === null ? {} : ({ v } as Record<string, number | boolean>) };
  });

describe('the sweep heat map', () => {
  it('colours numbers from the scale’s first stop (lowest) to its last (highest), linearly between', () => {
    const key = colorKey({ axes: GRID, cells: cells((i) => 10 + i) }, 'v');
    expect(key.colors.get(0)).toBe('#440154');
    expect(key.colors.get(11)).toBe('#fde725');
    expect(scaleColor(0.5)).toBe('#21918c');
    // Halfway between the stops #440154 and #3b528b: each channel the rounded mean.
    expect(scaleColor(0.125)).toBe('#402a70');
    expect(key.legend.map((e) => e.label)).toEqual(['10', '12.75', '15.5', '18.25', '21']);
  });

  it('colours booleans as two categories, false first, and leaves cells without the value grey', () => {
    const sweep = { axes: GRID, cells: cells((i) => (i === 5 ? null : i < 6)) };
    const key = colorKey(sweep, 'v');
    expect(key.legend.map((e) => e.label)).toEqual(['false', 'true']);
    expect(key.colors.get(0)).toBe(key.legend[1]!.color);
    expect(key.colors.get(11)).toBe(key.legend[0]!.color);
    expect(key.colors.has(5)).toBe(false);
    const svg = sweepSvg({ id: 'basin', title: 'a basin', sweep, value: 'v' });
    expect(svg.match(/<rect x=/g)?.length).toBe(12 + 3);
    expect(svg).toContain('fill="#dddddd"><title>k = 1, y\' = 2: no value</title>');
    expect(svg).toContain('>failed / none</text>');
  });

  it('puts cell (i, j) at the i-th value of the first axis across and the j-th of the second up', () => {
    const svg = sweepSvg({ id: 'm', title: 't', sweep: { axes: GRID, cells: cells((i) => i) }, value: 'v', width: 640, height: 360 });
    // Plot area x ∈ [64, 490], y ∈ [14, 318]: 4 columns of 106.5 px, 3 rows of 101.3 px.
    const rect = (i: number): string => svg.split('\n').find((l) => l.includes(`: ${i}</title>`))!;
    expect(rect(0)).toMatch(/^<rect x="64.0" y="216.7" width="106.5" height="101.3"/);
    expect(rect(2)).toMatch(/^<rect x="64.0" y="14.0" /);
    expect(rect(11)).toMatch(/^<rect x="383.5" y="14.0" /);
    expect(svg).toContain('>k</text>');
    expect(svg).toContain(`>y'</text>`);
  });

  it('draws a 1-D sweep as one row, byte for byte the same each time', () => {
    const sweep: ReportSweep = {
      axes: [{ name: 'k', from: 0, to: 1, count: 5 }],
      cells: Array.from({ length: 5 }, (_, index) => ({ index, values: { stable: index < 3 } })),
    };
    const a = sweepSvg({ id: 'one', title: 'κ', sweep, value: 'stable' });
    expect(a).toBe(sweepSvg({ id: 'one', title: 'κ', sweep, value: 'stable' }));
    expect(a).toContain('height="140"');
    expect(new Set([...a.matchAll(/<rect x="[\d.]+" y="([\d.]+)"/g)].slice(0, 5).map((m) => m[1]))).toEqual(new Set(['14.0']));
    const figure = sweepFigure({ id: 'one', title: 'κ', sweep, value: 'stable' }, ['caption']);
    expect(figure).toEqual({ kind: 'figure', id: 'one', svg: a, legend: [], caption: ['caption'] });
  });
});
