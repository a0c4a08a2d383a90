// The report as a web page: the same content as the LaTeX report, typeset
// on the server with KaTeX, plus the figures, the animation of the simulated
// motion, and a small inline script that fits wide displays to narrow screens. Self-contained apart from KaTeX's stylesheet and fonts,
// which docs/reports/katex/ holds (site.ts).
// Tests: test/report/katex.test.ts, test/report/browser.test.ts.
import katex from 'katex';
import type { Block, EquationRow, Inline, Numbering, ReportDocument } from './document.js';
import { lastLineTex, lineTex, numbering, REFERENCES_ID, singleLine } from './document.js';
import { splitDisplays } from './large.js';
import { breakableInline, narrowRows } from './layout.js';
import { legendSwatch } from './plot.js';

/** KaTeX settings of every formula in a report: fail on anything KaTeX does not support. */
export const KATEX_OPTIONS = { throwOnError: true, strict: 'error', output: 'htmlAndMathml' } as const;

export const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The lines every page of docs/reports/ opens with, up to its title (its stylesheets follow). */
export const pageHead = (provenance: string, title: string): string[] => [
  '<!DOCTYPE html>',
  '<html lang="en">',
  '<head>',
  '<meta charset="utf-8">',
  '<meta name="viewport" content="width=device-width, initial-scale=1">',
  `<meta name="generator" content="${escapeHtml(provenance)}">`,
  `<title>${escapeHtml(title)}</title>`,
];

/** A model file's text with its $…$ spans typeset (a description, a paper row's name). */
export function withMath(text: string): string {
  return text
    .split(/\$([^$]+)\$/)
    .map((part, i) => (i % 2 ? katexHtml(part, false) : escapeHtml(part)))
    .join('');
}

/** A formula typeset by KaTeX; an error names the report and the formula. */
export function katexHtml(tex: string, displayMode: boolean, where = ''): string {
  try {
    return katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode });
  } catch (err) {
    // KaTeX's reason first: a caller that keeps one line (derive's report failure) keeps what went wrong.
    throw new Error(
      `KaTeX cannot typeset ${where ? `${where}` : 'a formula'}: ${(err as Error).message}\n  in: ${tex.length > 400 ? `${tex.slice(0, 400)}…` : tex}`,
    );
  }
}

/** The display formula for rows of equations, numbered with \tag as LaTeX numbers them. */
export function displayTex(rows: readonly EquationRow[], numbers: ReadonlyMap<string, number>): string {
  const tag = (r: EquationRow): string => (r.label ? `\\tag{${numbers.get(r.label)}}` : '\\notag');
  if (singleLine(rows)) {
    const r = rows[0]!;
    return `${lineTex(r.lines[0]!, false)}${r.label ? ` ${tag(r)}` : ''}`;
  }
  const lines: string[] = [];
  for (const r of rows) r.lines.forEach((l, k) => lines.push(k === r.lines.length - 1 ? `${lastLineTex(r, l)} ${tag(r)}` : `${lineTex(l, true)} \\notag`));
  return `\\begin{align}\n${lines.join(' \\\\\n')}\n\\end{align}`;
}

/** Every formula of the HTML report with its display mode, exactly as passed to KaTeX. */
export function katexInputs(doc: ReportDocument): { readonly tex: string; readonly display: boolean }[] {
  const n = numbering(doc, true);
  const out: { tex: string; display: boolean }[] = [];
  const inline = (xs: readonly Inline[]): void => {
    for (const x of xs) if (typeof x === 'object' && 'math' in x) out.push({ tex: breakableInline(x.math), display: false });
  };
  inline(doc.abstract);
  for (const s of doc.sections) {
    for (const b of s.blocks) {
      switch (b.kind) {
        case 'paragraph':
          inline(b.content);
          break;
        case 'equations': {
          if (b.rows.length) out.push({ tex: displayTex(b.rows, n.equations), display: true });
          const narrow = narrowRows(b.rows);
          if (narrow) for (const part of splitDisplays(narrow)) out.push({ tex: displayTex(part, n.equations), display: true });
          break;
        }
        case 'table':
          for (const row of b.rows) for (const cell of row) inline(cell);
          break;
        case 'list':
          for (const item of b.items) inline(item);
          break;
        case 'figure':
          inline(b.caption);
          for (const l of b.legend) out.push({ tex: l.label, display: false });
          break;
        default:
          return b satisfies never;
      }
    }
  }
  return out;
}

