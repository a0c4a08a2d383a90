// geometry.rolling: each mistake in a rolling contact is a named problem in its own field.
import { describe, expect, it } from 'vitest';
import rollingDisk from '../../../derivations/rolling-disk.js';
import type { GeometrySpec, ModelSpec } from '../../../src/model/index.js';
import { builds, modelError, mutate, problems } from '../spec-cases.js';

// As written (a model file is typed as a ModelSpec, every field optional).
const geometry = rollingDisk.geometry as Required<GeometrySpec>;
const [rim] = geometry.rolling;
const withRolling = (...rolling: object[]): ModelSpec => mutate(rollingDisk, { geometry: { ...geometry, rolling } });
const at = (key: string): string => `geometry.rolling[0].${key}`;

describe('geometry.rolling', () => {
  it('the rolling disk builds with its two no-slip constraints, and no height constraint (its coordinates keep it on the plane)', () => {
    const model = builds(rollingDisk);
    expect(model.nonholonomic.map((c) => c.name)).toEqual(['rim_x', 'rim_y']);
    expect(model.holonomic).toEqual([]);
    expect(model.rolling).toMatchObject([{ name: 'rim', body: 'disk', tangents: ['rim_x', 'rim_y'] }]);
  });

  it('a body that is not declared: unknown-body, naming the bodies there are', () => {
    const err = modelError(withRolling({ ...rim, body: 'wheel' }));
    expect([err.code, err.where.field]).toEqual(['unknown-body', at('body')]);
    expect(err.message).toContain('declared: disk');
  });

  it('a particle (a body without frame and inertia): bad-rolling, a rolling body is rigid', () => {
    const particle = { name: 'disk', mass: 'm', centre: 'G' };
    const spec = mutate(rollingDisk, { geometry: { ...geometry, bodies: [particle] } });
    expect(problems(spec)).toEqual([['bad-rolling', at('body')]]);
    expect(modelError(spec).message).toContain('is a particle');
  });

  it('a body refused for its own mistake is not reported again as unknown', () => {
    const spec = mutate(rollingDisk, { geometry: { ...geometry, bodies: [{ ...geometry.bodies[0], mass: '-m' }] } });
    expect(problems(spec)).toEqual([['bad-mass', 'geometry.bodies[0].mass']]);
  });

  it('a radius that is zero or negative at the defaults: bad-rolling at radius', () => {
    expect(problems(withRolling({ ...rim, radius: 0 }))).toEqual([['bad-rolling', at('radius')]]);
    expect(problems(withRolling({ ...rim, radius: '-a' }))).toEqual([['bad-rolling', at('radius')]]);
  });

  it('a shape that is not disk, sphere or torus: bad-rolling at shape', () => {
    expect(problems(withRolling({ ...rim, shape: 'cube' }))).toEqual([['bad-rolling', at('shape')]]);
  });

  it('a disk without its symmetry axis: missing-field; an axis that is not x, y, z: bad-rolling; a sphere given one: bad-rolling', () => {
    expect(problems(withRolling({ ...rim, axis: undefined }))).toEqual([['missing-field', at('axis')]]);
    expect(problems(withRolling({ ...rim, axis: 'w' }))).toEqual([['bad-rolling', at('axis')]]);
    expect(problems(withRolling({ ...rim, shape: 'sphere' }))).toEqual([['bad-rolling', at('axis')]]);
  });

  it('a torus without its tube radius: missing-field; a disk with one: bad-rolling; a non-positive tube: bad-rolling', () => {
    expect(problems(withRolling({ ...rim, shape: 'torus' }))).toEqual([['missing-field', at('tubeRadius')]]);
    expect(problems(withRolling({ ...rim, tubeRadius: '0.1' }))).toEqual([['bad-rolling', at('tubeRadius')]]);
    expect(problems(withRolling({ ...rim, shape: 'torus', tubeRadius: '-0.1' }))).toEqual([['bad-rolling', at('tubeRadius')]]);
  });

  it('a plane whose frame is not declared: unknown-frame; one that turns with a coordinate: bad-rolling', () => {
    expect(problems(withRolling({ ...rim, plane: 'S' }))).toEqual([['unknown-frame', at('plane')]]);
    expect(problems(withRolling({ ...rim, plane: 'L' }))).toEqual([['bad-rolling', at('plane')]]);
  });

  it('a disk lying flat at the initial state (its contact point undefined): bad-rolling', () => {
    const flat = mutate(rollingDisk, { initial: { q: { theta: 'pi/2' } } });
    expect(problems(flat)).toEqual([['bad-rolling', 'geometry.rolling[0]']]);
    expect(modelError(flat).message).toContain('lies flat');
  });

  it('a centre held at a fixed height that never lets the body touch the plane: bad-rolling', () => {
    const high = mutate(rollingDisk, {
      geometry: {
        ...geometry,
        points: [geometry.points[0], { name: 'G', from: 'P0', position: [0, 0, '2*a'] }],
        rolling: [{ ...rim, shape: 'sphere', axis: undefined }],
      },
    });
    expect(problems(high)).toEqual([['bad-rolling', 'geometry.rolling[0]']]);
    expect(modelError(high).message).toContain('fixed distance');
  });

  it('an unknown key: unknown-field; a constraint name taken by a written constraint: duplicate-name at the rolling name', () => {
    expect(problems(withRolling({ ...rim, friction: 'mu' }))).toEqual([['unknown-field', at('friction')]]);
    const clash = mutate(rollingDisk, { nonholonomic: [{ name: 'rim_x', expr: "x' - y'" }] });
    expect(problems(clash)).toContainEqual(['duplicate-name', at('name')]);
  });
});
