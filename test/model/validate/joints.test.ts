// geometry.joints: each mistake in a joint is a named problem in its own field.
import { describe, expect, it } from 'vitest';
import { sub, ZERO } from '../../../src/core/expr.js';
import { simplify } from '../../../src/core/trig.js';
import type { ModelSpec } from '../../../src/model/index.js';
import { builds, mutate, problems } from '../spec-cases.js';

/** A double pendulum on two revolute joints: the valid starting point. */
const chain = {
  name: 'chain',
  coordinates: ['q1', 'q2'],
  parameters: { m: 1, l: 1, g: 9.81 },
  geometry: {
    joints: [
      { type: 'revolute', child: 'A', axes: 'z', coordinates: ['q1'] },
      { type: 'revolute', parent: 'A', child: 'B', at: [0, '-l', 0], axes: 'z', coordinates: ['q2'] },
    ],
    points: [{ name: 'P', from: 'B', frame: 'B', position: [0, '-l', 0] }],
    bodies: [
      { name: 'upper', mass: 'm', centre: 'B' },
      { name: 'lower', mass: 'm', centre: 'P' },
    ],
    gravity: [0, '-g', 0],
  },
  initial: { q: { q1: 0.5 } },
} as const satisfies ModelSpec;

const [first, second] = chain.geometry.joints;
const withJoints = (...joints: object[]): ModelSpec => mutate(chain, { geometry: { ...chain.geometry, joints } });

describe('geometry.joints', () => {
  it('the chain builds: its V = −m g l (2cos q1 + cos(q1 + q2)) from gravity on the joints’ points', () => {
    const byHand = builds(mutate(chain, { geometry: { ...chain.geometry, gravity: undefined }, potential: '-m*g*l*(2*cos(q1) + cos(q1 + q2))' }));
    expect(simplify(sub(builds(chain).V!, byHand.V!))).toBe(ZERO);
  });

  it('an unknown parent (neither a declared frame nor a joint’s child): unknown-frame, and the child B, its point and bodies go with it', () => {
    const lost = [
      ['unknown-point', 'geometry.points[0].from'],
      ['unknown-frame', 'geometry.points[0].frame'],
      ['unknown-point', 'geometry.bodies[0].centre'],
      ['unknown-point', 'geometry.bodies[1].centre'],
    ];
    expect(problems(withJoints(first, { ...second, parent: 'Z' }))).toEqual([['unknown-frame', 'geometry.joints[1].parent'], ...lost]);
  });

  it('joints listed children first are read parents first: the chain builds the same', () => {
    expect(simplify(sub(builds(withJoints(second, first)).V!, builds(chain).V!))).toBe(ZERO);
  });

  it('joints hanging from one another in a cycle: joint-cycle at each parent of the cycle, one hanging below it left out', () => {
    const cyclic = problems(withJoints({ ...first, parent: 'B' }, second, { ...second, parent: 'B', child: 'C', coordinates: [] }));
    expect(cyclic.filter(([code]) => code === 'joint-cycle')).toEqual([
      ['joint-cycle', 'geometry.joints[0].parent'],
      ['joint-cycle', 'geometry.joints[1].parent'],
    ]);
    expect(problems(withJoints({ ...first, parent: 'A' }))).toContainEqual(['joint-cycle', 'geometry.joints[0].parent']);
  });

  it('an axis that is not an axis, too many axes, the same axis twice in a row, or an unknown type: bad-joint; no axes: missing-field', () => {
    expect(problems(withJoints({ ...first, axes: 'w' }, second))).toContainEqual(['bad-joint', 'geometry.joints[0].axes']);
    expect(problems(withJoints({ ...first, axes: 'zx' }, second))).toContainEqual(['bad-joint', 'geometry.joints[0].axes']);
    expect(problems(withJoints({ ...first, type: 'universal', axes: 'zz', coordinates: ['q1', 'q2'] }))).toContainEqual([
      'bad-joint',
      'geometry.joints[0].axes',
    ]);
    expect(problems(withJoints({ ...first, type: 'hinge' }, second))).toContainEqual(['bad-joint', 'geometry.joints[0].type']);
    expect(problems(withJoints({ ...first, axes: undefined }, second))).toContainEqual(['missing-field', 'geometry.joints[0].axes']);
  });

  it('a coordinate driving two joints, or a name that is not a coordinate: bad-joint, unknown-coordinate', () => {
    // The refused joint leaves its child B undeclared: the first problem is the cause, the rest follow from it.
    expect(problems(withJoints(first, { ...second, coordinates: ['q1'] }))[0]).toEqual(['bad-joint', 'geometry.joints[1].coordinates[0]']);
    expect(problems(withJoints(first, { ...second, coordinates: ['l'] }))[0]).toEqual(['unknown-coordinate', 'geometry.joints[1].coordinates[0]']);
    expect(problems(withJoints(first, { ...second, coordinates: ['q1', 'q2'] }))[0]).toEqual(['bad-joint', 'geometry.joints[1].coordinates']);
  });

  it('a child with two parents: bad-joint; a child named like a declared frame: duplicate-name', () => {
    expect(problems(withJoints(first, second, { ...second, parent: undefined, child: 'B', coordinates: [] }))).toContainEqual([
      'bad-joint',
      'geometry.joints[2].child',
    ]);
    const framed = mutate(chain, { geometry: { ...chain.geometry, frames: [{ name: 'A', axes: 'z', angles: ['q1'] }] } });
    expect(problems(framed)).toContainEqual(['duplicate-name', 'geometry.joints[0].child']);
  });
});
