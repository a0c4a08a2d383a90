// A formula in running text: a fraction inside another, or inside a function's
// parentheses, read as a slash (kozlov1988 §3's v(t) = u/cos(α₁ − ut(1 − e)/(2R))).
import { describe, expect, it } from 'vitest';
import { flatDenominators, inlineFractions } from '../../src/report/inline-fractions.js';

describe('inline fractions', () => {
  it('kozlov1988 §3’s v(t): the inner fraction and the outer one as slashes, the denominators in parentheses', () => {
    expect(inlineFractions('v(t) = \\frac{u}{\\cos\\left(\\alpha_{1} - \\frac{u t (1 - e)}{2 R}\\right)}')).toBe(
      'v(t) = u/\\cos\\left(\\alpha_{1} - u t (1 - e)/(2 R)\\right)',
    );
  });

  it('a fraction in a function’s argument alone, and a numerator that is a sum in parentheses', () => {
    expect(inlineFractions('u \\cos\\left(\\alpha_{1} + \\frac{u t (e - 1)}{2 R}\\right)')).toBe('u \\cos\\left(\\alpha_{1} + u t (e - 1)/(2 R)\\right)');
    expect(inlineFractions('\\frac{\\frac{a + b}{c}}{d}')).toBe('(a + b)/c/d');
    expect(inlineFractions('\\arccos\\left(\\frac{u}{\\sqrt{u^{2} + e^{2} w^{2}}}\\right)')).toBe('\\arccos\\left(u/\\sqrt{u^{2} + e^{2} w^{2}}\\right)');
  });

  it('leaves a lone fraction as printed', () => {
    expect(inlineFractions('t_{*} = \\frac{2 R \\alpha_{1}}{u (1 - e)}')).toBe('t_{*} = \\frac{2 R \\alpha_{1}}{u (1 - e)}');
    expect(inlineFractions('x + y')).toBe('x + y');
  });

  it('in a display, flat only where a fraction stands in a function’s argument in a denominator (kozlov1988 §3’s v(t))', () => {
    expect(flatDenominators('\\frac{u}{\\cos\\left(\\alpha_{1} + \\frac{u t (e - 1)}{2 R}\\right)}')).toBe(
      'u/\\cos\\left(\\alpha_{1} + u t (e - 1)/(2 R)\\right)',
    );
    // In a numerator the inner fraction is set one size down, as in any fraction: kept (kozlov1988 Th. 3's δ_N*).
    const numerator = '\\frac{2 \\ln\\left(\\frac{u + w}{u - w}\\right)}{N u}';
    expect(flatDenominators(numerator)).toBe(numerator);
    // A fraction under a root in a denominator is not in a function's parentheses: kept.
    const root = '\\frac{w}{\\sqrt{N} \\sqrt{\\frac{c^{2}}{g_{11}}}}';
    expect(flatDenominators(root)).toBe(root);
  });
});
