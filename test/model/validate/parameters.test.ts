// parameters: finite defaults inside their declared ranges.
import { describe, expect, it } from 'vitest';
import { ball, builds, modelError, mutate, problems } from '../spec-cases.js';

const withParameters = (parameters: unknown) => mutate(ball, { parameters, unilateral: [] });

describe('parameters', () => {
  it('a list instead of an object: bad-type in field parameters', () => {
    expect(problems(withParameters([1, 2]))[0]).toEqual(['bad-type', 'parameters']);
  });

  it('non-finite and non-numeric defaults: bad-default', () => {
    for (const d of [Number.NaN, Infinity, '1', null, { value: 1 }]) {
      expect(problems(withParameters({ m: 1, g: { default: d } }))[0], String(d)).toEqual(['bad-default', 'parameters.g']);
    }
  });

  it('a range that is not a pair, an empty range, a default outside: bad-type, bad-range, bad-range', () => {
    expect(problems(withParameters({ m: 1, g: { default: 9.81, range: 'positive' } }))).toEqual([['bad-type', 'parameters.g.range']]);
    expect(problems(withParameters({ m: 1, g: { default: 9.81, range: [10, 1] } }))).toEqual([['bad-range', 'parameters.g.range']]);
    expect(problems(withParameters({ m: 1, g: { default: 9.81, range: [0, 'm'] } }))).toEqual([['bad-range', 'parameters.g.range']]);
  });

  it('a range in the other parameters is evaluated at their defaults and kept as expressions', () => {
    const model = builds(withParameters({ m: 1, g: { default: 9.81, range: ['m', '20*m'] } }));
    expect(model.parameters[1]!.range!.map((e) => e?.kind)).toEqual(['sym', 'mul']);
  });

  describe('a one-sided range (a null end: no bound on that side)', () => {
    // g above m = 1, as a moment about a hinge lies above m l².
    const above = (g: number, open?: unknown) => withParameters({ m: 1, g: { default: g, range: ['m', null], ...(open === undefined ? {} : { open }) } });

    it('holds a default inside it, the absent end kept absent and never open', () => {
      const g = builds(above(9.81, 'lower')).parameters[1]!;
      expect([g.range![0]?.kind, g.range![1]]).toEqual(['sym', undefined]);
      expect(g.open).toEqual({ lower: true, upper: false });
      // open: true excludes the one end there is.
      expect(builds(above(9.81, true)).parameters[1]!.open).toEqual({ lower: true, upper: false });
      expect(builds(withParameters({ m: 1, g: { default: -3, range: [null, 'm'] } })).parameters[1]!.range![0]).toBeUndefined();
    });

    it('refuses a default at its open end and below it, and takes it at a closed end', () => {
      expect(problems(above(1, 'lower'))).toEqual([['bad-range', 'parameters.g.range']]);
      expect(problems(above(0.5))).toEqual([['bad-range', 'parameters.g.range']]);
      expect(builds(above(1)).parameters[1]!.default).toBe(1);
      expect(problems(withParameters({ m: 1, g: { default: 2, range: [null, 'm'] } }))).toEqual([['bad-range', 'parameters.g.range']]);
    });

    it('says the range as written and at the defaults', () => {
      expect(modelError(above(1, 'lower')).message).toContain("parameter 'g': the default 1 must lie inside the range (m, ∞), at the defaults (1, ∞)");
    });

    it('refuses [null, null], an open side that is unbounded, and an infinite end (written null)', () => {
      expect(problems(withParameters({ m: 1, g: { default: 9.81, range: [null, null] } }))).toEqual([['bad-range', 'parameters.g.range']]);
      expect(problems(above(9.81, 'upper'))).toEqual([['bad-range', 'parameters.g.open']]);
      const infinite = modelError(withParameters({ m: 1, g: { default: 9.81, range: [0, Infinity] } }));
      expect([infinite.code, infinite.where.field]).toEqual(['bad-range', 'parameters.g.range']);
      expect(infinite.message).toContain('an end Infinity is written null');
    });
  });
});
