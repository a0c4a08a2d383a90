// Every formula of every report, exactly as the HTML report passes it to
// KaTeX, typesets in KaTeX's strict mode; and the LaTeX reads as printed.
// The report's build typesets them (renderHtml through katexHtml, strict,
// throwing on a formula KaTeX rejects, which fails the build and every
// check of it); here the page is read for each formula as KaTeX typeset it
// (test/helpers/typeset.ts): all of them, each in its display mode.
import { describe, expect, it } from 'vitest';
import { katexInputs, KATEX_OPTIONS } from '../../src/report/render-html.js';
import { sorted, typesetFormulas } from '../helpers/typeset.js';
import { allReports } from './reports.js';

const reports = allReports();

describe('KaTeX typesets every formula of every report (throwOnError, strict: error)', () => {
  it.each(reports.map((r) => [r.name, r] as const))('%s', (name, r) => {
    const inputs = katexInputs(r.doc);
    expect(inputs.length).toBeGreaterThan(10);
    expect(KATEX_OPTIONS).toMatchObject({ throwOnError: true, strict: 'error' });
    expect(sorted(typesetFormulas(r.files.get(`docs/reports/${name}.html`)!))).toEqual(sorted(inputs));
  });
});

describe('formulas read as printed', () => {
  it.each(reports.map((r) => [r.name, r] as const))('%s: no "+ -", "- -" or "--" and no empty sub/superscripts', (_, r) => {
    for (const { tex } of katexInputs(r.doc)) {
      expect(tex).not.toMatch(/\+\s*-|-\s+-\s|\+\s*\+|[_^]\{\}/);
      expect(tex).not.toMatch(/\\cdot\s*\\frac\{1\}/);
    }
  });
});