function inlineHtml(xs: readonly Inline[], n: Numbering, where: string): string {
  return xs
    .map((x) => {
      if (typeof x === 'string') return escapeHtml(x);
      if ('math' in x) return katexHtml(breakableInline(x.math), false, where);
      if ('code' in x) return `<code>${escapeHtml(x.code)}</code>`;
      if (x.ref.startsWith('sec:')) return `<a href="#${x.ref.slice(4)}">${n.sections.get(x.ref.slice(4)) ?? '?'}</a>`;
      if (x.ref.startsWith('tab:')) return `<a href="#tab-${x.ref.slice(4)}">${n.tables.get(x.ref.slice(4)) ?? '?'}</a>`;
      if (x.ref.startsWith('cite:')) return `[<a href="#cite-${x.ref.slice(5)}">${n.citations.get(x.ref.slice(5)) ?? '?'}</a>]`;
      return `<a href="#eq-${x.ref}">(${n.equations.get(x.ref) ?? '?'})</a>`;
    })
    .join('');
}

function blockHtml(b: Block, n: Numbering, where: string): string {
  switch (b.kind) {
    case 'paragraph':
      return `<p>${inlineHtml(b.content, n, where)}</p>`;
    case 'equations': {
      if (b.rows.length === 0) return '';
      const anchors = b.rows
        .filter((r) => r.label)
        .map((r) => `<span class="anchor" id="eq-${r.label}"></span>`)
        .join('');
      const wide = katexHtml(displayTex(b.rows, n.equations), true, where);
      // A display too wide for a phone also comes broken for one (layout.ts); CSS shows one of the two.
      const narrow = narrowRows(b.rows);
      if (!narrow) return `<div class="equations">${anchors}${wide}</div>`;
      // Broken again, the rows have more lines: split anew to stay within KaTeX's expansion limit (large.ts).
      const parts = splitDisplays(narrow).map((part) => katexHtml(displayTex(part, n.equations), true, where));
      return `<div class="equations">${anchors}<div class="wide">${wide}</div><div class="narrow">${parts.join('\n')}</div></div>`;
    }
    case 'table': {
      const head = `<tr>${b.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr>`;
      // A table of four columns or more that does not fit its column is set as one block a row, each cell under its
      // column's name (FIT_DISPLAYS marks it table.stacked): on a phone the paper check's five columns ran 350 px past it.
      const stacked = b.columns.length >= STACKED_COLUMNS;
      const label = (j: number): string => (stacked ? ` data-label="${escapeHtml(b.columns[j] ?? '')}"` : '');
      const body = b.rows
        .map((r) => `<tr>${r.map((cell, j) => `<td class="${b.align[j] === 'r' ? 'num' : ''}"${label(j)}>${inlineHtml(cell, n, where)}</td>`).join('')}</tr>`)
        .join('\n');
      // In a box of its own that scrolls sideways, so that a table wider than a phone never widens the page;
      // the caption above the box, so that it wraps to the column instead of scrolling away with a wide table.
      return `<p class="table-caption" id="tab-${b.id}-caption">Table ${n.tables.get(b.id)}: ${escapeHtml(b.caption)}</p>\n<div class="table">\n<table id="tab-${b.id}"${stacked ? ' data-stackable' : ''} aria-labelledby="tab-${b.id}-caption">\n<thead>${head}</thead>\n<tbody>\n${body}\n</tbody>\n</table>\n</div>`;
    }
    case 'list':
      return `<ul>\n${b.items.map((i) => `<li>${inlineHtml(i, n, where)}</li>`).join('\n')}\n</ul>`;
    case 'figure': {
      const legend = b.legend
        .map((l) => {
          // The figure's own stroke, dash pattern and all: a greyscale print tells the series apart by it.
          return `<span class="key">${legendSwatch(l)}${katexHtml(l.label, false, where)}</span>`;
        })
        .join('\n');
      return `<figure id="${b.id}">\n${b.svg}\n<div class="legend">\n${legend}\n</div>\n<figcaption>Figure ${n.figures.get(b.id)}: ${inlineHtml(b.caption, n, where)}</figcaption>\n</figure>`;
    }
    default:
      return b satisfies never;
  }
}

