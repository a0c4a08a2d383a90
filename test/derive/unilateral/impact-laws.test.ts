// The restitution coefficient each impact law closes an impact with:
// e for Newton's, W² for the W-law, 0 for plastic and sticking arrivals.
import { describe, expect, it } from 'vitest';
import { pow, sym, ZERO } from '../../../src/core/expr.js';
import { restitutionOf } from '../../../src/derive/unilateral/impact-laws.js';

describe('restitution of each impact law', () => {
  it('e, W², 0, 0', () => {
    expect(restitutionOf({ kind: 'newton', e: sym('e'), superelastic: false })).toBe(sym('e'));
    expect(restitutionOf({ kind: 'w-law', W: sym('W'), superelastic: false })).toBe(pow(sym('W'), 2));
    expect(restitutionOf({ kind: 'plastic' })).toBe(ZERO);
    expect(restitutionOf({ kind: 'stick', tangent: sym('x') })).toBe(ZERO);
  });
});
