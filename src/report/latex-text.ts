// Plain text for LaTeX's text mode: the characters TeX treats specially
// escaped, and the Unicode that pdflatex cannot take as is (dashes, quotes,
// Greek letters, minus, superscripts, a dot over a letter as in ψ̇) spelled
// the LaTeX way. Used by the report's prose and by the figures' labels
// (scene.ts).
// Tests: test/report/latex-text.test.ts, test/report/scene.test.ts, test/fuzz/hostile-strings.test.ts.

/** Text-mode characters that LaTeX treats specially, and Unicode punctuation pdflatex cannot take as is. */
const TEXT_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '%': '\\%',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '–': '--',
  '—': '---',
  '‘': '`',
  '’': "'",
  '“': '``',
  '”': "''",
  '…': '\\dots{}',
  '§': '\\S{}',
  '−': '$-$',
  '×': '$\\times$',
  '≤': '$\\le$',
  '≥': '$\\ge$',
  '°': '$^\\circ$',
  '′': "$'$",
  '″': "$''$",
};
const GREEK_TEXT: Readonly<Record<string, string>> = {
  α: 'alpha',
  β: 'beta',
  γ: 'gamma',
  δ: 'delta',
  ε: 'varepsilon',
  ζ: 'zeta',
  η: 'eta',
  θ: 'theta',
  κ: 'kappa',
  λ: 'lambda',
  μ: 'mu',
  ν: 'nu',
  ξ: 'xi',
  π: 'pi',
  ρ: 'rho',
  σ: 'sigma',
  τ: 'tau',
  φ: 'varphi',
  χ: 'chi',
  ψ: 'psi',
  ω: 'omega',
  Γ: 'Gamma',
  Δ: 'Delta',
  Θ: 'Theta',
  Λ: 'Lambda',
  Π: 'Pi',
  Σ: 'Sigma',
  Φ: 'Phi',
  Ψ: 'Psi',
  Ω: 'Omega',
};

/** Unicode superscripts (L⁻¹, Lᵀ, q̇⁺) as math superscripts. */
const SUPERSCRIPTS: Readonly<Record<string, string>> = {
  '⁻': '-',
  '⁺': '+',
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  ᵀ: '\\mathsf{T}',
};
/** The combining dot above (ψ̇ is ψ followed by U+0307). */
const COMBINING_DOT = '\u0307';

/** A letter as math: a Greek letter by its macro, a Latin one as is. */
const mathLetter = (ch: string): string => (GREEK_TEXT[ch] !== undefined ? `\\${GREEK_TEXT[ch]}` : ch);

/** Plain text for LaTeX text mode. */
export function latexText(s: string): string {
  // A precomposed dotted letter (ẋ, U+1E8B) taken apart as x + the combining dot.
  const chars = [...s].flatMap((ch) => (ch.normalize('NFD').endsWith(COMBINING_DOT) ? [...ch.normalize('NFD')] : [ch]));
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (chars[i + 1] === COMBINING_DOT && /\p{L}/u.test(ch)) {
      out += `$\\dot{${mathLetter(ch)}}$`;
      i++;
    } else if (ch === COMBINING_DOT)
      continue; // a dot over nothing a letter: dropped
    else if (TEXT_ESCAPES[ch] !== undefined) out += TEXT_ESCAPES[ch];
    else if (GREEK_TEXT[ch] !== undefined) out += `$\\${GREEK_TEXT[ch]}$`;
    else if (SUPERSCRIPTS[ch] !== undefined) out += `$^{${SUPERSCRIPTS[ch]}}$`;
    else out += ch;
  }
  return out;
}
