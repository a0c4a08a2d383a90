// Plain text for LaTeX's text mode: the characters TeX treats specially
// escaped, and the Unicode that pdflatex cannot take as is (dashes, quotes,
// Greek letters, minus, super- and subscripts, a dot over a letter as in ψ̇, common
// symbols such as ≈ and ∞, accented Latin letters) spelled the LaTeX way;
// any other character as its code point, so that every text compiles. Used by the report's prose and by the figures' labels
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
  '|': '\\textbar{}',
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
  // Common symbols of prose, as math or text commands of plain LaTeX (the body
  // is \input with amsmath alone, so nothing from amssymb).
  '≈': '$\\approx$',
  '≠': '$\\ne$',
  '≡': '$\\equiv$',
  '∼': '$\\sim$',
  '∝': '$\\propto$',
  '∓': '$\\mp$',
  '⋅': '$\\cdot$',
  '∞': '$\\infty$',
  '∂': '$\\partial$',
  '∇': '$\\nabla$',
  '√': '$\\surd$',
  '∑': '$\\sum$',
  '∫': '$\\int$',
  '∈': '$\\in$',
  '→': '$\\to$',
  '←': '$\\leftarrow$',
  '↔': '$\\leftrightarrow$',
  '⇒': '$\\Rightarrow$',
  '⇔': '$\\Leftrightarrow$',
  '✓': '$\\surd$',
  '✔': '$\\surd$',
  '•': '$\\bullet$',
  '†': '\\dag{}',
  '‡': '\\ddag{}',
  '«': '$\\ll$',
  '»': '$\\gg$',
  '‚': ',',
  '„': ',,',
  '‹': '$<$',
  '›': '$>$',
  '‰': '\\textperthousand{}',
  '€': '\\texteuro{}',
  '™': '\\texttrademark{}',
  ı: '\\i{}',
  ł: '\\l{}',
  Ł: '\\L{}',
  œ: '\\oe{}',
  Œ: '\\OE{}',
};
/** Greek letters and the LaTeX command of each (without the backslash). */
export const GREEK_TEXT: Readonly<Record<string, string>> = {
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
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
  ⁿ: 'n',
  ᵀ: '\\mathsf{T}',
};
/** Unicode subscripts (R₁, g₁₁, x₋) as math subscripts. */
const SUBSCRIPTS: Readonly<Record<string, string>> = {
  '₀': '0',
  '₁': '1',
  '₂': '2',
  '₃': '3',
  '₄': '4',
  '₅': '5',
  '₆': '6',
  '₇': '7',
  '₈': '8',
  '₉': '9',
  '₊': '+',
  '₋': '-',
  ᵢ: 'i',
  ⱼ: 'j',
  ₖ: 'k',
  ₙ: 'n',
};
/** The combining dot above (ψ̇ is ψ followed by U+0307). */
const COMBINING_DOT = '\u0307';

/** Accents over a Latin letter (č is c + U+030C) as LaTeX's text accents. */
const ACCENTS: Readonly<Record<string, string>> = {
  '\u0300': '`',
  '\u0301': "'",
  '\u0302': '^',
  '\u0303': '~',
  '\u0304': '=',
  '\u0306': 'u',
  '\u0308': '"',
  '\u030a': 'r',
  '\u030b': 'H',
  '\u030c': 'v',
  '\u0327': 'c',
  '\u0328': 'k',
};

/** Latin-1 letters pdflatex's default OT1 encoding has no glyph for (Ð, Þ: "unavailable in encoding OT1"). */
const NOT_IN_OT1 = new Set(['Ð', 'ð', 'Þ', 'þ']);
/** ASCII and Latin-1 that pdflatex takes as they are. */
const printable = (ch: string): boolean => ch.length === 1 && ch >= ' ' && ch <= 'ÿ' && !NOT_IN_OT1.has(ch) && !(ch >= '\u007f' && ch < '\u00a0');

/**
 * Any other character: a Latin letter with accents LaTeX spells (č, ő, ą),
 * else its code point as text, [U+4E2D], so that every text compiles.
 */
function otherCharacter(ch: string): string {
  const [base, ...marks] = [...ch.normalize('NFD')];
  if (base && /^[A-Za-z]$/.test(base) && marks.length > 0 && marks.every((m) => ACCENTS[m] !== undefined))
    return marks.reduce((inner, m) => `\\${ACCENTS[m]}{${inner}}`, base === 'i' || base === 'j' ? `\\${base}` : base);
  return `[U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`;
}

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
    else if (SUPERSCRIPTS[ch] !== undefined || SUBSCRIPTS[ch] !== undefined) {
      // A run of them as one script: g₁₁ is g$_{11}$, 10⁻¹ is 10$^{-1}$.
      const [table, mark] = SUPERSCRIPTS[ch] !== undefined ? [SUPERSCRIPTS, '^'] : [SUBSCRIPTS, '_'];
      let run = '';
      while (i < chars.length && table[chars[i]!] !== undefined) run += table[chars[i++]!];
      i--;
      out += `$${mark}{${run}}$`;
    } else if (printable(ch)) out += ch;
    else out += otherCharacter(ch);
  }
  return out;
}
