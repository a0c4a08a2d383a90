// The figure IR printed two ways: SVG and TikZ draw the same items at the
// same coordinates, with fixed number formatting; the TikZ one as PGF's
// basic layer draws it fast.
import { describe, expect, it } from 'vitest';
import { latexText } from '../../src/report/latex-text.js';
import { svgScene, type Scene, type SceneItem, type SceneLine, type SceneText } from '../../src/report/scene.js';
import { tikzColor, tikzScene } from '../../src/report/scene-tikz.js';

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
  /** The pgfscopes of the picture: each one path, its state first. */
  const scopes = (t: string): string[] => [...t.matchAll(/\\begin\{pgfscope\}([\s\S]*?)\\end\{pgfscope\}/g)].map((m) => m[1]!);
  const line = (x1: number, y1: number, x2: number, y2: number, extra: Partial<SceneLine> = {}): SceneLine => ({
    kind: 'line',
    x1,
    y1,
    x2,
    y2,
    stroke: '#666666',
    width: 0.8,
    ...extra,
  });
  const picture = (items: SceneItem[]): string => tikzScene({ ...scene, items }, 150);

  it('is a tikzpicture', () => {
    expect(tikz).toMatch(/^\\begin\{tikzpicture\}\n/);
    expect(tikz.endsWith('\n\\end{tikzpicture}')).toBe(true);
  });
  it('scales pixels to the requested width in points (150 pt for 200 px: 0.75 pt a px), y pointing up as PGF’s does', () => {
    // (10, 20) → (110.04, 20) px, printed to 0.1 px as the SVG prints it.
    expect(tikz).toContain('\\pgfpathmoveto{\\pgfqpoint{7.5pt}{-15pt}}\\pgfpathlineto{\\pgfqpoint{82.5pt}{-15pt}}');
    expect(tikz).toContain('\\pgfpathcircle{\\pgfqpoint{37.5pt}{-37.5pt}}{3pt}');
  });
  it('draws line widths and dashes in bp (0.75 per px), colours as RGB 0–255', () => {
    const [dashed, curve, disc] = scopes(tikz);
    expect(dashed).toMatch(/^\\color\[RGB\]\{192,0,0\}\\pgfsetlinewidth\{0\.90bp\}\\pgfsetdash\{\{3\.00bp\}\{1\.50bp\}\}\{0pt\}\n/);
    expect(curve).toMatch(/^\\color\[RGB\]\{0,114,178\}\\pgfsetlinewidth\{1\.20bp\}\\pgfsetroundjoin\n/);
    expect(disc).toMatch(/^\\color\[RGB\]\{29,29,29\}\n[^\n]*\n\\pgfusepath\{fill,stroke\}$/);
  });
  it('strokes the polyline’s two runs as two subpaths of one path (a one-point run is dropped)', () => {
    const curve = scopes(tikz)[1]!;
    expect(curve.match(/\\pgfpathmoveto/g)).toHaveLength(2);
    expect(curve.match(/\\pgfpathlineto/g)).toHaveLength(1 + 2);
    expect(curve).toContain('\\pgfpathmoveto{\\pgfqpoint{15pt}{-15pt}}\\pgfpathlineto{\\pgfqpoint{22.5pt}{-18.75pt}}');
  });
  it('sets the text in its LaTeX form, its baseline centred on the point as a node anchored at base put it', () => {
    expect(tikz).toContain('\\setbox0\\hbox{\\pgfinterruptpicture\\footnotesize $t$ [s]\\endpgfinterruptpicture}');
    expect(tikz).toContain('\\pgftransformshift{\\pgfqpoint{75pt}{-71.25pt}}\\pgftransformxshift{+-.5\\wd0}');
    // The whole box counts in the picture's size, as a node's does.
    expect(tikz).toContain('\\pgfpathrectanglecorners{\\pgfqpoint{0pt}{-\\dp0}}{\\pgfqpoint{\\wd0}{\\ht0}}\\pgfusepath{}\\pgftext[base,left]{\\box0}');
  });
  it('shifts a text anchored at its start or end by a node’s outer sep (0.2 pt) away from the point', () => {
    const label = (anchor: SceneText['anchor']): string =>
      picture([{ kind: 'text', x: 100, y: 40, text: 'A', anchor, size: 12 }]).match(/\\pgftransformshift\{\\pgfqpoint\{([^}]*)\}/)![1]!;
    expect([label('start'), label('middle'), label('end')]).toEqual(['75.2pt', '75pt', '74.8pt']);
  });
  it('strokes consecutive lines of one style as one path, in the order of the items', () => {
    const t = picture([line(0, 0, 10, 0), line(0, 5, 10, 5), { kind: 'text', x: 0, y: 0, text: 'A', anchor: 'start', size: 12 }, line(0, 9, 10, 9)]);
    expect(scopes(t).map((p) => p.match(/\\pgfpathmoveto/g)!.length)).toEqual([2, 1]);
    expect(t.indexOf('\\pgftext')).toBeGreaterThan(t.indexOf('\\pgfqpoint{0pt}{-3.75pt}'));
    expect(t.indexOf('\\pgftext')).toBeLessThan(t.indexOf('\\pgfqpoint{0pt}{-6.75pt}'));
  });
  it('keeps apart lines of other widths or colours, slanted from square ones, and every dashed line', () => {
    const paths = (items: SceneItem[]): number => scopes(picture(items)).length;
    expect(paths([line(0, 0, 10, 0), line(0, 0, 0, 10), line(0, 5, 10, 5)])).toBe(1);
    expect(paths([line(0, 0, 10, 0), line(0, 0, 10, 0, { width: 1.6 }), line(0, 0, 10, 0, { stroke: '#0072b2' })])).toBe(3);
    expect(paths([line(0, 0, 10, 0), line(0, 0, 10, 3), line(0, 0, 5, 3)])).toBe(2);
    expect(paths([line(0, 0, 10, 0, { dash: '4 2' }), line(0, 5, 10, 5, { dash: '4 2' })])).toBe(2);
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
