// derive writes the generated code before the report, and a report that
// cannot be built is a problem beside the code, never a lost module. A bad
// declaration of the model file (a drawing naming no point) fails earlier,
// at buildModel, before anything is derived.
import { describe, expect, it } from 'vitest';
import { buildCode, buildOutputs, buildReportOutputs } from '../../src/cli/build.js';
import type { ModelFile } from '../../src/cli/load-model.js';
import { MechanicsError } from '../../src/errors.js';
import { defineModel, type ModelSpec } from '../../src/model/index.js';
import { thrown } from '../helpers/thrown.js';

const file = (declarations: Pick<ModelSpec, 'drawing' | 'paper'>): ModelFile => ({
  path: '/tmp/fall.ts', source: 'derivations/fall.ts',
  spec: defineModel({ name: 'fall', coordinates: ['y'], parameters: { m: 1, g: 9.81 }, kinetic: "m*y'^2/2", potential: 'm*g*y', ...declarations, initial: { q: { y: 1 }, t1: 0.5 } }),
});

describe('a report failure never loses the generated code', () => {
  // A fact's name the paper check looks up after the derivation: the falling mass has no impact.
  const bad = file({ paper: { source: 'kozlov1988', formulas: [{ eq: '(1)', name: 'x', formula: '0', derived: 'impact1.nothing' }] } });

  it('builds the code on its own, before any report', () => {
    const code = buildCode(bad);
    expect([...code.files.keys()]).toEqual(['generated/fall.ts']);
    expect(code.module.source).toContain('export');
  });

  it('returns the report’s failure as a problem naming the model and the field, with no report files', () => {
    const report = buildReportOutputs(bad, buildCode(bad));
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
    const err = thrown(() => buildCode(file({ drawing: { points: { P: [0, 'y'] }, segments: [['P', 'Q']] } })), MechanicsError);
    expect(err.where).toMatchObject({ model: 'fall', field: 'drawing.segments[0]' });
    expect(err.message).toContain("'Q' is not a point of the drawing");
  });

  it('writes code and report when both succeed', () => {
    const out = buildOutputs(file({ drawing: { points: { P: [0, 'y'] }, ground: 'y = 0' } }));
    expect([...out.files.keys()].sort()).toEqual(['docs/fall.body.tex', 'docs/fall.html', 'docs/fall.tex', 'generated/fall.ts']);
    expect(out.problems).toEqual([]);
  });
});
