// Equality at seeded random points (src/core/equal-at.ts): identities hold,
// a change anywhere in an expression is seen, and an exchange of symbols
// leaves a symmetric expression alone and not an asymmetric one.
import { describe, expect, it } from 'vitest';
import { equalAt, swapInvariant } from '../../src/core/equal-at.js';
import { sym } from '../../src/core/expr.js';
import { canonical } from '../helpers/hand.js';

describe('equalAt', () => {
  it('takes an identity as equal, pair by pair', () => {
    expect(equalAt([canonical('sin(a)^2 + cos(a)^2'), canonical('(a + b)^2')], [canonical('1'), canonical('a^2 + 2*a*b + b^2')])).toBe(true);
  });

  it('sees a change of one coefficient or one sign, in any pair', () => {
    expect(equalAt([canonical('a^2 + 2*a*b + b^2')], [canonical('(a - b)^2')])).toBe(false);
    expect(equalAt([canonical('a'), canonical('sin(a)*b')], [canonical('a'), canonical('1.000001*sin(a)*b')])).toBe(false);
  });
});

describe('swapInvariant', () => {
  const pairs = [[sym('a1'), sym('a2')]] as const;
  it('keeps a form symmetric in the pair (the compass walker’s l²(m_H + m sin²(a₁ − a₂)))', () => {
    expect(swapInvariant(canonical('l^2*(mH + m*sin(a1 - a2)^2)'), pairs)).toBe(true);
  });
  it('tells a form that is not apart', () => {
    expect(swapInvariant(canonical('cos(a1) - 2*cos(a2)'), pairs)).toBe(false);
  });
});
