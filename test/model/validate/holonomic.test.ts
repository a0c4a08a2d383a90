// holonomic: φ(q, t) = 0, smooth, depending on the coordinates.
import { describe, expect, it } from 'vitest';
import { builds, mutate, problems, rodPendulum } from '../spec-cases.js';

describe('holonomic constraints', () => {
  it('null, undefined and an object without expr as constraints: bad-type, bad-type, missing-field', () => {
    expect(problems(mutate(rodPendulum, { holonomic: [null] }))).toEqual([['bad-type', 'holonomic[0]']]);
    expect(problems(mutate(rodPendulum, { holonomic: [undefined] }))).toEqual([['bad-type', 'holonomic[0]']]);
    expect(problems(mutate(rodPendulum, { holonomic: [{ name: 'rod' }] }))).toEqual([['missing-field', 'holonomic[0].expr']]);
  });

  it('an object instead of a list: bad-type in field holonomic', () => {
    expect(problems(mutate(rodPendulum, { holonomic: { rod: 'x^2 + y^2 - l^2' } }))).toEqual([['bad-type', 'holonomic']]);
  });

  it('a constraint without any coordinate (l - 2, t): constant-constraint', () => {
    expect(problems(mutate(rodPendulum, { holonomic: ['l - 2'] }))).toEqual([['constant-constraint', 'holonomic[0]']]);
    expect(problems(mutate(rodPendulum, { holonomic: [{ name: 'clock', expr: 't - 1' }] }))).toEqual([['constant-constraint', 'holonomic[0]']]);
  });

  it('unnamed constraints are called phi1, phi2, …; named ones keep their name', () => {
    expect(builds(mutate(rodPendulum, { holonomic: ['x^2 + y^2 - l^2'] })).holonomic[0]!.name).toBe('phi1');
    expect(builds(rodPendulum).holonomic[0]!.name).toBe('rod');
  });
});
