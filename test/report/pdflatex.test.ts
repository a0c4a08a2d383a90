// Every report compiles with pdflatex (Debian's texlive), every display within
// the page and no float of the body typeset after the appendix starts. A complete .tex is
// its .body.tex verbatim in a preamble of the packages the body names (plus
// the page's layout), so its compile is also the body's compile as a user
// \input's it; what \input-ing several bodies into one article adds is
// checked on the text: no label defined twice, no macro defined at all.
// Without pdflatex the compiles say they skipped, except in CI (CI=true),
// where a missing compiler is a failure.
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
    // The floats land where the source says: the .aux lists labels in page order, and no figure or table of
    // the body is typeset after the appendix starts (one the appendix holds, such as a linearization's table, is its own).
    const labels = (text: string): string[] => [...text.matchAll(/\\(?:new)?label\{((?:sec|fig|tab):[^}]+)\}/g)].map((m) => m[1]!);
    const appendix = `sec:${name}:appendix`;
    const source = labels(readFileSync(join(sub, `${name}.tex`), 'utf8'));
    const typeset = labels(readFileSync(join(sub, `${name}.aux`), 'utf8'));
    expect(source.indexOf(appendix)).toBeGreaterThan(0);
    const body = source.slice(0, source.indexOf(appendix)).filter((l) => !l.startsWith('sec:'));
    expect(
      typeset.slice(typeset.indexOf(appendix)).filter((l) => body.includes(l)),
      'figures or tables of the body typeset after the appendix starts',
    ).toEqual([]);
  });
});

describe('a .body.tex \\input with others into one article', () => {
  const reports = allReports();
  const tex = (r: (typeof reports)[number], ext: string): string => r.files.get(`docs/reports/${r.name}${ext}`)!;
  /** The packages a body's header says it needs. */
  const needs = (body: string): string[] => body.match(/^% Body only, for \\input\{\.\.\.\}; needs \\usepackage\{([^}]*)\}\.$/m)?.[1]?.split(',') ?? [];

  it.each(reports.map((r) => [r.name, r] as const))('%s.tex is its body in a preamble of the packages the body names and the page layout', (_name, r) => {
    const body = tex(r, '.body.tex');
    const doc = tex(r, '.tex');
    expect(needs(body)).toEqual(['amsmath', 'booktabs', 'graphicx', 'tikz', 'placeins']);
    const loaded = [...doc.matchAll(/\\usepackage(?:\[[^\]]*\])?\{([^}]*)\}/g)].flatMap((m) => m[1]!.split(','));
    expect(loaded.filter((p) => p !== 'inputenc' && p !== 'geometry').sort()).toEqual(needs(body).sort());
    // The document adds only \appendix before the first appendix section.
    const content = body
      .split('\n')
      .filter((l) => !l.startsWith('% Body only'))
      .join('\n')
      .trim();
    expect(doc.replace(/\n\\appendix(?=\n)/, '')).toContain(content);
  });

  it('defines no label twice across all bodies and no macro in any', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const r of reports) {
      const body = tex(r, '.body.tex');
      expect(body, `${r.name}.body.tex defines a macro`).not.toMatch(/\\(?:newcommand|renewcommand|providecommand|def|gdef|let|newenvironment)\b/);
      for (const [, label] of body.matchAll(/\\label\{([^}]*)\}/g)) {
        const first = seen.get(label!);
        if (first !== undefined && first !== r.name) twice.push(`${label} in ${first} and ${r.name}`);
        if (first === r.name) twice.push(`${label} twice in ${r.name}`);
        seen.set(label!, r.name);
      }
    }
    expect(twice).toEqual([]);
    expect(seen.size).toBeGreaterThan(reports.length * 10);
  });
});
