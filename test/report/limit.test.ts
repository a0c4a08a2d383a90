// The section on the rigid limit (src/report/limit.ts): a study's table
// with the rigid model's row, the theory's limits and the fitted orders,
// dashes where a number is undefined; and in the reports of Kozlov's four
// realizations, the study their model files declare (built as `derive`
// builds it): the added mass's release 2 + √2 at every N with no order, the
// viscous 2 + 1/N with order 1, the elastic and Kelvin–Voigt releases
// tending to the rigid model's 1; and the gaps the figure draws as
// kozlov1988 Fig. 1 does: the elastic runs in the strip −2g/N ≤ y ≤ 0 up to
// t = 1 (the solid line), the added-mass runs below the line until 2 + √2
// on the paper's (2.5) (the dashed one).
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import type { Section, Table } from '../../src/report/document.js';
import { limitSection, type ReportLimitStudy } from '../../src/report/limit.js';
import { compileModel } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { compileRigid } from '../../src/pipeline/rigid.js';
import { limitStudyOf } from '../../src/studies/limit.js';
import { models, report } from './reports.js';

const study: ReportLimitStudy = {
  parameter: 'N',
  rows: [
    { value: 10, release: 2.1, duration: 2.1, restitution: NaN, distance: 1.505 },
    { value: 10000, release: 2.0001, duration: 2.0001, restitution: NaN, distance: 1.5 },
  ],
  reference: { release: 1, duration: 1, restitution: NaN },
  limits: { release: 2 },
  orders: { release: 1, duration: 1, restitution: NaN, distance: 4.35e-4 },
  extrapolated: { release: 2.0001, duration: 2.0001, restitution: NaN, distance: 1.5 },
};

const tableOf = (s: Section): Table => {
  const t = s.blocks.find((b) => b.kind === 'table');
  if (t?.kind !== 'table') throw new Error('no table');
  return t;
};
/** A cell as text: its math, or its words (a dash). */
const text = (cell: Table['rows'][number][number]): string => cell.map((x) => (typeof x === 'string' ? x : 'math' in x ? x.math : '')).join('');

describe('the rigid-limit section', () => {
  it('tabulates each N, the rigid model, the theory’s limit and the fitted orders; a dash where a number is undefined', () => {
    const t = tableOf(limitSection(study));
    expect(t.rows.map((r) => text(r[0]!))).toEqual(['10', '10000', 'rigid model', 'limit (theory)', 'fitted order']);
    expect(t.rows[1]!.map(text)).toEqual(['10000', '2.0001', '2.0001', '—', '1.5']);
    expect(t.rows[2]!.map(text)).toEqual(['rigid model', '1', '1', '—', '0']);
    expect(t.rows[3]!.map(text)).toEqual(['limit (theory)', '2', '—', '—', '—']);
    expect(t.rows[4]!.map(text)).toEqual(['fitted order', '1', '1', '—', '4.350 \\cdot 10^{-4}']);
    for (const row of t.rows)
      for (const cell of row)
        for (const x of cell)
          if (typeof x === 'object' && 'math' in x) expect(() => katex.renderToString(x.math, { strict: 'error', throwOnError: true })).not.toThrow();
  });

  it('draws the gap of each run beside the rigid model’s, where the study has them (kozlov1988 Fig. 1)', () => {
    const t = [0, 1, 2];
    const gaps = { contact: 'line', t, rows: [t.map(() => -0.1), t.map(() => -0.01)], reference: t.map(() => 0) };
    const figure = limitSection({ ...study, gaps }).blocks.find((b) => b.kind === 'figure');
    expect(figure?.kind === 'figure' && figure.legend.map((l) => l.label)).toEqual(['N = 10', 'N = 10000', '\\text{rigid}']);
    expect(limitSection(study).blocks.some((b) => b.kind === 'figure')).toBe(false);
  });

  it('without a rigid model or limits: only the runs and the orders', () => {
    const { reference: _r, limits: _l, ...bare } = study;
    expect(tableOf(limitSection(bare)).rows.map((r) => text(r[0]!))).toEqual(['10', '10000', 'fitted order']);
  });
});

