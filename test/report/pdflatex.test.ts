// Every report compiles with pdflatex (Debian's texlive): each complete
// .tex on its own, and every .body.tex \input into one article, which also
// shows that their labels never clash. Without pdflatex the check says it
// skipped, except in CI (CI=true), where a missing compiler is a failure.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstError, HAVE_PDFLATEX, INSTALL, pdflatex } from '../helpers/pdflatex.js';
import { allReports, IN_CI } from './reports.js';

/** Overfull boxes wider than `pt` (the displays must be broken to fit the page). */
const overfull = (log: string, pt: number): string[] =>
  [...log.matchAll(/Overfull \\hbox \(([\d.]+)pt too wide\)[^\n]*/g)].filter((m) => Number(m[1]) > pt).map((m) => m[0]);

if (!HAVE_PDFLATEX && !IN_CI) {
  console.warn(`pdflatex not found: the LaTeX compile checks are skipped; ${INSTALL}.`);
}

describe.runIf(HAVE_PDFLATEX || IN_CI)('pdflatex compiles every report', () => {
  it('pdflatex is installed (CI never skips this check)', () => {
    expect(HAVE_PDFLATEX, `pdflatex is missing: ${INSTALL}`).toBe(true);
  });

  const reports = allReports();
  const dir = mkdtempSync(join(tmpdir(), 'mechanics-tex-'));
  for (const r of reports) for (const [rel, text] of r.files) if (rel.endsWith('.tex')) writeFileSync(join(dir, rel.slice('docs/reports/'.length)), text);

  it.concurrent.each(reports.map((r) => [r.name] as const))('%s.tex compiles to a PDF, every display within the page', async (name) => {
    if (!HAVE_PDFLATEX) return;
    const sub = join(dir, name);
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `${name}.tex`), readFileSync(join(dir, `${name}.tex`)));
    const { ok, log } = await pdflatex(sub, `${name}.tex`);
    expect(ok, `pdflatex failed on docs/reports/${name}.tex:\n${firstError(log)}`).toBe(true);
    expect(log).toMatch(/Output written on .*\.pdf \(\d+ pages?/);
    expect(overfull(log, 1), "boxes wider than the line (LaTeX's own \\hfuzz is 0.1 pt; 1 pt is invisible)").toEqual([]);
  });

  it('every .body.tex \\input into one article compiles, with no label defined twice', async () => {
    if (!HAVE_PDFLATEX) return;
    const main = [
      '\\documentclass{article}',
      '\\usepackage{amsmath,booktabs,graphicx,tikz,placeins}',
      '\\begin{document}',
      ...reports.map((r) => `\\input{${r.name}.body.tex}\n\\clearpage`),
      '\\end{document}',
    ].join('\n');
    writeFileSync(join(dir, 'all-bodies.tex'), main);
    const { ok, log } = await pdflatex(dir, 'all-bodies.tex');
    expect(ok, `pdflatex failed on the bodies:\n${firstError(log)}`).toBe(true);
    expect(log).not.toMatch(/multiply defined/);
  });
});
