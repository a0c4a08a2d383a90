// The committed docs/reports/ are what `npm run derive` writes now: every
// report, docs/reports/index.html and KaTeX's assets. A stale or missing file fails with
// the first difference and what to run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteOutputs } from '../../src/pipeline/site.js';
import { allReports, models, ROOT } from './reports.js';

const FIX = 'run `npm run derive` and commit docs/reports/';

/** The first line where two texts differ. */
function firstDifference(committed: string, fresh: string): string {
  const a = committed.split('\n');
  const b = fresh.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i])
      return `line ${i + 1}:\n  committed: ${(a[i] ?? '<end of file>').slice(0, 200)}\n  derived:   ${(b[i] ?? '<end of file>').slice(0, 200)}`;
  }
  return 'identical';
}

function expectCommitted(rel: string, fresh: string | Uint8Array): void {
  const path = join(ROOT, rel);
  expect(existsSync(path), `${rel} is missing: ${FIX}`).toBe(true);
  if (typeof fresh === 'string') {
    const committed = readFileSync(path, 'utf8');
    expect(committed === fresh, `${rel} is stale (${firstDifference(committed, fresh)}); ${FIX}`).toBe(true);
  } else {
    expect(Buffer.compare(readFileSync(path), Buffer.from(fresh)) === 0, `${rel} differs from the katex package's; ${FIX}`).toBe(true);
  }
}

describe('docs/reports/ is up to date', () => {
  it.each(allReports().map((r) => [r.name, r] as const))(
    '%s: the current sources regenerate the committed reports byte for byte (run npm run derive after changing them)',
    (_, r) => {
      expect([...r.files.keys()].sort()).toEqual([`docs/reports/${r.name}.body.tex`, `docs/reports/${r.name}.html`, `docs/reports/${r.name}.tex`]);
      for (const [rel, text] of r.files) expectCommitted(rel, text);
    },
  );

  // A LaTeX command written in a JavaScript string with one backslash loses it: `\text` becomes a tab and "ext", `\frac` a form feed.
  it.each(allReports().map((r) => [r.name, r] as const))('%s: no report holds a tab, backspace, form feed, vertical tab or carriage return', (_, r) => {
    for (const [rel, text] of r.files) expect(text.match(/[\t\b\f\v\r]/g) ?? [], rel).toEqual([]);
  });

  it('docs/reports/index.html and docs/reports/katex/ (stylesheet and fonts) are current', () => {
    for (const [rel, data] of siteOutputs(models).files) expectCommitted(rel, data);
  });

  it('has no report whose model is gone', () => {
    const expected = new Set(['index.html', 'papers.html', ...models.flatMap((m) => [`${m.spec.name}.html`, `${m.spec.name}.tex`, `${m.spec.name}.body.tex`])]);
    const orphans = readdirSync(join(ROOT, 'docs', 'reports')).filter((f) => /\.(html|tex)$/.test(f) && !expected.has(f));
    expect(orphans, 'reports without a model in derivations/: delete them (or restore the model)').toEqual([]);
  });

  it('leaves docs/ itself to the prose: no report, index or fonts beside the .md files', () => {
    const outputs = readdirSync(join(ROOT, 'docs')).filter((f) => /\.(html|tex)$/.test(f) || f === 'katex');
    expect(outputs, 'generated pages belong in docs/reports/').toEqual([]);
  });
});
