// geometry.frames by a unit quaternion: each mistake a named problem in its
// own field, the constraint |q|² = 1 added under its name, and an initial
// state off the unit sphere (or leaving it) refused, not normalized.
import { describe, expect, it } from 'vitest';
import { sub, ZERO } from '../../../src/core/expr.js';
import { parseExpr } from '../../../src/core/parse.js';
import { simplify } from '../../../src/core/trig.js';
import type { ModelSpec } from '../../../src/model/index.js';
import { builds, mutate, problems } from '../spec-cases.js';

/** A free body turned by the quaternion (a, b, c, d), with a fifth coordinate s for a joint. */
const body = {
  name: 'spinning',
  coordinates: ['a', 'b', 'c', 'd', 's'],
  parameters: { I1: 1, I2: 2, I3: 3 },
  geometry: {
    frames: [{ name: 'B', quaternion: ['a', 'b', 'c', 'd'] }],
    joints: [{ type: 'prismatic', child: 'S', axes: 'x', coordinates: ['s'] }],
    points: [{ name: 'G', position: [0, 0, 0] }],
    bodies: [
      { name: 'body', mass: 1, centre: 'G', frame: 'B', inertia: ['I1', 'I2', 'I3'] },
      { name: 'slider', mass: 1, centre: 'S' },
    ],
  },
  initial: { q: { a: 1 }, qd: { c: 0.5 } },
} as const satisfies ModelSpec;

const [frame] = body.geometry.frames;
const withFrames = (...frames: object[]): ModelSpec => mutate(body, { geometry: { ...body.geometry, frames } });

describe('geometry.frames by a quaternion', () => {
  it('builds, holding |q|² − 1 = a² + b² + c² + d² − 1 as the constraint B_unit', () => {
    const model = builds(body);
    expect(model.holonomic.map((h) => h.name)).toEqual(['B_unit']);
    const typed = parseExpr('a^2 + b^2 + c^2 + d^2 - 1', { symbol: (n) => model.coordinates.find((c) => c.name === n)?.q });
    expect(simplify(sub(model.holonomic[0]!.phi, typed))).toBe(ZERO);
  });

  it('three or five coordinates, or not a list: bad-rotation, bad-type', () => {
    expect(problems(withFrames({ ...frame, quaternion: ['a', 'b', 'c'] }))).toContainEqual(['bad-rotation', 'geometry.frames[0].quaternion']);
    expect(problems(withFrames({ ...frame, quaternion: ['a', 'b', 'c', 'd', 's'] }))).toContainEqual(['bad-rotation', 'geometry.frames[0].quaternion']);
    expect(problems(withFrames({ ...frame, quaternion: 'abcd' }))).toContainEqual(['bad-type', 'geometry.frames[0].quaternion']);
  });

  it('a coordinate twice, or a name that is not a coordinate: bad-rotation, unknown-coordinate', () => {
    expect(problems(withFrames({ ...frame, quaternion: ['a', 'b', 'b', 'd'] }))).toContainEqual(['bad-rotation', 'geometry.frames[0].quaternion[2]']);
    expect(problems(withFrames({ ...frame, quaternion: ['a', 'b', 'x', 'd'] }))).toContainEqual(['unknown-coordinate', 'geometry.frames[0].quaternion[2]']);
  });

  it('a coordinate of another quaternion frame or of a joint: bad-rotation, bad-joint', () => {
    expect(problems(withFrames(frame, { name: 'C', quaternion: ['d', 'c', 'b', 'a'] }))).toContainEqual(['bad-rotation', 'geometry.frames[1].quaternion[0]']);
    const joined = mutate(body, { geometry: { ...body.geometry, joints: [{ ...body.geometry.joints[0], coordinates: ['d'] }] } });
    expect(problems(joined)).toContainEqual(['bad-joint', 'geometry.joints[0].coordinates[0]']);
  });

  it('axes or angles beside the quaternion: bad-rotation', () => {
    expect(problems(withFrames({ ...frame, axes: 'z', angles: ['s'] }))).toContainEqual(['bad-rotation', 'geometry.frames[0]']);
  });

  it('a written constraint already named B_unit: duplicate-name in its own field', () => {
    expect(problems(mutate(body, { holonomic: [{ name: 'B_unit', expr: 's - 1' }] }))).toContainEqual(['duplicate-name', 'holonomic[0].name']);
  });

  it('an initial |q| ≠ 1: initial-violation; q·q̇ ≠ 0: initial-velocity-violation (the state is not normalized)', () => {
    expect(problems(mutate(body, { initial: { q: { a: 0.9 } } }))).toEqual([['initial-violation', 'initial.q']]);
    expect(problems(mutate(body, { initial: { q: { a: 1 }, qd: { a: 0.1 } } }))).toEqual([['initial-velocity-violation', 'initial.qd']]);
  });
});
