// docs/reports/index.html (src/report/site.ts): each model's description with
// its $…$ spans typeset by KaTeX, as the report's Introduction prints them.
import { describe, expect, it } from 'vitest';
import { indexHtml } from '../../src/report/site.js';

describe('the index of the reports', () => {
  const html = indexHtml([{ name: 'release', title: 'Release', description: 'leaves the line at $t = 1$ & stays <off>' }], 'test', []);

  it('typesets a description’s math and escapes its text, with KaTeX’s stylesheet', () => {
    const description = /<div class="description">([\s\S]*?)<\/div>\n/.exec(html)![1]!;
    expect(description).toMatch(/^leaves the line at <span class="katex">/);
    expect(description).not.toContain('$');
    expect(description).toContain('&amp; stays &lt;off&gt;');
    expect(html).toContain('<link rel="stylesheet" href="katex/katex.min.css">');
  });
});
