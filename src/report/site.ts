// The pages around the reports: docs/reports/index.html listing every model,
// and KaTeX's stylesheet and fonts copied from the katex package into
// docs/reports/katex/ so that the reports work offline and from a file:// URL.
// Tests: test/report/committed.test.ts, test/report/links.test.ts, test/report/browser.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { escapeHtml, pageHead, withMath } from './render-html.js';
import { REPORTS_DIR } from './report.js';

export interface IndexEntry {
  readonly name: string;
  readonly title: string;
  readonly description?: string;
}

/** docs/reports/index.html: every model with links to its HTML and LaTeX reports; `folders` are where the model files are (the project's own, not this repository's). */
export function indexHtml(entries: readonly IndexEntry[], provenance: string, folders: readonly string[]): string {
  const where = folders.length ? ` in ${folders.map((f) => `<code>${escapeHtml(f)}/</code>`).join(' and ')}` : '';
  const items = [...entries]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((e) =>
      [
        '<li>',
        `<a class="title" href="${e.name}.html">${escapeHtml(e.title)}</a> <span class="name">${escapeHtml(e.name)}</span>`,
        e.description ? `<div class="description">${withMath(e.description)}</div>` : '',
        `<div class="links"><a href="${e.name}.html">HTML</a> · <a href="${e.name}.tex">LaTeX</a> · <a href="${e.name}.body.tex">LaTeX body</a></div>`,
        '</li>',
      ]
        .filter(Boolean)
        .join('\n'),
    );
  return [
    ...pageHead(provenance, 'Derivation reports'),
    '<link rel="stylesheet" href="katex/katex.min.css">',
    '<style>',
    'body { margin: 0; background: #fdfdfb; color: #1d1d1d; font: 17px/1.55 "Latin Modern Roman", "CMU Serif", Georgia, serif; }',
    'main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.5rem 4rem; }',
    'h1 { font-weight: normal; }',
    'ul { list-style: none; padding: 0; }',
    'li { margin: 0 0 1.2rem; }',
    'a { color: #1a4f8b; text-decoration: none; }',
    '.title { font-size: 1.15rem; }',
    '.name { color: #777; font-family: monospace; font-size: 0.85rem; margin-left: 0.4rem; }',
    '.description { color: #333; }',
    '.links { font-size: 0.9rem; }',
    '</style>',
    '</head>',
    '<body>',
    '<main>',
    '<h1>Derivation reports</h1>',
    `<p>One report per model${where}: the model, its energy, constraints and equations of motion (Lagrange, Hamilton), with numbered equations as in a paper. ${escapeHtml(provenance)}.</p>`,
    '<p><a href="papers.html">Results of the source papers</a>: every result of the papers the models name, with the report that holds it and how it is checked.</p>',
    '<ul>',
    ...items,
    '</ul>',
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Directory of the installed katex package's dist/. */
function katexDist(): string {
  return join(dirname(createRequire(import.meta.url).resolve('katex/package.json')), 'dist');
}

/**
 * KaTeX's stylesheet and fonts for docs/reports/katex/, path → bytes. Only the
 * WOFF2 fonts are shipped (every browser that runs the reports reads them);
 * the stylesheet's WOFF/TTF fallbacks are removed so that it refers to
 * nothing missing.
 */
export function katexAssets(): Map<string, Uint8Array> {
  const dist = katexDist();
  const css = readFileSync(join(dist, 'katex.min.css'), 'utf8').replace(/,url\(fonts\/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g, '');
  const out = new Map<string, Uint8Array>([[`${REPORTS_DIR}/katex/katex.min.css`, Buffer.from(css, 'utf8')]]);
  for (const f of readdirSync(join(dist, 'fonts'))
    .filter((x) => x.endsWith('.woff2'))
    .sort()) {
    out.set(`${REPORTS_DIR}/katex/fonts/${f}`, readFileSync(join(dist, 'fonts', f)));
  }
  return out;
}
