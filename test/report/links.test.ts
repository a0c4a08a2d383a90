// Every link of the committed pages resolves: the reports' and the index's
// links to each other, to katex/katex.min.css and to anchors inside a page,
// the stylesheets' font URLs, the playground page's files, and the relative
// links of the prose (README.md, ARCHITECTURE.md, docs/*.md). Moving an
// output folder without its neighbours fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFERENCES } from '../../src/model/sources.js';
import { ROOT } from '../helpers/examples.js';

const REPORTS = join(ROOT, 'docs', 'reports');
const PLAYGROUND = join(ROOT, 'docs', 'playground');

/** The targets a file links to: href/src attributes, CSS url(…), or Markdown ](…) links. */
function links(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const pattern = path.endsWith('.md') ? /\]\(([^)\s]+)\)/g : path.endsWith('.css') ? /url\(([^)]+)\)/g : /\s(?:href|src)="([^"]*)"/g;
  return [...text.matchAll(pattern)].map((m) => m[1]!.replace(/^["']|["']$/g, ''));
}

const idsOf = new Map<string, Set<string>>();

/** The ids a page defines (the targets of its #anchors), read once per page: a report links to its own anchors hundreds of times. */
function ids(path: string): Set<string> {
  let found = idsOf.get(path);
  if (!found) {
    found = new Set([...readFileSync(path, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
    idsOf.set(path, found);
  }
  return found;
}

/** The links of `path` that do not resolve: a missing file, or an anchor its target page does not define. */
function broken(path: string): string[] {
  return links(path).filter((link) => {
    if (/^(?:[a-z]+:|\/\/)/i.test(link)) return false; // http(s):, data:, mailto: are not files of the repository
    const [file = '', anchor] = link.split('#');
    const target = file === '' ? path : join(dirname(path), decodeURIComponent(file));
    if (!existsSync(target)) return true;
    return anchor !== undefined && anchor !== '' && target.endsWith('.html') && !ids(target).has(anchor);
  });
}

const pages = [
  ...readdirSync(REPORTS)
    .filter((f) => f.endsWith('.html'))
    .map((f) => join(REPORTS, f)),
  join(REPORTS, 'katex', 'katex.min.css'),
  join(PLAYGROUND, 'index.html'),
  join(PLAYGROUND, 'katex', 'katex.min.css'),
  join(ROOT, 'README.md'),
  join(ROOT, 'ARCHITECTURE.md'),
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f)),
];

describe('the committed pages link to what exists', () => {
  it.each(pages.map((p) => [relative(ROOT, p), p] as const))('%s', (_, path) => {
    expect(broken(path)).toEqual([]);
  });

  it('checks the reports, the index and the fonts (the scan finds what it must)', () => {
    expect(links(join(REPORTS, 'index.html'))).toEqual(expect.arrayContaining(['simple-pendulum.html', 'simple-pendulum.tex', 'simple-pendulum.body.tex']));
    expect(links(join(REPORTS, 'simple-pendulum.html'))).toEqual(
      expect.arrayContaining(['katex/katex.min.css', 'index.html', '#introduction', '#system', '#references']),
    );
    expect(links(join(REPORTS, 'katex', 'katex.min.css')).some((l) => l.startsWith('fonts/') && l.endsWith('.woff2'))).toBe(true);
    expect(links(join(ROOT, 'README.md'))).toContain('docs/playground/index.html');
  });

  it('the prose links nothing outside the repository, and the README cites every paper by its reference', () => {
    for (const page of pages.filter((p) => p.endsWith('.md')))
      for (const link of links(page).filter((l) => !/^[a-z]+:/i.test(l)))
        expect(relative(ROOT, join(dirname(page), link)).startsWith('..'), `${relative(ROOT, page)}: ${link}`).toBe(false);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    for (const [key, r] of Object.entries(REFERENCES)) expect(readme).toContain(`${key}: ${r.authors}, *${r.title}*`);
  });
});
