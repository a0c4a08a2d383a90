// What derive writes for a compiled model: the generated code before the
// report, a report that cannot be built as a problem beside the code (never
// a lost module), and the files of an example under generated/ and
// docs/reports/. A bad declaration of the model file (a drawing naming no
// point) fails earlier, at buildModel, before anything is derived.
import { describe, expect, it } from 'vitest';
import { MechanicsError } from '../../src/errors.js';
import { defineModel, type ModelSpec } from '../../src/model/index.js';
import { compileModel, type CompiledModel } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { loadModelFile } from '../../src/pipeline/model-file.js';
import { buildCode, buildOutputs, buildReportOutputs } from '../../src/pipeline/outputs.js';
import { ROOT } from '../helpers/examples.js';
import { thrown } from '../helpers/thrown.js';

const file = (declarations: Pick<ModelSpec, 'drawing' | 'paper'>): CompiledModel =>
  compileModel(
    {
      source: 'derivations/fall.ts',
      spec: defineModel({
        name: 'fall',
        coordinates: ['y'],
        parameters: { m: 1, g: 9.81 },
        kinetic: "m*y'^2/2",
        potential: 'm*g*y',
        ...declarations,
        initial: { q: { y: 1 }, t1: 0.5 },
      }),
    },
    loadGenerated,
  );

describe('a report failure never loses the generated code', () => {
  // A fact's name the paper check looks up after the derivation: the falling mass has no impact.
  const bad = file({ paper: { source: 'kozlov1988', formulas: [{ eq: '(1)', name: 'x', formula: '0', derived: 'impact1.nothing' }] } });

  it('builds the code on its own, before any report, and as JavaScript with js', () => {
    const code = buildCode(bad);
    expect([...code.files.keys()]).toEqual(['generated/fall.ts']);
    expect(code.files.get('generated/fall.ts')).toBe(bad.module.source);
    const js = buildCode(bad, { js: true }).files.get('generated/fall.mjs')!;
    expect(js).toContain('function accelerations(');
    expect(js).toMatch(/^export \{[^}]*\baccelerations\b/m);
    expect(js).not.toContain(': Float64Array');
  });

  it('returns the report’s failure as a problem naming the model and the field, with no report files', () => {
    const report = buildReportOutputs(bad);
    expect(report.files.size).toBe(0);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]!.where).toMatchObject({ model: 'fall', field: 'paper.formulas' });
    expect(report.problems[0]!.message).toContain("no fact 'impact1.nothing'");
  });

  it('keeps the code among the outputs when the report fails', () => {
    const out = buildOutputs(bad);
    expect([...out.files.keys()]).toEqual(['generated/fall.ts']);
    expect(out.problems).toHaveLength(1);
  });

  it('refuses a bad drawing at buildModel, before the code: its field and the point it names', () => {
    const err = thrown(() => file({ drawing: { points: { P: [0, 'y'] }, segments: [['P', 'Q']] } }), MechanicsError);
    expect(err.where).toMatchObject({ model: 'fall', field: 'drawing.segments[0]' });
    expect(err.message).toContain("'Q' is not a point of the drawing");
  });

  it('writes code and report when both succeed', () => {
    const out = buildOutputs(file({ drawing: { points: { P: [0, 'y'] }, ground: 'y = 0' } }));
    expect([...out.files.keys()].sort()).toEqual(['docs/reports/fall.body.tex', 'docs/reports/fall.html', 'docs/reports/fall.tex', 'generated/fall.ts']);
    expect(out.problems).toEqual([]);
  });
});

describe('the build outputs of the simple pendulum', () => {
  it('are generated/simple-pendulum.ts and its reports, each a relative path under the project', async () => {
    const out = buildOutputs(compileModel(await loadModelFile('derivations/simple-pendulum.ts', ROOT), loadGenerated));
    expect([...out.files.keys()].sort()).toEqual(
      ['body.tex', 'html', 'tex'].map((ext) => `docs/reports/simple-pendulum.${ext}`).concat('generated/simple-pendulum.ts'),
    );
    expect(out.problems).toEqual([]);
  });
});
