// parameters: finite defaults inside their declared ranges.
import { describe, expect, it } from 'vitest';
import { ball, builds, mutate, problems } from '../spec-cases.js';

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
    expect(model.parameters[1]!.range!.map((e) => e.kind)).toEqual(['sym', 'mul']);
  });
});
