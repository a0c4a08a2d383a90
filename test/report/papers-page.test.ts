// docs/reports/papers.html (src/report/papers-page.ts): every result of the
// source papers that a model names is listed once, under its paper, in the
// paper's order, with how its report obtains it. That its links reach the
// reports' sections is test/report/links.test.ts's check of the committed page.
import { describe, expect, it } from 'vitest';
import { papersHtml } from '../../src/report/papers-page.js';
import { models } from './reports.js';

const html = papersHtml(
  models.map((m) => ({ name: m.spec.name, title: m.spec.title ?? m.spec.name, spec: m.spec })),
  'test',
);
/** The page's tables by the paper's key, each row as [number, report, how]. */
const tables = new Map(
  [...html.matchAll(/<h2 id="(\w+)">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/g)].map((t) => [
    t[1]!,
    [
      ...t[2]!.matchAll(
        /<tr><td class="eq">([^<]*)<\/td>[\s\S]*?<td class="report"><a href="([^"#]+)\.html#[^"]*"[^>]*>[^<]*<\/a><\/td><td>([\s\S]*?)<\/td><\/tr>/g,
      ),
    ].map((r) => [r[1]!, r[2]!, r[3]!] as const),
  ]),
);

describe('the results of the source papers, on one page', () => {
  it('lists every formula, inequality, figure, sketch and result not derived that a model names, each once, under its paper', () => {
    for (const { spec } of models) {
      const p = spec.paper;
      if (!p) continue;
      const expected =
        p.formulas.length +
        (p.claims?.length ?? 0) +
        (p.figures?.length ?? 0) +
        (p.sketches?.length ?? 0) +
        (p.studyFigures?.length ?? 0) +
        (p.notDerived?.length ?? 0);
      expect(tables.get(p.source)?.filter((r) => r[1] === spec.name).length, spec.name).toBe(expected);
    }
    expect([...tables.keys()].sort()).toEqual(['goswami1998', 'kozlov1988', 'kugushev2002', 'kuleshov2011', 'rubanovich1981', 'smirnov1981']);
  });

  it('names where a result holds beside it: kozlov1988 (4.6)’s ϖ(t) once per swing', () => {
    for (const swing of ['0 \\le t \\le \\pi N^{-1/2}', '\\tau \\le t \\le \\tau + \\pi N^{-1/2}']) expect(html).toContain(`\\varpi(t),\\ ${swing}`);
  });

  it('orders a paper’s results by their numbers, not as strings: rubanovich1981 (1.7) before (1.20)', () => {
    const numbers = tables.get('rubanovich1981')!.map((r) => r[0]);
    expect(numbers.indexOf('(1.7)')).toBeGreaterThanOrEqual(0);
    expect(numbers.indexOf('(1.7)')).toBeLessThan(numbers.indexOf('(1.20)'));
    expect(numbers.lastIndexOf('(1.7)')).toBeLessThan(numbers.indexOf('(1.20)'));
  });

  it('lists kuleshov2011 Figs. 2–4 under the disk’s universal impact section, drawn from the toolkit’s own runs', () => {
    expect(html).toMatch(/<td class="eq">Figs\. 2–4<\/td>[\s\S]*?href="viscoelastic-disk\.html#universal-impact"[\s\S]*?drawn from the toolkit’s own runs/);
  });

  it('says how each is obtained: a result not derived with its reason, a measured one with its tolerance', () => {
    const rows = [...tables.values()].flat();
    const disk = models.find((m) => m.spec.name === 'viscoelastic-disk')!.spec.paper!;
    for (const r of disk.notDerived ?? []) expect(rows.some((x) => x[0] === r.eq && x[2].startsWith('not derived: '))).toBe(true);
    const measured = models.flatMap((m) => (m.spec.paper?.formulas ?? []).filter((f) => f.tolerance !== undefined));
    expect(measured.length).toBeGreaterThan(0);
    // A formula of the toolkit's own (kozlov1988 §2's delayed release, which the paper states in words) is never "the paper's value".
    const own = measured.filter((f) => f.origin === 'own');
    expect(own.length).toBeGreaterThan(0);
    // Rows the paper does not print (own, reduced, corrected) say so instead.
    expect(rows.filter((x) => x[2].startsWith('measured by the report’s own computation')).length).toBe(measured.filter((f) => f.origin === undefined).length);
  });
});
