// What derive writes for a compiled model: the generated code before the
// report, a report that cannot be built as a problem beside the code (never
// a lost module), and the files of an example under generated/ and docs/.
import { describe, expect, it } from 'vitest';
import { defineModel } from '../../src/model/index.js';
import { compileModel, type CompiledModel } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { loadModelFile } from '../../src/pipeline/model-file.js';
import { buildCode, buildOutputs, buildReportOutputs } from '../../src/pipeline/outputs.js';
import { ROOT } from '../helpers/examples.js';

const file = (drawing: NonNullable<Parameters<typeof defineModel>[0]['drawing']>): CompiledModel => compileModel({
  source: 'derivations/fall.ts',
  spec: defineModel({ name: 'fall', coordinates: ['y'], parameters: { m: 1, g: 9.81 }, kinetic: "m*y'^2/2", potential: 'm*g*y', drawing, initial: { q: { y: 1 }, t1: 0.5 } }),
}, loadGenerated);

describe('a report failure never loses the generated code', () => {
  const bad = file({ points: { P: [0, 'y'] }, segments: [['P', 'Q']] });

  it('builds the code on its own, before any report, and as JavaScript with js', () => {
    const code = buildCode(bad);
    expect([...code.files.keys()]).toEqual(['generated/fall.ts']);
    expect(code.files.get('generated/fall.ts')).toBe(bad.module.source);
    const js = buildCode(bad, { js: true }).files.get('generated/fall.js')!;
    expect(js).toContain('function accelerations(');
    expect(js).toMatch(/^export \{[^}]*\baccelerations\b/m);
    expect(js).not.toContain(': Float64Array');
  });

  it('returns the report’s failure as a problem naming the model and the field, with no report files', () => {
    const report = buildReportOutputs(bad);
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

describe('the build outputs of the simple pendulum', () => {
  it('are generated/simple-pendulum.ts and its reports, each a relative path under the project', async () => {
    const out = buildOutputs(compileModel(await loadModelFile('derivations/simple-pendulum.ts', ROOT), loadGenerated));
    expect([...out.files.keys()].sort()).toEqual(['body.tex', 'html', 'tex'].map((ext) => `docs/reports/simple-pendulum.${ext}`).concat('generated/simple-pendulum.ts'));
    expect(out.problems).toEqual([]);
  });
});
