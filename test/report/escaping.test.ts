// The committed reports print every macro as typeset math: no TAB (a
// JavaScript '\t' that ate the t of \text or \theta), no backslash-letter
// left in the HTML's text outside KaTeX (a LaTeX macro passed as prose: the
// prism's "with \mathsf{M} of Section 5"), and no \textbackslash{} in the
// LaTeX (the same macro escaped as prose there).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
const DIR = join(dirname(fileURLToPath(import.meta.url)), '../../docs/reports');
const files = readdirSync(DIR)
  .filter((f) => /\.(html|tex)$/.test(f))
  .sort();

/** The HTML's text outside math: KaTeX's TeX source (annotation), scripts, styles and figures removed, then the tags. */
function proseOf(html: string): string {
  return html
    .replace(/<annotation\b[^>]*>[\s\S]*?<\/annotation>/g, '')
    .replace(/<(script|style|svg)\b[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ');
}

describe.each(files)('%s', (file) => {
  const text = readFileSync(join(DIR, file), 'utf8');
  it('has no TAB', () => {
    expect(text.split('\n').filter((line) => line.includes('\t'))).toEqual([]);
  });
  it(file.endsWith('.html') ? 'has no TeX macro in its text outside math' : 'has no macro escaped as prose', () => {
    const found = file.endsWith('.html') ? proseOf(text).match(/.{0,40}\\[A-Za-z]+.{0,20}/g) : text.match(/.{0,40}\\textbackslash.{0,20}/g);
    expect(found ?? []).toEqual([]);
  });
});
