// The report as LaTeX: a body fragment for \input into a paper (needs
// amsmath and booktabs) and a complete article around the same body.
// Equations are numbered by LaTeX itself, in the order the HTML report
// numbers them; labels are eq:<model>:<label> so that the fragments of
// several models can live in one document.
// Tests: test/report/pdflatex.test.ts, test/report/sections.test.ts, test/fuzz/hostile-strings.test.ts.
import {
  lastLineTex,
  lineTex,
  REFERENCES_ID,
  singleLine,
  type Block,
  type EquationRow,
  type Figure,
  type Inline,
  type ReportDocument,
  type Section,
} from './document.js';
import { latexText } from './latex-text.js';
import { tikzColor, tikzDash } from './scene-tikz.js';

const label = (doc: ReportDocument, kind: 'eq' | 'sec' | 'tab' | 'fig' | 'cite', id: string): string => `${kind}:${doc.model}:${id}`;

function inline(doc: ReportDocument, xs: readonly Inline[]): string {
  return xs
    .map((x) => {
      if (typeof x === 'string') return latexText(x);
      if ('math' in x) return `$${x.math}$`;
      if ('code' in x)
        return `\\texttt{${x.code
          .split(/(?<=\/|, |-)/)
          .map(latexText)
          .join('\\allowbreak{}')}}`;
      if (x.ref.startsWith('sec:')) return `\\ref{${label(doc, 'sec', x.ref.slice(4))}}`;
      if (x.ref.startsWith('tab:')) return `\\ref{${label(doc, 'tab', x.ref.slice(4))}}`;
      if (x.ref.startsWith('cite:')) return `\\cite{${label(doc, 'cite', x.ref.slice(5))}}`;
      return `\\eqref{${label(doc, 'eq', x.ref)}}`;
    })
    .join('');
}

/**
 * Rows of equations: one numbered line alone → equation; otherwise align,
 * with the number on the last line of each row (\notag on the others).
 */
function equationsLatex(doc: ReportDocument, rows: readonly EquationRow[]): string {
  if (singleLine(rows)) {
    const r = rows[0]!;
    const body = lineTex(r.lines[0]!, false);
    return r.label ? `\\begin{equation}\n  ${body}\n  \\label{${label(doc, 'eq', r.label)}}\n\\end{equation}` : `\\[\n  ${body}\n\\]`;
  }
  const lines: string[] = [];
  for (const r of rows) {
    r.lines.forEach((l, k) => {
      const last = k === r.lines.length - 1;
      lines.push(`  ${last ? lastLineTex(r, l) : lineTex(l, true)}${last && r.label ? ` \\label{${label(doc, 'eq', r.label)}}` : ' \\notag'}`);
    });
  }
  return `\\begin{align}\n${lines.join(' \\\\\n')}\n\\end{align}`;
}

/** A figure: the tikzpicture scaled to its share of the line, its legend as short strokes (dots for a dotted series), its caption. */
function figureLatex(doc: ReportDocument, f: Figure, tikz: NonNullable<Figure['tikz']>): string {
  const key = (l: Figure['legend'][number]): string =>
    l.dot
      ? `\\tikz[baseline=-0.6ex]\\fill[color=${tikzColor(l.color)}] (0.3,0) circle (0.09);\\,$${l.label}$`
      : `\\tikz[baseline=-0.6ex]\\draw[color=${tikzColor(l.color)}, line width=1.2bp${l.dash ? `, ${tikzDash(l.dash)}` : ''}] (0,0) -- (0.6,0);\\,$${l.label}$`;
  return [
    '\\begin{figure}[htbp]',
    '  \\centering',
    `  \\resizebox{${tikz.width}\\linewidth}{!}{%`,
    tikz.picture,
    '  }',
    ...(f.legend.length ? [`  \\par\\smallskip{\\small ${f.legend.map(key).join(' \\quad\\allowbreak ')}}`] : []),
    `  \\caption{${inline(doc, f.caption)}}\\label{${label(doc, 'fig', f.id)}}`,
    '\\end{figure}',
  ].join('\n');
}

