// geometry.contacts: a point against a plane becomes a unilateral
// constraint whose gap is the point's signed distance and whose slip rows
// are its coordinates in the plane (checked against the position written
// out here); every mistake a named problem in its own field.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../src/core/evaluate.js';
import ballOnPlate from '../../../derivations/ball-on-plate.js';
import type { ModelSpec } from '../../../src/model/index.js';
import { builds, mutate, problems } from '../spec-cases.js';

/** A rod (centre x, y, z, turned by yaw psi and pitch theta) with its tip T against an inclined plane. */
const rod = {
  name: 'rod',
  coordinates: ['x', 'y', 'z', 'psi', 'theta'],
  parameters: { m: 1, l: 0.5, alpha: 0.3, d: 0.1, e: 0.5, mu: 0.4, g: 9.81 },
  geometry: {
    frames: [{ name: 'B', axes: 'zy', angles: ['psi', 'theta'] }],
    points: [
      { name: 'G', position: ['x', 'y', 'z'] },
      { name: 'T', from: 'G', frame: 'B', position: ['l', 0, 0] },
    ],
    bodies: [{ name: 'rod', mass: 'm', centre: 'G' }],
    gravity: [0, 0, '-g'],
    contacts: [{ name: 'tip', point: 'T', plane: { normal: ['-2*sin(alpha)', 0, '2*cos(alpha)'], offset: '2*d' }, law: { newton: 'e', coulomb: 'mu' } }],
  },
  initial: { q: { z: 1 } },
} as const satisfies ModelSpec;

const withContact = (change: Record<string, unknown>): ModelSpec =>
  mutate(rod, { geometry: { ...rod.geometry, contacts: [{ ...rod.geometry.contacts[0], ...change }] } });

describe('a point against a plane', () => {
  it('is a unilateral constraint: gap n̂·r_T − offset/|n|, slip (t₁·r_T, t₂·r_T) with t₁, t₂, n̂ orthonormal', () => {
    const model = builds(rod);
    expect(model.unilateral.map((u) => u.name)).toEqual(['tip']);
    const [tip] = model.unilateral;
    const at = { x: 0.3, y: -0.2, z: 0.7, psi: 0.4, theta: -0.6, l: 0.5, alpha: 0.3, d: 0.1 };
    // The tip, by hand: G + l·(cos psi cos theta, sin psi cos theta, −sin theta).
    const r = [at.x + at.l * Math.cos(at.psi) * Math.cos(at.theta), at.y + at.l * Math.sin(at.psi) * Math.cos(at.theta), at.z - at.l * Math.sin(at.theta)];
    const n = [-Math.sin(at.alpha), 0, Math.cos(at.alpha)];
    expect(evaluate(tip!.gap, at)).toBeCloseTo(n[0]! * r[0]! + n[2]! * r[2]! - at.d, 14);
    // The ground axis least along n̂ is y: t₁ = e_y, t₂ = n̂ × e_y.
    const t2 = [-n[2]!, 0, n[0]!];
    const [s1, s2] = tip!.slip!.map((s) => evaluate(s, at));
    expect(s1).toBeCloseTo(r[1]!, 14);
    expect(s2).toBeCloseTo(t2[0]! * r[0]! + t2[2]! * r[2]!, 14);
    expect(tip!.friction!.kinetic.name).toBe('mu');
  });

  it('without coulomb it is frictionless: no slip rows', () => {
    const [tip] = builds(withContact({ law: { newton: 'e' } })).unilateral;
    expect(tip!.slip).toBeUndefined();
    expect(tip!.friction).toBeUndefined();
  });

  it('names each mistake: a zero normal, an unknown point, a fixed point, a stick law, unknown keys, a taken name', () => {
    expect(problems(withContact({ plane: { normal: [0, 0, 0] } }))).toEqual([['bad-contact', 'geometry.contacts[0].plane.normal']]);
    expect(problems(withContact({ point: 'P' }))).toEqual([['unknown-point', 'geometry.contacts[0].point']]);
    expect(
      problems(
        mutate(rod, {
          geometry: {
            ...rod.geometry,
            points: [...rod.geometry.points, { name: 'O', position: [0, 0, 0] }],
            contacts: [{ ...rod.geometry.contacts[0], point: 'O' }],
          },
        }),
      ),
    ).toEqual([['bad-contact', 'geometry.contacts[0].point']]);
    expect(problems(withContact({ law: { stick: 'x' } }))).toEqual([['bad-contact', 'geometry.contacts[0].law']]);
    expect(problems(withContact({ plane: { normal: [0, 0, 1], tilt: 1 } }))).toEqual([['unknown-field', 'geometry.contacts[0].plane.tilt']]);
    expect(problems(withContact({ side: 'up' }))).toEqual([['unknown-field', 'geometry.contacts[0].side']]);
    expect(problems(mutate(rod, { unilateral: [{ name: 'tip', constraint: 'z >= 0', law: { plastic: true } }] }))).toContainEqual([
      'duplicate-name',
      'unilateral[0].name',
    ]);
    expect(problems(withContact({ law: { newton: 'e', coulomb: 'nu' } }))).toEqual([['bad-friction', 'geometry.contacts[0].law.coulomb']]);
  });
});

