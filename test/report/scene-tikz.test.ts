// A text of a scene, set with \pgftext, lands where TikZ's
// \node[anchor=…, inner sep=0pt] put it and counts as much of the picture's
// size: pdflatex measures each picture's extent beside a far point, once past
// its top right and once past its bottom left, which pins the text's box.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstError, HAVE_PDFLATEX, pdflatex } from '../helpers/pdflatex.js';
import type { SceneText } from '../../src/report/scene.js';
import { tikzScene } from '../../src/report/scene-tikz.js';
import { IN_CI } from './reports.js';

/** The node TikZ drew for a text (the printer before PGF's basic layer), at 0.75 pt a px, y down. */
function node(t: SceneText): string {
  const anchor = t.rotate ? 'south' : t.anchor === 'start' ? 'base west' : t.anchor === 'end' ? 'base east' : 'base';
  return `\\begin{tikzpicture}[x=0.75pt, y=-0.75pt]\n\\node[anchor=${anchor}, inner sep=0pt${t.rotate ? ', rotate=90' : ''}, color={rgb,255:red,68;green,68;blue,68}, font=\\footnotesize] at (${t.x},${t.y}) {${t.tex}};\n\\end{tikzpicture}`;
}

const texts: SceneText[] = (['start', 'middle', 'end'] as const).flatMap((anchor) => [
  { kind: 'text', x: 40, y: 30, text: '-0.5y', tex: '$-0.5y$', anchor, size: 12, fill: '#444444' },
  { kind: 'text', x: 40, y: 30, text: '-0.5y', tex: '$-0.5y$', anchor, size: 12, fill: '#444444', rotate: true },
]);

describe.runIf(HAVE_PDFLATEX || IN_CI)('a scene’s text in pdflatex', () => {
  it('has the box of the TikZ node, at its place, for every anchor, turned or not', async () => {
    const pictures = texts.flatMap((t) => [node(t), tikzScene({ id: 'f', cls: 'plot', title: '', width: 100, height: 100, items: [t] }, 75)]);
    // A point far up right, then far down left: the extent then shows the text's left and bottom, then its right and top.
    const probes = pictures.flatMap((p) =>
      ['{-100pt}{-100pt}', '{100pt}{100pt}'].map(
        (far) => `\\setbox0\\hbox{${p.replace('\n', `\n\\pgfpathmoveto{\\pgfqpoint${far}}\\pgfusepath{}\n`)}}\\typeout{PROBE \\the\\wd0,\\the\\ht0,\\the\\dp0}`,
      ),
    );
    const dir = mkdtempSync(join(tmpdir(), 'mechanics-scene-tikz-'));
    writeFileSync(join(dir, 'probe.tex'), `\\documentclass[11pt]{article}\n\\usepackage{tikz}\n\\begin{document}\n${probes.join('\n')}\n\\end{document}\n`);
    const { ok, log } = await pdflatex(dir, 'probe.tex');
    expect(ok, firstError(log)).toBe(true);
    const sizes = [...log.matchAll(/^PROBE (-?[\d.]+)pt,(-?[\d.]+)pt,(-?[\d.]+)pt/gm)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
    expect(sizes).toHaveLength(texts.length * 4);
    for (let i = 0; i < texts.length; i++) {
      const [tikz, pgf] = [sizes.slice(4 * i, 4 * i + 2), sizes.slice(4 * i + 2, 4 * i + 4)];
      // TeX's pgfmath and the printed pt differ by a few sp (1 sp = 1/65536 pt).
      for (let k = 0; k < 2; k++) for (let d = 0; d < 3; d++) expect(pgf[k]![d]!, `text ${i}, probe ${k}, dimension ${d}`).toBeCloseTo(tikz[k]![d]!, 3);
    }
  });
});