function blockLatex(doc: ReportDocument, b: Block): string {
  switch (b.kind) {
    case 'paragraph':
      return inline(doc, b.content);
    case 'equations':
      return b.rows.length ? equationsLatex(doc, b.rows) : '';
    case 'table': {
      // Wrapping columns share the line: each its part less its two \tabcolsep, so that two of them fill it without overflow.
      const wrapping = [...b.align].filter((a) => a === 'p').length;
      const share = wrapping === 1 ? 0.5 : 0.96 / wrapping;
      const spec = [...b.align].map((a) => (a === 'p' ? `p{\\dimexpr ${Number(share.toFixed(3))}\\linewidth - 2\\tabcolsep\\relax}` : a)).join(' ');
      const body = b.rows.map((r) => `    ${r.map((cell) => inline(doc, cell)).join(' & ')} \\\\`).join('\n');
      return [
        '\\begin{table}[ht]',
        '  \\centering',
        // The caption stands above the table: article's \belowcaptionskip of 0 set its last line on the top rule.
        '  \\setlength{\\belowcaptionskip}{6pt}',
        `  \\caption{${latexText(b.caption)}}\\label{${label(doc, 'tab', b.id)}}`,
        // Set to the line's width where its formulas make it wider (graphicx's \width is the natural width); else as is.
        `  \\resizebox{\\ifdim\\width>\\linewidth\\linewidth\\else\\width\\fi}{!}{\\begin{tabular}{${spec}}`,
        '    \\toprule',
        `    ${b.columns.map(latexText).join(' & ')} \\\\`,
        '    \\midrule',
        body,
        '    \\bottomrule',
        '  \\end{tabular}}',
        '\\end{table}',
      ].join('\n');
    }
    case 'list':
      return `\\begin{itemize}\n${b.items.map((i) => `  \\item ${inline(doc, i)}`).join('\n')}\n\\end{itemize}`;
    case 'figure':
      return b.tikz ? figureLatex(doc, b, b.tikz) : ''; // an animation is in the HTML report only
    default:
      return b satisfies never;
  }
}

/** The References as a thebibliography, one \bibitem per cited key (its own unnumbered heading, as in a journal). */
function referencesLatex(doc: ReportDocument, s: Section): string {
  const items = s.blocks.flatMap((b) => (b.kind === 'list' ? b.items : []));
  return [
    `\\begin{thebibliography}{${items.length}}`,
    ...items.map((item, i) => `\\bibitem{${label(doc, 'cite', doc.citations[i]!)}} ${inline(doc, item)}`),
    '\\end{thebibliography}',
  ].join('\n');
}

function sectionLatex(doc: ReportDocument, s: Section): string {
  // Floats of the text stay before the References (placeins): none lands after them.
  if (s.id === REFERENCES_ID) return `\\FloatBarrier\n${referencesLatex(doc, s)}`;
  // Text after a display continues its sentence: no paragraph indent.
  const blocks = s.blocks
    .map((b, i) => {
      const tex = blockLatex(doc, b);
      return b.kind === 'paragraph' && s.blocks[i - 1]?.kind === 'equations' ? `\\noindent ${tex}` : tex;
    })
    .filter((x) => x.length > 0);
  const heading = `\\${s.level === 2 ? 'subsection' : 'section'}{${latexText(s.title)}}\\label{${label(doc, 'sec', s.id)}}`;
  // A section's floats stay in it: the results' figures never drift past the Discussion's heading.
  return [...(s.level !== 2 ? ['\\FloatBarrier'] : []), heading, ...blocks].join('\n\n');
}

/** The body, usable with \input in a document that loads amsmath and booktabs. */
export function renderLatexBody(doc: ReportDocument): string {
  const head = [
    `% ${doc.title}: derivation report. ${doc.provenance}. Do not edit.`,
    '% Body only, for \\input{...}; needs \\usepackage{amsmath,booktabs,graphicx,tikz,placeins}.',
    '',
  ];
  const sections = doc.sections.filter((s) => !s.htmlOnly).map((s) => sectionLatex(doc, s));
  return `${[...head, sections.join('\n\n')].join('\n')}\n`;
}

/** A complete article (pdflatex) around the body: the abstract after the title, the appendix lettered. */
export function renderLatexDocument(doc: ReportDocument): string {
  const first = doc.sections.find((s) => s.appendix && !s.htmlOnly);
  const appendixAt = first ? `\\section{${latexText(first.title)}}\\label{${label(doc, 'sec', first.id)}}` : undefined;
  const body = renderLatexBody(doc)
    .split('\n')
    .filter((l) => !l.startsWith('% Body only'))
    .flatMap((l) => (l === appendixAt ? ['\\appendix', l] : [l]))
    .join('\n');
  return [
    '\\documentclass[11pt]{article}',
    '\\usepackage[utf8]{inputenc}',
    '\\usepackage{amsmath}',
    '\\usepackage{booktabs}',
    '\\usepackage{graphicx,tikz}',
    '\\usepackage{placeins}',
    '\\usepackage[a4paper,margin=2.2cm]{geometry}',
    '\\allowdisplaybreaks',
    // A line of unbreakable inline formulas (a row's "In the formulas v = …, α = …, V = …") finds a break with 4em
    // where 3em left it 1.6 pt over the margin (kozlov1988 §3's circle billiard).
    '\\setlength{\\emergencystretch}{4em}',
    `\\title{${latexText(doc.title)}}`,
    // \maketitle sets the author in a tabular, which never breaks a line: the source on a line of its own
    // (a long model file name overran the title block).
    `\\author{${doc.provenance.split(' from ').map(latexText).join(' \\\\ from ')}}`,
    '\\date{}',
    '\\begin{document}',
    '\\maketitle',
    ...(doc.abstract.length ? ['\\begin{abstract}', inline(doc, doc.abstract), '\\end{abstract}'] : []),
    '',
    body.trimEnd(),
    '',
    '\\end{document}',
    '',
  ].join('\n');
}