/** The ball-on-plate contact with its plane (and its geometry's points) changed. */
const onPlate = (plane: Record<string, unknown>, change: Record<string, unknown> = {}, points: readonly object[] = []): ModelSpec => {
  const g = ballOnPlate.geometry!;
  return mutate(ballOnPlate, {
    geometry: { ...g, points: [...g.points!, ...points], contacts: [{ ...g.contacts![0], ...change, plane: { ...g.contacts![0]!.plane, ...plane } }] },
  });
};

describe('a point against a plane fixed in a body', () => {
  it('passes through a point fixed in the frame: the body’s centre, or a point placed from it at constant components in the frame', () => {
    expect(builds(onPlate({ through: 'G' })).unilateral.map((u) => u.name)).toEqual(['face']);
    expect(builds(onPlate({ through: 'K0' })).unilateral.map((u) => u.name)).toEqual(['face']);
    // The ground's own name with a point fixed in the ground: a fixed plane through it.
    const [floor] = builds(onPlate({ frame: 'N', through: 'A0', offset: 0 })).unilateral;
    expect(evaluate(floor!.gap, { z: 0.3, h: 0.5 })).toBeCloseTo(0.3 - 0.5, 14);
  });

  it('names each mistake in its field: unknown frame or point, a point not fixed in the frame, a zero normal, a half-given placement, a point fixed in the plane’s frame', () => {
    const at = 'geometry.contacts[0]';
    expect(problems(onPlate({ frame: 'C' }))).toEqual([['unknown-frame', `${at}.plane.frame`]]);
    expect(problems(onPlate({ through: 'Q' }))).toEqual([['unknown-point', `${at}.plane.through`]]);
    // A fixed point, the ball, and a point that moves in B (its components there change with x) are not fixed in B.
    expect(problems(onPlate({ through: 'A0' }))).toEqual([['bad-contact', `${at}.plane.through`]]);
    expect(problems(onPlate({ through: 'P' }))).toEqual([['bad-contact', `${at}.plane.through`]]);
    expect(problems(onPlate({ through: 'S' }, {}, [{ name: 'S', from: 'G', frame: 'B', position: ['x', 0, 0] }]))).toEqual([
      ['bad-contact', `${at}.plane.through`],
    ]);
    expect(problems(onPlate({ normal: [0, 0, 0] }))).toEqual([['bad-contact', `${at}.plane.normal`]]);
    expect(problems(onPlate({ frame: undefined }))).toEqual([['missing-field', `${at}.plane.frame`]]);
    expect(problems(onPlate({ through: undefined }))).toEqual([['missing-field', `${at}.plane.through`]]);
    expect(problems(onPlate({}, { point: 'K1' }))).toEqual([['bad-contact', `${at}.point`]]);
  });
});
