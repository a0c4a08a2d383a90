// A polynomial in one base printed flat (src/core/flat-polynomial.ts), not in
// Horner's nesting, or in cos 2x where that prints fewer operations; equal to
// its input at every point.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { parseExpr as parse } from '../../src/core/parse.js';
import { flatPolynomial } from '../../src/core/flat-polynomial.js';
import { toLatex } from '../../src/report/latex.js';
import { math } from '../../src/report/notation.js';

describe('flatPolynomial', () => {
  it('prints the hinged compass slip denominator 1 + 15 sin²β − 9 sin⁴β flat, where collecting factors nests it', () => {
    const e = parse('1 + 15*sin(beta)^2 - 9*sin(beta)^4');
    expect(math(e)).toBe('1 + 15 \\sin^{2}\\beta - 9 \\sin^{4}\\beta');
    expect(math(parse('1/(1 + 15*sin(beta)^2 - 9*sin(beta)^4)'))).toBe('\\frac{1}{1 + 15 \\sin^{2}\\beta - 9 \\sin^{4}\\beta}');
    // The value of the nesting it replaces, 1 + 3(2 + 3cos²β) sin²β, typed.
    for (const beta of [0.3, 1.1, -2])
      expect(evaluate(flatPolynomial(e)!, { beta })).toBeCloseTo(1 + 3 * (2 + 3 * Math.cos(beta) ** 2) * Math.sin(beta) ** 2, 12);
  });
  it('takes out the common number and power, leaving the rest flat: 3x + 15x² − 9x³ = 3x(1 + 5x − 3x²)', () => {
    const out = flatPolynomial(parse('3*x + 15*x^2 - 9*x^3'))!;
    expect(toLatex(out)).toBe('3 x (1 + 5 x - 3 x^{2})');
    for (const x of [0.3, -2]) expect(evaluate(out, { x })).toBeCloseTo(3 * x + 15 * x ** 2 - 9 * x ** 3, 12);
  });
  it('goes into cos 2x where that prints fewer operations: 1 + 2 sin²b − 2 sin⁴b = 1 + ½ sin²2b', () => {
    const e = parse('1 + 2*sin(b)^2 - 2*sin(b)^4');
    const out = flatPolynomial(e)!;
    for (const b of [0.3, 1.1, -2]) expect(evaluate(out, { b })).toBeCloseTo(1 + Math.sin(2 * b) ** 2 / 2, 12);
    expect(math(e)).toBe('\\frac{1}{2} (2 + \\sin^{2} 2 b)');
  });
  it('keeps what a polynomial in one base is not, and sin²b − sin⁴b still prints ¼ sin²2b', () => {
    for (const s of ['x + y^2', '1 + x*y + x^2', '1 + sin(b)^2']) expect(flatPolynomial(parse(s))).toBeUndefined();
    expect(math(parse('sin(b)^2 - sin(b)^4'))).toBe('\\frac{1}{4} \\sin^{2} 2 b');
  });
});
