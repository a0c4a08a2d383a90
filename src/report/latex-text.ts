// Plain text for LaTeX's text mode: the characters TeX treats specially
// escaped, and the Unicode that pdflatex cannot take as is (dashes, quotes,
// Greek letters, minus) spelled the LaTeX way. Used by the report's prose
// and by the figures' labels (scene.ts).
// Tests: test/report/scene.test.ts, test/fuzz/hostile-strings.test.ts.

/** Text-mode characters that LaTeX treats specially, and Unicode punctuation pdflatex cannot take as is. */
const TEXT_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}', '{': '\\{', '}': '\\}', $: '\\$', '&': '\\&', '%': '\\%', '#': '\\#', _: '\\_',
  '~': '\\textasciitilde{}', '^': '\\textasciicircum{}', '–': '--', '—': '---', '‘': '`', '’': "'", '“': '``', '”': "''",
  '…': '\\dots{}', '§': '\\S{}', '−': '$-$', '×': '$\\times$', '≤': '$\\le$', '≥': '$\\ge$', '°': '$^\\circ$', '′': '$\'$', '″': "$''$",
};
const GREEK_TEXT: Readonly<Record<string, string>> = {
  α: 'alpha', β: 'beta', γ: 'gamma', δ: 'delta', ε: 'varepsilon', ζ: 'zeta', η: 'eta', θ: 'theta', κ: 'kappa', λ: 'lambda', μ: 'mu',
  ν: 'nu', ξ: 'xi', π: 'pi', ρ: 'rho', σ: 'sigma', τ: 'tau', φ: 'varphi', χ: 'chi', ψ: 'psi', ω: 'omega', Γ: 'Gamma', Δ: 'Delta',
  Θ: 'Theta', Λ: 'Lambda', Π: 'Pi', Σ: 'Sigma', Φ: 'Phi', Ψ: 'Psi', Ω: 'Omega',
};

/** Plain text for LaTeX text mode. */
export function latexText(s: string): string {
  let out = '';
  for (const ch of s) {
    if (TEXT_ESCAPES[ch] !== undefined) out += TEXT_ESCAPES[ch];
    else if (GREEK_TEXT[ch] !== undefined) out += `$\\${GREEK_TEXT[ch]}$`;
    else out += ch;
  }
  return out;
}
