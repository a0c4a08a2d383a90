// A model's drawing (src/model/validate/drawing.ts), checked by buildModel
// before anything is derived: the rod pendulum's sketch builds; an unknown
// point, an unknown symbol, a curved ground, a radius of the coordinates
// and malformed parts are each a named problem at their own field, all at once.
import { describe, expect, it } from 'vitest';
import compass from '../../../derivations/compass.js';
import { checkDrawing } from '../../../src/model/validate/drawing.js';
import { buildModel } from '../../../src/model/index.js';
import { builds, mutate, problems } from '../spec-cases.js';

const base = {
  name: 'drawn-pendulum',
  coordinates: ['theta'],
  parameters: { m: 1, l: 2, g: 9.81, alpha: 0.3 },
  kinetic: "m*l^2*theta'^2/2",
  potential: '-m*g*l*cos(theta)',
  initial: { q: { theta: 1 } },
};
const rod = { points: { O: [0, 0], bob: ['l*sin(theta)', '-l*cos(theta)'] }, segments: [['O', 'bob']], ground: 'y = -x*tan(alpha)' };
const drawn = (drawing: unknown) => mutate(base, { drawing });

describe('a drawing', () => {
  it('that is sound builds, and reads to points, segments and the ground line at the default parameters', () => {
    builds(drawn(rod));
    builds(compass);
    const model = buildModel(drawn(rod));
    const { value, problems: found } = checkDrawing(rod, model, model.name);
    expect(found).toEqual([]);
    expect(value!.segments).toEqual([[0, 1]]);
    // y = −x tan α: a = tan α, b = 1, c = 0.
    expect(value!.ground[0]!.a).toBeCloseTo(Math.tan(0.3), 14);
    expect([value!.ground[0]!.b, value!.ground[0]!.c]).toEqual([1, 0]);
    expect(value!.labels).toBe(true);
  });

  it('fails at buildModel, every bad field at once: an unknown point, an unknown symbol, a curved ground', () => {
    expect(problems(drawn({ points: { O: [0, 0], bob: ['l*sin(theta)', 'h'] }, segments: [['O', 'foot']], ground: 'y = x^2' }))).toEqual([
      ['unknown-symbol', 'drawing.points.bob[1]'],
      ['unknown-field', 'drawing.segments[0]'],
      ['bad-type', 'drawing.ground[0]'],
    ]);
  });

  it('refuses a radius of the coordinates, a disc at no point, unknown keys and malformed parts', () => {
    expect(
      problems(
        drawn({
          ...rod,
          discs: [
            { center: 'bob', radius: 'theta' },
            { center: 'hub', radius: 1 },
          ],
        }),
      ),
    ).toEqual([
      ['unknown-symbol', 'drawing.discs[0].radius'],
      ['unknown-field', 'drawing.discs[1].center'],
    ]);
    expect(problems(drawn({ ...rod, colour: 'red' }))).toEqual([['unknown-field', 'drawing.colour']]);
    expect(problems(drawn({ points: { O: [0] }, ground: 3, labels: 'yes', unscaled: 2 }))).toEqual([
      ['bad-type', 'drawing.points.O'],
      ['bad-type', 'drawing.ground'],
      ['bad-type', 'drawing.labels'],
      ['bad-type', 'drawing.unscaled'],
    ]);
    expect(problems(drawn('a pendulum'))).toEqual([['bad-type', 'drawing']]);
    // The caption prints it, its $…$ as math: a command that would reach pdflatex is refused there.
    expect(problems(drawn({ ...rod, unscaled: 'the gap $\\input{/etc/hostname}$' }))).toEqual([['bad-text', 'drawing.unscaled']]);
    builds(drawn({ ...rod, unscaled: 'the gap $l$, exaggerated' }));
    // So does what the sketch shows, which opens its caption.
    expect(problems(drawn({ ...rod, shows: 'the rod $\\input{/etc/hostname}$' }))).toEqual([['bad-text', 'drawing.shows']]);
    builds(drawn({ ...rod, shows: 'The rod seen from the side, $l$ long' }));
  });
});

describe("a drawing's annotations", () => {
  it('that are sound build', () => {
    builds(
      drawn({
        ...rod,
        annotations: {
          axes: ['x', 'y'],
          angles: [{ coordinate: 'theta', at: 'O', from: 'down', to: 'bob' }],
          gravity: [0, -1],
          surfaces: ['x^2 + y^2 = l^2'],
          supports: ['O'],
          vectors: [{ from: 'O', to: 'bob', label: 'l' }],
          notes: [{ at: 'O', label: 'theta0' }],
          moments: [{ at: 'O', label: 'M' }],
        },
      }),
    );
  });

  it('refuses an arrow to an unknown point, a label that is no symbol’s name, a note without its point, a moment about no point', () => {
    expect(
      problems(
        drawn({
          ...rod,
          annotations: {
            vectors: [
              { from: 'O', to: 'tip', label: 'v0' },
              { from: 'O', to: 'bob', label: 'v 0' },
            ],
            notes: [{ label: 'f1' }],
            moments: [{ at: 'tip', label: 'M' }],
          },
        }),
      ),
    ).toEqual([
      ['unknown-field', 'drawing.annotations.vectors[0].to'],
      ['bad-annotation', 'drawing.annotations.vectors[1].label'],
      ['unknown-field', 'drawing.annotations.notes[0].at'],
      ['unknown-field', 'drawing.annotations.moments[0].at'],
    ]);
  });

  it('name each bad field at once: a coordinate that is no angle, an unknown point or direction, a zero gravity, a surface of no equation', () => {
    const metres = mutate(base, { coordinates: [{ name: 'theta', unit: 'm' }] });
    expect(
      problems(
        mutate(metres, {
          drawing: {
            ...rod,
            annotations: {
              axes: 'x',
              angles: [{ coordinate: 'theta', at: 'O', from: 'sideways', to: 'bob' }],
              gravity: [0, 0],
              surfaces: ['x^2 + y^2', 'x = h'],
              supports: ['foot'],
              colour: 'red',
            },
          },
        }),
      ),
    ).toEqual([
      ['unknown-field', 'drawing.annotations.colour'],
      ['bad-type', 'drawing.annotations.axes'],
      ['bad-annotation', 'drawing.annotations.angles[0].coordinate'],
      ['unknown-field', 'drawing.annotations.angles[0].from'],
      ['bad-annotation', 'drawing.annotations.gravity'],
      ['bad-annotation', 'drawing.annotations.surfaces[0]'],
      ['unknown-symbol', 'drawing.annotations.surfaces[1]'],
      ['unknown-field', 'drawing.annotations.supports[0]'],
    ]);
  });
});