/** Columns from which a table too wide for its column is stacked, a row a block (table.stacked in STYLE). */
const STACKED_COLUMNS = 4;

const STYLE = `
body { margin: 0; background: #fdfdfb; color: #1d1d1d; font: 17px/1.55 "Latin Modern Roman", "CMU Serif", Georgia, "Times New Roman", serif; }
main.report { max-width: 50rem; margin: 0 auto; padding: 2rem 1.5rem 4rem; }
@media (max-width: 40rem) { main.report { padding: 1.5rem 1rem 3rem; } }
header h1 { font-size: 1.9rem; font-weight: normal; margin: 0 0 0.3rem; text-align: center; }
header .provenance { text-align: center; color: #555; font-size: 0.9rem; margin: 0 0 1.2rem; }
nav.toc { font-size: 0.92rem; border-top: 1px solid #ddd; border-bottom: 1px solid #ddd; padding: 0.4rem 0; margin-bottom: 1.5rem; }
nav.toc ul { margin: 0; padding-left: 1.4rem; columns: 2; list-style: none; }
nav.toc a, .back { color: #1a4f8b; text-decoration: none; }
h2 { font-size: 1.3rem; font-weight: bold; margin: 2.2rem 0 0.6rem; }
h2 .secnum, h3 .secnum { margin-right: 0.4rem; }
nav.toc .secnum { margin-right: 0.2rem; }
h3 { font-size: 1.1rem; font-weight: bold; margin: 1.6rem 0 0.5rem; }
.abstract { font-size: 0.95rem; margin: 0 2rem 1.5rem; }
.abstract h2 { font-size: 1rem; text-align: center; margin: 0 0 0.3rem; }
ol.references { padding-left: 2rem; }
p { margin: 0.6rem 0; }
.equations { margin: 0.6rem 0; }
.katex-display { overflow-x: auto; overflow-y: hidden; padding: 0.2rem 0; margin: 0.5rem 0; }
.katex-display > .katex > .katex-html:has(> .katex-tag) { padding-right: 3.2em; }
.katex-display > .katex > .katex-html > .katex-tag { right: 0.25em; }
.equations > .narrow { display: none; }
@media (max-width: 40rem) { .equations > .wide { display: none; } .equations > .narrow { display: block; } }
@media (max-width: 40rem) { .katex-display > .katex > .katex-html:has(> .katex-tag) { padding-right: 0; } .katex-display > .katex > .katex-html > .katex-tag { position: relative; right: auto; margin-left: 1.2em; } }
.animation { margin: 1.4rem 0 0.4rem; text-align: center; }
.animation .controls { font: 0.95rem sans-serif; margin-top: 0.3rem; display: flex; gap: 0.6rem; align-items: center; justify-content: center; }
.animation input[type=range] { flex: 1; max-width: 22rem; }
.animation output { min-width: 6.5rem; text-align: left; font-variant-numeric: tabular-nums; }
.katex { font-size: 1.08em; }
table { border-collapse: collapse; margin: 0 auto 1rem; border-top: 2px solid #222; border-bottom: 2px solid #222; }
.table-caption { text-align: center; margin: 1rem 0 0.4rem; font-size: 0.95rem; }
th { border-bottom: 1px solid #222; font-weight: normal; text-align: left; padding: 0.25rem 0.8rem; }
td { padding: 0.2rem 0.8rem; vertical-align: top; }
td.num { text-align: right; }
.table { overflow-x: auto; }
@media (max-width: 40rem) { th, td { padding: 0.2rem 0.3rem; } table { font-size: 0.9rem; } }
table.stacked, table.stacked tbody, table.stacked tr, table.stacked td { display: block; }
table.stacked thead { display: none; }
table.stacked tr { padding: 0.3rem 0; }
table.stacked tr + tr { border-top: 1px solid #bbb; }
table.stacked td, table.stacked td.num { text-align: left; padding: 0.1rem 0.3rem; }
table.stacked td::before { content: attr(data-label) ": "; font-style: italic; }
ul { padding-left: 1.3rem; }
li { margin: 0.35rem 0; }
figure { margin: 1.4rem 0; text-align: center; }
figure svg { max-width: 100%; height: auto; background: #fff; }
svg.narrow { display: none; }
@media (max-width: 40rem) { svg.wide { display: none; } svg.narrow { display: inline; } }
/* A key wider than a phone's line (a mode's name) scrolls in the legend's box, not the page. */
.legend { font-size: 0.95rem; margin-top: 0.2rem; overflow-x: auto; }
.legend .key { display: inline-block; margin: 0 0.7rem; white-space: nowrap; }
.legend .swatch { display: inline-block; margin-right: 0.35rem; vertical-align: middle; }
figcaption { font-size: 0.95rem; color: #333; margin-top: 0.3rem; }
.anchor { position: relative; top: -1rem; }
`.trim();

