// geometry: frames, points and bodies are named and checked like every
// other field; each mistake is a named problem in its own field.
import { describe, expect, it } from 'vitest';
import type { ModelSpec } from '../../../src/model/index.js';
import { builds, mutate, problems } from '../spec-cases.js';

/** A symmetric top on Euler angles: the valid starting point. */
const top = {
  name: 'top',
  coordinates: ['psi', 'theta', 'phi'],
  parameters: { A: 2, C: 1, m: 1, g: 9.81, l: 0.5 },
  geometry: {
    frames: [{ name: 'B', axes: 'zxz', angles: ['psi', 'theta', 'phi'] }],
    points: [{ name: 'G', frame: 'B', position: [0, 0, 'l'] }],
    bodies: [{ name: 'top', mass: 'm', centre: 'G', frame: 'B', inertia: ['A - m*l^2', 'A - m*l^2', 'C'] }],
    gravity: [0, 0, '-g'],
  },
  initial: { q: { theta: 0.5 } },
} as const satisfies ModelSpec;

const withGeometry = (change: Record<string, unknown>): ModelSpec => mutate(top, { geometry: { ...top.geometry, ...change } });

describe('geometry', () => {
  it('the top builds, its V = m g l cos(theta) from gravity', () => {
    expect(builds(top).V).toBe(builds(mutate(top, { geometry: { ...top.geometry, gravity: undefined }, potential: 'm*g*l*cos(theta)' })).V);
  });

  it('a point in an unknown frame, or placed from a point not declared before it: unknown-frame, unknown-point', () => {
    expect(problems(withGeometry({ points: [{ name: 'G', frame: 'C', position: [0, 0, 'l'] }] }))).toEqual([
      ['unknown-frame', 'geometry.points[0].frame'],
      ['unknown-point', 'geometry.bodies[0].centre'],
    ]);
    expect(
      problems(
        withGeometry({
          points: [
            { name: 'G', from: 'H', position: [0, 0, 'l'] },
            { name: 'H', position: [0, 0, 0] },
          ],
        }),
      ),
    ).toEqual([
      ['unknown-point', 'geometry.points[0].from'],
      ['unknown-point', 'geometry.bodies[0].centre'],
    ]);
  });

  it('a rotation about a non-axis, or with an angle missing: bad-rotation', () => {
    expect(problems(withGeometry({ frames: [{ name: 'B', axes: 'zwz', angles: ['psi', 'theta', 'phi'] }] }))).toContainEqual([
      'bad-rotation',
      'geometry.frames[0].axes',
    ]);
    expect(problems(withGeometry({ frames: [{ name: 'B', axes: 'zxz', angles: ['psi', 'theta'] }] }))).toContainEqual([
      'bad-rotation',
      'geometry.frames[0].angles',
    ]);
  });

  it('a singular inertia (a zero moment) and a non-symmetric one: bad-inertia', () => {
    const body = top.geometry.bodies[0];
    expect(problems(withGeometry({ bodies: [{ ...body, inertia: ['A', 'A', 0] }] }))).toEqual([['bad-inertia', 'geometry.bodies[0].inertia']]);
    const skew = [
      ['A', 'C', 0],
      [0, 'A', 0],
      [0, 0, 'C'],
    ];
    expect(problems(withGeometry({ bodies: [{ ...body, inertia: skew }] }))).toEqual([['bad-inertia', 'geometry.bodies[0].inertia']]);
  });

  it('a body of zero mass: bad-mass; a damper at an unknown point: unknown-point', () => {
    const body = top.geometry.bodies[0];
    expect(problems(withGeometry({ bodies: [{ ...body, mass: 0 }] }))).toEqual([['bad-mass', 'geometry.bodies[0].mass']]);
    expect(problems(withGeometry({ dampers: [{ between: ['Q', 'G'], damping: 1 }] }))).toEqual([['unknown-point', 'geometry.dampers[0].between[0]']]);
  });

  it('an inertia without a frame: missing-field; an inertia depending on a coordinate: unknown-symbol', () => {
    const body = top.geometry.bodies[0];
    expect(problems(withGeometry({ bodies: [{ name: 'top', mass: 'm', centre: 'G', inertia: ['A', 'A', 'C'] }] }))).toEqual([
      ['missing-field', 'geometry.bodies[0].frame'],
    ]);
    expect(problems(withGeometry({ bodies: [{ ...body, inertia: ['A', 'A', 'C*theta'] }] }))).toEqual([['unknown-symbol', 'geometry.bodies[0].inertia[2]']]);
  });

  it('a frame, point or body declared twice, or a frame named like the ground: duplicate-name', () => {
    expect(problems(withGeometry({ frames: [...top.geometry.frames, { name: 'B', axes: 'z', angles: ['psi'] }] }))).toEqual([
      ['duplicate-name', 'geometry.frames[1].name'],
    ]);
    expect(problems(withGeometry({ frames: [{ ...top.geometry.frames[0], name: 'N' }] }))[0]).toEqual(['duplicate-name', 'geometry.frames[0].name']);
    expect(problems(withGeometry({ points: [...top.geometry.points, { name: 'G', position: [0, 0, 0] }] }))).toEqual([
      ['duplicate-name', 'geometry.points[1].name'],
    ]);
    expect(problems(withGeometry({ bodies: [...top.geometry.bodies, top.geometry.bodies[0]] }))).toEqual([['duplicate-name', 'geometry.bodies[1].name']]);
  });

  it('a spring or a force at an unknown point, a torque on an unknown frame, an unknown key', () => {
    expect(problems(withGeometry({ springs: [{ between: ['G', 'Q'], stiffness: 1 }] }))).toEqual([['unknown-point', 'geometry.springs[0].between[1]']]);
    expect(problems(withGeometry({ forces: [{ at: 'Q', vector: [0, 0, 1] }] }))).toEqual([['unknown-point', 'geometry.forces[0].at']]);
    expect(problems(withGeometry({ torques: [{ on: 'C', vector: [0, 0, 1] }] }))).toEqual([['unknown-frame', 'geometry.torques[0].on']]);
    expect(problems(withGeometry({ links: [] }))).toEqual([['unknown-field', 'geometry.links']]);
  });

  it('a vector of two components: bad-type; a geometry beside a lagrangian: ambiguous-energy', () => {
    expect(problems(withGeometry({ gravity: [0, '-g'] }))).toEqual([['bad-type', 'geometry.gravity']]);
    expect(problems(mutate(top, { lagrangian: "theta'^2" }))).toEqual([['ambiguous-energy', 'lagrangian']]);
  });
});
