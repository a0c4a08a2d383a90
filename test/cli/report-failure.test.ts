// derive writes the generated code before the report, and a report that
// cannot be built is a problem beside the code, never a lost module.
import { describe, expect, it } from 'vitest';
import { buildCode, buildOutputs, buildReportOutputs } from '../../src/cli/build.js';
import type { ModelFile } from '../../src/cli/load-model.js';
import { defineModel } from '../../src/model/index.js';

const file = (drawing: NonNullable<Parameters<typeof defineModel>[0]['drawing']>): ModelFile => ({
  path: '/tmp/fall.ts', source: 'derivations/fall.ts',
  spec: defineModel({ name: 'fall', coordinates: ['y'], parameters: { m: 1, g: 9.81 }, kinetic: "m*y'^2/2", potential: 'm*g*y', drawing, initial: { q: { y: 1 }, t1: 0.5 } }),
});

describe('a report failure never loses the generated code', () => {
  const bad = file({ points: { P: [0, 'y'] }, segments: [['P', 'Q']] });

  it('builds the code on its own, before any report', () => {
    const code = buildCode(bad);
    expect([...code.files.keys()]).toEqual(['generated/fall.ts']);
    expect(code.module.source).toContain('export');
  });

  it('returns the report’s failure as a problem naming the model and the field, with no report files', () => {
    const report = buildReportOutputs(bad, buildCode(bad));
    expect(report.files.size).toBe(0);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]!.where).toMatchObject({ model: 'fall', field: 'drawing' });
    expect(report.problems[0]!.message).toContain("'Q' is not a point of the drawing");
  });

  it('keeps the code among the outputs when the report fails', () => {
    const out = buildOutputs(bad);
    expect([...out.files.keys()]).toEqual(['generated/fall.ts']);
    expect(out.problems).toHaveLength(1);
  });

  it('writes code and report when both succeed', () => {
    const out = buildOutputs(file({ points: { P: [0, 'y'] }, ground: 'y = 0' }));
    expect([...out.files.keys()].sort()).toEqual(['docs/reports/fall.body.tex', 'docs/reports/fall.html', 'docs/reports/fall.tex', 'generated/fall.ts']);
    expect(out.problems).toEqual([]);
  });
});
