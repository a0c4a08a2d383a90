import { describe, expect, it } from 'vitest';
import { typedLatex, typedPieces } from '../../src/report/typed-order.js';
import { toLatex } from '../../src/report/latex.js';
import { MECHANICS } from '../../src/report/notation.js';
import { parseExpr } from '../../src/core/parse.js';

const print = (source: string): string => typedLatex(source, (e) => toLatex(e, { ...MECHANICS, orientSums: false }));

describe('a paper formula in its typed order', () => {
  it('keeps smirnov1981 §2’s Φ as the paper prints it, f₂’s term first and F_z after the bracket', () => {
    // The kernel's canonical order would print F_z(½f₁(sgn F_z − 1) + ½f₂(1 + sgn F_z)).
    expect(toLatex(parseExpr('(f2*(1 + sign(Fz))/2 - f1*(1 - sign(Fz))/2)*Fz'), { ...MECHANICS, orientSums: false })).toBe(
      'F_{z} \\left(\\frac{1}{2} f_{1} (\\operatorname{sgn} F_{z} - 1) + \\frac{1}{2} f_{2} (1 + \\operatorname{sgn} F_{z})\\right)',
    );
    expect(print('(f2*(1 + sign(Fz))/2 - f1*(1 - sign(Fz))/2)*Fz')).toBe(
      '\\left(\\frac{1}{2} f_{2} (1 + \\operatorname{sgn} F_{z}) - \\frac{1}{2} f_{1} (1 - \\operatorname{sgn} F_{z})\\right) F_{z}',
    );
  });
  it('folds a term’s own minus into the sign before it, and parenthesizes an inner sum', () => {
    expect(print('b - -a')).toBe('b + a');
    expect(print('-b + a')).toBe('-b + a');
    expect(print('c - (a + b)')).toBe('c - (a + b)');
    expect(print('y*(-x)')).toBe('y (-x)');
  });
  it('keeps kozlov1988 (2.5)–(2.6) as the paper prints them: a quotient’s sides and a squared sum in their typed order', () => {
    // The kernel's canonical order would print g(2 − 4t + t²)/(2(1 + N)), −gt²/(2(1 + N)) and ½g(t − √2 − 2)².
    expect(toLatex(parseExpr('g*(t^2 - 4*t + 2)/(2*(N + 1))'), { ...MECHANICS, orientSums: false })).toBe('\\frac{g (2 - 4 t + t^{2})}{2 (1 + N)}');
    expect(print('g*(t^2 - 4*t + 2)/(2*(N + 1))')).toBe('\\frac{g (t^{2} - 4 t + 2)}{2 (N + 1)}');
    expect(print('-g*t^2/(2*(N + 1))')).toBe('-\\frac{g t^{2}}{2 (N + 1)}');
    expect(print('g*(t - 2 - sqrt(2))^2/2')).toBe('\\frac{1}{2} g \\left(t - 2 - \\sqrt{2}\\right)^{2}');
  });
  it('keeps kozlov1988 §3’s v(t) as the paper prints it: a cosine’s argument and the parenthesized (2R)⁻¹ in their typed order', () => {
    // The kernel's canonical order would print u/cos(α₀ + ut(e − 1)/(2R)).
    expect(toLatex(parseExpr('u/cos(u*(e - 1)*(2*R)^(-1)*t + alpha0)'), { ...MECHANICS, orientSums: false })).toBe(
      '\\frac{u}{\\cos\\left(\\alpha_{0} + \\frac{u t (e - 1)}{2 R}\\right)}',
    );
    expect(print('u/cos(u*(e - 1)*(2*R)^(-1)*t + alpha0)')).toBe('\\frac{u}{\\cos(u (e - 1) (2 R)^{-1} t + \\alpha_{0})}');
    expect(print('u*cos(u*(e - 1)*(2*R)^(-1)*t + alpha0)')).toBe('u \\cos(u (e - 1) (2 R)^{-1} t + \\alpha_{0})');
    // A function of a symbol, or of a product not typed in parentheses to a power, prints as the kernel prints it.
    expect(print('(1 + sign(Fz))*cos(a)')).toBe('(1 + \\operatorname{sgn} F_{z}) \\cos a');
    expect(print('R^(-1)*a')).toBe(`${toLatex(parseExpr('R^(-1)'), { ...MECHANICS, orientSums: false })} a`);
  });
  it('parenthesizes a symbol that prints as a sum after a minus and as a factor (smirnov1981 §2: a_{i1} = a_1 − g_1 x)', () => {
    const setIn = (source: string): string =>
      typedLatex(source, (e) => (e.kind === 'sym' && e.name === 'a11' ? { tex: 'a_{1} - g_{1} x', sum: true } : toLatex(e, MECHANICS)));
    expect(setIn('a12 - a11')).toBe('a_{12} - (a_{1} - g_{1} x)');
    expect(setIn('P*a11')).toBe('P (a_{1} - g_{1} x)');
  });
  it('sets a quotient by a number as the kernel does, its reciprocal leading, and a leading minus before it', () => {
    expect(print('(b + a)/2')).toBe('\\frac{1}{2} (b + a)');
    expect(print('-a*b/3')).toBe('-\\frac{1}{3} a b');
  });
  it('gives a sum’s terms in typed order as the pieces a display breaks between (rubanovich1981 (3.3)’s g′₁₁ẋ² + 2g′₁₂ẋẏ + …)', () => {
    const pieces = typedPieces('g11*u1^2 + 2*g12*u1*u2 - g22*u2^2', (e) => toLatex(e, { ...MECHANICS, orientSums: false }));
    expect(pieces).toEqual(['g_{11} u_{1}^{2}', '+ 2 g_{12} u_{1} u_{2}', '- g_{22} u_{2}^{2}']);
    expect(typedPieces('(a + b)*c', (e) => toLatex(e, MECHANICS))).toEqual(['(a + b) c']);
  });
});
