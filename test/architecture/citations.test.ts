// Comments and prose cite what a reader of the repository can open: a paper
// by its key in src/report/bibliography.ts with the equation or section
// (`kugushev2002 (10.13)`, `smirnov1981 §2`), or the reason itself. Neither
// the papers' digest kept outside the repository nor the tracker's issue
// numbers are cited: a reader of a clone has neither.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/examples.js';

/** What no source or prose file may say, with why. */
const FORBIDDEN: readonly { readonly pattern: RegExp; readonly instead: string }[] = [
  { pattern: /SEEDS/, instead: "the paper's bibliography key and equation number" },
  { pattern: /\bissues? #?\d+/i, instead: 'the reason, without the issue number' },
  { pattern: /\bissue "/i, instead: 'the reason, without the issue title' },
];

/** This file names the patterns it forbids. */
const SELF = 'test/architecture/citations.test.ts';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|mts|js|md|html|css)$/.test(name) ? [path] : [];
  });
}

const checked = [
  ...['src', 'test', 'bench', 'playground', 'derivations'].flatMap((d) => files(join(ROOT, d))),
  join(ROOT, 'README.md'),
  join(ROOT, 'ARCHITECTURE.md'),
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f)),
]
  .map((p) => relative(ROOT, p).split('\\').join('/'))
  .filter((p) => p !== SELF)
  .sort();

describe('sources and prose cite papers by key and reasons by themselves', () => {
  it.each(checked)('%s', (file) => {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    const found = lines.flatMap((line, i) => FORBIDDEN.filter((f) => f.pattern.test(line)).map((f) => `${file}:${i + 1}: ${line.trim()} (cite ${f.instead})`));
    expect(found).toEqual([]);
  });

  it('scans the sources and the prose (the list is not empty)', () => {
    expect(checked).toEqual(expect.arrayContaining(['src/report/bibliography.ts', 'derivations/viscoelastic-disk.ts', 'README.md', 'docs/bench.md']));
  });

  it('catches a digest citation and an issue number', () => {
    const caught = (line: string): boolean => FORBIDDEN.some((f) => f.pattern.test(line));
    expect(caught('// Smirnov (SEEDS.md §001)')).toBe(true);
    expect(caught('// (issue 13, item 4)')).toBe(true);
    expect(caught("describe('Issue 15: the pendulum'")).toBe(true);
    expect(caught('// smirnov1981 §2, example 3')).toBe(false);
    expect(caught('// random seeds of the generator')).toBe(false);
  });
});
