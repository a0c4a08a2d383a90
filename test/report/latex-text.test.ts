// Prose for LaTeX: the Unicode the papers' notation brings (ψ̇, L⁻¹, Lᵀ) in
// the form pdflatex takes, and TeX's special characters escaped.
import { describe, expect, it } from 'vitest';
import { latexText } from '../../src/report/latex-text.js';

describe('latexText', () => {
  it('a dot over a letter is \\dot in math, Greek or Latin', () => {
    expect(latexText('|ψ̇(+0)| < |ψ̇(−0)|')).toBe('\\textbar{}$\\dot{\\psi}$(+0)\\textbar{} < \\textbar{}$\\dot{\\psi}$($-$0)\\textbar{}');
    expect(latexText('ẋ')).toBe('$\\dot{x}$'); // precomposed (U+1E8B) too
    expect(latexText('x\u0307')).toBe('$\\dot{x}$');
  });
  it('a run of superscripts becomes one math superscript', () => {
    expect(latexText('G = L⁻¹G′L⁻ᵀ')).toBe("G = L$^{-1}$G$'$L$^{-\\mathsf{T}}$");
    expect(latexText('10⁵ⁿ')).toBe('10$^{5n}$');
  });
  it('a run of subscripts becomes one math subscript', () => {
    expect(latexText('radius R₁ through (0, l), g₁₂ = 0, x₋')).toBe('radius R$_{1}$ through (0, l), g$_{12}$ = 0, x$_{-}$');
    expect(latexText('aᵢⱼ⁻¹')).toBe('a$_{ij}$$^{-1}$');
  });
  it('escapes the characters TeX treats specially and drops a dot over no letter', () => {
    expect(latexText('50% of $x_1 & {y}')).toBe('50\\% of \\$x\\_1 \\& \\{y\\}');
    expect(latexText('(\u0307)')).toBe('()');
    // In OT1 text a bare | prints as an em dash: a table column (Nᵢ + Nᵢ₊₁)/|N| read (Ni + Ni+1)/—N—.
    expect(latexText('|N|')).toBe('\\textbar{}N\\textbar{}');
  });
  it('spells common symbols and accented letters the LaTeX way, and any other character as its code point', () => {
    expect(latexText('x ≈ 3, ∞, ✓')).toBe('x $\\approx$ 3, $\\infty$, $\\surd$');
    expect(latexText('Čapek ő')).toBe('\\v{C}apek \\H{o}');
    expect(latexText('中😀 Þ')).toBe('[U+4E2D][U+1F600] [U+00DE]');
    // Latin-1 that pdflatex takes stays as it is.
    expect(latexText('± µm é')).toBe('± µm é');
  });
});
