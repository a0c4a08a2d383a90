// docs/bench.md is bench/docs.ts's rendering of a run: its headings and
// tables' columns are the renderer's (the figures are the run's, not
// checked), and a figure measured in several processes reads
// "median (min–max)".
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { benchMarkdown, fig } from '../../bench/docs.js';

/** The headings and the tables' header rows, in order: what does not depend on the run. */
const structure = (page: string): string[] => {
  const rows = page.split('\n');
  return rows.filter((row, i) => row.startsWith('#') || (row.startsWith('|') && rows[i + 1]?.startsWith('| ---')));
};

describe('docs/bench.md', () => {
  it('has the sections and columns bench/docs.ts renders', () => {
    const page = readFileSync(new URL('../../docs/bench.md', import.meta.url), 'utf8');
    const rendered = structure(benchMarkdown({ flags: [], lines: [] }));
    expect(rendered.filter((r) => r.startsWith('|')).length).toBeGreaterThanOrEqual(8);
    expect(structure(page)).toEqual(rendered);
  });

  it('states the run’s date, Node and load', () => {
    const page = benchMarkdown({
      flags: ['--large'],
      lines: [{ bench: 'machine', date: '2026-01-02T03:04:05Z', node: 'v22.1.0', cpus: 2, cpuModel: 'x', loadStart: 1.5, loadEnd: 2.25, processes: 5 }],
    });
    expect(page).toContain('2026-01-02T03:04:05Z, `npm run bench -- --large`, Node v22.1.0');
    expect(page).toContain('load average 1.5 at the start, 2.25 at the end');
  });
});

describe('a figure in the tables', () => {
  it('is the median with the processes’ (min–max) where they differ, the value alone where not', () => {
    expect(fig({ deriveMs: 1234.56, spread: { deriveMs: [1100, 1500.04] } }, 'deriveMs')).toBe('1 234.6 (1 100–1 500)');
    expect(fig({ ops: 973 }, 'ops', 0)).toBe('973');
    expect(fig({}, 'ops')).toBe('–');
  });
});
