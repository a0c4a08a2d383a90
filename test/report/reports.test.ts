// The report checks' shared builder (test/report/reports.ts): the document
// it returns is the one its files print, with the declared rigid-limit study
// in both (a document built without the study lacked the section its files
// have, so checks on the document could not see it).
import { describe, expect, it } from 'vitest';
import { cellText as text, models, report, tableOf } from './reports.js';

describe('the document of report()', () => {
  it.each(['kozlov-release-added-mass', 'kozlov-release-viscous', 'kozlov-release'])(
    '%s: the rigid-limit section where its files have one, with the rows they print',
    (name) => {
      const built = report(models.find((m) => m.spec.name === name)!);
      const body = built.files.get(`docs/reports/${name}.body.tex`)!;
      const section = built.doc.sections.find((s) => s.id === 'rigid-limit');
      expect(section !== undefined).toBe(built.file.spec.limitStudy !== undefined);
      expect(body.includes(`\\label{sec:${name}:rigid-limit}`)).toBe(section !== undefined);
      if (!section) return;
      // The runs' rows, N = 10 … 10000 as the study declares them, open with the N and release the .tex prints.
      const runs = tableOf(section).rows.slice(0, 4);
      expect(runs.map((r) => Number(text(r[0]!)))).toEqual([10, 100, 1000, 10000]);
      const printed = body.slice(body.indexOf(`\\label{tab:${name}:rigid-limit}`));
      for (const r of runs) expect(printed).toContain(`$${text(r[0]!)}$ & $${text(r[1]!)}$`);
    },
  );

  it('added mass: the document tabulates the release 2 + √2 at every N (Kozlov (2.6)), and the rigid model releasing at 1', () => {
    const built = report(models.find((m) => m.spec.name === 'kozlov-release-added-mass')!);
    const rows = tableOf(built.doc.sections.find((s) => s.id === 'rigid-limit')!).rows;
    for (const r of rows.slice(0, 4)) expect(Number(text(r[1]!))).toBeCloseTo(2 + Math.SQRT2, 5);
    expect(rows.map((r) => text(r[0]!))).toContain('rigid model');
    expect(Number(text(rows.find((r) => text(r[0]!) === 'rigid model')![1]!))).toBe(1);
    // The limit motion's distance to the rigid one, (2.6) against (2.4) at t = 4: g((4 − 1)² − (4 − 2 − √2)²)/2 = g(3 + 4√2)/2.
    expect(Number(text(rows.find((r) => text(r[0]!) === 'limit (theory)')!.at(-1)!))).toBeCloseTo((3 + 4 * Math.SQRT2) / 2, 5);
  });
});
