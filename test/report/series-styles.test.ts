// A report's plots read in greyscale: in every plot with several curves
// each curve has its own dash pattern (the first solid), the PDF's PGF
// strokes the same colours and patterns in the same order as the page's
// SVG (px as bp, 1 px = 0.75 bp), and the legend names each curve by the
// colour and pattern it is drawn with, on the page and in the PDF's keys.
// kozlov1988 Fig. 1 draws its realizations solid and dashed.
import { describe, expect, it } from 'vitest';
import type { Figure } from '../../src/report/document.js';
import { models, report } from './reports.js';

/** A stroke as the test compares it: its colour as r,g,b and its dash lengths in bp (empty: solid). */
interface Stroke {
  readonly rgb: string;
  readonly dash: readonly number[];
}

/** "#d55e00", "6 3" → { rgb: "213,94,0", dash: [4.5, 2.25] }. */
function fromSvg(hex: string, dash: string | undefined): Stroke {
  const n = Number.parseInt(hex.slice(1), 16);
  return { rgb: `${(n >> 16) & 255},${(n >> 8) & 255},${n & 255}`, dash: dash ? dash.split(' ').map((v) => Number(v) * 0.75) : [] };
}

/** One entry per curve: consecutive strokes of one style are the runs of one curve (a gap in its data). */
const curves = (strokes: Stroke[]): Stroke[] => strokes.filter((s, i) => i === 0 || JSON.stringify(s) !== JSON.stringify(strokes[i - 1]));

/** The curves of one <svg> of a plot, in drawing order. */
const svgCurves = (svg: string): Stroke[] =>
  curves(
    [...svg.matchAll(/<polyline class="series"[^>]* stroke="(#[0-9a-f]{6})"[^>]*?(?: stroke-dasharray="([^"]+)")? points=/g)].map((m) => fromSvg(m[1]!, m[2])),
  );

/** The curves of a PGF picture: the scopes stroked with round joins (a plot's polylines; its frame, grid and event lines have none). */
const pgfCurves = (picture: string): Stroke[] =>
  curves(
    [
      ...picture.matchAll(
        /\\begin\{pgfscope\}\\color\[RGB\]\{([\d,]+)\}\\pgfsetlinewidth\{[\d.]+bp\}\\pgfsetroundjoin(?:\\pgfsetdash\{((?:\{[\d.]+bp\})+)\}\{0pt\})?\n/g,
      ),
    ].map((m) => ({ rgb: m[1]!, dash: [...(m[2] ?? '').matchAll(/\{([\d.]+)bp\}/g)].map((d) => Number(d[1])) })),
  );

/** Lengths printed to 0.01 bp. */
const rounded = (s: readonly Stroke[]): { rgb: string; dash: number[] }[] => s.map((x) => ({ rgb: x.rgb, dash: x.dash.map((d) => Number(d.toFixed(2))) }));

// The report kinds with plots of several curves: motion (coordinates, phase portraits of n links), the realizations
// and rigid limit (kozlov1988 Fig. 1), the confocal billiard's curves.
const NAMES = ['kozlov-release-elastic', 'double-pendulum', 'n-link-pendulum', 'parabolic-billiard'];

describe('every plot with several curves tells them apart by dash as well as colour, alike in SVG, PGF and legend', () => {
  const built = NAMES.map((name) => report(models.find((m) => m.spec.name === name)!));
  const plots = built.flatMap((b) =>
    b.doc.sections
      .flatMap((s) => s.blocks)
      .filter((x): x is Figure => x.kind === 'figure' && /<svg class="plot\b/.test(x.svg))
      .map((figure) => ({ report: b, figure, page: figure.svg.split('\n</svg>\n')[0]! })),
  );
  const several = plots.filter((p) => svgCurves(p.page).length > 1);

  it('finds the multi-curve plots, the realizations figure among them', () => {
    expect(several.length).toBeGreaterThanOrEqual(6);
    expect(several.map((p) => p.figure.id)).toContain('plot-realizations');
  });

  it.each(several.map((p) => [`${p.report.name}: ${p.figure.id}`, p] as const))('%s', (_, { figure, page, report: b }) => {
    const svg = svgCurves(page);
    // The first curve solid, every curve a pattern of its own.
    expect(svg[0]!.dash).toEqual([]);
    expect(new Set(svg.map((s) => JSON.stringify(s.dash))).size).toBe(svg.length);
    // The phone's layout draws the same curves.
    const narrow = figure.svg.split('\n</svg>\n')[1];
    if (narrow) expect(svgCurves(narrow)).toEqual(svg);
    // The PDF strokes them in the same order, colour and pattern.
    if (figure.tikz) expect(rounded(pgfCurves(figure.tikz.picture))).toEqual(rounded(svg));
    // The legend names them in that order, by the same stroke; the PDF's keys draw that pattern.
    const keys = figure.legend.slice(0, svg.length);
    expect(rounded(keys.map((l) => fromSvg(l.color, l.dash)))).toEqual(rounded(svg));
    if (figure.tikz) {
      const tex = [...b.files]
        .filter(([path]) => path.endsWith('.tex'))
        .map(([, text]) => text)
        .join('\n');
      for (const s of rounded(svg).filter((x) => x.dash.length)) {
        const [r, g, bl] = s.rgb.split(',');
        const pattern = s.dash.map((d, i) => `${i % 2 ? 'off' : 'on'} ${d.toFixed(2)}bp`).join(' ');
        expect(tex).toContain(`{rgb,255:red,${r};green,${g};blue,${bl}}, line width=1.2bp, dash pattern=${pattern}]`);
      }
    }
  });
});
