// Prose for LaTeX: the Unicode the papers' notation brings (ψ̇, L⁻¹, Lᵀ) in
// the form pdflatex takes, and TeX's special characters escaped.
import { describe, expect, it } from 'vitest';
import { latexText } from '../../src/report/latex-text.js';

describe('latexText', () => {
  it('a dot over a letter is \\dot in math, Greek or Latin', () => {
    expect(latexText('|ψ̇(+0)| < |ψ̇(−0)|')).toBe('|$\\dot{\\psi}$(+0)| < |$\\dot{\\psi}$($-$0)|');
    expect(latexText('ẋ')).toBe('$\\dot{x}$'); // precomposed (U+1E8B) too
    expect(latexText('x\u0307')).toBe('$\\dot{x}$');
  });
  it('superscripts become math superscripts', () => {
    expect(latexText('G = L⁻¹G′L⁻ᵀ')).toBe("G = L$^{-}$$^{1}$G$'$L$^{-}$$^{\\mathsf{T}}$");
  });
  it('escapes the characters TeX treats specially and drops a dot over no letter', () => {
    expect(latexText('50% of $x_1 & {y}')).toBe('50\\% of \\$x\\_1 \\& \\{y\\}');
    expect(latexText('(\u0307)')).toBe('()');
  });
});
