// A quantity switched across a surface, written with sgn s and |sgn s|
// (src/report/switched.ts): printed as its two cases, the value at s = 0
// that on s ≤ 0 (kozlov1988 §2's force, (0, −g) for x ≤ 0 and (0, g) for x > 0).
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { parseExpr } from '../../src/core/parse.js';
import { mathLines } from '../../src/report/notation.js';
import { switchedCases } from '../../src/report/switched.js';

describe('switched quantities', () => {
  it('g(sgn x + |sgn x| − 1) is −g on x ≤ 0 and g on x > 0, printed as two cases', () => {
    const e = parseExpr('g*(sign(x) + abs(sign(x)) - 1)');
    const cases = switchedCases(e)!;
    expect(cases).toBeDefined();
    // Each case against the expression at a point of its side, and at the surface itself.
    for (const [x, side] of [
      [-0.3, cases.below],
      [0, cases.below],
      [0.4, cases.above],
    ] as const) {
      expect(evaluate(side, { g: 1.7, x })).toBe(evaluate(e, { g: 1.7, x }));
    }
    expect(mathLines(e)).toEqual(['\\begin{cases} -g, & x \\le 0 \\\\ g, & x > 0 \\end{cases}']);
  });
  it('a plain odd sgn (Coulomb’s −μ sgn v) and a value of its own at s = 0 keep their sign', () => {
    expect(switchedCases(parseExpr('-mu*sign(v)'))).toBeUndefined();
    // |sgn x| alone is 0 at x = 0 and 1 on both sides: no two cases.
    expect(switchedCases(parseExpr('g*abs(sign(x))'))).toBeUndefined();
    expect(mathLines(parseExpr('g*sign(x)'))).toEqual(['g \\operatorname{sgn} x']);
  });
});
