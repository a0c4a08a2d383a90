// Every formula of every report, exactly as the HTML report passes it to
// KaTeX, typesets in KaTeX's strict mode; and the LaTeX reads as printed.
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { katexInputs, KATEX_OPTIONS } from '../../src/report/render-html.js';
import { allReports } from './reports.js';

const reports = allReports();

describe('KaTeX typesets every formula of every report (throwOnError, strict: error)', () => {
  it.each(reports.map((r) => [r.name, r] as const))('%s', (_, r) => {
    const inputs = katexInputs(r.doc);
    expect(inputs.length).toBeGreaterThan(10);
    expect(KATEX_OPTIONS).toMatchObject({ throwOnError: true, strict: 'error' });
    const failures: string[] = [];
    for (const { tex, display } of inputs) {
      try {
        katex.renderToString(tex, { displayMode: display, throwOnError: true, strict: 'error' });
      } catch (err) {
        failures.push(`${(err as Error).message}\n  in: ${tex}`);
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
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
