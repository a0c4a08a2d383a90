// The figure IR printed two ways: SVG and TikZ draw the same items at the
// same coordinates, with fixed number formatting.
import { describe, expect, it } from 'vitest';
import { latexText } from '../../src/report/latex-text.js';
import { svgScene, tikzColor, tikzScene, type Scene } from '../../src/report/scene.js';

const scene: Scene = {
  id: 'fig',
  cls: 'plot',
  title: 'a & b',
  width: 200,
  height: 100,
  items: [
    { kind: 'line', x1: 10, y1: 20, x2: 110.04, y2: 20, stroke: '#c00000', width: 1.2, dash: '4 2', title: 'impact' },
    { kind: 'polyline', points: [0, 0, 10, 10, NaN, NaN, 20, 20, 30, 25, 40, 20], stroke: '#0072b2', width: 1.6 },
    { kind: 'circle', cx: 50, cy: 50, r: 4, fill: '#1d1d1d', attrs: { 'data-p': '0' } },
    { kind: 'text', x: 100, y: 95, text: 't [s]', tex: '$t$ [s]', anchor: 'middle', size: 12 },
  ],
};

describe('svgScene', () => {
  const svg = svgScene(scene);
  it('prints a standalone svg with the escaped title and every coordinate to 0.1 px', () => {
    expect(svg).toMatch(/^<svg class="plot" id="fig" xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 200 100"/);
    expect(svg).toContain('<title id="fig-title">a &amp; b</title>');
    expect(svg).toContain('x2="110.0"');
    expect(svg).toContain('data-p="0"');
  });
  it('breaks a polyline at a NaN pair into two runs (a one-point run is dropped)', () => {
    const runs = [...svg.matchAll(/<polyline[^>]*points="([^"]*)"/g)].map((m) => m[1]!.split(' ').length);
    expect(runs).toEqual([2, 3]);
  });
});

describe('tikzScene', () => {
  const tikz = tikzScene(scene, 150);
  it('scales pixels to the requested width in points, y pointing down as in SVG', () => {
    expect(tikz).toMatch(/^\\begin\{tikzpicture\}\[x=0\.7500pt, y=-0\.7500pt\]/);
    expect(tikz.trim().endsWith('\\end{tikzpicture}')).toBe(true);
  });
  it('draws the same items: the dashed line in bp (0.75 per px), the runs, the disc, the LaTeX label', () => {
    expect(tikz).toContain('(10.0,20.0) -- (110.0,20.0)');
    expect(tikz).toContain('dash pattern=on 3.00bp off 1.50bp');
    expect(tikz.match(/\\draw\[color=\{rgb,255:red,0;green,114;blue,178\}/g)).toHaveLength(2);
    expect(tikz).toContain('(50.0,50.0) circle[radius=4.0]');
    expect(tikz).toContain('{$t$ [s]}');
  });
  it('writes colours in xcolor’s rgb,255 model', () => {
    expect(tikzColor('#d55e00')).toBe('{rgb,255:red,213;green,94;blue,0}');
  });
});

describe('latexText', () => {
  it('escapes TeX’s special characters and spells Unicode the LaTeX way', () => {
    expect(latexText('50% of $x_1 & {y}')).toBe('50\\% of \\$x\\_1 \\& \\{y\\}');
    expect(latexText('α − β — “γ”')).toBe("$\\alpha$ $-$ $\\beta$ --- ``$\\gamma$''");
    expect(latexText('q′ and q″')).toBe("q$'$ and q$''$");
  });
});
