// The printer's cos 2x → sin²x step (src/core/half-angles.ts): a number beside
// a doubled angle's cosine is written in the half angle's square, its content
// a factor, and keeps its value.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { parseExpr as parse } from '../../src/core/parse.js';
import { halfAngleSquares, inHalfAngle } from '../../src/core/half-angles.js';
import { toLatex } from '../../src/report/latex.js';
import { MECHANICS, tidy } from '../../src/report/notation.js';

const same = (a: string, b: string, at: readonly number[] = [0.3, 1.1, -2]): void => {
  for (const beta of at) expect(evaluate(parse(a), { beta, Y: 1.7 })).toBeCloseTo(evaluate(parse(b), { beta, Y: 1.7 }), 12);
};

describe('inHalfAngle', () => {
  it('23 − 9 cos 4β is 2(7 + 9 sin²2β), the hinged compass’s 7 + 9 sin²(a₁ − a₂) at a₁ − a₂ = 2β', () => {
    expect(inHalfAngle(parse('23 - 9*cos(4*beta)'))).toBe(parse('2*(7 + 9*sin(2*beta)^2)'));
    same('23 - 9*cos(4*beta)', '2*(7 + 9*sin(2*beta)^2)');
  });
  it('takes cos²x where its number is the smaller, as the printer’s in-cosines does: 1 + 9 cos 4β is 2(9 cos²2β − 4)', () => {
    expect(inHalfAngle(parse('1 + 9*cos(4*beta)'))).toBe(parse('2*(9*cos(2*beta)^2 - 4)'));
    expect(inHalfAngle(parse('9*cos(4*beta) - 1'))).toBe(parse('2*(4 - 9*sin(2*beta)^2)'));
    expect(inHalfAngle(parse('1 - cos(2*beta)'))).toBe(parse('2*sin(beta)^2'));
  });
  it('leaves a cosine beside a symbol (I* + cos 2α, rubanovich1981 (2.6)), of an odd angle, or with more terms', () => {
    for (const s of ['Istar + cos(2*alpha)', '3 + cos(3*beta)', '1 + cos(beta) + cos(2*beta)', '2 + cos(2*a - b)', 'cos(4*beta)'])
      expect(inHalfAngle(parse(s))).toBe(parse(s));
  });
});

describe('tidy prints one form for the hinged compass’s 7 + 9 sin²2β', () => {
  it('the content cancels: 2Y/(23 − 9 cos 4β) prints Y/(7 + 9 sin²2β), and a second tidy changes nothing', () => {
    const e = parse('2*Y/(23 - 9*cos(4*beta))');
    expect(toLatex(tidy(e), MECHANICS)).toBe('\\frac{Y}{7 + 9 \\sin^{2} 2 \\beta}');
    expect(tidy(tidy(e))).toBe(tidy(e));
    same('2*Y/(23 - 9*cos(4*beta))', 'Y/(7 + 9*sin(2*beta)^2)');
  });
  it('reaches sums inside products and quotients', () => {
    const e = parse('Y*(7 - 3*cos(4*beta))/(23 - 9*cos(4*beta))');
    expect(halfAngleSquares(e)).toBe(parse('Y*(2 + 3*sin(2*beta)^2)/(7 + 9*sin(2*beta)^2)'));
  });
});
