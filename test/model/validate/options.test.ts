// multipleImpacts: 'error' or 'lcp', nothing else. leaveOut: distinct known report sections.
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

describe('leaveOut', () => {
  it('a list of distinct sections (equilibria), kept as given; absent means none', () => {
    expect(builds(mutate(ball, { leaveOut: ['equilibria'] })).leaveOut).toEqual(['equilibria']);
    expect(builds(ball).leaveOut).toBeUndefined();
  });

  it('an unknown part, a repeated one or no list: invalid-option in field leaveOut', () => {
    // Plots are left out by `unplotted`, not here.
    for (const v of [['plots'], ['energy'], ['equilibria', 'equilibria'], 'equilibria', [1]]) {
      expect(problems(mutate(ball, { leaveOut: v })), JSON.stringify(v)).toEqual([['invalid-option', 'leaveOut']]);
    }
  });
});
