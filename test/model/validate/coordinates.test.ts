// coordinates: a non-empty list of names or { name, description, unit }.
import { describe, expect, it } from 'vitest';
import { symbolRole } from '../../../src/model/names.js';
import { ball, builds, mutate, problems } from '../spec-cases.js';

describe('coordinates', () => {
  it('a coordinate 0 (used to be a TypeError): bad-type in field coordinates', () => {
    expect(problems(mutate(ball, { coordinates: ['y', 0], initial: {} }))).toEqual([['bad-type', 'coordinates']]);
  });

  it('null entries, a string instead of a list, an empty list', () => {
    expect(problems(mutate(ball, { coordinates: ['y', null] }))).toEqual([['bad-type', 'coordinates']]);
    expect(problems(mutate(ball, { coordinates: 'y', kinetic: '0', potential: 0, unilateral: [], initial: {} }))[0]).toEqual(['bad-type', 'coordinates']);
    expect(problems(mutate(ball, { coordinates: [] }))[0]).toEqual(['no-coordinates', 'coordinates']);
  });

  it('each coordinate gets its velocity and acceleration symbols, with their roles', () => {
    const [y] = builds(ball).coordinates;
    expect([y!.qd.name, y!.qdd.name]).toEqual(["y'", "y''"]);
    expect(symbolRole(y!.qd)).toEqual({ role: 'velocity', of: y!.q });
    expect(symbolRole(y!.qdd)).toEqual({ role: 'acceleration', of: y!.q });
  });
});
