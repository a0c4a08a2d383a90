// A quotient in one square root as A + B√R (src/core/rationalize.ts), and a
// radicand that is a square of a non-negative root taken out.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { parseExpr } from '../../src/core/parse.js';
import { rationalized } from '../../src/core/rationalize.js';
import { toText } from '../../src/core/print.js';
import { hand } from '../helpers/hand.js';

const positiveA = (s: { kind: string; name?: string }): boolean => s.kind === 'sym' && s.name === 'a';

describe('rationalized', () => {
  it('squares the root away: (√(u² + 1) + u)(√(u² + 1) − u)/(u + 1) is 1/(u + 1)', () => {
    expect(rationalized(parseExpr('(sqrt(u^2 + 1) + u)*(sqrt(u^2 + 1) - u)/(u + 1)'))).toBe(hand('1/(u + 1)'));
  });
  it('takes the conjugate: 1/(u + √(u² + 1)) is √(u² + 1) − u', () => {
    const e = parseExpr('1/(u + sqrt(u^2 + 1))');
    expect(rationalized(e)).toBe(hand('sqrt(u^2 + 1) - u'));
    expect(evaluate(rationalized(e), { u: 0.7 })).toBeCloseTo(1 / (0.7 + Math.sqrt(1.49)), 14);
  });
  it('kozlov1988 §5, the smooth sliding: ux(1/a − √((x²/a − a)² + 4x²)/(a² + x²)) is 0 for a > 0', () => {
    expect(rationalized(parseExpr('u*x*(1/a - sqrt((x^2/a - a)^2 + 4*x^2)/(a^2 + x^2))'), positiveA)).toBe(hand('0'));
  });
  it('keeps √(a²) where a is not known to be positive (it is |a|), and a sum of two roots', () => {
    const e = parseExpr('u*(1/a - sqrt(a^2)/a^2)');
    expect(toText(rationalized(e))).toBe(toText(e));
    const two = parseExpr('1/(sqrt(u) + sqrt(v))');
    expect(rationalized(two)).toBe(two);
  });
});
