// A paper's sketches (src/model/validate/paper-sketches.ts), checked by
// buildModel with the rest of the paper: the compass's two build; a
// coordinate the model lacks, a configuration that names a coordinate, a
// parameter the model lacks, a reaction at a point the drawing lacks, a
// problem of a sketch's own drawing, an unpaired $ in a caption and an unknown key are each a named problem at
// their own field.
import { describe, expect, it } from 'vitest';
import compass from '../../../derivations/compass.js';
import { builds, mutate, problems } from '../spec-cases.js';

const sketch = { eq: 'Fig. 2', at: { psi: '0', yc: 'l/2*cos(alpha)' }, caption: 'the instant $D$ touches the line', reactions: { D: 'R_1' } };
const withSketch = (change: Record<string, unknown>) => mutate(compass, { paper: { ...compass.paper!, sketches: [{ ...sketch, ...change }] } });

describe('a paper’s sketches', () => {
  it('that are sound build: the compass’s Fig. 1 and Fig. 2, and one drawn at other parameter values', () => {
    builds(compass);
    expect(compass.paper!.sketches!.map((s) => s.eq)).toEqual(['Fig. 1', 'Fig. 2']);
    builds(withSketch({ params: { alpha: 0.7 } }));
  });

  it('set coordinates of the model to expressions of its parameters alone', () => {
    expect(problems(withSketch({ at: { theta: '0' } }))).toEqual([['unknown-symbol', 'paper.sketches[0].at.theta']]);
    expect(problems(withSketch({ at: { psi: 'xc/2' } }))).toEqual([['unknown-symbol', 'paper.sketches[0].at.psi']]);
    expect(problems(withSketch({ at: { psi: [0] } }))).toEqual([['bad-type', 'paper.sketches[0].at.psi']]);
  });

  it('draw at values of the model’s parameters, and reactions at points of its drawing', () => {
    expect(problems(withSketch({ params: { kappa: 1 } }))).toEqual([['unknown-symbol', 'paper.sketches[0].params.kappa']]);
    expect(problems(withSketch({ params: { alpha: '0.7' } }))).toEqual([['bad-type', 'paper.sketches[0].params.alpha']]);
    expect(problems(withSketch({ reactions: { E: 'R_3' } }))).toEqual([['unknown-field', 'paper.sketches[0].reactions.E']]);
  });

  it('read a drawing of their own as the model’s, its problems at the sketch’s field, its points the reactions’', () => {
    const own = { points: { O: [0, 0], E: ['l*sin(psi)', 0] }, segments: [['O', 'E']] };
    builds(withSketch({ drawing: own, reactions: { E: 'R_1' } }));
    expect(problems(withSketch({ drawing: { ...own, segments: [['O', 'F']] }, reactions: { E: 'R_1' } }))).toEqual([
      ['unknown-field', 'paper.sketches[0].drawing.segments[0]'],
    ]);
    expect(problems(withSketch({ drawing: own }))).toEqual([['unknown-field', 'paper.sketches[0].reactions.D']]);
  });

  it('refuse an unpaired $ in the caption and an unknown key', () => {
    expect(problems(withSketch({ caption: 'the foot $D touches' }))).toEqual([['bad-text', 'paper.sketches[0].caption']]);
    expect(problems(withSketch({ scale: 2 }))).toEqual([['unknown-field', 'paper.sketches[0].scale']]);
  });
});
