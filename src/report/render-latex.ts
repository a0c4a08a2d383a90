// The report as LaTeX: a body fragment for \input into a paper (needs
// amsmath and booktabs) and a complete article around the same body.
// Equations are numbered by LaTeX itself, in the order the HTML report
// numbers them; labels are eq:<model>:<label> so that the fragments of
// several models can live in one document.
// Tests: test/report/pdflatex.test.ts, test/report/sections.test.ts, test/fuzz/hostile-strings.test.ts.
import { lineTex, type Block, type EquationRow, type Inline, type ReportDocument, type Section } from './document.js';

const label = (doc: ReportDocument, kind: 'eq' | 'sec' | 'tab', id: string): string => `${kind}:${doc.model}:${id}`;

/** Text-mode characters that LaTeX treats specially, and Unicode punctuation pdflatex cannot take as is. */
const TEXT_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}', '{': '\\{', '}': '\\}', $: '\\$', '&': '\\&', '%': '\\%', '#': '\\#', _: '\\_',
  '~': '\\textasciitilde{}', '^': '\\textasciicircum{}', '–': '--', '—': '---', '‘': '`', '’': "'", '“': '``', '”': "''",
  '…': '\\dots{}', '§': '\\S{}', '−': '$-$', '×': '$\\times$', '≤': '$\\le$', '≥': '$\\ge$', '°': '$^\\circ$', '′': '$\'$',
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

function inline(doc: ReportDocument, xs: readonly Inline[]): string {
  return xs
    .map((x) => {
      if (typeof x === 'string') return latexText(x);
      if ('math' in x) return `$${x.math}$`;
      if (x.ref.startsWith('sec:')) return `\\ref{${label(doc, 'sec', x.ref.slice(4))}}`;
      if (x.ref.startsWith('tab:')) return `\\ref{${label(doc, 'tab', x.ref.slice(4))}}`;
      return `\\eqref{${label(doc, 'eq', x.ref)}}`;
    })
    .join('');
}

/**
 * Rows of equations: one numbered line alone → equation; otherwise align,
 * with the number on the last line of each row (\notag on the others).
 */
function equationsLatex(doc: ReportDocument, rows: readonly EquationRow[]): string {
  if (rows.length === 1 && rows[0]!.lines.length === 1) {
    const r = rows[0]!;
    const body = lineTex(r.lines[0]!, false);
    return r.label ? `\\begin{equation}\n  ${body}\n  \\label{${label(doc, 'eq', r.label)}}\n\\end{equation}` : `\\[\n  ${body}\n\\]`;
  }
  const lines: string[] = [];
  for (const r of rows) {
    r.lines.forEach((l, k) => {
      const last = k === r.lines.length - 1;
      lines.push(`  ${lineTex(l, true)}${last && r.label ? ` \\label{${label(doc, 'eq', r.label)}}` : ' \\notag'}`);
    });
  }
  return `\\begin{align}\n${lines.join(' \\\\\n')}\n\\end{align}`;
}

function blockLatex(doc: ReportDocument, b: Block): string {
  switch (b.kind) {
    case 'paragraph':
      return inline(doc, b.content);
    case 'equations':
      return b.rows.length ? equationsLatex(doc, b.rows) : '';
    case 'table': {
      const spec = [...b.align].map((a) => (a === 'p' ? 'p{0.5\\textwidth}' : a)).join(' ');
      const body = b.rows.map((r) => `    ${r.map((cell) => inline(doc, cell)).join(' & ')} \\\\`).join('\n');
      return [
        '\\begin{table}[ht]',
        '  \\centering',
        `  \\caption{${latexText(b.caption)}}\\label{${label(doc, 'tab', b.id)}}`,
        `  \\begin{tabular}{${spec}}`,
        '    \\toprule',
        `    ${b.columns.map(latexText).join(' & ')} \\\\`,
        '    \\midrule',
        body,
        '    \\bottomrule',
        '  \\end{tabular}',
        '\\end{table}',
      ].join('\n');
    }
    case 'list':
      return `\\begin{itemize}\n${b.items.map((i) => `  \\item ${inline(doc, i)}`).join('\n')}\n\\end{itemize}`;
    case 'figure':
      return ''; // plots are in the HTML report only
    default:
      return b satisfies never;
  }
}

function sectionLatex(doc: ReportDocument, s: Section): string {
  // Text after a display continues its sentence: no paragraph indent.
  const blocks = s.blocks
    .map((b, i) => {
      const tex = blockLatex(doc, b);
      return b.kind === 'paragraph' && s.blocks[i - 1]?.kind === 'equations' ? `\\noindent ${tex}` : tex;
    })
    .filter((x) => x.length > 0);
  return [`\\section{${latexText(s.title)}}\\label{${label(doc, 'sec', s.id)}}`, ...blocks].join('\n\n');
}

/** The body, usable with \input in a document that loads amsmath and booktabs. */
export function renderLatexBody(doc: ReportDocument): string {
  const head = [
    `% ${doc.title}: derivation report. ${doc.provenance}. Do not edit.`,
    '% Body only, for \\input{...}; needs \\usepackage{amsmath,booktabs}.',
    '',
  ];
  const sections = doc.sections.filter((s) => !s.htmlOnly).map((s) => sectionLatex(doc, s));
  return `${[...head, sections.join('\n\n')].join('\n')}\n`;
}

/** A complete article (pdflatex) around the body. */
export function renderLatexDocument(doc: ReportDocument): string {
  const body = renderLatexBody(doc).split('\n').filter((l) => !l.startsWith('% Body only')).join('\n');
  return [
    '\\documentclass[11pt]{article}',
    '\\usepackage[utf8]{inputenc}',
    '\\usepackage{amsmath,amssymb}',
    '\\usepackage{booktabs}',
    '\\usepackage[a4paper,margin=2.2cm]{geometry}',
    '\\allowdisplaybreaks',
    '\\setlength{\\emergencystretch}{3em}',
    `\\title{${latexText(doc.title)}}`,
    `\\author{${latexText(doc.provenance)}}`,
    '\\date{}',
    '\\begin{document}',
    '\\maketitle',
    '',
    body.trimEnd(),
    '',
    '\\end{document}',
    '',
  ].join('\n');
}