/**
 * Displays wider than the screen are set a little smaller, down to the body
 * text's size (1em of the display, KaTeX's own being 1.08em) and no
 * further: smaller, a formula is unreadable on a phone; what is still too
 * wide scrolls sideways. On a wide screen the equation number sits in the
 * display's right padding (STYLE); on a phone it follows the formula on its
 * line, scrolling with it, never over it.
 */
const FIT_DISPLAYS = `(function () {
  function fit() {
    document.querySelectorAll('table[data-stackable]').forEach(function (t) {
      t.classList.remove('stacked');
      if (t.parentElement.scrollWidth > t.parentElement.clientWidth + 1) t.classList.add('stacked');
    });
    document.querySelectorAll('.katex-display').forEach(function (d) {
      var k = d.firstElementChild;
      k.style.fontSize = '';
      for (var i = 0; i < 3 && d.scrollWidth > d.clientWidth + 1; i++) {
        var size = parseFloat(getComputedStyle(k).fontSize) / parseFloat(getComputedStyle(d).fontSize);
        k.style.fontSize = Math.max(1, (size * d.clientWidth) / d.scrollWidth - 0.01).toFixed(3) + 'em';
      }
    });
  }
  fit();
  document.fonts.ready.then(fit);
  window.addEventListener('resize', fit);
})();`;

/** A complete HTML page; `stylesheet` is the KaTeX stylesheet relative to the page. */
export function renderHtml(doc: ReportDocument, stylesheet = 'katex/katex.min.css'): string {
  const n = numbering(doc, true);
  const where = doc.model;
  // A space after the number, so that the text reads "1 Introduction" (copied, or read aloud), not "1Introduction".
  const secnum = (id: string): string => (n.sections.has(id) ? `<span class="secnum">${n.sections.get(id)}</span> ` : '');
  const toc = doc.sections
    .filter((s) => s.level !== 2)
    .map((s) => `<li><a href="#${s.id}">${secnum(s.id)}${escapeHtml(s.title)}</a></li>`)
    .join('');
  const sections = doc.sections.map((s) => {
    const where2 = `${where}, section '${s.id}'`;
    // The References: an ordered list whose items cite:<key> links to.
    const blocks =
      s.id === REFERENCES_ID
        ? `<ol class="references">\n${s.blocks
            .flatMap((b) => (b.kind === 'list' ? b.items : []))
            .map((item, i) => `<li id="cite-${doc.citations[i]}">${inlineHtml(item, n, where2)}</li>`)
            .join('\n')}\n</ol>`
        : s.blocks.map((b) => blockHtml(b, n, where2)).join('\n');
    const h = s.level === 2 ? 'h3' : 'h2';
    return `<section id="${s.id}">\n<${h}>${secnum(s.id)}${escapeHtml(s.title)}</${h}>\n${blocks}\n</section>`;
  });
  const abstract = doc.abstract.length
    ? `\n<section class="abstract">\n<h2>Abstract</h2>\n<p>${inlineHtml(doc.abstract, n, `${where}, abstract`)}</p>\n</section>`
    : '';
  return [
    ...pageHead(doc.provenance, `${doc.title} — derivation report`),
    `<link rel="stylesheet" href="${stylesheet}">`,
    `<style>\n${STYLE}\n</style>`,
    '</head>',
    '<body>',
    '<main class="report">',
    `<header>\n<p><a class="back" href="index.html">← All models</a></p>\n<h1>${escapeHtml(doc.title)}</h1>\n<p class="provenance">${escapeHtml(doc.provenance)}</p>\n<nav class="toc"><ul>${toc}</ul></nav>\n</header>${abstract}`,
    sections.join('\n'),
    '</main>',
    `<script>\n${FIT_DISPLAYS}\n</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
