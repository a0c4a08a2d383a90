// multipleImpacts: 'error' or 'lcp', nothing else.
import { describe, expect, it } from 'vitest';
import { ball, builds, mutate, problems } from '../spec-cases.js';

describe('multipleImpacts', () => {
  it("'foo' (used to be treated as 'lcp') and non-strings: invalid-option in field multipleImpacts", () => {
    for (const v of ['foo', 'LCP', 1, null]) expect(problems(mutate(ball, { multipleImpacts: v })), String(v)).toEqual([['invalid-option', 'multipleImpacts']]);
  });

  it("the known values are kept; absent means 'error'", () => {
    expect(builds(mutate(ball, { multipleImpacts: 'lcp' })).multipleImpacts).toBe('lcp');
    expect(builds(ball).multipleImpacts).toBe('error');
  });
});
