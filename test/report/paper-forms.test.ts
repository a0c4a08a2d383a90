// The papers' printed forms of a derived result: roots of one degree under one
// radical (kuleshov2011 (4.7)), a sine over a cosine as a tangent (kuleshov2011
// (2.3)), each only where shorter, and always equal to the result.
import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/core/parse.js';
import { evaluate } from '../../src/core/evaluate.js';
import { toLatex } from '../../src/report/latex.js';
import { paperForm } from '../../src/report/paper-forms.js';

const printed = (s: string): string => toLatex(paperForm(parseExpr(s)));

describe('paperForm', () => {
  it('ϑ₀ = ∛(3/2)·∛m·∛g/(∛k·r^{2/3}) as ∛(3mg/(2kr²)) (4.7)', () => {
    expect(printed('(3/2)^(1/3)*m^(1/3)*g^(1/3)/(k^(1/3)*r^(2/3))')).toBe('\\sqrt[3]{\\frac{3 g m}{2 k r^{2}}}');
  });
  it('σ_* = sin α/(3λ cos α) as tan α/(3λ) (2.3), and sin a/cos b left alone', () => {
    expect(printed('sin(alpha)/(3*lambda*cos(alpha))')).toBe('\\frac{\\tan\\alpha}{3 \\lambda}');
    expect(printed('sin(a)/cos(b)')).toBe('\\frac{\\sin a}{\\cos b}');
  });
  it('the rest depth (9.2) under one cube root, equal to the form it replaces', () => {
    const source = '(3/8)^(2/3)*2^(1/3)*m^(2/3)*g^(2/3)*cos(alpha)^(2/3)/(k^(2/3)*r^(4/3))';
    expect(printed(source)).toBe('\\sqrt[3]{\\frac{9 g^{2} m^{2} \\cos^{2}\\alpha}{32 k^{2} r^{4}}}');
    const env = { m: 1.3, g: 9.81, k: 2e3, r: 0.4, alpha: 0.3 };
    expect(evaluate(paperForm(parseExpr(source)), env)).toBeCloseTo(evaluate(parseExpr(source), env), 12);
  });
});