describe('the study in the reports of Kozlov’s realizations', () => {
  /** The study's table as the report's body .tex prints it (`derive` builds it with the study the file declares). */
  const section = (name: string): Table => {
    const body = report(models.find((m) => m.spec.name === name)!).files.get(`docs/reports/${name}.body.tex`)!;
    const start = body.indexOf(`\\label{tab:${name}:rigid-limit}`);
    expect(start).toBeGreaterThan(0);
    const rows = body
      .slice(body.indexOf('\\midrule', start) + 8, body.indexOf('\\bottomrule', start))
      .trim()
      .split('\\\\')
      .map((r) => r.trim())
      .filter(Boolean);
    return { kind: 'table', id: 'rigid-limit', caption: '', columns: [], align: '', rows: rows.map((r) => r.split(' & ').map((c) => [c.replace(/\$/g, '')])) };
  };
  const column = (t: Table, label: string): string[] => t.rows.find((r) => text(r[0]!) === label)!.map(text);

  it('added mass (2.6): the release 3.41421 = 2 + √2 at every N and no order; the rigid model releases at 1', () => {
    const t = section('kozlov-release-added-mass');
    expect(t.rows.slice(0, 4).map((r) => text(r[1]!))).toEqual(['3.41421', '3.41421', '3.41421', '3.41421']);
    expect(column(t, 'rigid model')[1]).toBe('1');
    expect(column(t, 'fitted order')[1]).toBe('---');
  });

  it('added mass: the section shows the gap of its runs beside the rigid one', () => {
    const study = report(models.find((m) => m.spec.name === 'kozlov-release-added-mass')!).doc.sections.find((s) => s.id === 'rigid-limit');
    expect(study?.blocks.some((b) => b.kind === 'figure' && b.id === 'plot-rigid-limit')).toBe(true);
  });

  it('viscous (2.7): the release 2 + 1/N, fitted order 1.0000 against the limit 2', () => {
    const t = section('kozlov-release-viscous');
    expect(t.rows.slice(0, 4).map((r) => Number(text(r[1]!)))).toEqual([2.1, 2.01, 2.001, 2.0001]);
    expect(Number(column(t, 'fitted order')[1])).toBeCloseTo(1, 4);
  });

  it.each(['kozlov-release-elastic', 'kozlov-release-kelvin-voigt'])(
    '%s: the release falls towards the rigid model’s 1 like N^{−1/2}, the distance to its motion too',
    (name) => {
      const t = section(name);
      const release = t.rows.slice(0, 4).map((r) => Number(text(r[1]!)));
      release.slice(1).forEach((x, k) => expect(x - 1).toBeLessThan(release[k]! - 1));
      expect(release[3]! - 1).toBeLessThan(0.01);
      expect(Number(column(t, 'fitted order')[1])).toBeGreaterThan(0.45);
      expect(Number(column(t, 'fitted order')[4])).toBeGreaterThan(0.4);
    },
  );
});

describe('the gaps the rigid-limit figure draws, as kozlov1988 Fig. 1 (g = 1)', () => {
  /** The study a realization's report prints, run as the report inputs run it. */
  const gapsOf = (name: string) => {
    const file = models.find((m) => m.spec.name === name)!;
    const study = limitStudyOf(file.spec, compileModel(file, loadGenerated).loaded, compileRigid(file.spec, loadGenerated)?.loaded)!;
    return { values: study.rows.map((r) => r.value), gaps: study.gaps! };
  };

  it('elastic, the solid line: each run in the strip −2g/N ≤ y ≤ 0 up to t = 1, reaching below −g/N', () => {
    const { values, gaps } = gapsOf('kozlov-release-elastic');
    values.forEach((N, k) => {
      const early = gaps.rows[k]!.filter((_, i) => gaps.t[i]! <= 1);
      expect(Math.max(...early)).toBeLessThanOrEqual(1e-9);
      expect(Math.min(...early)).toBeGreaterThanOrEqual(-2 / N - 1e-9);
      if (N <= 100) expect(Math.min(...early)).toBeLessThan(-1 / N);
    });
  });

  it('added mass, the dashed line: each run on (2.5), y = −gt²/(2(N + 1)) to t = 1, below the line until 2 + √2, above it after', () => {
    const { values, gaps } = gapsOf('kozlov-release-added-mass');
    const release = 2 + Math.SQRT2;
    values.forEach((N, k) => {
      gaps.t.forEach((t, i) => {
        const y = gaps.rows[k]![i]!;
        if (t <= 1) expect(y).toBeCloseTo(-(t * t) / (2 * (N + 1)), 8);
        if (t > 0.01 && t < release - 0.01) expect(y).toBeLessThan(0);
        if (t > release + 0.01) expect(y).toBeGreaterThan(0);
      });
    });
    // The rigid model leaves the line at t = 1 (2.4), y = g(t − 1)²/2 after.
    gaps.t.forEach((t, i) => expect(gaps.reference![i]!).toBeCloseTo(t <= 1 ? 0 : (t - 1) ** 2 / 2, 6));
  });
});
