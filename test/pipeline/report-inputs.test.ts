// The report's inputs of a compiled model: the motion, the declared orbit
// the basin and the speeds at the impacts all computed on the model's one loaded module.
import { describe, expect, it } from 'vitest';
import wheel from '../../derivations/rimless-wheel.js';
import { compileModel } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { reportInputs } from '../../src/pipeline/report-inputs.js';

describe("the rimless wheel's report inputs", () => {
  it('simulate, find the declared orbit and draw the basin on one loaded module', () => {
    const sources: string[] = [];
    const compiled = compileModel({ spec: wheel, source: 'derivations/rimless-wheel.ts' }, (source) => (sources.push(source), loadGenerated(source)));
    const { options, problems } = reportInputs(compiled);
    expect(sources).toEqual([compiled.module.source]);
    expect(problems).toEqual([]);
    expect(options.source).toBe('derivations/rimless-wheel.ts');
    expect(options.simulation && 'trajectory' in options.simulation).toBe(true);
    expect(options.orbit).toBeDefined();
    expect(options.basin).toBeDefined();
    // The run's speeds against the threshold (paper.studyFigures 'rolling-speeds'), from the paper's general model.
    expect(options.rollingSpeeds?.impacts).toHaveLength(29);
    expect(options.limitStudy).toBeUndefined();
  });
});
